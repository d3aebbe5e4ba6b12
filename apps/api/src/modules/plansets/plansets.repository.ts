import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ahjs, cadRuns, companies, equipment, jobEquipment, jobFiles, jobs, states, userCompanies, users, utilities } from '../../db/schema.ts';

export type CadRunRow = typeof cadRuns.$inferSelect;
export type CadRunInsert = typeof cadRuns.$inferInsert;
export type EquipmentRow = typeof equipment.$inferSelect;
export type JobFileInsert = typeof jobFiles.$inferInsert;

/** A job's equipment lines with their catalogue rows (data and datasheet included). */
export async function equipmentOfJob(db: DbOrTx, jobId: string) {
  return db
    .select({ kind: jobEquipment.kind, customModel: jobEquipment.customModel, quantity: jobEquipment.quantity, item: equipment })
    .from(jobEquipment)
    .leftJoin(equipment, eq(equipment.id, jobEquipment.equipmentId))
    .where(eq(jobEquipment.jobId, jobId))
    .orderBy(asc(jobEquipment.position));
}

export async function ahjOf(db: DbOrTx, id: string) {
  const [row] = await db.select().from(ahjs).where(eq(ahjs.id, id));
  return row;
}

export async function utilityOf(db: DbOrTx, id: string) {
  const [row] = await db.select({ id: utilities.id, name: utilities.name }).from(utilities).where(eq(utilities.id, id));
  return row;
}

export async function companyOf(db: DbOrTx, id: string) {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row;
}

/**
 * The engineering firm: the internal company staff (admins, then support) belong to. Internal
 * companies of contract drafters are internal too, so membership decides, then age, then name: the
 * title block and the letterhead never depend on which row the database returns first.
 */
export async function firmCompany(db: DbOrTx) {
  const staffRank = sql<number>`coalesce((select min(case ${users.role} when 'admin' then 0 when 'support' then 1 end)
    from ${userCompanies} join ${users} on ${users.id} = ${userCompanies.userId}
    where ${userCompanies.companyId} = ${companies.id} and ${users.role} in ('admin', 'support') and ${users.isActive}), 2)`;
  const [row] = await db.select().from(companies).where(eq(companies.isInternal, true))
    .orderBy(staffRank, asc(companies.createdAt), asc(companies.name), asc(companies.id)).limit(1);
  return row;
}

export async function stateOf(db: DbOrTx, id: number) {
  const [row] = await db.select().from(states).where(eq(states.id, id));
  return row;
}

export async function userName(db: DbOrTx, id: string) {
  const [row] = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, role: users.role }).from(users).where(eq(users.id, id));
  return row;
}

export async function jobRow(db: DbOrTx, id: string) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

/** Whether this attempt is still the run's latest and the run is still running. */
export async function isCurrentAttempt(db: DbOrTx, id: string, attempts: number): Promise<boolean> {
  const [row] = await db.select({ status: cadRuns.status, attempts: cadRuns.attempts }).from(cadRuns).where(eq(cadRuns.id, id));
  return row?.status === 'running' && row.attempts === attempts;
}

export async function lockRun(tx: DbOrTx, id: string): Promise<CadRunRow | undefined> {
  const [row] = await tx.select().from(cadRuns).where(eq(cadRuns.id, id)).for('update');
  return row;
}

// ---------------------------------------------------------------------------------------------- runs

const runColumns = { run: cadRuns, firstName: users.firstName, lastName: users.lastName, email: users.email };

export type CadRunWithRequester = { run: CadRunRow; firstName: string | null; lastName: string | null; email: string | null };

export async function getRun(db: DbOrTx, id: string): Promise<CadRunWithRequester | undefined> {
  const [row] = await db.select(runColumns).from(cadRuns).leftJoin(users, eq(users.id, cadRuns.requestedById)).where(eq(cadRuns.id, id));
  return row;
}

export async function listRuns(db: DbOrTx, jobId: string): Promise<CadRunWithRequester[]> {
  return db.select(runColumns).from(cadRuns).leftJoin(users, eq(users.id, cadRuns.requestedById))
    .where(eq(cadRuns.jobId, jobId)).orderBy(desc(cadRuns.createdAt), desc(cadRuns.id)).limit(100);
}

/** The run a job already has for these inputs: queued, running or passed (a failed one does not count). */
export async function liveRunFor(db: DbOrTx, jobId: string, inputHash: string): Promise<CadRunRow | undefined> {
  const [row] = await db.select().from(cadRuns).where(and(eq(cadRuns.jobId, jobId), eq(cadRuns.inputHash, inputHash), ne(cadRuns.status, 'failed')));
  return row;
}

export async function insertRun(db: DbOrTx, v: CadRunInsert): Promise<CadRunRow> {
  const [row] = await db.insert(cadRuns).values(v).returning();
  return row!;
}

export async function updateRun(db: DbOrTx, id: string, set: Partial<CadRunInsert>): Promise<void> {
  await db.update(cadRuns).set(set).where(eq(cadRuns.id, id));
}

/** Takes a run for work: queued or running (a crashed attempt) → running, one more attempt. Undefined when it is finished. */
export async function startRun(db: DbOrTx, id: string, now: Date): Promise<CadRunRow | undefined> {
  const rows = await db.select().from(cadRuns).where(eq(cadRuns.id, id)).for('update');
  const run = rows[0];
  if (!run || run.status === 'passed' || run.status === 'failed') return undefined;
  const [row] = await db.update(cadRuns).set({ status: 'running', attempts: run.attempts + 1, startedAt: now, progress: 0, stage: null })
    .where(eq(cadRuns.id, id)).returning();
  return row;
}

export async function insertJobFiles(db: DbOrTx, rows: JobFileInsert[]) {
  if (!rows.length) return [];
  return db.insert(jobFiles).values(rows).returning({ id: jobFiles.id, storageKey: jobFiles.storageKey });
}

export async function jobFileKeys(db: DbOrTx, jobId: string) {
  return db.select({ id: jobFiles.id, name: jobFiles.name, mime: jobFiles.mime, size: jobFiles.size, storageKey: jobFiles.storageKey, kind: jobFiles.kind, previewKey: jobFiles.previewKey, createdAt: jobFiles.createdAt })
    .from(jobFiles).where(eq(jobFiles.jobId, jobId)).orderBy(asc(jobFiles.createdAt), asc(jobFiles.id));
}
