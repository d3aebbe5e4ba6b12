import { UUID_RE } from '@sunstamp/domain/constants/ids.constants';
import { createHash } from 'node:crypto';
import { bytesOfStream } from '../../platform/storage.ts';
import type { DesignInputRaw } from '@sunstamp/engineering/design-input.schema';
import { calculateDesign } from '@sunstamp/engineering/design.calc';
import { isEngineRefusal } from '@sunstamp/engineering/engine-refusal';
import type { Check, Report } from '@sunstamp/engineering/report.schema';
import type { JobArray } from '@sunstamp/domain/jobs/job-defaults.schema';
import { blankCadFields } from '@sunstamp/domain/requirements/dynamic-cad-fields.rules';
import type { ResolvedRequirements } from '@sunstamp/domain/requirements/resolve.rules';
import type { DesignModel, FireCode, PlanSetInputRaw, RoofPlane } from '@sunstamp/planset/input.schema';
import { TEMPLATE_VERSION } from '@sunstamp/planset/planset.model';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { type JobRow, listRevisions, storedValueOf } from '../jobs/jobs.api.ts';
import { readRequirementFileBytes, resolveForJob } from '../requirements/requirements.api.ts';
import type { Discipline } from '@sunstamp/domain/engineers/engineer-licence.rules';
import { sealAreasFor } from '@sunstamp/domain/engineers/seal-coverage.rules';
import { serviceEquipmentProblems } from '@sunstamp/domain/jobs/service-equipment.rules';
import { compassFace, EXISTING_RSD_ENGINE, EXISTING_RSD_TYPES, parseRoofFaces, type ExistingRsdType, type RoofFace } from '@sunstamp/domain/jobs/cad-intake.schema';
import { autoBranchesOf, autoStringsOf, circuitsOf, electricalDesignProblems, type Circuit, type ElectricalKind } from '@sunstamp/domain/design/electrical-design.rules';
import { loadDesignFor, routeLengthFt, type DesignArray, type DesignSystem, type RoutePoint } from './planset-design.ts';
import * as repo from './plansets.repository.ts';
import { backupOf, batteryCouplingOf, loadCalculationOf, loadCalculationReason } from './planset-service.mapper.ts';
import { fixedOptimizerStringVoltageV } from '@sunstamp/domain/catalogue/equipment.rules';
import { codeRefText as refText } from '@sunstamp/engineering/report.builder';
import { edgeDistancesIn, planAttachments, withEdgeDistances, withRails } from '@sunstamp/planset/layout/attachments';
import { ZodError } from 'zod';
import { attachmentFor } from '@sunstamp/domain/design/attachment-type.rules';
import { CONNECTION_TYPES } from '@sunstamp/domain/catalogue/option-lists.data';
import { exposureCategoryOf, framingFactsOf } from '@sunstamp/domain/design/design-criteria.rules';

/*
 * Everything a plan-set run reads, assembled from the job: the engineering engine's input (the
 * AHJ's design criteria and code editions, the equipment models' specs from the catalogue, the
 * arrays, the service from the CAD intake, the requirements that are engine inputs) and the
 * PlanSetInput without its report (job, design model, resolved requirements, equipment with the
 * catalogue's datasheets, the firm, the contractor, revisions, stamps, requirement files, site
 * photos). What is missing is collected, not thrown at the first gap, so one answer names all of it:
 * the dynamic CAD fields the requirements ask for (spec §3) among it.
 */

type Ctx = Pick<AppContext, 'database' | 'storage' | 'clock' | 'caches'>;

export type MissingInput = { field: string; message: string };

export type GenerationInputs = {
  engine: DesignInputRaw;
  input: Omit<PlanSetInputRaw, 'report'>;
  /** sha256 of both (bytes hashed) and the template version: the run's identity. */
  hash: string;
  revision: number;
  /** Whose strings or branch circuits the engine got (the design's or the run's own), and the run's own for "Auto-assign". */
  electrical: { kind: ElectricalKind; source: 'design' | 'auto'; auto: Circuit[] };
  /** The PE seals the job's services and stamp requirements ask for (the set is a draft until the engineer seals it). */
  seals: { wanted: Discipline[] };
};

type ElectricalDesign = { kind: ElectricalKind; circuits: Circuit[] };

export type AssembleResult = { ok: true; inputs: GenerationInputs } | { ok: false; missing: MissingInput[] };


/** Not in the AHJ's criteria yet: the 2 % design dry-bulb of the hottest US climates we serve (Phoenix ≈ 43 °C), so ampacity is never under-derated. */
export const DEFAULT_HIGH_AMBIENT_C = 44;

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** A stable hash: object keys sorted, bytes replaced by their own sha256. */
export function stableHash(value: unknown): string {
  const walk = (v: unknown): unknown => {
    if (v instanceof Uint8Array) return { sha256: createHash('sha256').update(v).digest('hex') };
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, walk((v as Record<string, unknown>)[k])]));
    return v;
  };
  return createHash('sha256').update(TEMPLATE_VERSION).update(JSON.stringify(walk(value))).digest('hex');
}

async function readStored(ctx: Ctx, key: string | null | undefined): Promise<Uint8Array | undefined> {
  if (!key) return undefined;
  try {
    return new Uint8Array(await bytesOfStream(await ctx.storage.read(key)));
  } catch {
    // A datasheet missing from storage becomes the cut-sheet warning, not a failed run.
    return undefined;
  }
}

type Item = repo.EquipmentRow;
const dataOf = (item: Item | null | undefined) => (item?.data ?? {}) as Record<string, unknown>;

/**
 * The rail product's values from its catalogue row (issue 24, finding 3): the maker's allowable moment with
 * its document, or the generic class the row names (printed as ASSUMED); the maker's cantilever ratio and
 * allowable span, each with its document. XR10, XR100 and SolarMount each carry their own.
 */
export function railOfCatalogue(rackItem: Pick<Item, 'manufacturer' | 'model' | 'data'>) {
  const d = dataOf(rackItem as Item);
  const cls = (['light', 'standard', 'heavy'] as const).find((c) => c === d.railClass);
  const ratio = num(d.maxCantileverRatio);
  const span = num(d.maxAttachmentSpanIn);
  return {
    model: `${rackItem.manufacturer} ${rackItem.model}`,
    ...(num(d.allowableMomentLbFt) !== undefined ? { allowableMomentLbFt: num(d.allowableMomentLbFt) } : {}),
    ...(str(d.allowableMomentSource) ? { capacitySource: str(d.allowableMomentSource) } : {}),
    ...(cls ? { profile: cls } : {}),
    ...(ratio !== undefined && ratio > 0 && ratio <= 1 ? { maxCantileverRatio: ratio } : {}),
    ...(str(d.maxCantileverSource) ? { cantileverSource: str(d.maxCantileverSource) } : {}),
    ...(span !== undefined && span > 0 ? { maxSpanIn: span, ...(str(d.maxAttachmentSpanSource) ? { maxSpanSource: str(d.maxAttachmentSpanSource) } : {}) } : {}),
  };
}

/** Wire-size requirement values are the option list's labels ("10 AWG", "250 kcmil"); the engine takes the size alone. */
function wireSizeOf(v: unknown): string | undefined {
  const s = str(v);
  if (!s) return undefined;
  return s.replace(/\s*(AWG|kcmil)$/i, '');
}

function engineAcDisconnect(v: unknown): 'not-required' | 'always' | 'over-10kw' {
  if (v === 'Not Required') return 'not-required';
  if (v === 'Only Over 10 Kilowatts') return 'over-10kw';
  return 'always';
}

function engineProductionMeter(v: unknown): 'none' | 'always' | 'over-10kw' | 'over-20kw' | 'solar-rewards' {
  switch (v) {
    case 'Always Include': return 'always';
    case 'Only Over 10 Kilowatts': return 'over-10kw';
    case 'Only Over 20 Kilowatts': return 'over-20kw';
    case 'Only with Solar Rewards': return 'solar-rewards';
    default: return 'none';
  }
}

type Method = 'load-side-breaker' | 'load-side-tap' | 'main-breaker-derate' | 'supply-side-tap';
/** The CAD intake's interconnection (spec §9, about 37 methods) → the engine's four families; undefined lets the engine choose. */
export function interconnectionMethodOf(interconnection: string, mainBreakerDerate: boolean): Method | undefined {
  if (mainBreakerDerate || /Main Breaker Derate/i.test(interconnection)) return 'main-breaker-derate';
  if (/^Supply Side Tap|^Line Side Lugs|^Meter Collar/i.test(interconnection)) return 'supply-side-tap';
  if (/^Load Side Tap/i.test(interconnection)) return 'load-side-tap';
  if (/^PV Breaker|^Backfed Main Breaker/i.test(interconnection)) return 'load-side-breaker';
  return undefined;
}

const SAWN = ['2x4', '2x6', '2x8', '2x10', '2x12'] as const;

/** The array's framing for the engine and for the drawing. */
function framingOf(a: JobArray): { engine: { kind: 'rafter' | 'truss'; size: (typeof SAWN)[number] } | null; drawing: RoofPlane['framing'] } {
  const shape = str(a.frame_shape);
  const truss = /Truss/i.test(shape);
  const size = SAWN.find((s) => shape.includes(s)) ?? (truss && shape === 'Pre-Manufactured Truss' ? '2x4' : undefined);
  const drawing: RoofPlane['framing'] = {
    type: truss ? (a.nonstandard_framing ? 'Non Standard' : 'Fink') : 'Rafter',
    size: shape || '2x6',
    spacingIn: a.beam_spacing,
    spansIn: a.beam_span,
    ...(a.truss_builder_coords?.length ? { trussBuilderCoords: a.truss_builder_coords } : {}),
  };
  return { engine: size ? { kind: truss ? 'truss' : 'rafter', size } : null, drawing };
}

/**
 * Solar already on the premises (issue 25, finding 6): its rapid-shutdown type and the roof faces its array
 * is on give it its own 690.56(C) placard and roof diagram and a line in the 705.10 directory; without them
 * the new system's placard would speak for the whole building, so both are asked for.
 */
function existingPvOf(cad: Record<string, unknown>, need: (field: string, message: string) => void): { rapidShutdown: 'array-level' | 'conductor-level' | 'none'; faces: RoofFace[] } | undefined {
  if (cad.existing_solar !== true) return undefined;
  const type = str(cad.existing_rsd_type);
  const known = (EXISTING_RSD_TYPES as readonly string[]).includes(type);
  if (!known) need('cad_intake.existing_rsd_type', 'The site has existing solar: its rapid-shutdown type is needed (CAD intake, Existing Solar) for its own rapid-shutdown placard (NEC 690.56(C)).');
  const faces = parseRoofFaces(str(cad.existing_array_faces));
  if (!faces.ok || faces.faces.length === 0) {
    need('cad_intake.existing_array_faces', `The site has existing solar: the roof face(s) its array is on are needed (CAD intake, Existing Solar, e.g. "S, W") for the placard's roof diagram${faces.ok ? '' : `; "${faces.word}" is not a compass direction`}.`);
    return undefined;
  }
  return known ? { rapidShutdown: EXISTING_RSD_ENGINE[type as ExistingRsdType], faces: faces.faces } : undefined;
}

/** The firm's and the client's printed details, or what they lack. */
function partyProblems(prefix: string, c: { name: string; address: string | null; phoneNumber: string | null } | undefined, what: string): MissingInput[] {
  if (!c) return [{ field: prefix, message: `${what} is not set up.` }];
  const out: MissingInput[] = [];
  if (!str(c.address)) out.push({ field: `${prefix}.address`, message: `${what} (${c.name}) has no address for the title block.` });
  if (!str(c.phoneNumber)) out.push({ field: `${prefix}.phone_number`, message: `${what} (${c.name}) has no phone number for the title block.` });
  return out;
}

/** The title block's DRAWN BY box holds about 14 characters: the firm's name, or its initials when longer. */
export function drawnByOf(firm: string): string {
  const name = firm.trim();
  if (name.length <= 14) return name;
  return name.split(/\s+/).map((w) => w[0]!.toUpperCase()).join('').slice(0, 6);
}

/**
 * The inputs of a plan-set run of the job. `o.design`: the Design page's unsaved model, assembled
 * as if it were saved (the live checks), through the same code a run takes.
 */
export async function assembleGeneration(ctx: Ctx, job: JobRow, o: { design?: DesignModel } = {}): Promise<AssembleResult> {
  const db: DbOrTx = ctx.database.db;
  const missing: MissingInput[] = [];
  const need = (field: string, message: string) => missing.push({ field, message });
  const cad = (job.cadIntake ?? {}) as Record<string, unknown>;
  const cadFields = (job.cadFields ?? {}) as Record<string, unknown>;

  // ------------------------------------------------------------------ directory: AHJ, utility, state
  const ahj = job.ahjId ? await repo.ahjOf(db, job.ahjId) : undefined;
  if (!ahj) need('ahj_id', 'The job has no AHJ: its design criteria and adopted codes are needed.');
  const utilityText = str(cad.utility);
  const utility = UUID_RE.test(utilityText) ? await repo.utilityOf(db, utilityText) : undefined;
  const utilityName = utility?.name ?? (/^other$/i.test(utilityText) ? str(cad.custom_utility) : utilityText);
  if (!utilityName) need('cad_intake.utility', 'The job has no utility.');
  const state = job.clientStateId ? await repo.stateOf(db, job.clientStateId) : undefined;
  if (!str(job.clientStreetAddress)) need('client_street_address', 'The job has no street address.');
  if (!str(job.clientCity)) need('city', 'The job has no city.');
  if (!state) need('state', 'The job has no state.');
  if (!str(job.clientZipCode)) need('client_zip_code', 'The job has no ZIP code.');
  if (!str(job.name)) need('name', 'The job has no name.');
  if (!str(job.clientName)) need('client_name', 'The job has no client name.');

  if (ahj) {
    if (num(ahj.windSpeedMph) === undefined) need('ahj.wind_speed_mph', `The AHJ ${ahj.name} has no ultimate wind speed.`);
    if (num(ahj.groundSnowLoadPsf) === undefined) need('ahj.ground_snow_load_psf', `The AHJ ${ahj.name} has no ground snow load.`);
    if (num(ahj.minDesignTempC) === undefined) need('ahj.min_design_temp_c', `The AHJ ${ahj.name} has no minimum design temperature.`);
    if (!exposureCategoryOf(job, ahj)) need('ahj.exposure_category', `Neither the AHJ ${ahj.name} nor the job gives an exposure category.`);
    if (!ahj.electrical) need('ahj.electrical', `The AHJ ${ahj.name} has no adopted electrical code.`);
    if (!ahj.ibc) need('ahj.ibc', `The AHJ ${ahj.name} has no adopted building code (IBC).`);
    if (!ahj.irc && !ahj.fire) need('ahj.fire', `The AHJ ${ahj.name} has no adopted fire or residential code (rooftop access rules).`);
  }

  // ------------------------------------------------------------------ equipment
  const lines = await repo.equipmentOfJob(db, job.id);
  const line = (kind: string) => lines.find((l) => l.kind === kind);
  const catalogued = (kind: string, label: string, required: boolean) => {
    const l = line(kind);
    if (!l) {
      if (required) need(`equipment.${kind}`, `The job names no ${label}.`);
      return undefined;
    }
    if (!l.item) {
      need(`equipment.${kind}`, `The ${label} "${l.customModel}" is not in the equipment catalogue: add it, then link it on the job.`);
      return undefined;
    }
    return l;
  };
  const moduleLine = catalogued('module', 'module', true);
  const inverterLine = catalogued('inverter', 'inverter', true);
  const optimizerLine = catalogued('optimizer', 'optimizer', cad.needs_optimizer === true);
  const batteryLine = catalogued('battery', 'battery', cad.needs_battery_info === true);
  const rackingLine = catalogued('racking', 'racking system', true);
  const mciLine = line('mci')?.item ? line('mci') : undefined;

  const md = dataOf(moduleLine?.item);
  const id = dataOf(inverterLine?.item);
  const od = dataOf(optimizerLine?.item);
  const bd = dataOf(batteryLine?.item);
  const inverterType = str(inverterLine?.item?.type) || str(id.type);
  const micro = /Micro/i.test(inverterType);
  if (inverterLine?.item && !inverterType) need('equipment.inverter.type', `The inverter ${inverterLine.item.model} has no type (string or micro-inverter) in the catalogue.`);
  // Behind a fixed-voltage optimizer inverter the inverter's DC limit is the string's (690.7(B));
  // behind any other the string is n × the optimizer's V_out,max, which the catalogue must give.
  const fixedStringV = optimizerLine?.item ? fixedOptimizerStringVoltageV(id) : undefined;
  const optimizerOutV = num(od.maxOutputVoltageV) ?? fixedStringV;
  if (optimizerLine?.item && optimizerOutV === undefined) need('equipment.optimizer.maxOutputVoltageV', `The optimizer ${optimizerLine.item.model} has no maximum output voltage in the catalogue, and the inverter ${inverterLine?.item?.model ?? ''} does not hold the string at a fixed voltage.`);
  for (const [k, label] of [['lengthMm', 'length'], ['widthMm', 'width'], ['weightKg', 'weight']] as const) {
    if (moduleLine?.item && num(md[k]) === undefined) need(`equipment.module.${k}`, `The module ${moduleLine.item.model} has no ${label} in the catalogue.`);
  }

  // ------------------------------------------------------------------ arrays and service
  const arrays = ((job.arrays ?? []) as JobArray[]).map((a, i) => ({ a, i })).filter(({ a }) => (a.panel_quantity ?? 0) > 0);
  if (arrays.length === 0) need('arrays', 'No array of the job has modules (panel quantity).');
  // The attachment follows the roofing and the job's connection type; one that does not fit is asked about.
  const attachmentsOf = arrays.map(({ a, i }) => {
    const ct = typeof a.connection_type === 'string' ? a.connection_type : null;
    const known = ct === null || ct === 'other' || CONNECTION_TYPES.items.some((c) => c.value === ct);
    const r = known ? attachmentFor(str(a.roof_material), ct, a.custom_connection_type) : attachmentFor(str(a.roof_material), 'other', ct.replace(/_/g, ' '));
    if (!r.ok) need(`arrays.${i}.connection_type`, `Array ${i + 1}: ${r.message}.`);
    return r.ok ? r.attachment : undefined;
  });
  const framings = arrays.map(({ a, i }) => {
    const f = framingOf(a);
    if (!f.engine) need(`arrays.${i}.frame_shape`, `Array ${i + 1}'s framing "${a.frame_shape ?? ''}" is not one the structural check sizes (a sawn 2x4–2x12 rafter or a truss).`);
    const facts = framingFactsOf(a);
    if (facts.problem) need(`arrays.${i}.material_grade`, `Array ${i + 1}: ${facts.problem}.`);
    if (a.roof_pitch > 45) need(`arrays.${i}.roof_pitch`, `Array ${i + 1}'s pitch ${a.roof_pitch}° is steeper than the 45° the wind tables cover.`);
    return f;
  });
  const mpu = cad.mpu_required === true;
  const busbar = num(mpu ? cad.new_msp_rating : cad.msp_rating);
  const mainBreaker = num(mpu ? cad.new_mb_rating : cad.breaker_rating);
  if (busbar === undefined) need(mpu ? 'cad_intake.new_msp_rating' : 'cad_intake.msp_rating', 'The main service panel\'s busbar rating is needed (CAD intake).');
  if (mainBreaker === undefined) need(mpu ? 'cad_intake.new_mb_rating' : 'cad_intake.breaker_rating', 'The main breaker rating is needed (CAD intake).');
  // A panel that cannot exist (a main over its busbar, a non-standard rating) is refused by name, never
  // "solved" by another interconnection (issue 25): the intake refuses it too; older jobs may hold it.
  for (const p of serviceEquipmentProblems(cad)) need(`cad_intake.${p.field}`, p.message);
  if (mpu && !str(cad.mpu_model_number)) need('cad_intake.mpu_model_number', 'A main panel upgrade is ordered: name the new panel (MPU model number) so PV-1 and PV-4 can draw it.');
  if (mpu && (num(cad.msp_rating) === undefined || num(cad.breaker_rating) === undefined)) need(num(cad.msp_rating) === undefined ? 'cad_intake.msp_rating' : 'cad_intake.breaker_rating', 'A main panel upgrade is ordered: the existing panel\'s busbar and main breaker ratings are needed for the scope of work.');
  // The order as drawn (issue 25): storage coupled as the catalogue says, its backup, and the
  // Article 220 load calculation a derate, an upgrade or whole-home backup needs.
  const coupling = batteryLine?.item ? batteryCouplingOf(str(batteryLine.item.type) || str(bd.type), batteryLine.item.model) : undefined;
  if (coupling && 'refusal' in coupling) need(coupling.refusal.field, coupling.refusal.message);
  const backupOrder = cad.needs_battery_info === true ? backupOf(cad, !!batteryLine) : { missing: [] };
  missing.push(...backupOrder.missing);
  const loadCalc = loadCalculationOf(cad, loadCalculationReason(cad));
  missing.push(...loadCalc.missing);
  const existingPv = existingPvOf(cad, need);

  // ------------------------------------------------------------------ parties
  const firm = await repo.firmCompany(db);
  missing.push(...partyProblems('firm', firm, 'The engineering firm (the internal company)'));
  const client = await repo.companyOf(db, job.companyId);
  missing.push(...partyProblems('company', client, 'The contractor company'));
  const license = str(cad.contractor_license_num);
  if (!license) need('cad_intake.contractor_license_num', 'The contractor\'s license number is needed (CAD intake).');

  // ------------------------------------------------------------------ requirements, and the CAD fields they ask for
  // Resolved with the system size known (modules × Pmax). A text or number field a requirement
  // that is on asks for and the job leaves blank is missing: the title block would print a dash
  // where the AHJ asked for a fact. The building permit number is not (a write-in line).
  const moduleCount = arrays.reduce((s, { a }) => s + (a.panel_quantity ?? 0), 0);
  const pmaxW = num(md.pmaxW)!;
  const systemSizeKw = (moduleCount * pmaxW) / 1000;
  const resolved: ResolvedRequirements = await resolveForJob(ctx, {
    companyId: job.companyId, utilityId: utility?.id, ahjId: ahj?.id,
    facts: {
      systemSizeKw,
      hasBattery: !!batteryLine,
      hasOptimizers: !!optimizerLine,
      inverterType: (inverterType || undefined) as never,
      hasSubpanel: cad.subpanel_routed === true,
      ...(str(cadFields.utility_program) ? { utilityProgram: str(cadFields.utility_program) } : {}),
    },
  });
  for (const { field, askedBy } of blankCadFields(resolved, (k) => storedValueOf(job, k))) {
    const who = askedBy.length === 1 ? `the requirement ${askedBy[0]} asks` : `the requirements ${askedBy.join(', ')} ask`;
    need(`cad_fields.${field.key}`, `${field.label} is needed: ${who} for it on the plan set. Enter it in the job's CAD fields (Design inputs on the job page).`);
  }

  if (missing.length) return { ok: false, missing };

  // Everything below has what it needs.
  const modItem = moduleLine!.item!;
  const invItem = inverterLine!.item!;
  const rackItem = rackingLine!.item!;
  const rv = (key: string) => resolved.values[key];
  const on = (key: string) => rv(key)?.on === true;

  const necMatch = /NEC\s*(\d{4})/i.exec(ahj!.electrical ?? '');
  // The Canadian code is named "CSA C22.1-<edition>" (the requirement or the AHJ); "CEC" is the
  // California Electrical Code (issue 26). The engine refuses both with its reasons.
  const csaOf = (v: unknown) => /CSA\s*C22\.1\D*(2021|2024)/i.exec(String(v ?? ''))?.[1] as '2021' | '2024' | undefined;
  const csa = csaOf(rv('dwg_electrical_code')?.value) ?? csaOf(ahj!.electrical);
  const electricalCode: 'NEC' | 'CEC' | 'CSA C22.1' = csa ? 'CSA C22.1' : /CEC/i.test(ahj!.electrical ?? '') || rv('dwg_electrical_code')?.value === 'CEC' ? 'CEC' : 'NEC';
  const nec = (necMatch?.[1] ?? '2020') as '2017' | '2020' | '2023';
  const minTempC = num(ahj!.minDesignTempC)!;
  // One rule for the sheets, the engine and the letters (issue 24, finding 7): the job's category, else the AHJ's.
  const exposure = exposureCategoryOf(job, ahj)!;
  const heightFt = Math.max(...arrays.map(({ a }) => a.height_from_ground), 10);
  const editionOf = (v: string | null | undefined) => (/\d{4}/.exec(v ?? '')?.[0] ?? '2021');
  const fireEdition = editionOf(ahj!.irc ?? ahj!.fire) as FireCode['edition'];
  const fireCode: FireCode = { code: ahj!.irc ? 'IRC' : 'IFC', edition: (['2012', '2015', '2018', '2021', '2024'].includes(fireEdition) ? fireEdition : '2021') as FireCode['edition'], sprinklered: false };

  // ------------------------------------------------------------------ electrical design: strings or branches
  const lengthIn = num(md.lengthMm)! / 25.4;
  const widthIn = num(md.widthMm)! / 25.4;
  const weightLb = num(md.weightKg)! * 2.20462;
  const vocV = num(md.vocV)!;
  const coeff = num(md.tempCoeffVocPctPerC) ?? -0.3;
  const vocCold = vocV * (1 + (coeff / 100) * (minTempC - 25));
  const maxDcV = Math.min(num(id.maxDcVoltageV) ?? 600, 600);
  const optimizer = !!optimizerLine;
  const system: DesignSystem = {
    kind: micro ? 'micro' : optimizer ? 'optimizer' : 'string',
    battery: !!batteryLine,
    acDisconnect: rv('ac_disconnect')?.value !== 'Not Required',
    subpanel: cad.subpanel_routed === true,
    productionMeter: on('production_meter'),
    rapidShutdownInitiator: !micro && !optimizer,
  };
  const designArrays: DesignArray[] = arrays.map(({ a }, k) => ({
    id: `A${k + 1}`, moduleCount: a.panel_quantity ?? 0, pitchDeg: a.roof_pitch, orientation: a.orientation === 'Landscape' ? 'landscape' : 'portrait',
    material: str(a.roof_material) || 'Asphalt shingle', framing: framings[k]!.drawing,
  }));
  const layout = await loadDesignFor(ctx, job, {
    revision: job.revisionNumber, arrays: designArrays, module: { lengthIn, widthIn }, fireCode,
    roofIsHip: job.roofType === 'Hip Roof', streetName: str(job.clientStreetAddress).replace(/^\d+\s+/, '') || 'Street', system,
  }, o.design);
  if (!layout.ok) return { ok: false, missing: [{ field: 'design', message: `The roof layout could not place every module: ${layout.detail}.` }] };
  const modules = layout.design.modules;
  // The existing array's roof faces are drawn on the design's planes facing them (PV-5's placard diagrams).
  const unplaced = existingPv?.faces.filter((f) => !layout.design.roofPlanes.some((p) => compassFace(p.azimuthDeg) === f)) ?? [];
  if (unplaced.length) return { ok: false, missing: [{ field: 'cad_intake.existing_array_faces', message: `The existing solar array is on the ${unplaced.join(', ')} roof face${unplaced.length > 1 ? 's' : ''}, which no roof plane of the design faces: add that roof plane on the job's Design page or correct the face in the CAD intake, so the rapid-shutdown placard's roof diagram can show the existing array.` }] };
  const arrayOfPlane = new Map(layout.design.roofPlanes.map((p) => [p.id, p.arrayId]));
  const modulesOf = (arrayId: string) => modules.filter((m) => arrayOfPlane.get(m.planeId) === arrayId).map((m) => m.id);

  // The designer's strings or branch circuits when the design has them (the Design page checks
  // them and a save holds every module in one); else the run's own: as few and as even as the
  // inverter's DC voltage window (or the micro-inverter's units per branch) allows, array by array.
  const perUnit = /Dual/i.test(inverterType) ? 2 : 1;
  const maxUnits = micro ? num(id.maxUnitsPerBranch) ?? Math.max(1, Math.floor(16 / num(id.maxContinuousOutputCurrentA)!)) : 0;
  const maxSeries = optimizer ? Math.max(1, Math.min(25, Math.floor(5700 / pmaxW))) : Math.max(1, Math.floor(maxDcV / vocCold));
  const auto: ElectricalDesign = micro
    ? { kind: 'branch_circuits', circuits: autoBranchesOf(modules.map((m) => m.id), perUnit, maxUnits) }
    : { kind: 'strings', circuits: autoStringsOf(designArrays.map((da) => ({ moduleIds: modulesOf(da.id) })), maxSeries) };
  const given = circuitsOf(layout.electrical, auto.kind).filter((c) => c.moduleIds.length > 0);
  const fromDesign = given.length > 0 && electricalDesignProblems({ modules, ...layout.electrical }, { complete: false }).length === 0;
  const chosen = fromDesign ? given : auto.circuits;
  const arrayOfModule = new Map(modules.map((m) => [m.id, arrayOfPlane.get(m.planeId)]));
  const strings: { id: string; arrayId?: string; modulesInSeries: number }[] = [];
  const branches: { id: string; units: number }[] = [];
  if (micro) {
    for (const c of chosen) branches.push({ id: c.id, units: Math.ceil(c.moduleIds.length / perUnit) });
  } else {
    for (const c of chosen) {
      const arraysOf = new Set(c.moduleIds.map((mid) => arrayOfModule.get(mid)));
      const only = arraysOf.size === 1 ? [...arraysOf][0] : undefined;
      strings.push({ id: c.id, ...(only ? { arrayId: only } : {}), modulesInSeries: c.moduleIds.length });
    }
  }
  const designStrings: DesignModel['strings'] = micro ? [] : chosen;
  const designBranches: DesignModel['branchCircuits'] = micro ? chosen : [];
  const electrical: GenerationInputs['electrical'] = { kind: auto.kind, source: fromDesign ? 'design' : 'auto', auto: auto.circuits };

  // ------------------------------------------------------------------ runs, measured on the site plan
  const r = layout.routes;
  const runs: NonNullable<DesignInputRaw['runs']> = [];
  const designRuns: DesignModel['runs'] = [];
  const method = interconnectionMethodOf(str(cad.interconnection), cad.main_breaker_derate === true);
  const dcCoupled = !!coupling && 'coupling' in coupling && coupling.coupling === 'dc';
  const addRun = (from: RoutePoint, to: RoutePoint, names: [string, string], location: 'rooftop-raceway' | 'exterior', carries: NonNullable<DesignInputRaw['runs']>[number]['carries']) => {
    const a = r[from];
    const b = r[to];
    if (!a || !b) return;
    const route = a.x === b.x || a.y === b.y ? [a, b] : [a, { x: b.x, y: a.y }, b];
    const lengthFt = routeLengthFt(route, location === 'rooftop-raceway' ? 12 : 4);
    const runId = `R${runs.length + 1}`;
    runs.push({ id: runId, from: names[0], to: names[1], lengthFt, location, ...(location === 'rooftop-raceway' ? { heightAboveRoofIn: 1 } : {}), carries });
    designRuns.push({ id: runId, route, lengthFt });
  };
  // The AC path from the last equipment to the service: through the AC disconnect where there is one.
  const toService = (from: RoutePoint, fromName: string, includeBattery: boolean) => {
    const last: NonNullable<DesignInputRaw['runs']>[number]['carries'] = method === 'supply-side-tap' ? { kind: 'supply-side-tap' } : { kind: 'inverter-output', includeBattery };
    if (system.acDisconnect) {
      addRun(from, 'ac_disconnect', [fromName, 'AC disconnect'], 'exterior', { kind: 'inverter-output', includeBattery });
      addRun('ac_disconnect', 'main_panel', ['AC disconnect', 'Main service panel'], 'exterior', last);
    } else {
      addRun(from, 'main_panel', [fromName, 'Main service panel'], 'exterior', last);
    }
  };
  if (micro) {
    addRun('roof', 'combiner', ['Roof junction box', 'AC combiner'], 'rooftop-raceway', { kind: 'branches', ids: branches.map((b) => b.id) });
    // An AC-coupled battery lands in the same combiner: its circuit, and the battery's current on
    // every run from there to the service (it was counted at the busbar but drawn nowhere).
    if (system.battery) addRun('battery', 'combiner', ['Battery', 'AC combiner'], 'exterior', { kind: 'battery' });
    toService('combiner', 'AC combiner', system.battery);
  } else {
    addRun('roof', 'inverter', ['Roof junction box', 'Inverter'], 'rooftop-raceway', { kind: 'strings', ids: strings.map((s) => s.id) });
    if (system.battery && dcCoupled) {
      // DC-coupled: the batteries sit on the hybrid inverter's DC side (706.30); its output is the only AC source.
      addRun('battery', 'inverter', ['Battery', 'Inverter'], 'exterior', { kind: 'battery-dc' });
      toService('inverter', 'Inverter', false);
    } else if (system.battery) {
      addRun('inverter', 'combiner', ['Inverter', 'AC combiner panel'], 'exterior', { kind: 'inverter-output' });
      addRun('battery', 'combiner', ['Battery', 'AC combiner panel'], 'exterior', { kind: 'battery' });
      toService('combiner', 'AC combiner panel', true);
    } else {
      toService('inverter', 'Inverter', false);
    }
  }

  let engine: DesignInputRaw = {
    projectName: job.name,
    site: {
      designMinTempC: minTempC,
      highAmbientTempC: DEFAULT_HIGH_AMBIENT_C,
      windSpeedMph: num(ahj!.windSpeedMph)!,
      exposure,
      groundSnowLoadPsf: num(ahj!.groundSnowLoadPsf)!,
      meanRoofHeightFt: Math.min(60, heightFt),
      codes: { electricalCode, ...(csa ? { csa } : {}), nec, asce: ((ahj!.asce ?? '7-16') as '7-10' | '7-16' | '7-22'), iebc: editionOf(ahj!.iebc) as '2018' },
    },
    equipment: {
      module: {
        model: modItem.model, pmaxW, vocV, iscA: num(md.iscA)!, vmpV: num(md.vmpV)!, impA: num(md.impA)!,
        vocTempCoeffPctPerC: coeff, lengthIn, widthIn, weightLb,
        maxSystemVoltageV: num(md.maxSystemVoltageV) ?? 1000, maxSeriesFuseA: num(md.maxSeriesFuseA) ?? 20,
      },
      inverter: {
        model: invItem.model, kind: micro ? 'micro' : 'string', count: micro ? 1 : Math.max(1, inverterLine!.quantity ?? 1),
        continuousOutputCurrentA: num(id.maxContinuousOutputCurrentA)!, ratedOutputW: num(id.acPowerW)!, nominalAcVoltageV: num(id.nominalVoltageV) ?? 240,
        ...(num(id.maxDcVoltageV) !== undefined ? { maxDcInputVoltageV: num(id.maxDcVoltageV) } : {}),
        ...(num(id.maxOcpdA) !== undefined ? { maxOcpdA: num(id.maxOcpdA) } : {}),
        ...(micro ? { modulesPerUnit: /Dual/i.test(inverterType) ? 2 : 1, ...(num(id.maxUnitsPerBranch) !== undefined ? { maxUnitsPerBranch: num(id.maxUnitsPerBranch) } : {}) } : {}),
      },
      ...(optimizerLine ? { optimizer: { model: optimizerLine.item!.model, maxOutputCurrentA: num(od.maxOutputCurrentA)!, maxOutputVoltageV: optimizerOutV!, ...(num(od.maxInputVoltageV) !== undefined ? { maxInputVoltageV: num(od.maxInputVoltageV) } : {}), ...(fixedStringV !== undefined ? { maxStringVoltageV: fixedStringV } : {}) } } : {}),
      ...(batteryLine ? {
        battery: {
          model: batteryLine.item!.model, count: Math.max(1, batteryLine.quantity ?? 1), coupling: dcCoupled ? 'dc' as const : 'ac' as const,
          // The catalogue's maximum continuous current is the AC output of an AC-coupled unit and the DC circuit's nameplate current of a DC-coupled one.
          ...(dcCoupled ? (num(bd.maxContinuousCurrentA) !== undefined ? { maxContinuousCurrentA: num(bd.maxContinuousCurrentA)! } : {}) : (num(bd.maxContinuousCurrentA) !== undefined ? { continuousOutputCurrentA: num(bd.maxContinuousCurrentA)! } : {})),
          ...(num(bd.nominalVoltageV) !== undefined ? { nominalVoltageV: num(bd.nominalVoltageV)! } : {}),
          ...(num(bd.energyKwh) !== undefined ? { energyKwh: num(bd.energyKwh)! } : {}),
          ...(num(bd.continuousPowerKw) !== undefined ? { ratedOutputW: num(bd.continuousPowerKw)! * 1000 } : {}),
        },
      } : {}),
      ...(!micro && !optimizer ? { rapidShutdownDevice: mciLine ? 'mlpe' as const : 'array-boundary' as const } : {}),
    },
    arrays: arrays.map(({ a }, k) => ({
      id: `A${k + 1}`, moduleCount: a.panel_quantity ?? 0, roofPitchDeg: a.roof_pitch, roofType: job.roofType === 'Hip Roof' ? 'hip' : 'gable',
      orientation: a.orientation === 'Landscape' ? 'landscape' : 'portrait',
      framing: { ...framings[k]!.engine!, spacingIn: a.beam_spacing, spansIn: a.beam_span, panelsOnRafter: Math.max(1, a.num_panels_on_rafter ?? 2), ...framingFactsOf(a).framing },
      ...(framingFactsOf(a).roofDeadLoadPsf !== undefined ? { roofDeadLoadPsf: framingFactsOf(a).roofDeadLoadPsf } : {}),
      // The rail product's allowable moment and its document, from the catalogue (no one value for every rail).
      rail: railOfCatalogue(rackItem),
      ...(str(a.roof_material) ? { roofMaterial: str(a.roof_material) } : {}),
      attachment: {
        kind: attachmentsOf[k]!.kind,
        ...(attachmentsOf[k]!.kind === 'ballast' ? { ballastPsf: a.ballast_weight } : {}),
        ...(num(dataOf(rackItem).allowableUpliftLb) !== undefined ? { allowableUpliftLb: num(dataOf(rackItem).allowableUpliftLb) } : {}),
      },
    })),
    strings,
    branchCircuits: branches,
    runs,
    service: {
      // The intake's interconnection is the order: drawn as ordered or refused with the reason (issue 25).
      mainBreakerA: mainBreaker!, busbarA: busbar!, ...(method ? { preferredMethod: method, preferredMethodIsOrder: true } : {}),
      ...(loadCalc.calc ? { loadCalculation: loadCalc.calc } : {}),
      ...(backupOrder.backup ? { backup: backupOrder.backup } : {}),
    },
    ...(existingPv ? { existingPv: { rapidShutdown: existingPv.rapidShutdown } } : {}),
    requirements: {
      tapsNotAllowed: on('taps_not_allowed'),
      supplySideTapsNotAllowed: on('supply_side_taps_not_allowed'),
      loadSideTapsNotAllowed: on('load_side_taps_not_allowed'),
      mbDerateNotAllowed: on('mb_derate_not_allowed'),
      fusedAcDisconnectRequired: on('fused_acd_required'),
      acDisconnect: engineAcDisconnect(rv('ac_disconnect')?.value),
      productionMeter: engineProductionMeter(rv('production_meter')?.value),
      wireSizes: {
        ...(wireSizeOf(rv('ac_wire_size')?.value) ? { ac: wireSizeOf(rv('ac_wire_size')?.value) as '10' } : {}),
        ...(wireSizeOf(rv('ac_ground_size')?.value) ? { acGround: wireSizeOf(rv('ac_ground_size')?.value) as '10' } : {}),
        ...(wireSizeOf(rv('dc_wire_size')?.value) ? { dc: wireSizeOf(rv('dc_wire_size')?.value) as '10' } : {}),
        ...(wireSizeOf(rv('dc_ground_size')?.value) ? { dcGround: wireSizeOf(rv('dc_ground_size')?.value) as '10' } : {}),
      },
      ...(['EMT', 'PVC-40', 'PVC-80', 'RMC', 'FMC', 'LFMC'].includes(str(rv('conduit_naming')?.value)) ? { conduitNaming: str(rv('conduit_naming')?.value) as 'EMT' } : {}),
      stressAnalysis: on('stress_analysis'),
      unreducedSnowLoad: on('unreduced_snow_load'),
    },
  };

  // The intake leaves the method to the engine: where it lands on a supply-side tap, the run to the
  // service carries the tap conductors (sized by 705.11(B), bonded by 250.102(C)(1)), never an inverter
  // output circuit with an EGC (issue 25). The engine is pure and fast; a refusal is left to the run.
  if (!method) {
    let chosen: string | null = null;
    try { chosen = calculateDesign(engine).interconnection.method; } catch { chosen = null; }
    if (chosen === 'supply-side-tap') {
      const last = runs.findIndex((x) => x.to === 'Main service panel');
      if (last >= 0) runs[last] = { ...runs[last]!, carries: { kind: 'supply-side-tap' } };
      engine.service.preferredMethod = 'supply-side-tap';
    }
  }

  // ------------------------------------------------------------------ files: datasheets, requirement files, photos
  const datasheet = (item: Item | null | undefined) => readStored(ctx, item?.datasheetKey);
  const scopes = [
    { scopeType: 'company' as const, scopeId: job.companyId },
    ...(utility ? [{ scopeType: 'utility' as const, scopeId: utility.id }] : []),
    { scopeType: 'ahj' as const, scopeId: ahj!.id },
  ];
  const requirementFiles: Record<string, { name: string; bytes: Uint8Array }[]> = {};
  for (const key of ['cut_sheet_pv8a', ...Array.from({ length: 10 }, (_, i) => `cut_sheet_pv${i + 11}`), 'noa_cut_sheets', 'ul_1703_cut_sheets', 'elevation_detail_file']) {
    const v = rv(key);
    if (!v?.on) continue;
    const refs = (Array.isArray(v.value) ? v.value : [v.value]) as { id?: string; name?: string }[];
    const files = [];
    for (const ref of refs) {
      if (!ref?.id) continue;
      const f = await readRequirementFileBytes(ctx, ref.id, scopes);
      if (f) files.push({ name: f.name, bytes: f.bytes });
    }
    if (files.length) requirementFiles[key] = files;
  }
  let contractorStamp: Uint8Array | undefined;
  const stampRef = rv('contractor_stamp')?.value as { id?: string } | null | undefined;
  if (on('contractor_stamp') && !resolved.contractorStamp.removed && stampRef?.id) {
    contractorStamp = (await readRequirementFileBytes(ctx, stampRef.id, scopes))?.bytes;
  }
  // The PE seals the job's services and stamp requirements call for, on the pages the job or the
  // requirements list (none listed: the default coverage). The set is drawn as a draft with the
  // seals' places marked; the engineer seals it afterwards (deliverables/seal.service.ts).
  const sealAreas = sealAreasFor({
    services: job.servicesRequested,
    requirementOn: on,
    requirementText: (k) => (on(k) && typeof rv(k)?.value === 'string' ? String(rv(k)!.value) : ''),
    jobPages: { structural: job.structuralPagesToStamp, electrical: job.electricalPagesToStamp },
  });
  const stamps: PlanSetInputRaw['stamps'] = { ...(contractorStamp ? { contractor: contractorStamp } : {}), sealAreas };
  const seals: GenerationInputs['seals'] = { wanted: sealAreas.map((a) => a.discipline) };
  const jobFileRows = await repo.jobFileKeys(db, job.id);
  const photos = async (kind: string) => {
    const out = [];
    for (const f of jobFileRows.filter((x) => x.kind === kind && /^image\/(png|jpeg)$/.test(x.mime)).slice(0, Math.max(0, job.sitePhotoCount))) {
      const bytes = await readStored(ctx, f.storageKey);
      if (bytes) out.push({ name: f.name, bytes });
    }
    return out;
  };

  const revisions = (await listRevisions(db, job.id)).map(({ r }) => ({
    number: r.number, date: r.createdAt.toISOString().slice(0, 10), description: r.note.trim() || r.reason.replace(/_/g, ' '), reason: r.reason,
  }));
  const dynamic: Record<string, unknown> = {};
  for (const k of ['case_number', 'tmk', 'site_id', 'building_permit_number', 'utility_program']) if (str(cadFields[k])) dynamic[k] = str(cadFields[k]);
  for (const k of ['asphalt_shingle_layers', 'num_stories']) if (num(cadFields[k]) !== undefined) dynamic[k] = Math.round(num(cadFields[k])!);
  if (job.parcelInfo && typeof job.parcelInfo === 'object') {
    dynamic.parcel_info = Object.fromEntries(Object.entries(job.parcelInfo as Record<string, unknown>).filter(([, v]) => v !== null && v !== '' && v !== undefined));
  }

  // Attachments on rafters within the rail's allowable span and cantilever for this site (unless the
  // designer drew them), and the engine checks the rails as drawn: a rail that cannot be held names itself.
  let attachments = layout.design.attachments;
  try {
    const ballasted = new Set(attachmentsOf.flatMap((x, k) => (x?.kind === 'ballast' ? [`A${k + 1}`] : [])));
    const plan = planAttachments(layout.design, { lengthIn, widthIn }, engine, ballasted);
    if (!plan.ok) return { ok: false, missing: [{ field: 'design.attachments', message: `The attachments cannot be laid out: ${plan.detail}. Use a heavier rail, closer framing, or change the layout on the job's Design page.` }] };
    attachments = plan.attachments;
    engine = withRails(engine, plan.railsByArray);
    // ASCE 7 §29.4.4: the drawn modules' least distance to the roof edges and ridges, checked by the engine.
    engine = withEdgeDistances(engine, edgeDistancesIn(layout.design, { lengthIn, widthIn }));
  } catch (e) {
    // An engine input the schema refuses: the engine's own refusal names it when the run calculates.
    if (!(e instanceof ZodError)) throw e;
  }
  const design: DesignModel = { ...layout.design, attachments, strings: designStrings, branchCircuits: designBranches, runs: designRuns };
  const input: Omit<PlanSetInputRaw, 'report'> = {
    job: {
      id: job.id, name: job.name, clientName: job.clientName,
      address: { street: job.clientStreetAddress, city: job.clientCity, state: state!.abbreviation, zip: job.clientZipCode },
      ...(num(job.latitude) !== undefined ? { latitude: job.latitude! } : {}),
      ...(num(job.longitude) !== undefined ? { longitude: job.longitude! } : {}),
      ahjName: ahj!.name, utilityName,
      date: ctx.clock.now().toISOString().slice(0, 10),
      drawnBy: drawnByOf(firm!.name),
      codes: {
        building: `${editionOf(ahj!.ibc)} IBC`,
        ...(ahj!.irc ? { residential: `${editionOf(ahj!.irc)} IRC` } : {}),
        ...(ahj!.iebc ? { existingBuilding: `${editionOf(ahj!.iebc)} IEBC` } : {}),
        fire: `${editionOf(ahj!.fire ?? ahj!.irc)} IFC`,
        ...(ahj!.asce ? { structural: `ASCE ${ahj!.asce}` } : {}),
        other: [],
      },
      fireCode,
      designCriteria: { windSpeedMph: num(ahj!.windSpeedMph)!, exposure, groundSnowLoadPsf: num(ahj!.groundSnowLoadPsf)! },
      roofType: (['Gable Roof', 'Hip Roof', 'Flat Roof'].includes(job.roofType) ? job.roofType : 'Gable Roof') as 'Gable Roof',
      servicesRequested: job.servicesRequested,
      dynamic,
      backup: (['Whole Home', 'Partial Home'].includes(str(cad.battery_backup)) ? str(cad.battery_backup) : 'Non-Backup') as 'Non-Backup',
      existingSolar: cad.existing_solar === true,
      ...(existingPv ? { existingPv } : {}),
      groundMount: cad.needs_ground_mount === true,
      hasSubpanel: cad.subpanel_routed === true,
      ...(mpu ? { panelUpgrade: { existingBusbarA: num(cad.msp_rating)!, existingMainA: num(cad.breaker_rating)!, newBusbarA: busbar!, newMainA: mainBreaker!, model: str(cad.mpu_model_number) } } : {}),
    },
    design,
    requirements: resolved,
    equipment: {
      module: { manufacturer: modItem.manufacturer, model: modItem.model, pmaxW, vocV, iscA: num(md.iscA)!, vmpV: num(md.vmpV)!, impA: num(md.impA)!, lengthIn, widthIn, weightLb, datasheet: await datasheet(modItem) },
      inverter: {
        manufacturer: invItem.manufacturer, model: invItem.model,
        type: (['String Inverter', 'Microinverter', 'Dual Microinverter', 'True String Inverter'].includes(inverterType) ? inverterType : micro ? 'Microinverter' : 'String Inverter') as 'String Inverter',
        count: micro ? Math.ceil(moduleCount / (/Dual/i.test(inverterType) ? 2 : 1)) : Math.max(1, inverterLine!.quantity ?? 1),
        ratedOutputW: num(id.acPowerW)!, maxContinuousOutputA: num(id.maxContinuousOutputCurrentA)!, nominalAcV: num(id.nominalVoltageV) ?? 240,
        datasheet: await datasheet(invItem),
      },
      ...(optimizerLine ? { optimizer: { manufacturer: optimizerLine.item!.manufacturer, model: optimizerLine.item!.model, count: moduleCount, datasheet: await datasheet(optimizerLine.item) } } : {}),
      ...(batteryLine ? { battery: { manufacturer: batteryLine.item!.manufacturer, model: batteryLine.item!.model, count: Math.max(1, batteryLine.quantity ?? 1), energyKwh: num(bd.energyKwh) ?? 1, datasheet: await datasheet(batteryLine.item) } } : {}),
      racking: {
        manufacturer: rackItem.manufacturer, railModel: rackItem.model,
        // The attachment's own model where the catalogue has one; never the rail's name.
        attachmentModel: str(dataOf(rackItem).attachmentModel),
        attachments: attachmentsOf.map((x, k) => ({ arrayId: `A${k + 1}`, ...x! })),
        flashing: str(dataOf(rackItem).flashing) || 'Flashed roof attachment, sealed per manufacturer',
        lagDiameterIn: 0.3125, lagEmbedmentIn: 2.5, datasheet: await datasheet(rackItem),
      },
      ...(mciLine ? { rapidShutdown: { manufacturer: mciLine.item!.manufacturer, model: mciLine.item!.model, datasheet: await datasheet(mciLine.item) } } : {}),
    },
    company: { name: firm!.name, address: str(firm!.address), phone: str(firm!.phoneNumber), ...(firm!.email ? { email: firm!.email } : {}) },
    contractor: { name: client!.name, address: str(client!.address), phone: str(client!.phoneNumber), licenseNum: license },
    revisions,
    stamps,
    requirementFiles,
    sitePhotos: {
      attic: on('attic_photos_on_cad') ? await photos('attic_photos_on_cad') : [],
      electrical: on('electrical_photos_on_cad') ? await photos('electrical_photos_on_cad') : [],
    },
  };
  return { ok: true, inputs: { engine, input, hash: stableHash({ engine, input }), revision: job.revisionNumber, seals, electrical } };
}

// ---------------------------------------------------------------------------------------------- the engine's checks

export type EngineCheck = Check & { section: string };
export type EngineOutcome =
  | { ok: true; report: Report; checks: EngineCheck[]; failing: EngineCheck[] }
  | { ok: false; refusal: string };

/** "NEC 2020 690.7(A)": where a check's rule is written (the engine's words). */
export const codeRefText = (c: Pick<Check, 'ref'>) => refText(c.ref);

/**
 * The engine on a run's input: its report with the checks that pass or fail (computed quantities
 * left out), or the engine's refusal in its own words. A malformed input (a bug of the assembly)
 * is a refusal too, so a caller shows it rather than failing.
 */
export function runEngine(engine: DesignInputRaw): EngineOutcome {
  let report: Report;
  try {
    report = calculateDesign(engine);
  } catch (e) {
    return { ok: false, refusal: isEngineRefusal(e) ? e.message : `the engineering input is not valid: ${(e as Error).message.slice(0, 400)}` };
  }
  const checks = report.sections.flatMap((s) => s.checks.filter((c) => c.pass !== null).map((c) => ({ ...c, section: s.title })));
  return { ok: true, report, checks, failing: checks.filter((c) => c.pass === false) };
}

/** The refusal of a generation blocked by failing checks: each check, its remedy and code section. */
export function blockedMessage(failing: readonly EngineCheck[]): string {
  const parts = failing.map((c) => `${c.title}${c.remedy ? `: ${c.remedy}` : ''} (${codeRefText(c)}).`);
  return `The plan set cannot be generated: ${failing.length === 1 ? 'an engineering check fails' : `${failing.length} engineering checks fail`}. ${parts.join(' ')}`;
}
