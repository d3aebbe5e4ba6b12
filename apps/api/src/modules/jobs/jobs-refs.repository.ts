import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { ahjs, companies, jobs, states, users } from '../../db/schema.ts';

// The job row, who may see it (its scope) and the names its answer shows: what the reads and writes of
// jobs.repository.ts and the list of jobs-list.repository.ts share.

export type JobRow = typeof jobs.$inferSelect;
export type JobInsert = typeof jobs.$inferInsert;

export const assignee = alias(users, 'assignee');
export const creator = alias(users, 'creator');

/** The names a job answer shows, joined from the job's company, state, assignee, creator and AHJ. */
export const refColumns = {
  companyName: companies.name,
  stateName: states.name,
  stateAbbreviation: states.abbreviation,
  assigneeFirstName: assignee.firstName,
  assigneeLastName: assignee.lastName,
  assigneeEmail: assignee.email,
  creatorFirstName: creator.firstName,
  creatorLastName: creator.lastName,
  creatorEmail: creator.email,
  ahjName: ahjs.name,
  ahjState: ahjs.state,
};
export type JobRefs = { [K in keyof typeof refColumns]: string | null };

/** Who sees what (decisions.md): staff all, a contractor the jobs assigned to them, clients their companies'. */
export type JobScope =
  | { kind: 'all' }
  | { kind: 'assigned'; userId: string }
  | { kind: 'companies'; companyIds: string[] };


export function scopeCondition(scope: JobScope): SQL | undefined {
  if (scope.kind === 'assigned') return eq(jobs.assigneeId, scope.userId);
  if (scope.kind === 'companies') {
    return scope.companyIds.length ? inArray(jobs.companyId, scope.companyIds) : sql`false`;
  }
  return undefined;
}

/** The job with the names its answer shows (refColumns), and any `more` columns. */
export function withRefs<M extends Record<string, SQL>>(db: DbOrTx, more: M = {} as M) {
  return db
    .select({ job: jobs, ...refColumns, ...more })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .leftJoin(states, eq(states.id, jobs.clientStateId))
    .leftJoin(assignee, eq(assignee.id, jobs.assigneeId))
    .leftJoin(creator, eq(creator.id, jobs.createdById))
    .leftJoin(ahjs, eq(ahjs.id, jobs.ahjId));
}
