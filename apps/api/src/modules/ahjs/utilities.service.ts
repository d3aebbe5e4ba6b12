import { UUID_RE } from '@sunstamp/domain/constants/ids.constants';
import { maySeeInactiveCatalogue } from '@sunstamp/domain/policies/catalogue.policy';
import { ZUtilityBody, type UtilityBody, type UtilityPatch } from '@sunstamp/domain/contracts/catalogue';
import type { AppContext } from '../../context.ts';
import type { Principal } from '../../platform/principal.ts';
import type { DbOrTx } from '../../db/client.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { requireCatalogueEdit } from '../../platform/access.ts';
import { rejectImport } from '../catalogue/catalogue.api.ts';
import { readDirectoryCsv, type LineError } from './directory-csv.ts';
import * as repo from './ahjs.repository.ts';

/** What this service reads from the context (a slice, so a worker or a unit test can call it with fakes). */
type Ctx = Pick<AppContext, 'database'>;

const BATCH = 500;

export const toUtility = (r: repo.UtilityRow) => ({
  id: r.id,
  name: r.name,
  states: r.states,
  notes: r.notes,
  is_active: r.isActive,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

function columnsOf(b: Partial<UtilityBody>): Partial<repo.UtilityInsert> {
  return {
    ...(b.name !== undefined ? { name: b.name } : {}),
    ...(b.states !== undefined ? { states: b.states } : {}),
    ...(b.notes !== undefined ? { notes: b.notes } : {}),
  };
}

export async function searchUtilities(
  ctx: Ctx, p: Principal,
  q: { page: number; page_size: number; search?: string; state?: string; include_inactive?: boolean },
) {
  const { rows, count } = await repo.searchUtilities(ctx.database.db, {
    search: q.search || undefined, state: q.state || undefined,
    includeInactive: !!q.include_inactive && maySeeInactiveCatalogue(p.role),
    limit: q.page_size, offset: (q.page - 1) * q.page_size,
  });
  return { count, page: q.page, page_size: q.page_size, results: rows.map(toUtility) };
}

export async function findUtility(db: DbOrTx, id: string) {
  const row = UUID_RE.test(id) ? await repo.getUtility(db, id) : undefined;
  if (!row) throw notFound();
  return row;
}

export async function getUtility(ctx: Ctx, id: string) {
  return toUtility(await findUtility(ctx.database.db, id));
}

export async function createUtility(ctx: Ctx, p: Principal, body: UtilityBody) {
  requireCatalogueEdit(p, 'utilities');
  const db = ctx.database.db;
  if (await repo.utilityNameTaken(db, body.name)) throw conflict(`A utility named ${body.name} already exists.`);
  const row = await repo.insertUtility(db, { ...(columnsOf(body) as repo.UtilityInsert), updatedById: p.id });
  return toUtility(row);
}

export async function updateUtility(ctx: Ctx, p: Principal, id: string, body: UtilityPatch) {
  requireCatalogueEdit(p, 'utilities');
  const db = ctx.database.db;
  await findUtility(db, id);
  if (body.name !== undefined && (await repo.utilityNameTaken(db, body.name, id))) {
    throw conflict(`A utility named ${body.name} already exists.`);
  }
  const row = await repo.patchUtility(db, id, {
    ...columnsOf(body),
    ...(body.is_active !== undefined ? { isActive: body.is_active } : {}),
    updatedById: p.id,
  });
  return toUtility(row);
}

/** Deactivates: jobs keep their utility, so it leaves the pickers and search but is never deleted. */
export async function deactivateUtility(ctx: Ctx, p: Principal, id: string) {
  return updateUtility(ctx, p, id, { is_active: false });
}

/** POST /utilities/import: columns name, states (separated by ; or |, or , inside quotes), notes. */
export async function importUtilities(ctx: Ctx, p: Principal, csv: () => Promise<string>) {
  requireCatalogueEdit(p, 'utilities');
  const read = await readDirectoryCsv(await csv(), { name: 'text', states: 'list', notes: 'note' }, ['name'], ZUtilityBody);
  if (read.rows.length === 0 && read.errors.length) rejectImport(read.errors);
  const errors: LineError[] = [...read.errors];
  const seen = new Map<string, number>();
  const rows: repo.UtilityInsert[] = [];
  for (const { line, body } of read.rows) {
    const key = body.name.toLowerCase();
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push({ line, message: `${body.name} is already on line ${first}.` });
      continue;
    }
    seen.set(key, line);
    rows.push({ ...(columnsOf(body) as repo.UtilityInsert), updatedById: p.id });
  }
  if (errors.length) rejectImport(errors.sort((a, b) => a.line - b.line));
  const present = Object.keys(columnsOf(Object.fromEntries(read.present.map((c) => [c, 0])) as Partial<UtilityBody>)) as (keyof repo.UtilityInsert)[];
  let created = 0;
  let updated = 0;
  await ctx.database.db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += BATCH) {
      const r = await repo.upsertUtilities(tx, rows.slice(i, i + BATCH), present);
      created += r.inserted;
      updated += r.updated;
    }
  });
  return { total: rows.length, created, updated };
}
