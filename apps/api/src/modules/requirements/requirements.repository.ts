import { and, eq, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { RequirementScope } from '@sunstamp/domain/requirements/requirement.schema';
import type { DbOrTx } from '../../db/client.ts';
import { requirementFiles, requirementValues } from '../../db/schema.ts';

export type RequirementValueRow = typeof requirementValues.$inferSelect;
export type RequirementFileRow = typeof requirementFiles.$inferSelect;

const ofScope = (scopeType: RequirementScope, scopeId: string) =>
  and(eq(requirementValues.scopeType, scopeType), eq(requirementValues.scopeId, scopeId));

// drizzle sends a JS null as SQL NULL; an explicit "off" is the JSON value null, which the
// NOT NULL column holds (no row is what means "inherit").
const jsonValue = (v: unknown) => (v === null ? sql`'null'::jsonb` : v);

export async function listScope(db: DbOrTx, scopeType: RequirementScope, scopeId: string) {
  return db.select().from(requirementValues).where(ofScope(scopeType, scopeId));
}

/** Rows of several scopes in one query (a job resolves company, utility and AHJ together). */
export async function listScopes(db: DbOrTx, scopes: { scopeType: RequirementScope; scopeId: string }[]) {
  if (scopes.length === 0) return [];
  const conds: SQL[] = scopes.map((s) => ofScope(s.scopeType, s.scopeId)!);
  return db.select({ scopeType: requirementValues.scopeType, key: requirementValues.key, value: requirementValues.value })
    .from(requirementValues).where(or(...conds));
}

/**
 * Serialises writes to one scope until the transaction ends (PUT, PATCH, uploads and file
 * deletions read the scope's file values and write them back).
 */
export async function lockScope(tx: DbOrTx, scopeType: RequirementScope, scopeId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`requirements:${scopeType}:${scopeId}`}))`);
}

/**
 * Inserts or updates the given keys' rows. A row whose value did not change keeps its
 * updated_by/updated_at.
 */
export async function upsertValues(tx: DbOrTx, scopeType: RequirementScope, scopeId: string, values: Record<string, unknown>, userId: string) {
  const keys = Object.keys(values);
  if (!keys.length) return;
  await tx.insert(requirementValues)
    .values(keys.map((key) => ({ scopeType, scopeId, key, value: jsonValue(values[key]), updatedById: userId })))
    .onConflictDoUpdate({
      target: [requirementValues.scopeType, requirementValues.scopeId, requirementValues.key],
      set: { value: sql`excluded.value`, updatedById: sql`excluded.updated_by`, updatedAt: sql`now()` },
      setWhere: sql`${requirementValues.value} is distinct from excluded.value`,
    });
}

/** Deletes the rows of the given keys: the scope inherits them again. */
export async function deleteValues(tx: DbOrTx, scopeType: RequirementScope, scopeId: string, keys: string[]) {
  if (!keys.length) return;
  await tx.delete(requirementValues).where(and(ofScope(scopeType, scopeId), inArray(requirementValues.key, keys)));
}

/** Makes the scope hold exactly `values`: rows for other keys are deleted, the rest upserted. */
export async function replaceScope(
  tx: DbOrTx, scopeType: RequirementScope, scopeId: string, values: Record<string, unknown>, userId: string,
) {
  const keys = Object.keys(values);
  await tx.delete(requirementValues).where(and(
    ofScope(scopeType, scopeId),
    keys.length ? notInArray(requirementValues.key, keys) : undefined,
  ));
  await upsertValues(tx, scopeType, scopeId, values, userId);
}

// ------------------------------------------------------------------------------- files

export async function insertFiles(tx: DbOrTx, rows: (typeof requirementFiles.$inferInsert)[]) {
  if (rows.length) await tx.insert(requirementFiles).values(rows);
}

export async function getFile(db: DbOrTx, id: string): Promise<RequirementFileRow | undefined> {
  const [row] = await db.select().from(requirementFiles).where(eq(requirementFiles.id, id));
  return row;
}

export async function listScopeFiles(db: DbOrTx, scopeType: RequirementScope, scopeId: string) {
  return db.select().from(requirementFiles)
    .where(and(eq(requirementFiles.scopeType, scopeType), eq(requirementFiles.scopeId, scopeId)));
}

export async function deleteFiles(tx: DbOrTx, ids: string[]) {
  if (ids.length) await tx.delete(requirementFiles).where(inArray(requirementFiles.id, ids));
}
