import { getOptionList, OPTION_LISTS, type OptionListKey } from '@sunstamp/domain/catalogue/option-lists.data';
import { optionItemDataSchema } from '@sunstamp/domain/catalogue/option-list-data.schema';
import type { AppContext } from '../../context.ts';
import type { Principal } from '../../platform/principal.ts';
import { LISTS_NOT_IN_OPTION_ITEMS } from '../../db/seed/catalogue.seed.ts';
import { conflict, notFound, invalidFields } from '../../platform/errors.ts';
import { requireCatalogueEdit } from '../../platform/access.ts';
import * as repo from './catalogue.repository.ts';
import { announceOptionListsChanged } from './option-lists.cache.ts';

/** What this service reads from the context (a slice, so a worker or a unit test can call it with fakes). */
type Ctx = Pick<AppContext, 'caches' | 'database'>;

/** Lists kept in option_items; states and provinces live in the states table (GET /states). */
export const SERVED_LISTS = OPTION_LISTS.filter((l) => !LISTS_NOT_IN_OPTION_ITEMS.has(l.key)).map((l) => l.key);

/** GET /api/{route} for each list: the key in kebab case, as spec §7 names them (/connection-types). */
export const routeOfList = (key: string) => key.replace(/_/g, '-');

function listOrNotFound(key: string): OptionListKey {
  if (!(SERVED_LISTS as string[]).includes(key)) throw notFound('No such option list.');
  return key as OptionListKey;
}

const toItem = (r: repo.OptionItemRow) => ({
  id: r.id, list_key: r.listKey, value: r.value, label: r.label, data: r.data, sort: r.sort, is_active: r.isActive,
});

export async function listSummaries(ctx: Ctx) {
  const counts = new Map((await repo.countActiveOptionItems(ctx.database.db)).map((r) => [r.listKey, r.n]));
  return SERVED_LISTS.map((key) => ({
    key, label: getOptionList(key).label, route: `/api/${routeOfList(key)}`, item_count: counts.get(key) ?? 0,
  }));
}

/** Active items in order; with includeInactive also the deactivated ones (old jobs still show their labels). */
export async function listItems(ctx: Ctx, key: string, includeInactive = false) {
  const k = listOrNotFound(key);
  return (await repo.listOptionItems(ctx.database.db, k, includeInactive)).map(toItem);
}

/** A list's typed extras (dead loads, member counts, …) are checked against its declared fields. */
function checkData(key: OptionListKey, data: Record<string, unknown>) {
  const r = optionItemDataSchema(key).safeParse(data);
  if (!r.success) {
    throw invalidFields(r.error.issues.flatMap((i) =>
      i.code === 'unrecognized_keys'
        ? i.keys.map((k) => ({ [['data', ...i.path.map(String), k].join('.')]: `${k} is not a field of this list.` }))
        : [{ [['data', ...i.path.map(String)].join('.')]: i.message }],
    ));
  }
}

export async function addItem(
  ctx: Ctx, p: Principal, key: string,
  body: { value: string; label: string; data?: Record<string, unknown>; sort?: number },
) {
  requireCatalogueEdit(p, 'option_lists');
  const k = listOrNotFound(key);
  checkData(k, body.data ?? {});
  const db = ctx.database.db;
  const row = await repo.insertOptionItem(db, {
    listKey: k, value: body.value, label: body.label, data: body.data ?? {},
    sort: body.sort ?? (await repo.nextOptionSort(db, k)), updatedById: p.id,
  });
  if (!row) throw conflict(`"${body.value}" is already in this list; edit or reactivate it instead.`);
  // Jobs check their option fields against these lists (option-lists.cache.ts).
  await announceOptionListsChanged(ctx);
  return toItem(row);
}

export async function updateItem(
  ctx: Ctx, p: Principal, key: string, id: number,
  body: { label?: string; data?: Record<string, unknown>; sort?: number; is_active?: boolean },
) {
  requireCatalogueEdit(p, 'option_lists');
  const k = listOrNotFound(key);
  if (body.data !== undefined) checkData(k, body.data);
  const db = ctx.database.db;
  if (!(await repo.getOptionItem(db, k, id))) throw notFound();
  const row = await repo.patchOptionItem(db, id, {
    ...(body.label !== undefined ? { label: body.label } : {}),
    ...(body.data !== undefined ? { data: body.data } : {}),
    ...(body.sort !== undefined ? { sort: body.sort } : {}),
    ...(body.is_active !== undefined ? { isActive: body.is_active } : {}),
    updatedById: p.id,
  });
  await announceOptionListsChanged(ctx);
  return toItem(row);
}

/** Deactivates: jobs keep the value, so the item is hidden from new choices, never deleted. */
export async function deactivateItem(ctx: Ctx, p: Principal, key: string, id: number) {
  return updateItem(ctx, p, key, id, { is_active: false });
}

/**
 * PUT /option-lists/{key}/order: renumbers the list (sort 10, 20, …) in the order given. The ids
 * must be exactly the list's items, inactive ones included; otherwise the list changed since the
 * caller loaded it (409) and nothing moves.
 */
export async function reorderItems(ctx: Ctx, p: Principal, key: string, ids: number[]) {
  requireCatalogueEdit(p, 'option_lists');
  const k = listOrNotFound(key);
  const items = await ctx.database.db.transaction(async (tx) => {
    const current = await repo.listOptionItemIdsForUpdate(tx, k);
    const known = new Set(current);
    if (ids.length !== current.length || ids.some((id) => !known.has(id))) {
      throw conflict('The list has changed since it was loaded (an item was added or is not in this list). Reload it and try again.');
    }
    await repo.setOptionItemSorts(tx, ids.map((id, i) => ({ id, sort: (i + 1) * 10 })), p.id);
    return (await repo.listOptionItems(tx, k, true)).map(toItem);
  });
  // The order is not what jobs read, but every write of a list announces itself: one rule.
  await announceOptionListsChanged(ctx);
  return items;
}
