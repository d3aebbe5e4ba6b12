import { and, asc, eq, ilike, inArray, max, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { codeLists, equipment, optionItems } from '../../db/schema.ts';

// ---------------------------------------------------------------- code lists

export type CodeListRow = typeof codeLists.$inferSelect;

export async function listCodeLists(db: DbOrTx) {
  return db.select().from(codeLists);
}

export async function getCodeList(db: DbOrTx, type: string) {
  const [row] = await db.select().from(codeLists).where(eq(codeLists.type, type));
  return row;
}

export async function updateCodeList(db: DbOrTx, type: string, set: Partial<typeof codeLists.$inferInsert>) {
  const [row] = await db.update(codeLists).set({ ...set, updatedAt: new Date() }).where(eq(codeLists.type, type)).returning();
  return row;
}

// ---------------------------------------------------------------- option items

export type OptionItemRow = typeof optionItems.$inferSelect;

export async function listOptionItems(db: DbOrTx, listKey: string, includeInactive: boolean) {
  return db.select().from(optionItems)
    .where(and(eq(optionItems.listKey, listKey), includeInactive ? undefined : eq(optionItems.isActive, true)))
    .orderBy(asc(optionItems.sort), asc(optionItems.id));
}

export async function countActiveOptionItems(db: DbOrTx) {
  return db.select({ listKey: optionItems.listKey, n: sql<number>`count(*)::int` }).from(optionItems)
    .where(eq(optionItems.isActive, true)).groupBy(optionItems.listKey);
}

export async function getOptionItem(db: DbOrTx, listKey: string, id: number) {
  const [row] = await db.select().from(optionItems).where(and(eq(optionItems.listKey, listKey), eq(optionItems.id, id)));
  return row;
}

export async function nextOptionSort(db: DbOrTx, listKey: string) {
  const [row] = await db.select({ m: max(optionItems.sort) }).from(optionItems).where(eq(optionItems.listKey, listKey));
  return (row?.m ?? 0) + 10;
}

export async function insertOptionItem(db: DbOrTx, v: typeof optionItems.$inferInsert) {
  const [row] = await db.insert(optionItems).values(v).onConflictDoNothing().returning();
  return row;
}

export async function patchOptionItem(db: DbOrTx, id: number, set: Partial<typeof optionItems.$inferInsert>) {
  const [row] = await db.update(optionItems).set({ ...set, updatedAt: new Date() }).where(eq(optionItems.id, id)).returning();
  return row!;
}

/** Every item id of a list, locked for a reorder. */
export async function listOptionItemIdsForUpdate(db: DbOrTx, listKey: string) {
  const rows = await db.select({ id: optionItems.id }).from(optionItems).where(eq(optionItems.listKey, listKey)).for('update');
  return rows.map((r) => r.id);
}

/** One statement for the whole list: sort = CASE id WHEN … THEN … END. */
export async function setOptionItemSorts(db: DbOrTx, sorts: { id: number; sort: number }[], updatedById: string) {
  if (sorts.length === 0) return;
  const cases = sql.join(sorts.map((s) => sql`when ${s.id}::int then ${s.sort}::int`), sql` `);
  await db.update(optionItems)
    .set({ sort: sql`case ${optionItems.id} ${cases} end`, updatedById, updatedAt: new Date() })
    .where(inArray(optionItems.id, sorts.map((s) => s.id)));
}

/** Every item of every list, active or not: what the option-list cache holds (a few hundred rows). */
export async function allOptionItems(db: DbOrTx) {
  return db.select({
    id: optionItems.id, listKey: optionItems.listKey, value: optionItems.value, label: optionItems.label, isActive: optionItems.isActive,
  }).from(optionItems);
}

/** Active values of one list, for checking an equipment type. */
export async function activeOptionValues(db: DbOrTx, listKey: string) {
  const rows = await db.select({ value: optionItems.value }).from(optionItems)
    .where(and(eq(optionItems.listKey, listKey), eq(optionItems.isActive, true)));
  return new Set(rows.map((r) => r.value));
}

// ---------------------------------------------------------------- equipment

export type EquipmentRow = typeof equipment.$inferSelect;
export type EquipmentInsert = typeof equipment.$inferInsert;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function searchEquipment(
  db: DbOrTx,
  q: { kind?: string; words: string[]; includeInactive: boolean; limit: number; offset: number },
) {
  const conds: (SQL | undefined)[] = [
    q.kind ? eq(equipment.kind, q.kind) : undefined,
    q.includeInactive ? undefined : eq(equipment.isActive, true),
    // Every word must appear somewhere in "manufacturer model" (the trigram index serves each LIKE).
    ...q.words.map((w) => ilike(equipment.searchText, `%${escapeLike(w.toLowerCase())}%`)),
  ];
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    db.select().from(equipment).where(where)
      .orderBy(asc(equipment.kind), asc(equipment.manufacturer), asc(equipment.model))
      .limit(q.limit).offset(q.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(equipment).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

export async function getEquipment(db: DbOrTx, id: string) {
  const [row] = await db.select().from(equipment).where(eq(equipment.id, id));
  return row;
}

export async function equipmentKeyTaken(db: DbOrTx, kind: string, manufacturer: string, model: string, exceptId?: string) {
  const rows = await db.select({ id: equipment.id }).from(equipment)
    .where(and(eq(equipment.kind, kind), eq(equipment.manufacturer, manufacturer), eq(equipment.model, model)));
  return rows.some((r) => r.id !== exceptId);
}

export async function insertEquipment(db: DbOrTx, v: EquipmentInsert) {
  const [row] = await db.insert(equipment).values(v).onConflictDoNothing().returning();
  return row;
}

export async function patchEquipment(db: DbOrTx, id: string, set: Partial<EquipmentInsert>) {
  const [row] = await db.update(equipment).set({ ...set, updatedAt: new Date() }).where(eq(equipment.id, id)).returning();
  return row!;
}

/**
 * One multi-row upsert by (kind, manufacturer, model). An existing row keeps its type, activity
 * and any data keys the import does not carry (staff additions); imported keys are replaced.
 * Answers how many rows were inserted (xmax = 0 marks a row this statement created).
 */
export async function upsertEquipmentBatch(db: DbOrTx, rows: EquipmentInsert[]) {
  if (rows.length === 0) return { inserted: 0, updated: 0 };
  const out = await db.insert(equipment).values(rows)
    .onConflictDoUpdate({
      target: [equipment.kind, equipment.manufacturer, equipment.model],
      set: {
        data: sql`${equipment.data} || excluded.data`,
        source: sql`excluded.source`,
        updatedAt: sql`now()`,
        updatedById: sql`excluded.updated_by`,
      },
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  const inserted = out.filter((r) => r.inserted).length;
  return { inserted, updated: out.length - inserted };
}
