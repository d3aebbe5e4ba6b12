import { and, arrayContains, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ahjs, utilities } from '../../db/schema.ts';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export type AhjRow = typeof ahjs.$inferSelect;
export type AhjInsert = typeof ahjs.$inferInsert;
export type UtilityRow = typeof utilities.$inferSelect;
export type UtilityInsert = typeof utilities.$inferInsert;

type DirectoryQuery = { search?: string; state?: string; includeInactive: boolean; limit: number; offset: number };

async function page<T>(db: DbOrTx, table: typeof ahjs | typeof utilities, where: SQL | undefined, q: DirectoryQuery): Promise<{ rows: T[]; count: number }> {
  const [rows, [total]] = await Promise.all([
    db.select().from(table as typeof ahjs).where(where).orderBy(asc(table.nameKey), asc(table.id)).limit(q.limit).offset(q.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(table as typeof ahjs).where(where),
  ]);
  return { rows: rows as T[], count: total?.n ?? 0 };
}

export async function searchAhjs(db: DbOrTx, q: DirectoryQuery) {
  const where = and(
    q.includeInactive ? undefined : eq(ahjs.isActive, true),
    q.state ? eq(ahjs.state, q.state) : undefined,
    q.search ? ilike(ahjs.nameKey, `%${escapeLike(q.search.toLowerCase())}%`) : undefined,
  );
  return page<AhjRow>(db, ahjs, where, q);
}

export async function getAhj(db: DbOrTx, id: string) {
  const [row] = await db.select().from(ahjs).where(eq(ahjs.id, id));
  return row;
}

export async function ahjNameTaken(db: DbOrTx, state: string, name: string, exceptId?: string) {
  const rows = await db.select({ id: ahjs.id }).from(ahjs).where(and(eq(ahjs.state, state), eq(ahjs.nameKey, name.toLowerCase())));
  return rows.some((r) => r.id !== exceptId);
}

export async function insertAhj(db: DbOrTx, v: AhjInsert) {
  const [row] = await db.insert(ahjs).values(v).returning();
  return row!;
}

export async function patchAhj(db: DbOrTx, id: string, set: Partial<AhjInsert>) {
  const [row] = await db.update(ahjs).set({ ...set, updatedAt: new Date() }).where(eq(ahjs.id, id)).returning();
  return row!;
}

/**
 * Import upsert by (state, lower(name)): a row updates only the columns the file has (`columns`),
 * so a file without, say, a notes column leaves existing notes alone.
 */
export async function upsertAhjs(db: DbOrTx, rows: AhjInsert[], columns: (keyof AhjInsert)[]) {
  if (rows.length === 0) return { inserted: 0, updated: 0 };
  const set: Record<string, SQL> = { updatedAt: sql`now()`, updatedById: sql`excluded.updated_by` };
  for (const c of columns) set[c] = sql.raw(`excluded."${ahjs[c as 'name'].name}"`);
  const out = await db.insert(ahjs).values(rows)
    .onConflictDoUpdate({ target: [ahjs.state, ahjs.nameKey], set })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  const inserted = out.filter((r) => r.inserted).length;
  return { inserted, updated: out.length - inserted };
}

export async function searchUtilities(db: DbOrTx, q: DirectoryQuery) {
  const term = q.search ? `%${escapeLike(q.search.toLowerCase())}%` : undefined;
  const where = and(
    q.includeInactive ? undefined : eq(utilities.isActive, true),
    q.state ? arrayContains(utilities.states, [q.state]) : undefined,
    term ? or(ilike(utilities.nameKey, term), ilike(utilities.notes, term)) : undefined,
  );
  return page<UtilityRow>(db, utilities, where, q);
}

export async function getUtility(db: DbOrTx, id: string) {
  const [row] = await db.select().from(utilities).where(eq(utilities.id, id));
  return row;
}

export async function utilityNameTaken(db: DbOrTx, name: string, exceptId?: string) {
  const rows = await db.select({ id: utilities.id }).from(utilities).where(eq(utilities.nameKey, name.toLowerCase()));
  return rows.some((r) => r.id !== exceptId);
}

export async function insertUtility(db: DbOrTx, v: UtilityInsert) {
  const [row] = await db.insert(utilities).values(v).returning();
  return row!;
}

export async function patchUtility(db: DbOrTx, id: string, set: Partial<UtilityInsert>) {
  const [row] = await db.update(utilities).set({ ...set, updatedAt: new Date() }).where(eq(utilities.id, id)).returning();
  return row!;
}

export async function upsertUtilities(db: DbOrTx, rows: UtilityInsert[], columns: (keyof UtilityInsert)[]) {
  if (rows.length === 0) return { inserted: 0, updated: 0 };
  const set: Record<string, SQL> = { updatedAt: sql`now()`, updatedById: sql`excluded.updated_by` };
  for (const c of columns) set[c] = sql.raw(`excluded."${utilities[c as 'name'].name}"`);
  const out = await db.insert(utilities).values(rows)
    .onConflictDoUpdate({ target: [utilities.nameKey], set })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  const inserted = out.filter((r) => r.inserted).length;
  return { inserted, updated: out.length - inserted };
}
