import { and, desc, eq, like, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ahjs, equipment, jobDesigns, jobEquipment, jobFiles, users } from '../../db/schema.ts';

export type JobDesignRow = typeof jobDesigns.$inferSelect;
export type JobDesignInsert = typeof jobDesigns.$inferInsert;

const rowWithAuthor = {
  design: jobDesigns,
  authorFirst: users.firstName,
  authorLast: users.lastName,
  authorEmail: users.email,
};
export type JobDesignWithAuthor = { design: JobDesignRow; authorFirst: string | null; authorLast: string | null; authorEmail: string | null };

/** The design saved for this revision of the job, or else the latest of an earlier revision. */
export async function latestDesignUpTo(db: DbOrTx, jobId: string, revision: number): Promise<JobDesignWithAuthor | undefined> {
  const [row] = await db
    .select(rowWithAuthor)
    .from(jobDesigns)
    .leftJoin(users, eq(users.id, jobDesigns.updatedById))
    .where(and(eq(jobDesigns.jobId, jobId), lte(jobDesigns.revision, revision)))
    .orderBy(desc(jobDesigns.revision))
    .limit(1);
  return row;
}

/** The first save of a revision; undefined when another first save won. */
export async function insertDesign(db: DbOrTx, v: JobDesignInsert): Promise<JobDesignRow | undefined> {
  const [row] = await db.insert(jobDesigns).values(v).onConflictDoNothing().returning();
  return row;
}

/** A later save: only when the row is still at `version`; undefined when someone saved in between. */
export async function updateDesign(
  db: DbOrTx, jobId: string, revision: number, version: number,
  set: Pick<JobDesignInsert, 'model' | 'background' | 'backgroundFileId' | 'updatedById' | 'updatedAt'>,
): Promise<JobDesignRow | undefined> {
  const [row] = await db
    .update(jobDesigns)
    .set({ ...set, version: sql`${jobDesigns.version} + 1` })
    .where(and(eq(jobDesigns.jobId, jobId), eq(jobDesigns.revision, revision), eq(jobDesigns.version, version)))
    .returning();
  return row;
}

/** The job's module line: the catalogue model's data (sizes) and the inverter type. */
export async function equipmentFactsOf(db: DbOrTx, jobId: string) {
  return db
    .select({ kind: jobEquipment.kind, type: equipment.type, data: equipment.data })
    .from(jobEquipment)
    .leftJoin(equipment, eq(equipment.id, jobEquipment.equipmentId))
    .where(eq(jobEquipment.jobId, jobId));
}

export async function ahjCodesOf(db: DbOrTx, ahjId: string) {
  const [row] = await db.select({ irc: ahjs.irc, fire: ahjs.fire }).from(ahjs).where(eq(ahjs.id, ahjId));
  return row;
}

/** The job's image files (what the editor may trace over). */
export async function imageFilesOf(db: DbOrTx, jobId: string) {
  return db
    .select({ id: jobFiles.id, name: jobFiles.name, kind: jobFiles.kind, category: jobFiles.category, deliverableState: jobFiles.deliverableState })
    .from(jobFiles)
    .where(and(eq(jobFiles.jobId, jobId), like(jobFiles.mime, 'image/%')))
    .orderBy(desc(jobFiles.createdAt));
}
