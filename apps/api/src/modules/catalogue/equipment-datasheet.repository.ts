import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { equipment } from '../../db/schema.ts';

export async function getItem(db: DbOrTx, id: string) {
  const [row] = await db.select({
    id: equipment.id, manufacturer: equipment.manufacturer, model: equipment.model,
    datasheetKey: equipment.datasheetKey, datasheetName: equipment.datasheetName, datasheetSize: equipment.datasheetSize,
  }).from(equipment).where(eq(equipment.id, id));
  return row;
}

/** Points the model at its new datasheet; answers the storage key it replaced. */
export async function setDatasheet(db: DbOrTx, id: string, v: { key: string; name: string; size: number; at: Date; by: string }): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ key: equipment.datasheetKey }).from(equipment).where(eq(equipment.id, id)).for('update');
    await tx.update(equipment).set({ datasheetKey: v.key, datasheetName: v.name, datasheetSize: v.size, updatedAt: v.at, updatedById: v.by }).where(eq(equipment.id, id));
    return before?.key ?? null;
  });
}
