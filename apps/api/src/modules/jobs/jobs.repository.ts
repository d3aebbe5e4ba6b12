import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { companies, jobFiles, jobHistory, jobRevisions, jobs, states, users } from '../../db/schema.ts';

export type JobRow = typeof jobs.$inferSelect;
export type JobInsert = typeof jobs.$inferInsert;

const assignee = alias(users, 'assignee');
const creator = alias(users, 'creator');

const refColumns = {
  companyName: companies.name,
  stateName: states.name,
  stateAbbreviation: states.abbreviation,
  assigneeFirstName: assignee.firstName,
  assigneeLastName: assignee.lastName,
  assigneeEmail: assignee.email,
  creatorFirstName: creator.firstName,
  creatorLastName: creator.lastName,
  creatorEmail: creator.email,
};
export type JobRefs = { [K in keyof typeof refColumns]: string | null };

/** Who sees what (decisions.md): staff all, a contractor the jobs assigned to them, clients their companies'. */
export type JobScope =
  | { kind: 'all' }
  | { kind: 'assigned'; userId: string }
  | { kind: 'companies'; companyIds: string[] };

function scopeCondition(scope: JobScope): SQL | undefined {
  if (scope.kind === 'assigned') return eq(jobs.assigneeId, scope.userId);
  if (scope.kind === 'companies') {
    return scope.companyIds.length ? inArray(jobs.companyId, scope.companyIds) : sql`false`;
  }
  return undefined;
}

function withRefs(db: DbOrTx) {
  return db
    .select({ job: jobs, ...refColumns })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .leftJoin(states, eq(states.id, jobs.clientStateId))
    .leftJoin(assignee, eq(assignee.id, jobs.assigneeId))
    .leftJoin(creator, eq(creator.id, jobs.createdById));
}

export async function getJobWithRefs(db: DbOrTx, id: string, scope: JobScope, includeInactive: boolean) {
  const conds = [eq(jobs.id, id), scopeCondition(scope), includeInactive ? undefined : eq(jobs.isActive, true)];
  const [row] = await withRefs(db).where(and(...conds));
  return row;
}

/** Locks the row for a status change, so two concurrent moves cannot both start from the same status. */
export async function lockJob(db: DbOrTx, id: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).for('update');
  return row;
}

export async function insertJob(db: DbOrTx, v: JobInsert): Promise<JobRow> {
  const [row] = await db.insert(jobs).values(v).returning();
  return row!;
}

export async function updateJob(db: DbOrTx, id: string, set: Partial<JobInsert>): Promise<void> {
  await db.update(jobs).set(set).where(eq(jobs.id, id));
}

export type JobListFilter = {
  scope: JobScope;
  includeInactive: boolean;
  statuses?: string[];
  clientStatuses?: string[];
  companyIds?: string[];
  services?: string[];
  assigneeIds?: string[];
  unassigned?: boolean;
  overdue?: boolean;
  now: Date;
  createdAfter?: Date;
  createdBefore?: Date;
  updatedAfter?: Date;
  updatedBefore?: Date;
  search?: string;
};

export type JobOrderField = 'created_at' | 'updated_at' | 'name' | 'client_name' | 'status' | 'submitted_at';
const ORDER_COLUMNS = {
  created_at: jobs.createdAt,
  updated_at: jobs.updatedAt,
  name: jobs.name,
  client_name: jobs.clientName,
  status: jobs.status,
  submitted_at: jobs.submittedAt,
} as const;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => '\\' + m);

function listConditions(f: JobListFilter): SQL[] {
  const c: (SQL | undefined)[] = [scopeCondition(f.scope)];
  if (!f.includeInactive) c.push(eq(jobs.isActive, true));
  if (f.statuses?.length) c.push(inArray(jobs.status, f.statuses));
  if (f.clientStatuses?.length) c.push(inArray(jobs.clientStatus, f.clientStatuses));
  if (f.companyIds?.length) c.push(inArray(jobs.companyId, f.companyIds));
  if (f.services?.length) c.push(sql`${jobs.servicesRequested} && ${sql.param(f.services)}::text[]`);
  if (f.assigneeIds?.length || f.unassigned) {
    c.push(or(
      f.assigneeIds?.length ? inArray(jobs.assigneeId, f.assigneeIds) : undefined,
      f.unassigned ? isNull(jobs.assigneeId) : undefined,
    ));
  }
  // overdue_at is the instant the job's pending-admin time passes its threshold (see jobs.schema.ts).
  if (f.overdue === true) c.push(and(isNotNull(jobs.overdueAt), lt(jobs.overdueAt, f.now)));
  if (f.overdue === false) c.push(or(isNull(jobs.overdueAt), gte(jobs.overdueAt, f.now)));
  if (f.createdAfter) c.push(gte(jobs.createdAt, f.createdAfter));
  if (f.createdBefore) c.push(lte(jobs.createdAt, f.createdBefore));
  if (f.updatedAfter) c.push(gte(jobs.updatedAt, f.updatedAfter));
  if (f.updatedBefore) c.push(lte(jobs.updatedAt, f.updatedBefore));
  if (f.search) c.push(sql`${jobs.searchText} like ${`%${escapeLike(f.search.toLowerCase())}%`}`);
  return c.filter((x): x is SQL => x !== undefined);
}

/** The columns a list row needs: not the forms (arrays, requirements, CAD intake), which are most of a row's bytes. */
const listColumns = {
  id: jobs.id, name: jobs.name, clientName: jobs.clientName, clientStreetAddress: jobs.clientStreetAddress,
  clientZipCode: jobs.clientZipCode, clientCity: jobs.clientCity, clientStateId: jobs.clientStateId, companyId: jobs.companyId,
  status: jobs.status, servicesRequested: jobs.servicesRequested, assigneeId: jobs.assigneeId, isActive: jobs.isActive,
  revisionNumber: jobs.revisionNumber, createdByRole: jobs.createdByRole, pendingAdminMsClosed: jobs.pendingAdminMsClosed,
  pendingSince: jobs.pendingSince, overdueAt: jobs.overdueAt, submittedAt: jobs.submittedAt, createdAt: jobs.createdAt, updatedAt: jobs.updatedAt,
};
export type JobListRow = { [K in keyof typeof listColumns]: JobRow[K] };

function listRows(db: DbOrTx) {
  return db
    .select({ job: listColumns, ...refColumns })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .leftJoin(states, eq(states.id, jobs.clientStateId))
    .leftJoin(assignee, eq(assignee.id, jobs.assigneeId))
    .leftJoin(creator, eq(creator.id, jobs.createdById));
}

export async function listJobs(
  db: DbOrTx,
  f: JobListFilter,
  order: { field: JobOrderField; desc: boolean },
  page: { limit: number; offset: number },
  /** A count already known for this filter (the service caches them); skips the count query. */
  knownCount?: number,
) {
  const where = and(...listConditions(f));
  const col = ORDER_COLUMNS[order.field];
  // The id breaks ties so pages never repeat or skip a row; its direction matches jobs_created_idx.
  const orderBy = order.desc ? [sql`${col} desc nulls last`, asc(jobs.id)] : [sql`${col} asc nulls first`, desc(jobs.id)];
  const [rows, total] = await Promise.all([
    listRows(db).where(where).orderBy(...orderBy).limit(page.limit).offset(page.offset),
    knownCount !== undefined
      ? Promise.resolve(knownCount)
      : db.select({ n: sql<number>`count(*)::int` }).from(jobs).where(where).then((r) => r[0]?.n ?? 0),
  ]);
  return { rows, count: total };
}

export type HistoryInsert = typeof jobHistory.$inferInsert;

export async function insertHistory(db: DbOrTx, v: HistoryInsert | HistoryInsert[]): Promise<void> {
  await db.insert(jobHistory).values(Array.isArray(v) ? v : [v]);
}

export async function listHistory(db: DbOrTx, jobId: string) {
  return db
    .select({ h: jobHistory, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(jobHistory)
    .leftJoin(users, eq(users.id, jobHistory.actorId))
    .where(eq(jobHistory.jobId, jobId))
    .orderBy(asc(jobHistory.id));
}

/** The status changes of a job, oldest first: the raw material of its status periods. */
export async function statusChanges(db: DbOrTx, jobId: string) {
  return db
    .select({ from: jobHistory.fromStatus, to: jobHistory.toStatus, at: jobHistory.at })
    .from(jobHistory)
    .where(and(eq(jobHistory.jobId, jobId), isNotNull(jobHistory.toStatus)))
    .orderBy(asc(jobHistory.id));
}

export async function insertRevision(db: DbOrTx, v: typeof jobRevisions.$inferInsert): Promise<void> {
  await db.insert(jobRevisions).values(v);
}

export async function listRevisions(db: DbOrTx, jobId: string) {
  return db
    .select({ r: jobRevisions, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(jobRevisions)
    .leftJoin(users, eq(users.id, jobRevisions.requestedById))
    .where(eq(jobRevisions.jobId, jobId))
    .orderBy(asc(jobRevisions.number));
}

export async function filesOfJob(db: DbOrTx, jobId: string) {
  return db.select().from(jobFiles).where(eq(jobFiles.jobId, jobId)).orderBy(asc(jobFiles.createdAt), asc(jobFiles.id));
}

export async function getState(db: DbOrTx, id: number) {
  const [s] = await db.select().from(states).where(eq(states.id, id));
  return s;
}

export async function getCompanyRow(db: DbOrTx, id: string) {
  const [c] = await db.select().from(companies).where(eq(companies.id, id));
  return c;
}

export async function getUserRow(db: DbOrTx, id: string) {
  const [u] = await db.select().from(users).where(eq(users.id, id));
  return u;
}
