import { CODE_TYPES, EDITABLE_CODE_TYPES, type CodeListBody, type CodeType } from '@sunstamp/domain/contracts/catalogue';
import type { AppContext } from '../../context.ts';
import type { Principal } from '../../platform/principal.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { requireCatalogueEdit } from '../../platform/access.ts';
import * as repo from './catalogue.repository.ts';

/** What this service reads from the context (a slice, so a worker or a unit test can call it with fakes). */
type Ctx = Pick<AppContext, 'database'>;

const toCodeList = (r: repo.CodeListRow) => ({
  type: r.type as CodeType,
  label: r.label,
  editions: r.editions,
  default: r.defaultEdition,
  updated_at: r.updatedAt.toISOString(),
});

export async function listCodeLists(ctx: Ctx) {
  const rows = await repo.listCodeLists(ctx.database.db);
  return rows.map(toCodeList).sort((a, b) => CODE_TYPES.indexOf(a.type) - CODE_TYPES.indexOf(b.type));
}

export async function getCodeList(ctx: Ctx, type: CodeType) {
  const row = await repo.getCodeList(ctx.database.db, type);
  if (!row) throw notFound();
  return toCodeList(row);
}

/** Spec §7: PUT /codes/{type} replaces the editions on offer for ibc or iebc (admin only). */
export async function updateCodeList(ctx: Ctx, p: Principal, type: string, body: CodeListBody) {
  requireCatalogueEdit(p, 'codes');
  if (!(CODE_TYPES as readonly string[]).includes(type)) throw notFound();
  if (!(EDITABLE_CODE_TYPES as readonly string[]).includes(type)) {
    throw new AppError(405, `The ${type} code list cannot be changed; only ${EDITABLE_CODE_TYPES.join(' and ')} can.`, 'method_not_allowed');
  }
  const row = await repo.updateCodeList(ctx.database.db, type, {
    editions: body.editions,
    defaultEdition: body.default,
    ...(body.label ? { label: body.label } : {}),
    updatedById: p.id,
  });
  if (!row) throw notFound();
  return toCodeList(row);
}

/** Edition values on offer per code type: what an AHJ's adopted editions are checked against. */
/** Each code list's default edition ("Default for a new AHJ" on the Codes page); lists without one are left out. */
export async function defaultEditions(db: DbOrTx): Promise<Partial<Record<CodeType, string>>> {
  const out: Partial<Record<CodeType, string>> = {};
  for (const r of await repo.listCodeLists(db)) if (r.defaultEdition) out[r.type as CodeType] = r.defaultEdition;
  return out;
}

export async function editionsByType(db: DbOrTx): Promise<Map<CodeType, Set<string>>> {
  const rows = await repo.listCodeLists(db);
  return new Map(rows.map((r) => [r.type as CodeType, new Set(r.editions.map((e) => e.value))]));
}
