import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ahjs, documentSeals, documentVerifications, engineers, jobFiles, jobLetters, jobs, states, users } from '../../db/schema.ts';

export type DeliverableRow = typeof jobFiles.$inferSelect;
export type VerificationRow = typeof documentVerifications.$inferSelect;

/** A job's deliverables, newest revision first, then as they were made; with each one's verification code. */
export async function listDeliverables(db: DbOrTx, jobId: string) {
  return db
    .select({ f: jobFiles, code: documentVerifications.code })
    .from(jobFiles)
    // A withdrawn record of an earlier seal of the same file is not the file's code.
    .leftJoin(documentVerifications, and(eq(documentVerifications.fileId, jobFiles.id), isNull(documentVerifications.withdrawnAt)))
    .where(and(eq(jobFiles.jobId, jobId), isNotNull(jobFiles.deliverableKind)))
    .orderBy(desc(jobFiles.deliverableRevision), asc(jobFiles.createdAt), asc(jobFiles.id));
}

/** The deliverables of one revision of a job (what the status check reads). */
export async function deliverablesOfRevision(db: DbOrTx, jobId: string, revision: number) {
  return db
    .select({ id: jobFiles.id, kind: jobFiles.deliverableKind, state: jobFiles.deliverableState, sealedAt: jobFiles.sealedAt, name: jobFiles.name })
    .from(jobFiles)
    .where(and(eq(jobFiles.jobId, jobId), eq(jobFiles.deliverableRevision, revision), isNotNull(jobFiles.deliverableKind)));
}

export async function getJobFile(db: DbOrTx, fileId: string) {
  const [row] = await db.select().from(jobFiles).where(eq(jobFiles.id, fileId));
  return row;
}

export async function setDeliverable(db: DbOrTx, fileId: string, set: Partial<typeof jobFiles.$inferInsert>): Promise<void> {
  await db.update(jobFiles).set(set).where(eq(jobFiles.id, fileId));
}

export async function releaseFiles(db: DbOrTx, ids: string[], at: Date, byId: string): Promise<void> {
  if (ids.length) await db.update(jobFiles).set({ deliverableState: 'released', releasedAt: at, releasedById: byId }).where(inArray(jobFiles.id, ids));
}

export async function insertVerification(db: DbOrTx, v: typeof documentVerifications.$inferInsert): Promise<void> {
  await db.insert(documentVerifications).values(v);
}

/**
 * The file's verification records stop vouching for it, and are kept: its code then answers that
 * the document was withdrawn, and the firm keeps the record of the seal it issued.
 */
export async function withdrawVerificationsOf(db: DbOrTx, fileIds: string[], at: Date): Promise<void> {
  if (!fileIds.length) return;
  await db.update(documentVerifications).set({ withdrawnAt: at })
    .where(and(inArray(documentVerifications.fileId, fileIds), isNull(documentVerifications.withdrawnAt)));
}

/** The generated plan sets of a revision not yet released stop being deliverables (a newer run's set replaces them). */
export async function unmarkGeneratedPlanSets(db: DbOrTx, jobId: string, revision: number, at: Date): Promise<void> {
  const gone = await db.update(jobFiles).set({ deliverableKind: null, deliverableState: null, deliverableRevision: null, sealedAt: null })
    .where(and(eq(jobFiles.jobId, jobId), eq(jobFiles.kind, 'plan_set'), eq(jobFiles.deliverableKind, 'plan_set'), eq(jobFiles.deliverableRevision, revision), ne(jobFiles.deliverableState, 'released')))
    .returning({ id: jobFiles.id });
  // A replaced set's code answers "withdrawn", as when staff take a document out of the deliverables.
  await withdrawVerificationsOf(db, gone.map((g) => g.id), at);
}

/** Of these files, the generated letters still waiting for the digital signature they were ordered with. */
export async function lettersAwaitingSignature(db: DbOrTx, fileIds: string[]) {
  if (!fileIds.length) return [];
  return db.select({ fileId: jobLetters.fileId }).from(jobLetters)
    .where(and(inArray(jobLetters.fileId, fileIds), eq(jobLetters.signatureStatus, 'required')));
}

/** Points a document's verification records at the file that replaces it (its signed copy). */
export async function moveVerifications(db: DbOrTx, fromFileId: string, to: { id: string; name: string; sha256: string; size: number }): Promise<void> {
  await db.update(documentVerifications).set({ fileId: to.id, documentName: to.name, sha256: to.sha256, size: to.size }).where(eq(documentVerifications.fileId, fromFileId));
  await db.update(documentSeals).set({ fileId: to.id }).where(eq(documentSeals.fileId, fromFileId));
}

export type SealRow = typeof documentSeals.$inferSelect;

/** The seals applied to these files, in the order applied. */
export async function sealsOfFiles(db: DbOrTx, fileIds: string[]): Promise<SealRow[]> {
  if (!fileIds.length) return [];
  return db.select().from(documentSeals).where(inArray(documentSeals.fileId, fileIds)).orderBy(asc(documentSeals.createdAt), asc(documentSeals.discipline));
}

/** The seals applied under one verification code, in the order applied (kept when the file is deleted). */
export async function sealsOfCode(db: DbOrTx, code: string): Promise<SealRow[]> {
  return db.select().from(documentSeals).where(eq(documentSeals.code, code)).orderBy(asc(documentSeals.createdAt), asc(documentSeals.discipline));
}

/** Whether the user is the account of a registered, active engineer. */
export async function isEngineerAccount(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: engineers.id }).from(engineers).where(and(eq(engineers.userId, userId), eq(engineers.isActive, true))).limit(1);
  return !!row;
}

/** The user accounts of the engineers whose seals a file carries (null for an engineer without one). */
export async function sealerUserIdsOf(db: DbOrTx, fileId: string): Promise<(string | null)[]> {
  const rows = await db.select({ userId: engineers.userId }).from(documentSeals)
    .innerJoin(engineers, eq(engineers.id, documentSeals.engineerId)).where(eq(documentSeals.fileId, fileId));
  return rows.map((r) => r.userId);
}

export async function insertSeals(db: DbOrTx, rows: (typeof documentSeals.$inferInsert)[]): Promise<void> {
  if (rows.length) await db.insert(documentSeals).values(rows);
}

/** The file's row, locked until the transaction ends: of two seals at once, the second sees the first. */
export async function lockFile(db: DbOrTx, fileId: string) {
  const [row] = await db.select().from(jobFiles).where(eq(jobFiles.id, fileId)).for('update');
  return row;
}

/**
 * What sealing reads of a job: the state its licences must be for (the address's, else the AHJ's),
 * where it is (city, state) and its full address, its company and name.
 */
export async function jobSealFacts(db: DbOrTx, jobId: string) {
  const [row] = await db
    .select({
      id: jobs.id, name: jobs.name, clientName: jobs.clientName, companyId: jobs.companyId, isActive: jobs.isActive,
      street: jobs.clientStreetAddress, city: jobs.clientCity, zip: jobs.clientZipCode, state: states.abbreviation, ahjState: ahjs.state,
      services: jobs.servicesRequested,
    })
    .from(jobs)
    .leftJoin(states, eq(states.id, jobs.clientStateId))
    .leftJoin(ahjs, eq(ahjs.id, jobs.ahjId))
    .where(eq(jobs.id, jobId));
  if (!row) return null;
  const state = row.state ?? row.ahjState ?? null;
  return { ...row, state, location: [row.city?.trim(), state].filter(Boolean).join(', ') };
}

/** The engineer a generated letter was written for (its closing and footer name them), or null for other files. */
export async function letterEngineerOf(db: DbOrTx, fileId: string): Promise<{ engineerId: string | null } | null> {
  const [row] = await db.select({ engineerId: jobLetters.engineerId }).from(jobLetters).where(eq(jobLetters.fileId, fileId));
  return row ?? null;
}

export async function userNameOf(db: DbOrTx, id: string): Promise<string> {
  const [u] = await db.select({ name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`, email: users.email }).from(users).where(eq(users.id, id));
  return u ? (u.name || u.email) : 'a deleted user';
}

export async function getVerification(db: DbOrTx, code: string) {
  const [row] = await db
    .select({
      v: documentVerifications, state: jobFiles.deliverableState, releasedAt: jobFiles.releasedAt,
      jobName: jobs.name, companyId: jobs.companyId, city: jobs.clientCity, jobState: states.abbreviation,
    })
    .from(documentVerifications)
    // No file any more: a withdrawn document's file deleted later (its record answers "withdrawn").
    .leftJoin(jobFiles, eq(jobFiles.id, documentVerifications.fileId))
    .innerJoin(jobs, eq(jobs.id, documentVerifications.jobId))
    .leftJoin(states, eq(states.id, jobs.clientStateId))
    .where(eq(documentVerifications.code, code));
  return row;
}

/** The job's address as a sealed document prints it: street, city, state abbreviation and ZIP. */
export async function jobAddressOf(db: DbOrTx, jobId: string): Promise<string> {
  const [row] = await db
    .select({ street: jobs.clientStreetAddress, city: jobs.clientCity, zip: jobs.clientZipCode, state: states.abbreviation })
    .from(jobs)
    .leftJoin(states, eq(states.id, jobs.clientStateId))
    .where(eq(jobs.id, jobId));
  if (!row) return '';
  const tail = [row.state, row.zip].filter(Boolean).join(' ');
  return [row.street, row.city, tail].map((s) => (s ?? '').trim()).filter(Boolean).join(', ');
}

export async function getServiceTasks(db: DbOrTx, jobId: string) {
  const [row] = await db.select({ services: jobs.servicesRequested, tasks: jobs.serviceTasks, revision: jobs.revisionNumber }).from(jobs).where(eq(jobs.id, jobId));
  return row;
}

export async function setServiceTasks(db: DbOrTx, jobId: string, tasks: Record<string, string>, at: Date): Promise<void> {
  await db.update(jobs).set({ serviceTasks: tasks, updatedAt: at }).where(eq(jobs.id, jobId));
}
