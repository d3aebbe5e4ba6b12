import { and, asc, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { ahjs, engineers, equipment, jobEquipment, jobFiles, jobLetters, states } from '../../db/schema.ts';

export type JobLetterRow = typeof jobLetters.$inferSelect;

/** The AHJ row a job names (editions and design criteria). */
export async function ahjOf(db: DbOrTx, id: string) {
  const [a] = await db.select().from(ahjs).where(eq(ahjs.id, id));
  return a ?? null;
}

export async function stateCodeOf(db: DbOrTx, id: number) {
  const [s] = await db.select().from(states).where(eq(states.id, id));
  return s ?? null;
}

/** The job's equipment lines with the catalogue data of the models they name. */
export async function equipmentDataOf(db: DbOrTx, jobId: string) {
  return db.select({ kind: jobEquipment.kind, quantity: jobEquipment.quantity, customModel: jobEquipment.customModel, manufacturer: equipment.manufacturer, model: equipment.model, type: equipment.type, data: equipment.data })
    .from(jobEquipment).leftJoin(equipment, eq(equipment.id, jobEquipment.equipmentId))
    .where(eq(jobEquipment.jobId, jobId)).orderBy(asc(jobEquipment.position));
}

export async function lettersOfRun(db: DbOrTx, runId: string) {
  return db.select().from(jobLetters).where(eq(jobLetters.runId, runId));
}

export async function insertLetter(db: DbOrTx, row: typeof jobLetters.$inferInsert) {
  const [r] = await db.insert(jobLetters).values(row).returning();
  return r!;
}

const signedFiles = alias(jobFiles, 'signed_files');

/** The job's letters with their file's name and deliverable state (the signed copy's once signed) and their engineer. */
export async function lettersOfJob(db: DbOrTx, jobId: string) {
  return db.select({
    l: jobLetters, fileName: jobFiles.name, engineerName: engineers.name, engineerUserId: engineers.userId,
    state: jobFiles.deliverableState, signedState: signedFiles.deliverableState,
  })
    .from(jobLetters).innerJoin(jobFiles, eq(jobFiles.id, jobLetters.fileId)).leftJoin(engineers, eq(engineers.id, jobLetters.engineerId))
    .leftJoin(signedFiles, eq(signedFiles.id, jobLetters.signedFileId))
    .where(eq(jobLetters.jobId, jobId)).orderBy(desc(jobLetters.createdAt), asc(jobLetters.letterType));
}

export async function getLetter(db: DbOrTx, id: string) {
  const [r] = await db.select({ l: jobLetters, storageKey: jobFiles.storageKey, fileName: jobFiles.name, state: jobFiles.deliverableState })
    .from(jobLetters).innerJoin(jobFiles, eq(jobFiles.id, jobLetters.fileId)).where(eq(jobLetters.id, id));
  return r ?? null;
}

export async function markSigned(db: DbOrTx, id: string, set: Pick<JobLetterRow, 'signedFileId' | 'signedSha256' | 'signedBy' | 'signedAt'>) {
  // Only an unsigned letter is signed: of two signings at once, one wins.
  const r = await db.update(jobLetters).set({ ...set, signatureStatus: 'signed' })
    .where(and(eq(jobLetters.id, id), eq(jobLetters.signatureStatus, 'required'))).returning({ id: jobLetters.id });
  if (r.length) return true;
  const r2 = await db.update(jobLetters).set({ ...set, signatureStatus: 'signed' })
    .where(and(eq(jobLetters.id, id), eq(jobLetters.signatureStatus, 'unsigned'))).returning({ id: jobLetters.id });
  return r2.length > 0;
}
