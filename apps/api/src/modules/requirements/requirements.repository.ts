import { and, eq, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { RequirementScope } from '@sunstamp/domain/requirements/requirement.schema';
import type { DbOrTx } from '../../db/client.ts';
import { requirementValues } from '../../db/schema.ts';

export type RequirementValueRow = typeof requirementValues.$inferSelect;

export async function listScope(db: DbOrTx, scopeType: RequirementScope, scopeId: string) {
  return db.select().from(requirementValues)
    .where(and(eq(requirementValues.scopeType, scopeType), eq(requirementValues.scopeId, scopeId)));
}

/** Rows of several scopes in one query (a job resolves company, utility and AHJ together). */
export async function listScopes(db: DbOrTx, scopes: { scopeType: RequirementScope; scopeId: string }[]) {
  if (scopes.length === 0) return [];
  const conds: SQL[] = scopes.map((s) => and(eq(requirementValues.scopeType, s.scopeType), eq(requirementValues.scopeId, s.scopeId))!);
  return db.select({ scopeType: requirementValues.scopeType, key: requirementValues.key, value: requirementValues.value })
    .from(requirementValues).where(or(...conds));
}

/**
 * Makes the scope hold exactly `values`: rows for other keys are deleted, changed values updated,
 * new ones inserted. A row whose value did not change keeps its updated_by/updated_at.
 */
export async function replaceScope(
  tx: DbOrTx, scopeType: RequirementScope, scopeId: string, values: Record<string, unknown>, userId: string,
) {
  const keys = Object.keys(values);
  await tx.delete(requirementValues).where(and(
    eq(requirementValues.scopeType, scopeType),
    eq(requirementValues.scopeId, scopeId),
    keys.length ? notInArray(requirementValues.key, keys) : undefined,
  ));
  if (!keys.length) return;
  await tx.insert(requirementValues)
    .values(keys.map((key) => ({ scopeType, scopeId, key, value: values[key], updatedById: userId })))
    .onConflictDoUpdate({
      target: [requirementValues.scopeType, requirementValues.scopeId, requirementValues.key],
      set: { value: sql`excluded.value`, updatedById: sql`excluded.updated_by`, updatedAt: sql`now()` },
      setWhere: sql`${requirementValues.value} is distinct from excluded.value`,
    });
}
