import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { equipment, jobEquipment, jobFiles } from '../../db/schema.ts';

export type JobEquipmentRow = typeof jobEquipment.$inferSelect;
export type EquipmentRefRow = Pick<typeof equipment.$inferSelect, 'id' | 'kind' | 'manufacturer' | 'model' | 'type' | 'isActive'>;

const refColumns = {
  id: equipment.id, kind: equipment.kind, manufacturer: equipment.manufacturer, model: equipment.model, type: equipment.type, isActive: equipment.isActive,
};

/** A job's equipment lines in their order, with the catalogue item each names. */
export async function linesOf(db: DbOrTx, jobId: string): Promise<{ line: JobEquipmentRow; ref: EquipmentRefRow | null }[]> {
  return db
    .select({ line: jobEquipment, ref: refColumns })
    .from(jobEquipment)
    .leftJoin(equipment, eq(equipment.id, jobEquipment.equipmentId))
    .where(eq(jobEquipment.jobId, jobId))
    .orderBy(asc(jobEquipment.position));
}

export async function equipmentRefs(db: DbOrTx, ids: readonly string[]): Promise<EquipmentRefRow[]> {
  if (!ids.length) return [];
  return db.select(refColumns).from(equipment).where(inArray(equipment.id, [...ids]));
}

/** Replaces a job's lines (inside the caller's transaction). */
export async function replaceLines(tx: DbOrTx, jobId: string, lines: Omit<JobEquipmentRow, 'jobId'>[]): Promise<void> {
  await tx.delete(jobEquipment).where(eq(jobEquipment.jobId, jobId));
  if (lines.length) await tx.insert(jobEquipment).values(lines.map((l) => ({ ...l, jobId })));
}

/** The files of a job among `ids` (a revision's rejection files). */
export async function jobFilesAmong(db: DbOrTx, jobId: string, ids: readonly string[]) {
  if (!ids.length) return [];
  return db.select({ id: jobFiles.id, name: jobFiles.name }).from(jobFiles).where(and(eq(jobFiles.jobId, jobId), inArray(jobFiles.id, [...ids])));
}
