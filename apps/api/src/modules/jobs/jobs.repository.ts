import { and, asc, eq, getTableColumns, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { WithSubqueryWithSelection } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { ahjs, companies, jobFiles, jobHistory, jobRevisions, jobs, messageAttachments, states, users, utilities } from '../../db/schema.ts';
import { assignee, creator, refColumns, scopeCondition, withRefs, type JobInsert, type JobRefs, type JobRow, type JobScope } from './jobs-refs.repository.ts';

// The job's reads and writes. The row, its scope and names live in jobs-refs.repository.ts, the list in
// jobs-list.repository.ts; both are offered from here too, so callers import one repository.
export type { JobInsert, JobRefs, JobRow, JobScope } from './jobs-refs.repository.ts';
export * from './jobs-list.repository.ts';

export async function getJobWithRefs(db: DbOrTx, id: string, scope: JobScope, includeInactive: boolean) {
  const conds = [eq(jobs.id, id), scopeCondition(scope), includeInactive ? undefined : eq(jobs.isActive, true)];
  const [row] = await withRefs(db).where(and(...conds));
  return row;
}

/** A status change of the job's history (the raw material of its status periods). */
export type StatusChangeRow = { from: string | null; to: string; at: Date; note?: string | null };
/** The file columns a job answer needs (files.service reads the rest itself). */
export type JobFileSummary = Pick<typeof jobFiles.$inferSelect, 'id' | 'kind' | 'category' | 'name' | 'mime' | 'size' | 'arrayIndex' | 'previewKey' | 'createdAt' | 'deliverableState'>;
/** A job with its names, status changes and files: everything its answer shows. */
export type JobDetail = { job: JobRow } & JobRefs & { changes: StatusChangeRow[]; files: JobFileSummary[] };

/** Epoch milliseconds of an instant, truncated to the millisecond as a JS Date is. */
const msOf = (col: string) => `date_part('epoch', date_trunc('milliseconds', ${col})) * 1000`;
const jsonOf = (v: unknown): unknown[][] => (typeof v === 'string' ? JSON.parse(v) : (v as unknown[][] | null) ?? []);
const CHANGES_JSON = sql.raw(`(select coalesce(json_agg(json_build_array(h.from_status, h.to_status, ${msOf('h.at')}, h.note) order by h.id), '[]'::json)
  from job_history h where h.job_id = jobs.id and h.to_status is not null)`);
const FILES_JSON = sql.raw(`(select coalesce(json_agg(json_build_array(f.id, f.kind, f.category, f.name, f.mime, f.size, f.array_index,
  f.preview_key, ${msOf('f.created_at')}, f.deliverable_state) order by f.created_at, f.id), '[]'::json) from job_files f where f.job_id = jobs.id)`);

function changesOf(v: unknown): StatusChangeRow[] {
  return jsonOf(v).map((r) => ({ from: r[0] as string | null, to: r[1] as string, at: new Date(Math.round(Number(r[2]))), note: (r[3] as string | null) ?? null }));
}
function filesOf(v: unknown): JobFileSummary[] {
  return jsonOf(v).map((r) => ({
    id: r[0] as string, kind: r[1] as string, category: r[2] as string, name: r[3] as string, mime: r[4] as string,
    size: Number(r[5]), arrayIndex: r[6] as number | null, previewKey: r[7] as string | null, createdAt: new Date(Math.round(Number(r[8]))),
    deliverableState: (r[9] as string | null) ?? null,
  }));
}

/**
 * The job a principal may see with everything its answer shows, in one statement: the row, the
 * names it refers to, its status changes (oldest first) and its files (oldest first). A job
 * answer used to take three reads (row, history, files); the write path reads this once and
 * answers from it and from its UPDATE … RETURNING.
 */
export async function getJobDetail(db: DbOrTx, id: string, scope: JobScope, includeInactive: boolean): Promise<JobDetail | undefined> {
  const conds = [eq(jobs.id, id), scopeCondition(scope), includeInactive ? undefined : eq(jobs.isActive, true)];
  const [row] = await withRefs(db, { changes: sql<unknown>`${CHANGES_JSON}`, files: sql<unknown>`${FILES_JSON}` }).where(and(...conds));
  if (!row) return undefined;
  return { ...row, changes: changesOf(row.changes), files: filesOf(row.files) };
}

/** The history row a write inserts beside its job row (the job id comes from the written row). */
export type WriteHistory = Pick<HistoryInsert, 'event' | 'actorId' | 'actorRole' | 'fromStatus' | 'toStatus' | 'data' | 'at'>;
type WrittenJob = WithSubqueryWithSelection<typeof jobs._.columns, string>;

/**
 * Finishes a write in the statement that made it: `written` is the job row an INSERT or UPDATE
 * returned (a data-modifying CTE); its history row is inserted from it, and the row comes back
 * with the names it refers to. One statement is atomic, so it needs no transaction; nothing is
 * written and undefined comes back when the write matched no row.
 */
async function historyAndRefs(db: DbOrTx, written: WrittenJob, history: WriteHistory): Promise<({ job: JobRow } & JobRefs) | undefined> {
  const name = sql.identifier(written._.alias);
  const data = history.data === undefined || history.data === null ? null : JSON.stringify(history.data);
  const inserted = db.$with('history_row', { id: sql<number>`id` }).as(sql`insert into ${jobHistory}
    (job_id, event, actor_id, actor_role, from_status, to_status, data, at)
    select ${name}.id, ${history.event}, ${history.actorId ?? null}::uuid, ${history.actorRole ?? null}, ${history.fromStatus ?? null},
      ${history.toStatus ?? null}, ${data}::jsonb, ${history.at}::timestamptz
    from ${name} returning id`);
  const job = Object.fromEntries(Object.keys(getTableColumns(jobs)).map((k) => [k, written[k as keyof typeof written]])) as unknown as typeof jobs._.columns;
  const [row] = await db
    .with(written, inserted)
    .select({ job, ...refColumns })
    .from(written)
    .innerJoin(companies, eq(companies.id, written.companyId))
    .leftJoin(states, eq(states.id, written.clientStateId))
    .leftJoin(assignee, eq(assignee.id, written.assigneeId))
    .leftJoin(creator, eq(creator.id, written.createdById))
    .leftJoin(ahjs, eq(ahjs.id, written.ahjId));
  return row as ({ job: JobRow } & JobRefs) | undefined;
}

/**
 * An edit in one statement: UPDATE … RETURNING, only while the job is still active and in the
 * status the caller checked, with its history row and the names the answer shows; undefined when
 * the job was deactivated or moved meanwhile (nothing written).
 */
export async function updateJobReturning(
  db: DbOrTx, id: string, set: Partial<JobInsert>, guard: { status: string }, history: WriteHistory,
): Promise<({ job: JobRow } & JobRefs) | undefined> {
  const updated = db.$with('updated_job').as(
    db.update(jobs).set(set).where(and(eq(jobs.id, id), eq(jobs.isActive, true), eq(jobs.status, guard.status))).returning(),
  );
  return historyAndRefs(db, updated, history);
}

/** A new job in one statement: INSERT … RETURNING with its history row and the names the answer shows. */
export async function insertJobReturning(db: DbOrTx, v: JobInsert, history: WriteHistory): Promise<{ job: JobRow } & JobRefs> {
  const inserted = db.$with('inserted_job').as(db.insert(jobs).values(v).returning());
  const row = await historyAndRefs(db, inserted, history);
  if (!row) throw new Error('insertJobReturning: the insert returned no row');
  return row;
}

/** Locks the row for a status change, so two concurrent moves cannot both start from the same status. */
export async function lockJob(db: DbOrTx, id: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).for('update');
  return row;
}

export async function updateJob(db: DbOrTx, id: string, set: Partial<JobInsert>): Promise<void> {
  await db.update(jobs).set(set).where(eq(jobs.id, id));
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

/** The storage keys of a job's files, previews and message attachments. */
export async function storedKeysOfJob(db: DbOrTx, jobId: string): Promise<string[]> {
  const files = await db.select({ key: jobFiles.storageKey, preview: jobFiles.previewKey }).from(jobFiles).where(eq(jobFiles.jobId, jobId));
  const attached = await db.select({ key: messageAttachments.storageKey }).from(messageAttachments).where(eq(messageAttachments.jobId, jobId));
  return [...files.flatMap((f) => (f.preview ? [f.key, f.preview] : [f.key])), ...attached.map((a) => a.key)];
}

export async function deleteJobRow(db: DbOrTx, jobId: string): Promise<void> {
  await db.delete(jobs).where(eq(jobs.id, jobId));
}

/** The job's history as the step credits read it (jobs/step-credits.rules.ts), oldest first. */
export async function creditHistory(db: DbOrTx, jobId: string) {
  return db
    .select({ event: jobHistory.event, actorId: jobHistory.actorId, fromStatus: jobHistory.fromStatus, toStatus: jobHistory.toStatus, data: jobHistory.data })
    .from(jobHistory)
    .where(and(eq(jobHistory.jobId, jobId), or(isNotNull(jobHistory.toStatus), inArray(jobHistory.event, ['assigned', 'unassigned', 'revision']))))
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

/** Whether a state has this abbreviation (a CAD intake's `state`). */
export async function stateAbbreviationExists(db: DbOrTx, abbreviation: string) {
  const [s] = await db.select({ id: states.id }).from(states).where(eq(states.abbreviation, abbreviation)).limit(1);
  return !!s;
}

/** Whether an active utility has this id (a CAD intake's `utility`; `id` must be a uuid). */
export async function utilityIsActive(db: DbOrTx, id: string) {
  const [u] = await db.select({ isActive: utilities.isActive }).from(utilities).where(eq(utilities.id, id));
  return !!u?.isActive;
}

/** An AHJ's id, name, state and activity (PUT /jobs ahj_id). */
export async function getAhjRow(db: DbOrTx, id: string) {
  const [a] = await db.select({ id: ahjs.id, name: ahjs.name, state: ahjs.state, isActive: ahjs.isActive }).from(ahjs).where(eq(ahjs.id, id));
  return a;
}

/** A utility's id and name (a job's utility scope: its CAD intake's `utility`, when that is a utility id). */
export async function getUtilityRef(db: DbOrTx, id: string) {
  const [u] = await db.select({ id: utilities.id, name: utilities.name }).from(utilities).where(eq(utilities.id, id));
  return u;
}

export async function getCompanyRow(db: DbOrTx, id: string) {
  const [c] = await db.select().from(companies).where(eq(companies.id, id));
  return c;
}

export async function getUserRow(db: DbOrTx, id: string) {
  const [u] = await db.select().from(users).where(eq(users.id, id));
  return u;
}
