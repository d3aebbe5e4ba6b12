import { UUID_RE } from '@sunstamp/domain/constants/ids.constants';
import { maySeeInactiveCatalogue } from '@sunstamp/domain/policies/catalogue.policy';
import {
  CODE_TYPES, ENGINEERING_REVIEWS, STAMP_TYPES, ZAhjBody, type AhjBody, type AhjPatch, type CodeType,
} from '@sunstamp/domain/contracts/catalogue';
import { EXPOSURE_CATEGORIES, JURISDICTION_TYPES, SEISMIC_DESIGN_CATEGORIES } from '@sunstamp/domain/constants/options.constants';
import type { AppContext } from '../../context.ts';
import type { Principal } from '../../platform/principal.ts';
import type { DbOrTx } from '../../db/client.ts';
import { conflict, notFound, invalidFields } from '../../platform/errors.ts';
import { requireCatalogueEdit } from '../../platform/access.ts';
import { defaultEditions, editionsByType, rejectImport } from '../catalogue/catalogue.api.ts';
import { readDirectoryCsv, type CellKind, type LineError } from './directory-csv.ts';
import * as repo from './ahjs.repository.ts';

/** What this service reads from the context (a slice, so a worker or a unit test can call it with fakes). */
type Ctx = Pick<AppContext, 'database'>;

const BATCH = 500;

export const toAhj = (r: repo.AhjRow) => ({
  id: r.id,
  name: r.name,
  state: r.state,
  jurisdiction_type: r.jurisdictionType as AhjBody['jurisdiction_type'],
  ibc: r.ibc, irc: r.irc, iebc: r.iebc, asce: r.asce, electrical: r.electrical, fire: r.fire,
  wind_speed_mph: r.windSpeedMph,
  ground_snow_load_psf: r.groundSnowLoadPsf,
  exposure_category: r.exposureCategory as AhjBody['exposure_category'] ?? null,
  min_design_temp_c: r.minDesignTempC,
  seismic_design_category: r.seismicDesignCategory as AhjBody['seismic_design_category'] ?? null,
  stamp_type: r.stampType as AhjBody['stamp_type'] ?? null,
  required_reviews: r.requiredReviews,
  notes: r.notes,
  is_active: r.isActive,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

/** Body fields → columns; only the keys given (an update or an import sets only what it has). */
function columnsOf(b: Partial<AhjBody>): Partial<repo.AhjInsert> {
  const out: Partial<repo.AhjInsert> = {};
  const map: [keyof AhjBody, keyof repo.AhjInsert][] = [
    ['name', 'name'], ['state', 'state'], ['jurisdiction_type', 'jurisdictionType'],
    ['ibc', 'ibc'], ['irc', 'irc'], ['iebc', 'iebc'], ['asce', 'asce'], ['electrical', 'electrical'], ['fire', 'fire'],
    ['wind_speed_mph', 'windSpeedMph'], ['ground_snow_load_psf', 'groundSnowLoadPsf'], ['exposure_category', 'exposureCategory'],
    ['min_design_temp_c', 'minDesignTempC'], ['seismic_design_category', 'seismicDesignCategory'], ['stamp_type', 'stampType'],
    ['required_reviews', 'requiredReviews'], ['notes', 'notes'],
  ];
  for (const [k, c] of map) if (b[k] !== undefined) (out as Record<string, unknown>)[c] = b[k];
  return out;
}

/** Adopted editions must be editions on offer in the code lists (GET /codes/…). */
function editionErrors(b: Partial<AhjBody>, offered: Map<CodeType, Set<string>>): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  for (const t of CODE_TYPES) {
    const v = b[t];
    if (v == null) continue;
    const set = offered.get(t) ?? new Set();
    if (!set.has(v)) out.push({ [t]: `"${v}" is not an edition on offer; choose one of ${[...set].join(', ')}.` });
  }
  return out;
}

async function checkEditions(db: DbOrTx, b: Partial<AhjBody>) {
  const errs = editionErrors(b, await editionsByType(db));
  if (errs.length) throw invalidFields(errs);
}

export async function searchAhjs(
  ctx: Ctx, p: Principal,
  q: { page: number; page_size: number; search?: string; state?: string; include_inactive?: boolean },
) {
  const { rows, count } = await repo.searchAhjs(ctx.database.db, {
    search: q.search || undefined, state: q.state || undefined,
    // Deactivated records are staff business.
    includeInactive: !!q.include_inactive && maySeeInactiveCatalogue(p.role),
    limit: q.page_size, offset: (q.page - 1) * q.page_size,
  });
  return { count, page: q.page, page_size: q.page_size, results: rows.map(toAhj) };
}

/** The AHJ row, or 404 (for a malformed id too: ids are not secrets, but a bad one names nothing). */
export async function findAhj(db: DbOrTx, id: string) {
  const row = UUID_RE.test(id) ? await repo.getAhj(db, id) : undefined;
  if (!row) throw notFound();
  return row;
}

export async function getAhj(ctx: Ctx, id: string) {
  return toAhj(await findAhj(ctx.database.db, id));
}

export async function createAhj(ctx: Ctx, p: Principal, given: AhjBody) {
  requireCatalogueEdit(p, 'ahjs');
  const db = ctx.database.db;
  // A code the request leaves out starts at its list's default edition (the Codes page's "Default
  // for a new AHJ"); one sent as null stays not known.
  const defaults = await defaultEditions(db);
  const body: AhjBody = { ...given };
  for (const t of CODE_TYPES) if (body[t] === undefined && defaults[t]) body[t] = defaults[t];
  await checkEditions(db, body);
  if (await repo.ahjNameTaken(db, body.state, body.name)) throw conflict(`An AHJ named ${body.name} in ${body.state} already exists.`);
  const row = await repo.insertAhj(db, { ...(columnsOf(body) as repo.AhjInsert), updatedById: p.id });
  return toAhj(row);
}

export async function updateAhj(ctx: Ctx, p: Principal, id: string, body: AhjPatch) {
  requireCatalogueEdit(p, 'ahjs');
  const db = ctx.database.db;
  const current = await findAhj(db, id);
  await checkEditions(db, body);
  const name = body.name ?? current.name;
  const state = body.state ?? current.state;
  if ((body.name !== undefined || body.state !== undefined) && (await repo.ahjNameTaken(db, state, name, id))) {
    throw conflict(`An AHJ named ${name} in ${state} already exists.`);
  }
  const row = await repo.patchAhj(db, id, {
    ...columnsOf(body),
    ...(body.is_active !== undefined ? { isActive: body.is_active } : {}),
    updatedById: p.id,
  });
  return toAhj(row);
}

/** Deactivates: jobs keep their AHJ, so it leaves the pickers and search but is never deleted. */
export async function deactivateAhj(ctx: Ctx, p: Principal, id: string) {
  return updateAhj(ctx, p, id, { is_active: false });
}

/** CSV columns of an AHJ import: the JSON field names (headers match case-insensitively). */
export const AHJ_CSV_COLUMNS: Record<string, CellKind> = {
  name: 'text', state: 'text', jurisdiction_type: { oneOf: JURISDICTION_TYPES },
  ibc: 'text', irc: 'text', iebc: 'text', asce: 'text', electrical: 'text', fire: 'text',
  wind_speed_mph: 'number', ground_snow_load_psf: 'number', exposure_category: { oneOf: EXPOSURE_CATEGORIES },
  min_design_temp_c: 'number', seismic_design_category: { oneOf: SEISMIC_DESIGN_CATEGORIES },
  stamp_type: { oneOf: STAMP_TYPES }, required_reviews: { listOf: ENGINEERING_REVIEWS }, notes: 'note',
};

/**
 * POST /ahjs/import: every row is checked (schema, code editions, duplicates in the file) before
 * anything is written; then one transaction upserts by (state, name). Columns missing from the
 * file are left as they are on existing AHJs.
 */
export async function importAhjs(ctx: Ctx, p: Principal, csv: () => Promise<string>) {
  requireCatalogueEdit(p, 'ahjs');
  const db = ctx.database.db;
  const read = await readDirectoryCsv(await csv(), AHJ_CSV_COLUMNS, ['name', 'state', 'jurisdiction_type'], ZAhjBody);
  if (read.rows.length === 0 && read.errors.length) rejectImport(read.errors);
  const offered = await editionsByType(db);
  const errors: LineError[] = [...read.errors];
  const seen = new Map<string, number>();
  const rows: repo.AhjInsert[] = [];
  for (const { line, body } of read.rows) {
    const eds = editionErrors(body, offered);
    if (eds.length) {
      errors.push({ line, message: eds.map((e) => Object.entries(e).map(([k, v]) => `${k}: ${v}`).join(' ')).join(' ') });
      continue;
    }
    const key = `${body.state}\u0000${body.name.toLowerCase()}`;
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push({ line, message: `${body.name} (${body.state}) is already on line ${first}.` });
      continue;
    }
    seen.set(key, line);
    rows.push({ ...(columnsOf(body) as repo.AhjInsert), updatedById: p.id });
  }
  if (errors.length) rejectImport(errors.sort((a, b) => a.line - b.line));
  const present = Object.keys(columnsOf(Object.fromEntries(read.present.map((c) => [c, 0])) as Partial<AhjBody>)) as (keyof repo.AhjInsert)[];
  let created = 0;
  let updated = 0;
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += BATCH) {
      const r = await repo.upsertAhjs(tx, rows.slice(i, i + BATCH), present);
      created += r.inserted;
      updated += r.updated;
    }
  });
  return { total: rows.length, created, updated };
}
