import { UUID_RE } from '@sunstamp/domain/constants/ids.constants';
import { fixedOptimizerStringVoltageV } from '@sunstamp/domain/catalogue/equipment.rules';
import { CONNECTION_TYPES } from '@sunstamp/domain/catalogue/option-lists.data';
import { attachmentFor } from '@sunstamp/domain/design/attachment-type.rules';
import { exposureCategoryOf, framingFactsOf } from '@sunstamp/domain/design/design-criteria.rules';
import type { JobArray } from '@sunstamp/domain/jobs/job-defaults.schema';
import { serviceEquipmentProblems } from '@sunstamp/domain/jobs/service-equipment.rules';
import { EXISTING_RSD_ENGINE, EXISTING_RSD_TYPES, parseRoofFaces, type ExistingRsdType, type RoofFace } from '@sunstamp/domain/jobs/cad-intake.schema';
import type { ResolvedRequirements } from '@sunstamp/domain/requirements/resolve.rules';
import type { RoofPlane } from '@sunstamp/planset/input.schema';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { bytesOfStream } from '../../platform/storage.ts';
import type { JobRow } from '../jobs/jobs.api.ts';
import * as repo from './plansets.repository.ts';
import { backupOf, batteryCouplingOf, loadCalculationOf, loadCalculationReason } from './planset-service.mapper.ts';

/*
 * Step 1 of a plan-set run's assembly (planset-input.service.ts): the facts the job gives, read from
 * the directory, the catalogue and the CAD intake. Each gap is handed to `need`, not thrown, so one
 * answer names all of them; the later steps (planset-input.engine.ts, planset-input.document.ts)
 * run only when none is missing.
 */

export type Ctx = Pick<AppContext, 'database' | 'storage' | 'clock' | 'caches'>;

export type MissingInput = { field: string; message: string };
/** Records a missing input (the field, and a sentence naming what is missing). */
export type Need = (field: string, message: string) => void;

export const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
export const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

export async function readStored(ctx: Ctx, key: string | null | undefined): Promise<Uint8Array | undefined> {
  if (!key) return undefined;
  try {
    return new Uint8Array(await bytesOfStream(await ctx.storage.read(key)));
  } catch {
    // A datasheet missing from storage becomes the cut-sheet warning, not a failed run.
    return undefined;
  }
}

export type Item = repo.EquipmentRow;
export const dataOf = (item: Item | null | undefined) => (item?.data ?? {}) as Record<string, unknown>;

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

/** Step 1a, the directory: the AHJ (design criteria, adopted codes), the utility, the state, and the job's own address. */
export async function directoryOf(db: DbOrTx, job: JobRow, cad: Record<string, unknown>, need: Need) {
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
  return { ahj, utility, utilityName, state };
}

/** Step 1b, the equipment: the job's lines and their catalogue items (a line not in the catalogue is missing). */
export async function equipmentOf(db: DbOrTx, job: JobRow, cad: Record<string, unknown>, need: Need) {
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
  return { moduleLine, inverterLine, optimizerLine, batteryLine, rackingLine, mciLine, md, id, od, bd, inverterType, micro, fixedStringV, optimizerOutV };
}
export type Equipment = Awaited<ReturnType<typeof equipmentOf>>;

/** Step 1c, the arrays (attachment, framing) and the service (panel, upgrade, storage, backup, load calculation). */
export function arraysAndServiceOf(job: JobRow, cad: Record<string, unknown>, equipment: Equipment, need: Need) {
  const { batteryLine, bd } = equipment;
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
  for (const m of backupOrder.missing) need(m.field, m.message);
  const loadCalc = loadCalculationOf(cad, loadCalculationReason(cad));
  for (const m of loadCalc.missing) need(m.field, m.message);
  const existingPv = existingPvOf(cad, need);
  return { arrays, attachmentsOf, framings, mpu, busbar, mainBreaker, coupling, backupOrder, loadCalc, existingPv };
}

/** Step 1d, the parties printed on the sheets: the firm, the contractor and its license number. */
export async function partiesOf(db: DbOrTx, job: JobRow, cad: Record<string, unknown>, need: Need) {
  const firm = await repo.firmCompany(db);
  for (const m of partyProblems('firm', firm, 'The engineering firm (the internal company)')) need(m.field, m.message);
  const client = await repo.companyOf(db, job.companyId);
  for (const m of partyProblems('company', client, 'The contractor company')) need(m.field, m.message);
  const license = str(cad.contractor_license_num);
  if (!license) need('cad_intake.contractor_license_num', 'The contractor\'s license number is needed (CAD intake).');
  return { firm, client, license };
}

/** Everything step 1 found, once nothing is missing. */
export type Facts = Awaited<ReturnType<typeof directoryOf>> & Equipment & ReturnType<typeof arraysAndServiceOf> & Awaited<ReturnType<typeof partiesOf>> & {
  job: JobRow;
  cad: Record<string, unknown>;
  cadFields: Record<string, unknown>;
  resolved: ResolvedRequirements;
  moduleCount: number;
  pmaxW: number;
};
