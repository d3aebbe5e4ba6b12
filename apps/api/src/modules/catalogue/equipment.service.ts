import { UUID_RE } from '@sunstamp/domain/constants/ids.constants';
import { equipmentConsistencyIssues } from '@sunstamp/domain/catalogue/equipment.rules';
import { parseSamCecInverters, parseSamCecModules, type SamCecInverter, type SamCecModule } from '@sunstamp/domain/catalogue/sam-cec.parser';
import type { EquipmentKind } from '@sunstamp/domain/catalogue/equipment.schema';
import {
  EQUIPMENT_TYPE_LISTS, equipmentDataSchema, type EquipmentBody, type EquipmentPatch,
} from '@sunstamp/domain/contracts/catalogue';
import type { AppContext } from '../../context.ts';
import type { Principal } from '../../platform/principal.ts';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, conflict, notFound, invalidFields } from '../../platform/errors.ts';
import { requireCatalogueEdit } from '../../platform/access.ts';
import { rejectImport } from './csv-upload.ts';
import { readCsvRecords } from '../../platform/csv-parse.pool.ts';
import * as repo from './catalogue.repository.ts';

/** What this service reads from the context (a slice, so a worker or a unit test can call it with fakes). */
type Ctx = Pick<AppContext, 'database'>;

const toItem = (r: repo.EquipmentRow) => ({
  id: r.id,
  kind: r.kind as EquipmentKind,
  manufacturer: r.manufacturer,
  model: r.model,
  type: r.type,
  data: r.data,
  source: r.source,
  is_active: r.isActive,
  updated_at: r.updatedAt.toISOString(),
});


export async function searchEquipment(
  ctx: Ctx,
  q: { kind?: EquipmentKind; search?: string; page: number; page_size: number; include_inactive?: boolean },
) {
  const words = (q.search ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
  const { rows, count } = await repo.searchEquipment(ctx.database.db, {
    kind: q.kind, words, includeInactive: !!q.include_inactive,
    limit: q.page_size, offset: (q.page - 1) * q.page_size,
  });
  return { count, page: q.page, page_size: q.page_size, results: rows.map(toItem) };
}

export async function getEquipment(ctx: Ctx, id: string) {
  const row = UUID_RE.test(id) ? await repo.getEquipment(ctx.database.db, id) : undefined;
  if (!row) throw notFound();
  return toItem(row);
}

// Identity fields live in columns; keeping them out of `data` leaves one place to read them.
const IDENTITY_KEYS = ['id', 'kind', 'manufacturer', 'model', 'type'];
const withoutIdentity = (data: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(data).filter(([k]) => !IDENTITY_KEYS.includes(k)));

async function checkType(db: DbOrTx, kind: EquipmentKind, type: string | null | undefined) {
  if (type == null) return;
  const values = await repo.activeOptionValues(db, EQUIPMENT_TYPE_LISTS[kind]);
  if (!values.has(type)) {
    throw badRequest('Unknown equipment type.', [{ type: `Choose one of: ${[...values].join(', ')}.` }]);
  }
}

function checkData(kind: EquipmentKind, data: Record<string, unknown>) {
  const r = equipmentDataSchema(kind).safeParse(data);
  if (!r.success) {
    throw invalidFields(r.error.issues.map((i) => ({ [['data', ...i.path.map(String)].join('.')]: i.message })));
  }
  const issues = equipmentConsistencyIssues(kind, data);
  if (issues.length) throw invalidFields(issues);
}

export async function createEquipment(ctx: Ctx, p: Principal, body: EquipmentBody) {
  requireCatalogueEdit(p, 'equipment');
  const db = ctx.database.db;
  await checkType(db, body.kind, body.type);
  if (body.data) checkData(body.kind, body.data);
  const row = await repo.insertEquipment(db, {
    kind: body.kind, manufacturer: body.manufacturer, model: body.model, type: body.type ?? null,
    data: withoutIdentity(body.data ?? {}), source: 'staff', updatedById: p.id,
  });
  if (!row) throw conflict(`${body.manufacturer} ${body.model} is already in the catalogue.`);
  return toItem(row);
}

export async function updateEquipment(ctx: Ctx, p: Principal, id: string, body: EquipmentPatch) {
  requireCatalogueEdit(p, 'equipment');
  const db = ctx.database.db;
  const current = await getEquipment(ctx, id);
  const kind = current.kind;
  if (body.data !== undefined) checkData(kind, body.data);
  if (body.type !== undefined) await checkType(db, kind, body.type);
  const manufacturer = body.manufacturer ?? current.manufacturer;
  const model = body.model ?? current.model;
  if ((body.manufacturer !== undefined || body.model !== undefined) && (await repo.equipmentKeyTaken(db, kind, manufacturer, model, id))) {
    throw conflict(`${manufacturer} ${model} is already in the catalogue.`);
  }
  const row = await repo.patchEquipment(db, id, {
    ...(body.manufacturer !== undefined ? { manufacturer } : {}),
    ...(body.model !== undefined ? { model } : {}),
    ...(body.type !== undefined ? { type: body.type } : {}),
    ...(body.data !== undefined ? { data: withoutIdentity(body.data) } : {}),
    ...(body.is_active !== undefined ? { isActive: body.is_active } : {}),
    source: 'staff',
    updatedById: p.id,
  });
  return toItem(row);
}

/** Deactivates: jobs may name the item, so it leaves the pickers but is never deleted. */
export async function deactivateEquipment(ctx: Ctx, p: Principal, id: string) {
  return updateEquipment(ctx, p, id, { is_active: false });
}

// ---------------------------------------------------------------- CEC import

const BATCH = 500;
const CEC_INVERTERS = { document: 'CEC list of eligible inverters (NREL SAM library format)', url: 'https://www.energy.ca.gov/programs-and-topics/programs/solar-equipment-lists' };
const CEC_MODULES = { document: 'CEC list of eligible PV modules (NREL SAM library format)', url: 'https://www.energy.ca.gov/programs-and-topics/programs/solar-equipment-lists' };

const dropNulls = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));

/**
 * A CEC inverter row → catalogue fields. The model keeps the file's "[240V]" suffix: the list has
 * one row per model and AC voltage with different ratings, and a designer picks the one at the
 * service voltage. The SAM performance parameters are kept under `sam`.
 */
function inverterRow(r: SamCecInverter) {
  const model = r.name.slice(r.name.indexOf(':') + 1).trim();
  return {
    manufacturer: r.manufacturer,
    model,
    data: dropNulls({
      acPowerW: r.pacoW,
      maxContinuousOutputCurrentA: r.maxContinuousOutputCurrentA,
      nominalVoltageV: r.vacV,
      vacRangeV: r.vacRangeV,
      maxDcVoltageV: r.vdcmaxV,
      mpptMinV: r.mpptLowV > 0 ? r.mpptLowV : null,
      mpptMaxV: r.mpptHighV > 0 ? r.mpptHighV : null,
      maxInputCurrentA: r.idcmaxA > 0 ? r.idcmaxA : null,
      // CEC lists no output current: derived as Paco / Vac by the parser.
      maxContinuousOutputCurrentDerived: r.maxContinuousOutputCurrentA !== null,
      sam: { pdcoW: r.pdcoW, vdcoV: r.vdcoV, psoW: r.psoW, c0: r.c0, c1: r.c1, c2: r.c2, c3: r.c3, pntW: r.pntW, cecDate: r.cecDate, cecType: r.cecType },
      source: CEC_INVERTERS,
    }),
  };
}

/**
 * A CEC module row → catalogue fields. Newer lists name the manufacturer; the name then starts
 * with it and the rest is the model. Older lists do not: the first word of the name stands in for
 * the manufacturer (staff can correct it; the key stays unique because the name is).
 */
function moduleRow(r: SamCecModule) {
  let manufacturer = r.manufacturer;
  let model = r.name;
  if (manufacturer && r.name.toLowerCase().startsWith(manufacturer.toLowerCase()) && r.name.length > manufacturer.length) {
    // Some names separate the two with punctuation ("Qcells, Q.PEAK DUO …"): the model starts after it.
    model = r.name.slice(manufacturer.length).replace(/^[\s,;:–-]+/, '').trim() || r.name;
  } else if (!manufacturer) {
    const space = r.name.indexOf(' ');
    manufacturer = space > 0 ? r.name.slice(0, space) : r.name;
    model = space > 0 ? r.name.slice(space + 1).trim() : r.name;
  }
  const mm = (m: number | null) => (m === null || m <= 0 ? null : Math.round(m * 1000));
  return {
    manufacturer,
    model,
    data: dropNulls({
      pmaxW: r.pmaxW, vocV: r.vocV, iscA: r.iscA, vmpV: r.vmpV, impA: r.impA,
      tempCoeffVocPctPerC: r.tempCoeffVocPctPerC, tempCoeffPmaxPctPerC: r.tempCoeffPmaxPctPerC,
      cellsInSeries: r.cellsInSeries, lengthMm: mm(r.lengthM), widthMm: mm(r.widthM), areaM2: r.areaM2,
      technology: r.technology, bifacial: r.bifacial, bipv: r.bipv,
      sam: {
        alphaScAPerC: r.alphaScAPerC, betaOcVPerC: r.betaOcVPerC, aRef: r.aRef, iLRef: r.iLRef, iORef: r.iORef, rS: r.rS,
        rShRef: r.rShRef, adjustPct: r.adjustPct, ptcW: r.ptcW, tNoctC: r.tNoctC, date: r.date, version: r.version,
      },
      source: CEC_MODULES,
    }),
  };
}

/**
 * POST /equipment/import: a CEC list in SAM format. Every row is checked first; one bad row
 * imports nothing. Rows upsert by (kind, manufacturer, model) in 500-row statements inside one
 * transaction, so a re-import updates instead of duplicating.
 */
export async function importCecEquipment(
  ctx: Pick<AppContext, 'database'>, p: Principal, kind: 'inverter' | 'module',
  csv: string | (() => Promise<string>),
) {
  requireCatalogueEdit(p, 'equipment');
  // Read an upload only once the caller may import it.
  const csvText = typeof csv === 'string' ? csv : await csv();
  // Large files are parsed off the event loop; past the caps of columns or rows: 413.
  const read = await readCsvRecords(csvText);
  if ('error' in read) rejectImport([read.error]);
  const parsed = kind === 'inverter' ? parseSamCecInverters(read.records) : parseSamCecModules(read.records);
  if (!parsed.ok) rejectImport(parsed.errors);
  if (parsed.rows.length === 0) throw badRequest('The file has no equipment rows; nothing was imported.');
  const rows: repo.EquipmentInsert[] = [];
  const firstLine = new Map<string, number>();
  const errors: { line: number; message: string }[] = [];
  for (const r of parsed.rows) {
    const fields = kind === 'inverter' ? inverterRow(r as SamCecInverter) : moduleRow(r as SamCecModule);
    const key = `${fields.manufacturer}\u0000${fields.model}`;
    const seen = firstLine.get(key);
    if (seen !== undefined) {
      errors.push({ line: r.line, message: `${fields.manufacturer} ${fields.model} is already on line ${seen}.` });
      continue;
    }
    firstLine.set(key, r.line);
    rows.push({ kind, ...fields, source: 'cec_import', updatedById: p.id });
  }
  if (errors.length) rejectImport(errors);
  let created = 0;
  let updated = 0;
  await ctx.database.db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += BATCH) {
      const r = await repo.upsertEquipmentBatch(tx, rows.slice(i, i + BATCH));
      created += r.inserted;
      updated += r.updated;
    }
  });
  return { kind, total: rows.length, created, updated };
}
