import crypto from 'node:crypto';
import { mayWorkOnJob } from '@sunstamp/domain/policies/jobs.policy';
import { maySignAsEngineer } from '@sunstamp/domain/policies/engineers.policy';
import { letterNotApplicable, type LetterJobFacts } from '@sunstamp/domain/jobs/letter-applicability.rules';
import { chooseSealingEngineer, sealingLicenceOf, type Discipline } from '@sunstamp/domain/engineers/engineer-licence.rules';
import { LETTER_PROGRESS_EVENTS, type GenerateLettersBody, type JobLetter, type LETTER_TYPE_VALUES, type LetterRun, type STRUCTURAL_METHOD_VALUES } from '@sunstamp/domain/contracts/letters';
import type { DeliverableKind } from '@sunstamp/domain/constants/deliverables.constants';
import type { JobArray } from '@sunstamp/domain/jobs/job-defaults.schema';
import { calculateDesign } from '@sunstamp/engineering/design.calc';
import type { DesignInputRaw } from '@sunstamp/engineering/design-input.schema';
import { isEngineRefusal } from '@sunstamp/engineering/engine-refusal';
import { netPressureCoefficients } from '@sunstamp/engineering/structural/ground-mount.calc';
import type { AsceEdition } from '@sunstamp/engineering/tables/asce7-kz.table';
import { CAD_INTAKE_FIELDS, WALL_STUD_SPECIES } from '@sunstamp/domain/jobs/cad-intake.schema';
import type { Report } from '@sunstamp/engineering/report.schema';
import { LETTER_DISCIPLINE, LETTER_TITLES, type LetterInputRaw, type LetterType } from '@sunstamp/planset/letters/letter-input.schema';
import { LetterRefusal } from '@sunstamp/planset/letters/letter.compose';
import type { SealSlot } from '@sunstamp/planset/seals/seal-slots';
import { ZodError } from 'zod';
import type { AppContext } from '../../context.ts';
import type { JobPayload } from '../../platform/queue/queue.registry.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { X509Certificate } from 'node:crypto';
import { signingRefusal } from '../engineers/engineer-certificates.service.ts';
import type { Principal } from '../auth/principal.ts';
import { requireAllowed } from '../access/access.ts';
import { readBytes, todayOf } from '../engineers/engineers.service.ts';
import * as engRepo from '../engineers/engineers.repository.ts';
import { recordDeliverable, replaceDeliverableFile } from '../deliverables/deliverables.service.ts';
import { getFile, insertFiles } from '../files/files.repository.ts';
import { resolvedOf } from '../jobs/jobs-requirements.service.ts';
import { visibleJob } from '../jobs/jobs-queries.service.ts';
import { getJobWithRefs } from '../jobs/jobs.repository.ts';
import { assembleGeneration } from '../plansets/planset-input.service.ts';
import { firmCompany } from '../plansets/plansets.repository.ts';
import { designInputOf, letterCodesOf, MissingFactError, type JobFacts } from './letters-design.mapper.ts';
import * as repo from './letters.repository.ts';

import type * as LetterRender from '@sunstamp/planset/letters/letter.render';

/*
 * The letter renderer (pdfkit, fontkit) and the signing stack (pkijs, node-forge, @signpdf) are
 * loaded when a letter is first rendered or signed, not at start-up (bench/README.md, cold start).
 */
const renderLetter: typeof LetterRender.renderLetter = async (...a) =>
  (await import('@sunstamp/planset/letters/letter.render')).renderLetter(...a);
const signing = () => import('../../platform/signing/pades.ts');

/*
 * Engineering letters of a job (spec §7 generate-letters, recalculate-url): only the letters whose
 * subject the job has (letter-applicability.rules.ts); the engine calculates the job's design,
 * packages/planset renders each letter with the report's numbers and sections for the engineer who
 * will seal it (chosen, or the first licensed in the job's state for the discipline), and each is
 * stored as an internal job file of the revision and a draft deliverable. The engineer seals it
 * afterwards (deliverables/seal.service.ts draws seal, signature and verification code). Progress
 * goes to the requester's event stream with the spec §4 names. A digital signature is the
 * engineer's own act, after the seal, one letter at a time, with a certificate registered for
 * that engineer: a P12 and passphrase sent for that signing only (kept in memory, never stored),
 * or signed outside and uploaded, when the upload must begin with the exact bytes sealed.
 */

type Ctx = Pick<AppContext, 'database' | 'clock' | 'storage' | 'queue' | 'events' | 'caches' | 'log' | 'config'>;
type LetterTypeValue = (typeof LETTER_TYPE_VALUES)[number];
type JobWithRefs = NonNullable<Awaited<ReturnType<typeof getJobWithRefs>>>;
type StructuralMethod = (typeof STRUCTURAL_METHOD_VALUES)[number];
type Lines = Awaited<ReturnType<typeof repo.equipmentDataOf>>;
type GroundMount = NonNullable<LetterInputRaw['groundMount']>;
type WallBattery = NonNullable<LetterInputRaw['wallBattery']>;

/**
 * The engineer's choices a letters run takes from generate-letters (camel-cased for the renderer).
 * What a letter calculates with (the ground mount's geometry and capacities, the battery's bracket)
 * is read from the job and the catalogue in the run, never from the request.
 */
interface LetterData {
  structuralMethod?: StructuralMethod;
  structuralResultFileId?: string;
  /** The engineer chosen per discipline (Engineers page ids). */
  engineers?: Partial<Record<Discipline, string>>;
  roofAreaFt2?: number;
  thirdParty?: NonNullable<LetterInputRaw['thirdParty']>;
}

const TOOL_OF = { forte: 'Forte', skyciv: 'SkyCiv' } as const;
const ANALYSED_LETTERS: readonly LetterType[] = ['structural_roof_letter', 'post_install_letter'];

function letterDataOf(b: GenerateLettersBody): LetterData {
  const t = b.third_party;
  return {
    ...(b.structural_method ? { structuralMethod: b.structural_method } : {}),
    ...(b.structural_result_file_id ? { structuralResultFileId: b.structural_result_file_id } : {}),
    ...(b.engineers ? { engineers: { ...b.engineers } } : {}),
    ...(b.roof_area_ft2 !== undefined ? { roofAreaFt2: b.roof_area_ft2 } : {}),
    ...(t ? { thirdParty: { kind: t.kind, name: t.name, credential: t.credential, number: t.number, ...(t.organisation ? { organisation: t.organisation } : {}) } } : {}),
  };
}

const unprocessable = (message: string) => new AppError(422, message, 'unprocessable');

/** The uploaded Forte/SkyCiv result: a PDF file of this job. 422 otherwise. */
async function resultFileOf(ctx: Ctx, jobId: string, fileId: string, tool: string) {
  const row = UUID_RE.test(fileId) ? await getFile(ctx.database.db, fileId) : undefined;
  if (!row || row.f.jobId !== jobId) throw unprocessable(`The ${tool} result file (structural_result_file_id) is not a file of this job: upload the ${tool} result to the job's files first.`);
  if (row.f.mime !== 'application/pdf') throw unprocessable(`The ${tool} result "${row.f.name}" is not a PDF: upload the result as a PDF exported from ${tool}.`);
  return row.f;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const listed = (xs: readonly string[]) => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`);
const cadLabel = (name: string) => CAD_INTAKE_FIELDS.find((d) => d.name === name)?.label ?? name;
/** The CAD intake shows a group only with its flag on: say so when the value to fill in is hidden. */
const groupHint = (cad: Record<string, unknown>, flag: 'needs_ground_mount' | 'needs_battery_info') =>
  (cad[flag] === true ? '' : ` (Turn on ${cadLabel(flag)} in the CAD intake's General group to show the field.)`);
const modelOf = (l: Lines[number]) => `${l.manufacturer ?? ''} ${l.model ?? l.customModel ?? ''}`.trim();

/** The battery's wall bracket in the catalogue: the data key and what the refusal calls it. */
const WALL_MOUNT_FIELDS = [
  ['wallMountFasteners', 'lag screws'], ['wallMountTopRowFasteners', 'top-row lag screws'], ['wallMountRowSpacingIn', 'row spacing'],
  ['wallMountLagDiameterIn', 'lag diameter'], ['wallMountThreadPenetrationIn', 'thread penetration'], ['wallMountLagZLb', 'lateral design value Z'],
] as const;

/**
 * The wall-mounted battery as the job has it: the job's battery line with its catalogue weight,
 * depth and wall bracket (lag screws, rows, diameter, penetration, Z), and the studs' species from
 * the CAD intake (Battery); the engine's NDS tables give the species' G and the withdrawal value.
 * A refusal names what to fill in and where.
 */
function batteryOf(lines: Lines, cadIntake: Record<string, unknown>): WallBattery | string {
  const b = lines.find((l) => l.kind === 'battery');
  if (!b) return 'The job names no battery: choose the battery on the job\'s equipment before the wall-mounted battery letter.';
  const name = modelOf(b);
  const d = (b.data ?? {}) as Record<string, unknown>;
  if (!b.model) return `The battery "${name}" is not a catalogue item: choose the battery from the catalogue on the job's equipment (its weight, depth and wall bracket come from there).`;
  const kg = num(d.weightKg);
  const mm = num(d.depthMm);
  if (kg === undefined || mm === undefined) return `The battery "${name}" has no ${kg === undefined ? 'weight' : 'depth'} in the catalogue: the wall-mounted battery letter needs the model's weight and depth.`;
  const missing = WALL_MOUNT_FIELDS.filter(([k]) => num(d[k]) === undefined).map(([, label]) => label);
  if (missing.length) return `The battery "${name}" has no wall bracket ${listed(missing)} in the catalogue: an admin enters them on the Catalogue page (Batteries, "${name}", the Wall bracket fields) from its installation manual before the wall-mounted battery letter.`;
  const fasteners = num(d.wallMountFasteners)!;
  const topRow = num(d.wallMountTopRowFasteners)!;
  if (topRow > fasteners) return `The battery "${name}" has ${topRow} top-row lag screws in the catalogue but ${fasteners} in all: correct its wall bracket on the Catalogue page.`;
  const species = str(cadIntake.battery_wall_stud_species);
  if (!(WALL_STUD_SPECIES as readonly string[]).includes(species)) return `The job's CAD intake (Battery) has no ${cadLabel('battery_wall_stud_species')}: choose the species of the studs the bracket is lagged into (${WALL_STUD_SPECIES.join(', ')}) before the wall-mounted battery letter.${groupHint(cadIntake, 'needs_battery_info')}`;
  return {
    model: name, weightLb: kg * LB_PER_KG, depthIn: mm / 25.4, count: Math.max(1, b.quantity ?? 1),
    fasteners, topRowFasteners: topRow, rowSpacingIn: num(d.wallMountRowSpacingIn)!, species: species as WallBattery['species'],
    diameterIn: num(d.wallMountLagDiameterIn)!, threadPenetrationIn: num(d.wallMountThreadPenetrationIn)!, lateralDesignValueLb: num(d.wallMountLagZLb)!,
  };
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const workRefusal = 'Only staff and the contractor assigned to this job generate its letters.';
type SealingEngineer = { engineer: engRepo.EngineerWithLicences; licence: { state: string; number: string; expiresOn: string } };

interface Prepared {
  ahj: NonNullable<Awaited<ReturnType<typeof repo.ahjOf>>>;
  state: string;
  engineers: Map<Discipline, SealingEngineer>;
  /** The letterhead: the engineering firm (the internal company), as the plan set's title block prints it. */
  firm: LetterInputRaw['firm'];
}

/** The firm's letterhead, or a 409 naming what the back office must fill in (the plan set asks the same). */
async function letterheadOf(ctx: Ctx): Promise<LetterInputRaw['firm']> {
  const firm = await firmCompany(ctx.database.db);
  if (!firm) throw conflict('The engineering firm (the internal company) is not set up: letters are printed on its letterhead.');
  const address = firm.address?.trim();
  const phone = firm.phoneNumber?.trim();
  const lacks = [!address && 'address', !phone && 'phone number'].filter(Boolean);
  if (lacks.length) throw conflict(`The engineering firm (${firm.name}) has no ${lacks.join(' and ')} for the letterhead: set it on the firm's company.`);
  return { name: firm.name, address: address!, phone: phone! };
}

async function jobStateOf(ctx: Ctx, r: JobWithRefs, ahjState: string): Promise<string> {
  const s = r.job.clientStateId !== null ? await repo.stateCodeOf(ctx.database.db, r.job.clientStateId) : null;
  return s?.abbreviation ?? ahjState;
}

/**
 * The engineer who will seal each discipline: the one chosen (must be active, licensed in the job's
 * state for it, unexpired, with a seal image), else the first such engineer. 409 naming what is missing.
 */
async function sealingEngineers(ctx: Ctx, state: string, disciplines: readonly Discipline[], chosenIds: Partial<Record<Discipline, string>> = {}): Promise<Map<Discipline, SealingEngineer>> {
  const candidates = await engRepo.engineersLicensedIn(ctx.database.db, state);
  const engineers = new Map<Discipline, SealingEngineer>();
  const today = todayOf(ctx);
  for (const d of disciplines) {
    const wanted = chosenIds[d];
    if (wanted) {
      const e = UUID_RE.test(wanted) ? await engRepo.getEngineer(ctx.database.db, wanted) : null;
      if (!e) throw unprocessable(`The ${d} engineer chosen is not registered: choose one from the Engineers page.`);
      const r = sealingLicenceOf(e, state, d, today);
      if (!r.ok) throw unprocessable(r.message);
      if (!e.sealKey) throw unprocessable(`${e.name} has no seal image: upload it on the Engineers page.`);
      engineers.set(d, { engineer: e, licence: r.licence });
      continue;
    }
    const chosen = chooseSealingEngineer(candidates.filter((c) => c.sealKey), state, d, today);
    if (!chosen.ok) {
      const unsealed = candidates.find((c) => !c.sealKey && chooseSealingEngineer([c], state, d, today).ok);
      throw conflict(unsealed ? `${unsealed.name} may seal ${d} documents in ${state} but has no seal image: upload it on the Engineers page.` : chosen.message);
    }
    engineers.set(d, { engineer: chosen.engineer, licence: chosen.licence });
  }
  return engineers;
}

/** The checks a run can make before calculating: an AHJ, and a sealing engineer for every discipline. 409 naming what is missing. */
async function prepare(ctx: Ctx, r: JobWithRefs, types: readonly LetterType[], chosen?: Partial<Record<Discipline, string>>): Promise<Prepared> {
  if (!r.job.ahjId) throw conflict('The job has no AHJ: letters cite the AHJ\'s code editions and design criteria. Choose the AHJ on the job first.');
  const ahj = await repo.ahjOf(ctx.database.db, r.job.ahjId);
  if (!ahj) throw conflict('The job\'s AHJ no longer exists.');
  const state = await jobStateOf(ctx, r, ahj.state);
  const engineers = await sealingEngineers(ctx, state, [...new Set(types.map((t) => LETTER_DISCIPLINE[t]))], chosen);
  return { ahj, state, engineers, firm: await letterheadOf(ctx) };
}

/** What decides whether a letter applies to the job, read from the job. */
function applicabilityOf(r: JobWithRefs, lines: Lines, state: string | null): LetterJobFacts {
  const arrays = (r.job.arrays ?? []) as { connection_type?: string | null }[];
  return {
    structureType: r.job.structureType ?? null,
    cadIntake: (r.job.cadIntake ?? {}) as Record<string, unknown>,
    arrayConnections: arrays.map((a) => a.connection_type ?? null),
    hasBatteryLine: lines.some((l) => l.kind === 'battery'),
    state,
    revision: r.job.revisionNumber,
  };
}

/** The letters of `types` that do not apply to the job, with the reason of each. */
async function notApplicable(ctx: Ctx, r: JobWithRefs, types: readonly LetterType[]): Promise<{ type: LetterType; message: string }[]> {
  const lines = await repo.equipmentDataOf(ctx.database.db, r.job.id);
  const state = r.job.clientStateId !== null ? (await repo.stateCodeOf(ctx.database.db, r.job.clientStateId))?.abbreviation ?? null : null;
  const ahjState = !state && r.job.ahjId ? (await repo.ahjOf(ctx.database.db, r.job.ahjId))?.state ?? null : null;
  const facts = applicabilityOf(r, lines, state ?? ahjState);
  return types.flatMap((type) => {
    const message = letterNotApplicable(type, facts);
    return message ? [{ type, message }] : [];
  });
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The ground mount's geometry in the CAD intake (Ground Mount): the letter's field and the intake's. */
const GROUND_GEOMETRY = [
  ['tiltDeg', 'racking_pitch'], ['meanHeightFt', 'ground_mean_height'], ['arrayDepthFt', 'ground_table_depth'],
  ['postSpacingFt', 'ground_post_spacing'], ['postsPerColumn', 'ground_posts_per_column'],
] as const;
/** The racking's ground-mount data in the catalogue: the data key and what the refusal calls it. */
const GROUND_RACKING_FIELDS = [
  ['groundRackingWeightPsf', 'racking weight'], ['postAllowableUpliftLb', 'allowable uplift per post'],
  ['postAllowableCompressionLb', 'allowable downward load per post'], ['postAllowableLateralLb', 'allowable lateral load per post'],
] as const;
const LB_PER_KG = 2.20462;
const asceEditionOf = (v: string | null | undefined): AsceEdition => (v?.match(/7-(10|16|22)/)?.[0] ?? '7-16') as AsceEdition;
const MM2_PER_FT2 = 92_903.04;

/**
 * The ground mount as the job has it: foundation, tilt and geometry from the CAD intake (Ground
 * Mount); racking, its weight and its post capacities from the job's racking line in the catalogue;
 * the modules' weight from the module's catalogue weight and size (dead load = both, psf of array).
 * The net pressure coefficients are the engine's (ASCE 7 free roof), which also refuses an array the
 * figure does not cover. A refusal names what to fill in and where.
 */
function groundMountOf(r: JobWithRefs, lines: Lines, edition: AsceEdition): GroundMount | string {
  const cad = (r.job.cadIntake ?? {}) as Record<string, unknown>;
  const foundation = str(cad.foundation_type) === 'Other' ? str(cad.custom_foundation_type) : str(cad.foundation_type) || str(cad.custom_foundation_type);
  const geometry = Object.fromEntries(GROUND_GEOMETRY.map(([k, field]) => [k, num(cad[field])])) as Record<(typeof GROUND_GEOMETRY)[number][0], number | undefined>;
  const lacks = [...(foundation ? [] : ['foundation_type']), ...GROUND_GEOMETRY.filter(([k]) => geometry[k] === undefined).map(([, field]) => field)];
  if (lacks.length) return `The job's CAD intake (Ground Mount) has no ${listed(lacks.map(cadLabel))}: enter ${lacks.length > 1 ? 'them' : 'it'} on the job before the ground-mount letter.${groupHint(cad, 'needs_ground_mount')}`;
  const racking = lines.find((l) => l.kind === 'racking');
  if (!racking?.model) return 'The job names no racking from the catalogue: choose the ground-mount racking on the job\'s equipment (its catalogue item carries its weight and the post capacities).';
  const rackingName = modelOf(racking);
  const rd = (racking.data ?? {}) as Record<string, unknown>;
  const missing = GROUND_RACKING_FIELDS.filter(([k]) => num(rd[k]) === undefined).map(([, label]) => label);
  if (missing.length) return `The racking "${rackingName}" has no ground-mount ${listed(missing)} in the catalogue: an admin enters them on the Catalogue page (Racking, "${rackingName}", the Ground mount fields) from the racking maker's design before the ground-mount letter.`;
  const module = lines.find((l) => l.kind === 'module');
  if (!module?.model) return 'The job names no module from the catalogue: choose the module on the job\'s equipment (the dead load takes its weight and size).';
  const md = (module.data ?? {}) as Record<string, unknown>;
  const kg = num(md.weightKg);
  const areaMm2 = (num(md.lengthMm) ?? 0) * (num(md.widthMm) ?? 0);
  if (kg === undefined || !areaMm2) return `The module "${modelOf(module)}" has no ${kg === undefined ? 'weight' : 'length and width'} in the catalogue: the ground-mount letter's dead load needs them.`;
  const gm: GroundMount = {
    racking: rackingName, foundation,
    tiltDeg: geometry.tiltDeg!, meanHeightFt: geometry.meanHeightFt!, arrayDepthFt: geometry.arrayDepthFt!, postSpacingFt: geometry.postSpacingFt!, postsPerColumn: geometry.postsPerColumn!,
    deadLoadPsf: (kg * LB_PER_KG) / (areaMm2 / MM2_PER_FT2) + num(rd.groundRackingWeightPsf)!,
    allowableUpliftLb: num(rd.postAllowableUpliftLb)!, allowableCompressionLb: num(rd.postAllowableCompressionLb)!, allowableLateralLb: num(rd.postAllowableLateralLb)!,
  };
  try {
    netPressureCoefficients({ edition, tiltDeg: gm.tiltDeg, meanHeightFt: gm.meanHeightFt, arrayDepthFt: gm.arrayDepthFt });
  } catch (e) {
    if (isEngineRefusal(e)) return `${e.message} Check the CAD intake's Ground Mount values.`;
    throw e;
  }
  return gm;
}

async function workableJob(ctx: Ctx, p: Principal, jobId: string) {
  const r = await visibleJob(ctx.database.db, p, jobId);
  requireAllowed(mayWorkOnJob(p, r.job), workRefusal);
  if (!r.job.isActive) throw conflict('This job is deactivated.');
  return r;
}

/** POST /jobs/{id}/generate-letters: checks what can be checked now, then queues the run. */
export async function requestLetters(ctx: Ctx, p: Principal, jobId: string, body: GenerateLettersBody & { letter_types: LetterTypeValue[] }) {
  const r = await workableJob(ctx, p, jobId);
  const refused = await notApplicable(ctx, r, body.letter_types);
  if (refused.length) throw unprocessable(refused.map((x) => `${LETTER_TITLES[x.type]}: ${x.message}`).join(' '));
  const prep = await prepare(ctx, r, body.letter_types, body.engineers);
  const method = body.structural_method ?? 'prescriptive';
  if (method !== 'prescriptive' && body.letter_types.some((t) => ANALYSED_LETTERS.includes(t))) {
    const tool = TOOL_OF[method];
    if (!body.structural_result_file_id) throw unprocessable(`The arrays are designed with ${tool}: the structural letter needs that analysis's uploaded result, not the Prescriptive Method (5 %). Upload the ${tool} result (PDF) to the job's files and choose it as structural_result_file_id.`);
    await resultFileOf(ctx, r.job.id, body.structural_result_file_id, tool);
  }
  const lines = await repo.equipmentDataOf(ctx.database.db, r.job.id);
  if (body.letter_types.includes('wall_mounted_battery_letter')) {
    const battery = batteryOf(lines, (r.job.cadIntake ?? {}) as Record<string, unknown>);
    if (typeof battery === 'string') throw unprocessable(battery);
  }
  if (body.letter_types.includes('structural_ground_mount_letter')) {
    const gm = groundMountOf(r, lines, asceEditionOf(prep.ahj.asce));
    if (typeof gm === 'string') throw unprocessable(gm);
  }
  if (body.letter_types.includes('structural_roof_letter') && method === 'prescriptive') {
    const { resolved } = await resolvedOf(ctx, r);
    if (resolved.values.stress_analysis?.on) {
      throw conflict(`${r.ahjName ?? 'The AHJ'} requires a stress analysis (stress_analysis): a Prescriptive Method (5 %) letter is prohibited. Design the arrays with Forte or SkyCiv.`);
    }
  }
  const runId = crypto.randomUUID();
  await ctx.queue.send('letters-generate', {
    runId, jobId: r.job.id, actorId: p.id, actorRole: p.role, letterTypes: body.letter_types,
    ...(body.arrays ? { arrays: body.arrays as Record<string, unknown>[] } : {}),
    includeDigitalSignature: body.include_digital_signature ?? false,
    revisionLetterData: body.revision_letter_data ? { ...body.revision_letter_data, changes: body.revision_letter_data.changes ?? [] } : null,
    letterData: { ...letterDataOf(body) },
  });
  return { run_id: runId, status: 'queued' as const };
}

function factsOf(r: JobWithRefs, state: string): JobFacts {
  const j = r.job;
  return {
    id: j.id, name: j.name || j.clientName || 'Job', clientName: j.clientName || j.name || 'Client', street: j.clientStreetAddress, city: j.clientCity, zip: j.clientZipCode, state,
    exposureCategory: j.exposureCategory, homeElevation: j.homeElevation ?? null, roofType: j.roofType, arrays: j.arrays as JobArray[],
    cadIntake: (j.cadIntake ?? {}) as Record<string, unknown>, revision: j.revisionNumber,
  };
}

/**
 * The engine's report for the job (with `arrays` when given). MissingFactError / engine refusals
 * become a 422 or a calculations_failed event.
 *
 * Without `arrays`, the letters calculate what the plan set calculates: the plan-set run's own
 * assembly (the Design page's strings or branch circuits, conductor runs measured on the site plan,
 * the service after an MPU, the AHJ's criteria), so a letter and the sheets print the same numbers.
 * Only a job the plan set cannot assemble yet (no layout, a fact only the title block needs) is
 * calculated from the job's arrays by the letters' own mapper; so is a recalculation with arrays.
 */
async function calculate(ctx: Ctx, r: JobWithRefs, prep: Prepared, arrays?: readonly Record<string, unknown>[], method: StructuralMethod = 'prescriptive'): Promise<{ report: Report; design: DesignInputRaw; lines: Lines; source: 'plan-set' | 'arrays' }> {
  const lines = await repo.equipmentDataOf(ctx.database.db, r.job.id);
  if (!arrays?.length) {
    const assembled = await assembleGeneration(ctx, r.job);
    if (assembled.ok) {
      const engine = assembled.inputs.engine;
      const design: DesignInputRaw = { ...engine, site: { ...engine.site, structuralMethod: method } };
      return { report: calculateDesign(design), design, lines, source: 'plan-set' };
    }
  }
  const { resolved } = await resolvedOf(ctx, r);
  const design = designInputOf(factsOf(r, prep.state), prep.ahj, lines, resolved, arrays, method);
  return { report: calculateDesign(design), design, lines, source: 'arrays' };
}

/** The inputs of the letters that need more than the report: ground mount, wall battery, seismic areas, third party, the analysis result. */
async function extrasOf(ctx: Ctx, r: JobWithRefs, type: LetterType, data: LetterData, calc: { design: DesignInputRaw; lines: Lines }): Promise<Partial<LetterInputRaw>> {
  const jobId = r.job.id;
  switch (type) {
    case 'structural_ground_mount_letter': {
      const gm = groundMountOf(r, calc.lines, asceEditionOf(calc.design.site.codes?.asce));
      if (typeof gm === 'string') throw new LetterRefusal(type, 'ground-mount-design-required', gm);
      return { groundMount: gm };
    }
    case 'wall_mounted_battery_letter': {
      const battery = batteryOf(calc.lines, (r.job.cadIntake ?? {}) as Record<string, unknown>);
      if (typeof battery === 'string') throw new LetterRefusal(type, 'battery-mount-required', battery);
      return { wallBattery: battery };
    }
    case 'seismic_calculations': {
      const m = calc.design.equipment.module;
      const arrayAreaFt2 = calc.design.arrays.reduce((s, a) => s + a.moduleCount, 0) * (m.lengthIn * m.widthIn) / 144;
      return data.roofAreaFt2 ? { seismic: { arrayAreaFt2, roofAreaFt2: data.roofAreaFt2 } } : {};
    }
    case 'third_party_stamp':
      return data.thirdParty ? { thirdParty: data.thirdParty } : {};
    case 'structural_roof_letter':
    case 'post_install_letter': {
      const method = data.structuralMethod ?? 'prescriptive';
      if (method === 'prescriptive' || !data.structuralResultFileId) return {};
      const tool = TOOL_OF[method];
      const f = await resultFileOf(ctx, jobId, data.structuralResultFileId, tool).catch((e: unknown) => {
        throw new LetterRefusal(type, 'structural-method-needs-analysis', e instanceof Error ? e.message : String(e));
      });
      return { structuralAnalysis: { tool, fileName: f.name, pdf: new Uint8Array(await readBytes(ctx, f.storageKey)) } };
    }
    default:
      return {};
  }
}

function calculationMessage(e: unknown): string | null {
  if (e instanceof MissingFactError || isEngineRefusal(e)) return e.message;
  if (e instanceof ZodError) return `The design input is not valid: ${e.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`;
  return null;
}

/** The deliverable kind a letter type is filed as (the electrical letter's service has its own name). */
const DELIVERABLE_KIND_OF: Record<LetterType, DeliverableKind> = {
  structural_roof_letter: 'structural_roof_letter',
  electrical_load_calculations: 'electrical_letter',
  busbar_certification: 'busbar_certification',
  revision_letter: 'revision_letter',
  design_affidavit: 'design_affidavit',
  florida_statute_377_705: 'florida_statute_377_705',
  post_install_letter: 'post_install_letter',
  structural_ground_mount_letter: 'structural_ground_mount_letter',
  wall_mounted_battery_letter: 'wall_mounted_battery_letter',
  seismic_calculations: 'seismic_calculations',
  appendix_g: 'appendix_g',
  unreduced_snow_load: 'unreduced_snow_load',
  third_party_stamp: 'third_party_stamp',
  calculation_package: 'calculation_package',
};

/** The engineer a letter of this type is written for (who alone may seal it). */
const engineerOf = (prep: Prepared, type: LetterType) => prep.engineers.get(LETTER_DISCIPLINE[type])!;

async function letterInputOf(
  ctx: Ctx, r: JobWithRefs, prep: Prepared, type: LetterType, report: Report, revisionData: JobPayload<'letters-generate'>['revisionLetterData'],
  extras: Partial<LetterInputRaw>,
  site: DesignInputRaw['site'],
): Promise<LetterInputRaw> {
  const sealing = engineerOf(prep, type);
  const e = sealing.engineer;
  const j = r.job;
  const criteria = letterCodesOf(prep.ahj);
  return {
    type,
    job: {
      id: j.id, name: j.name || j.clientName || 'Job', clientName: j.clientName || j.name || 'Client',
      address: { street: j.clientStreetAddress || '—', city: j.clientCity || '—', state: prep.state, zip: j.clientZipCode },
      ahjName: prep.ahj.name, revision: j.revisionNumber, date: todayOf(ctx),
    },
    ...criteria,
    // The criteria the report was calculated with (issue 24, finding 7): the letter states the wind speed,
    // exposure and ground snow load its calculation pages use, never a second reading of the job or AHJ.
    designCriteria: { ...criteria.designCriteria, windSpeedMph: site.windSpeedMph, exposure: site.exposure, groundSnowLoadPsf: site.groundSnowLoadPsf, riskCategory: site.riskCategory ?? 'II' },
    report,
    requirements: await requirementFlags(ctx, r),
    engineer: { name: e.name, discipline: LETTER_DISCIPLINE[type], licenceState: sealing.licence.state, licenceNumber: sealing.licence.number, licenceExpires: sealing.licence.expiresOn, ...(e.email ? { email: e.email } : {}) },
    firm: prep.firm,
    ...(revisionData ? { revisionData } : {}),
    ...extras,
  };
}

async function requirementFlags(ctx: Ctx, r: JobWithRefs) {
  const { resolved } = await resolvedOf(ctx, r);
  return { stressAnalysis: resolved.values.stress_analysis?.on === true, unreducedSnowLoad: resolved.values.unreduced_snow_load?.on === true };
}

const fileNameOf = (type: LetterType, jobName: string, revision: number) => `${LETTER_TITLES[type]} - ${jobName.replace(/[\\/:*?"<>|]/g, ' ').trim() || 'Job'} - Rev ${revision}.pdf`.slice(0, 255);

/** Stores a rendered document as an internal Engineering job file and its letter row. */
async function storeLetter(ctx: Ctx, a: {
  jobId: string; runId: string; revision: number; type: LetterType; pdf: Uint8Array; engineerId: string | null; calculationPages: unknown;
  signature: 'unsigned' | 'required'; actorId: string; actorRole: string; jobName: string; sealSlots: SealSlot[];
}) {
  const fileId = crypto.randomUUID();
  const key = `jobs/${a.jobId}/${fileId}`;
  await ctx.storage.put(key, a.pdf);
  const now = ctx.clock.now();
  try {
    return await ctx.database.db.transaction(async (tx) => {
      await insertFiles(tx, [{ id: fileId, jobId: a.jobId, kind: 'internal', category: 'Engineering', name: fileNameOf(a.type, a.jobName, a.revision), mime: 'application/pdf', size: a.pdf.length, storageKey: key, uploadedById: a.actorId, uploadedByRole: a.actorRole, createdAt: now }]);
      const sha256 = crypto.createHash('sha256').update(a.pdf).digest('hex');
      const letter = await repo.insertLetter(tx, {
        jobId: a.jobId, runId: a.runId, revision: a.revision, letterType: a.type, engineerId: a.engineerId, fileId,
        sha256, calculationPages: a.calculationPages, signatureStatus: a.signature, createdAt: now,
      });
      // A draft deliverable of the revision, with the places of its seal: its engineer seals it
      // (deliverables/seal.service.ts), then it is released to the client with the others.
      await recordDeliverable(ctx, { jobId: a.jobId, revision: a.revision, kind: DELIVERABLE_KIND_OF[a.type], fileId, state: 'draft', sealSlots: a.sealSlots, sha256 }, tx);
      return letter;
    });
  } catch (e) {
    await ctx.storage.remove(key).catch(() => {});
    throw e;
  }
}

/** The queue handler of a generate-letters run. */
export async function runLetters(ctx: Ctx, job: JobPayload<'letters-generate'>) {
  const publish = (type: string, payload: Record<string, unknown> = {}) => ctx.events.publish(job.actorId, type, { job_id: job.jobId, run_id: job.runId, ...payload });
  const r = await getJobWithRefs(ctx.database.db, job.jobId, { kind: 'all' }, true);
  if (!r) return;
  const asked = job.letterTypes as LetterType[];
  await publish('calculations_initiated', { letter_types: asked });
  const data = (job.letterData ?? {}) as LetterData;
  // The job may have changed since the request: a letter whose subject it no longer has is refused.
  const refused: { letter_type: string; message: string }[] = (await notApplicable(ctx, r, asked)).map((x) => ({ letter_type: x.type, message: x.message }));
  const types = asked.filter((t) => !refused.some((x) => x.letter_type === t));
  if (!types.length) {
    await publish('calculations_failed', { message: refused.map((x) => x.message).join(' '), refused });
    return;
  }
  let prep: Prepared;
  let report: Report;
  let calc: Awaited<ReturnType<typeof calculate>>;
  try {
    prep = await prepare(ctx, r, types, data.engineers);
    calc = await calculate(ctx, r, prep, job.arrays, data.structuralMethod);
    report = calc.report;
  } catch (e) {
    const message = e instanceof AppError ? e.message : calculationMessage(e);
    if (message === null) throw e;
    await publish('calculations_failed', { message });
    return;
  }
  await publish('calculations_passed', { calculated_from: calc.source, pass: report.summary.pass, checks: report.summary.checks, system_dc_kw: report.summary.systemDcKw, system_ac_kw: report.summary.systemAcKw, failures: report.summary.failures });

  const done = new Set((await repo.lettersOfRun(ctx.database.db, job.runId)).map((l) => l.letterType));
  const rendered: { type: LetterType; pdf: Uint8Array; engineerId: string; calculationPages: unknown; sealSlots: SealSlot[] }[] = [];
  for (const type of types.filter((t) => !done.has(t))) {
    try {
      const extras = await extrasOf(ctx, r, type, data, calc);
      const out = await renderLetter(await letterInputOf(ctx, r, prep, type, report, job.revisionLetterData, extras, calc.design.site));
      rendered.push({ type, pdf: out.pdf, engineerId: engineerOf(prep, type).engineer.id, calculationPages: out.calculationPages, sealSlots: out.sealSlots });
    } catch (e) {
      if (!(e instanceof LetterRefusal)) throw e;
      refused.push({ letter_type: type, message: e.message });
    }
  }
  if (refused.length === asked.length) {
    await publish('calculations_failed', { message: refused.map((x) => x.message).join(' '), refused });
    return;
  }
  // stamp_file_passed (spec §4): the letters are drawn with their seal's place; each waits for its engineer's seal.
  await publish('stamp_file_passed', { drafted: rendered.map((x) => x.type), awaiting_seal: rendered.map((x) => ({ letter_type: x.type, engineer: engineerOf(prep, x.type).engineer.name })), refused, signature: job.includeDigitalSignature ? 'required' : 'none' });
  const stored = [];
  for (const x of rendered) {
    stored.push(await storeLetter(ctx, {
      jobId: job.jobId, runId: job.runId, revision: r.job.revisionNumber, type: x.type, pdf: x.pdf, engineerId: x.engineerId, calculationPages: x.calculationPages, sealSlots: x.sealSlots,
      signature: job.includeDigitalSignature ? 'required' : 'unsigned', actorId: job.actorId, actorRole: job.actorRole, jobName: r.job.name || r.job.clientName,
    }));
  }
  await publish('combine_files_passed', { letters: stored.map((l) => ({ id: l.id, letter_type: l.letterType, file_id: l.fileId, download_url: `/api/files/${l.fileId}/download` })), refused });
}

/**
 * The process generating these letters died (platform/queue/queue-recovery.ts took the job back
 * within seconds). While the queue retries it nothing changes for the requester; when no retry
 * remains, the requester's stream hears that the run failed and why.
 */
export async function recoverLostLetters(ctx: Pick<AppContext, 'events'>, job: JobPayload<'letters-generate'>, lost: { willRetry: boolean; reason: string }) {
  if (lost.willRetry) return;
  await ctx.events.publish(job.actorId, 'calculations_failed', {
    job_id: job.jobId, run_id: job.runId,
    message: `The letters could not be generated: ${lost.reason}. Generate them again.`,
  });
}

/** POST /jobs/{id}/recalculate-url: calculates with `arrays` now and answers the new calculation package's URL. */
export async function recalculate(ctx: Ctx, p: Principal, jobId: string, arrays: readonly Record<string, unknown>[] | undefined) {
  const r = await workableJob(ctx, p, jobId);
  const prep = await prepare(ctx, r, ['calculation_package']);
  let report: Report;
  let site: DesignInputRaw['site'];
  try {
    const calc = await calculate(ctx, r, prep, arrays);
    report = calc.report;
    site = calc.design.site;
  } catch (e) {
    const message = calculationMessage(e);
    if (message === null) throw e;
    throw new AppError(422, message, 'unprocessable');
  }
  const out = await renderLetter(await letterInputOf(ctx, r, prep, 'calculation_package', report, null, {}, site));
  const letter = await storeLetter(ctx, {
    jobId: r.job.id, runId: crypto.randomUUID(), revision: r.job.revisionNumber, type: 'calculation_package', pdf: out.pdf,
    engineerId: engineerOf(prep, 'calculation_package').engineer.id,
    calculationPages: out.calculationPages, signature: 'unsigned', actorId: p.id, actorRole: p.role, jobName: r.job.name || r.job.clientName, sealSlots: out.sealSlots,
  });
  return { url: `/api/files/${letter.fileId}/download`, file_id: letter.fileId, letter_id: letter.id, pass: report.summary.pass, checks: report.summary.checks };
}

function letterOut(x: Awaited<ReturnType<typeof repo.lettersOfJob>>[number], p: Principal): JobLetter {
  const l = x.l;
  const state = (l.signedFileId ? x.signedState : x.state) as JobLetter['deliverable_state'];
  return {
    id: l.id, run_id: l.runId, revision: l.revision, letter_type: l.letterType, file_id: l.fileId, name: x.fileName,
    download_url: `/api/files/${l.fileId}/download`, sha256: l.sha256,
    engineer: l.engineerId && x.engineerName ? { id: l.engineerId, name: x.engineerName } : null,
    calculation_pages: l.calculationPages as JobLetter['calculation_pages'],
    signature_status: l.signatureStatus as JobLetter['signature_status'],
    deliverable_state: state ?? null,
    // The Sign button is for the letter's own engineer, once sealed and not yet signed.
    may_sign: l.signatureStatus !== 'signed' && (state === 'sealed' || state === 'released') && maySignAsEngineer(p, { userId: x.engineerUserId ?? null }),
    signed_download_url: l.signedFileId ? `/api/files/${l.signedFileId}/download` : null,
    signed_by: l.signedBy, signed_at: l.signedAt ? l.signedAt.toISOString() : null, created_at: l.createdAt.toISOString(),
  };
}

/** GET /jobs/{id}/letters: the job's generated letters, for who works on the job (clients get released deliverables instead). */
export async function listLetters(ctx: Ctx, p: Principal, jobId: string): Promise<JobLetter[]> {
  const r = await visibleJob(ctx.database.db, p, jobId);
  requireAllowed(mayWorkOnJob(p, r.job), workRefusal);
  return (await repo.lettersOfJob(ctx.database.db, jobId)).map((x) => letterOut(x, p));
}

/** How long a letters run's progress is answered after its last event. */
const LETTER_RUN_WINDOW_MINUTES = 60;

/**
 * The caller's letters runs of the job in the last hour with the last progress event of each,
 * read from their own event stream (a letters run keeps no row of its own: its events and, once
 * stored, its letters are its record). Plan-set runs send calculations_* events too: their ids
 * are cad_runs rows and are left out.
 */
export async function listLetterRuns(ctx: Ctx, p: Principal, jobId: string): Promise<LetterRun[]> {
  const r = await visibleJob(ctx.database.db, p, jobId);
  requireAllowed(mayWorkOnJob(p, r.job), workRefusal);
  const rows = await ctx.database.query<{ run_id: string; type: string; message: string | null; at: Date | string }>(
    `select distinct on (e.payload->>'run_id') e.payload->>'run_id' as run_id, e.type, e.payload->>'message' as message, e.created_at as at
       from user_events e
      where e.user_id = $1 and e.payload->>'job_id' = $2 and e.type = any($3::text[])
        and e.created_at > now() - make_interval(mins => $4)
        and e.payload ? 'run_id'
        and not exists (select 1 from cad_runs c where c.id::text = e.payload->>'run_id')
      order by e.payload->>'run_id', e.id desc`,
    [p.id, jobId, [...LETTER_PROGRESS_EVENTS], LETTER_RUN_WINDOW_MINUTES],
  );
  return rows
    .map((x) => ({ run_id: x.run_id, event: x.type as LetterRun['event'], message: x.message, at: new Date(x.at).toISOString() }))
    .sort((a, b) => a.at.localeCompare(b.at));
}

/** Before reading a signing upload's body: 404 for a letter the caller does not see, 403 for another's, 409 when signed. */
export async function assertMaySign(ctx: Ctx, p: Principal, letterId: string) {
  await signableLetter(ctx, p, letterId, false);
}

async function signableLetter(ctx: Ctx, p: Principal, letterId: string, read = true) {
  if (!UUID_RE.test(letterId)) throw notFound();
  const found = await repo.getLetter(ctx.database.db, letterId);
  if (!found) throw notFound();
  // The letter is as visible as its job.
  const r = await visibleJob(ctx.database.db, p, found.l.jobId);
  requireAllowed(mayWorkOnJob(p, r.job), workRefusal);
  const engineer = found.l.engineerId ? await engRepo.getEngineer(ctx.database.db, found.l.engineerId) : null;
  if (!engineer) throw conflict('The engineer who sealed this letter no longer exists: generate it again.');
  if (!maySignAsEngineer(p, engineer)) throw forbidden(`Only ${engineer.name}, who sealed this letter, signs it (from the account linked on the Engineers page).`);
  if (found.l.signatureStatus === 'signed') throw conflict('This letter is already signed.');
  // The signature covers the sealed letter: seal first (re-saving a signed PDF voids the signature).
  if (found.state === 'draft') throw conflict(`Seal the letter before signing it: ${engineer.name} seals it on the job's Deliverables card, then signs.`);
  const bytes = read ? await readBytes(ctx, found.storageKey) : Buffer.alloc(0);
  return { found, engineer, bytes, job: r.job };
}

async function storeSigned(ctx: Ctx, p: Principal, found: NonNullable<Awaited<ReturnType<typeof repo.getLetter>>>, signed: Uint8Array, signedBy: string) {
  const fileId = crypto.randomUUID();
  const key = `jobs/${found.l.jobId}/${fileId}`;
  await ctx.storage.put(key, signed);
  const now = ctx.clock.now();
  const ok = await ctx.database.db.transaction(async (tx) => {
    await insertFiles(tx, [{ id: fileId, jobId: found.l.jobId, kind: 'internal', category: 'Engineering', name: found.fileName.replace(/\.pdf$/i, '') + ' (signed).pdf', mime: 'application/pdf', size: signed.length, storageKey: key, uploadedById: p.id, uploadedByRole: p.role, createdAt: now }]);
    const signedSha256 = crypto.createHash('sha256').update(signed).digest('hex');
    const marked = await repo.markSigned(tx, found.l.id, { signedFileId: fileId, signedSha256, signedBy, signedAt: now });
    // The signed copy is the deliverable from now on; the code printed on the letter checks its bytes.
    if (marked) await replaceDeliverableFile(tx, found.l.fileId, { id: fileId, name: found.fileName.replace(/\.pdf$/i, '') + ' (signed).pdf', sha256: signedSha256, size: signed.length });
    return marked;
  });
  if (!ok) {
    await ctx.storage.remove(key).catch(() => {});
    throw conflict('This letter is already signed.');
  }
  const [row] = (await repo.lettersOfJob(ctx.database.db, found.l.jobId)).filter((x) => x.l.id === found.l.id);
  return letterOut(row!, p);
}

/**
 * Signs a sealed letter with the engineer's P12, sent for this signing only; neither the key nor the
 * passphrase is kept. The certificate must be one registered for the letter's engineer (its public
 * key), and with SIGNING_TRUST_DIR it must chain to a trusted CA: otherwise 422, before any signing.
 */
export async function signLetter(ctx: Ctx, p: Principal, letterId: string, p12: Uint8Array | null, passphrase: string | null) {
  const { found, engineer, bytes } = await signableLetter(ctx, p, letterId);
  if (!p12 || p12.length === 0) throw badRequest('Some fields are invalid.', [{ files: 'Send the certificate file (.p12 or .pfx).' }]);
  if (passphrase === null) throw badRequest('Some fields are invalid.', [{ passphrase: 'Send the certificate\'s passphrase.' }]);
  const now = ctx.clock.now();
  let signed: Uint8Array;
  const { openSigner, signPdfWith, SigningError } = await signing();
  try {
    const signer = openSigner(p12, passphrase);
    const chain = signer.chain.filter((c) => c.fingerprint256 !== signer.certificate.fingerprint256);
    const refusal = await signingRefusal(ctx, engineer, signer.certificate, chain, now);
    if (refusal) throw new AppError(422, refusal, 'unprocessable');
    signed = await signPdfWith(bytes, signer, {
      reason: `Sealed and signed by ${engineer.name}, P.E. (${engineer.licences.map((l) => `${l.state} ${l.number}`).join(', ')})`,
      name: engineer.name, location: 'Sunstamp', contactInfo: engineer.email, signingTime: now,
    });
  } catch (e) {
    if (e instanceof SigningError) throw badRequest(e.message, [{ files: e.message }]);
    throw e;
  }
  return storeSigned(ctx, p, found, signed, engineer.name);
}

/** Takes a letter signed outside Sunstamp: the signature must verify over the whole file, and the file must begin with the exact bytes generated. */
export async function acceptSignedLetter(ctx: Ctx, p: Principal, letterId: string, signed: Uint8Array | null) {
  const { found, engineer, bytes } = await signableLetter(ctx, p, letterId);
  if (!signed || signed.length === 0) throw badRequest('Some fields are invalid.', [{ files: 'Send the signed PDF.' }]);
  const check = await (await signing()).verifyOutsideSignature(bytes, signed);
  if (!check.valid) throw new AppError(422, `The signature does not verify: ${check.problem ?? 'unknown reason'}`, 'unprocessable');
  if (!check.coversWholeFile) throw new AppError(422, 'The signature does not cover the whole file: something was added after signing.', 'unprocessable');
  if (!check.startsWithGenerated) throw new AppError(422, 'The signed file does not begin with the sealed letter Sunstamp made: it was changed before signing. Sign the downloaded letter as it is.', 'unprocessable');
  if (!check.certificates.signer) throw new AppError(422, 'The signature carries no certificate: the signer cannot be checked.', 'unprocessable');
  const leaf = new X509Certificate(Buffer.from(check.certificates.signer));
  const chain = check.certificates.all.map((c) => new X509Certificate(Buffer.from(c))).filter((c) => c.fingerprint256 !== leaf.fingerprint256);
  const refusal = await signingRefusal(ctx, engineer, leaf, chain, ctx.clock.now());
  if (refusal) throw new AppError(422, refusal, 'unprocessable');
  return storeSigned(ctx, p, found, signed, check.signer?.commonName || engineer.name);
}
