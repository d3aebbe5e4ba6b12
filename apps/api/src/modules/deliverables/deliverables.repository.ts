import { and, asc, desc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { documentVerifications, jobFiles, jobLetters, jobs, states } from '../../db/schema.ts';

export type DeliverableRow = typeof jobFiles.$inferSelect;
export type VerificationRow = typeof documentVerifications.$inferSelect;

/** A job's deliverables, newest revision first, then as they were made; with each one's verification code. */
export async function listDeliverables(db: DbOrTx, jobId: string) {
  return db
    .select({ f: jobFiles, code: documentVerifications.code })
    .from(jobFiles)
    .leftJoin(documentVerifications, eq(documentVerifications.fileId, jobFiles.id))
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

export async function deleteVerificationsOf(db: DbOrTx, fileId: string): Promise<void> {
  await db.delete(documentVerifications).where(eq(documentVerifications.fileId, fileId));
}

/** The generated plan sets of a revision not yet released stop being deliverables (a newer run's set replaces them). */
export async function unmarkGeneratedPlanSets(db: DbOrTx, jobId: string, revision: number): Promise<void> {
  await db.update(jobFiles).set({ deliverableKind: null, deliverableState: null, deliverableRevision: null, sealedAt: null })
    .where(and(eq(jobFiles.jobId, jobId), eq(jobFiles.kind, 'plan_set'), eq(jobFiles.deliverableKind, 'plan_set'), eq(jobFiles.deliverableRevision, revision), ne(jobFiles.deliverableState, 'released')));
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
}

export async function getVerification(db: DbOrTx, code: string) {
  const [row] = await db
    .select({ v: documentVerifications, state: jobFiles.deliverableState })
    .from(documentVerifications)
    .innerJoin(jobFiles, eq(jobFiles.id, documentVerifications.fileId))
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
