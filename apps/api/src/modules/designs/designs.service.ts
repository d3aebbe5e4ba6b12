import { mayWorkOnJob } from '@sunstamp/domain/policies/jobs.policy';
import { isClientRole } from '@sunstamp/domain/roles';
import { ZDesignModel, type DesignModel, type PlacedModule, type RoofPlane } from '@sunstamp/domain/design/design-model.schema';
import { starterDesignOf } from '@sunstamp/domain/design/starter-design.rules';
import { electricalDesignProblems } from '@sunstamp/domain/design/electrical-design.rules';
import { editEventOf } from '@sunstamp/domain/jobs/job-history.rules';
import type { JobStatus } from '@sunstamp/domain/jobs/workflow.rules';
import { arraysModuleCount } from '@sunstamp/domain/jobs/job-equipment.rules';
import type { JobArray } from '@sunstamp/domain/jobs/job-defaults.schema';
import {
  LAYOUT_ALTERATION_KEY, LAYOUT_ASK, LAYOUT_NEVER,
  type DesignAnswer, type DesignBackground, type DesignSource,
} from '@sunstamp/domain/contracts/designs';
import { autoLayoutRoof, checkRoofAccess, type LayoutOptions, type PlaneTarget } from '@sunstamp/planset/layout/auto-layout';
import type { FireCode } from '@sunstamp/planset/input.schema';
import { sectionOf } from '@sunstamp/planset/layout/fire-setbacks.rules';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Principal } from '../../platform/principal.ts';
import { AppError, badRequest, conflict, forbidden, notFound, invalidFields } from '../../platform/errors.ts';
import { getJobWithRefs, insertHistory, lockJob, maySeeFile, resolvedOf, visibleJob } from '../jobs/jobs.api.ts';
import * as repo from './designs.repository.ts';

/*
 * The design model of a job's revision (design-model.schema.ts). Read by everyone who sees the job
 * (clients read it: it is their roof; they do not edit it), written by the designers: staff and
 * the contractor the job is assigned to (mayWorkOnJob). A job without a saved design answers the
 * latest design of an earlier revision, or else the starter design of its arrays auto-filled with
 * modules (source 'auto'); nothing is stored until a designer saves.
 *
 * A save must place exactly the job's module count (Σ panel quantity of its arrays), and the job's
 * layout_alteration requirement decides whether the saved layout's modules may change: "Never
 * alter layout" refuses any change once a layout was saved, "Request permission to alter layout"
 * asks the designer to confirm the client agreed (layout_permission), "Alter layout as needed"
 * lets it through.
 */

type Ctx = Pick<AppContext, 'caches' | 'clock' | 'database'>;
type JobWithRefs = Awaited<ReturnType<typeof visibleJob>>;

/** A typical 60-cell module (mm) for a job whose module is not a catalogue model yet. */
const FALLBACK_MODULE_MM = { length: 1722, width: 1134 };
const MM_PER_IN = 25.4;
const round2 = (v: number) => Math.round(v * 100) / 100;

export interface DesignFacts {
  moduleCount: number;
  moduleSize: { lengthIn: number; widthIn: number; fromCatalogue: boolean };
  microInverters: boolean;
  hasBattery: boolean;
  fireCode: FireCode;
  roofIsHip: boolean;
  layoutAlteration: string;
}

/** The edition a code text names ("2021", "IFC 2018", "2021 IRC"), among those the setback rules know. */
export function fireEditionOf(text: string | null | undefined): FireCode['edition'] | null {
  const m = /(20\d\d)/.exec(text ?? '');
  if (!m) return null;
  const year = Number(m[1]);
  const known = ['2024', '2021', '2018', '2015', '2012'] as const;
  return known.find((e) => year >= Number(e)) ?? '2012';
}

export async function factsOf(ctx: Ctx, r: JobWithRefs): Promise<DesignFacts> {
  const db = ctx.database.db;
  const job = r.job;
  const [lines, codes, { resolved }] = await Promise.all([
    repo.equipmentFactsOf(db, job.id),
    job.ahjId ? repo.ahjCodesOf(db, job.ahjId) : Promise.resolve(undefined),
    resolvedOf(ctx, r),
  ]);
  const module = lines.find((l) => l.kind === 'module');
  const data = (module?.data ?? {}) as { lengthMm?: unknown; widthMm?: unknown };
  const fromCatalogue = typeof data.lengthMm === 'number' && typeof data.widthMm === 'number' && data.lengthMm > 0 && data.widthMm > 0;
  const lengthMm = fromCatalogue ? (data.lengthMm as number) : FALLBACK_MODULE_MM.length;
  const widthMm = fromCatalogue ? (data.widthMm as number) : FALLBACK_MODULE_MM.width;
  const inverter = lines.find((l) => l.kind === 'inverter');
  // Residential rooftop access is the IRC's R324.6 where the AHJ adopted an IRC; the IFC's otherwise.
  const irc = fireEditionOf(codes?.irc);
  const ifc = fireEditionOf(codes?.fire);
  const fireCode: FireCode = irc ? { code: 'IRC', edition: irc, sprinklered: false } : ifc ? { code: 'IFC', edition: ifc, sprinklered: false } : { code: 'IRC', edition: '2018', sprinklered: false };
  const alteration = resolved.values[LAYOUT_ALTERATION_KEY]?.value;
  return {
    moduleCount: arraysModuleCount(job.arrays as JobArray[]),
    moduleSize: { lengthIn: round2(Math.max(lengthMm, widthMm) / MM_PER_IN), widthIn: round2(Math.min(lengthMm, widthMm) / MM_PER_IN), fromCatalogue },
    microInverters: /micro/i.test(inverter?.type ?? ''),
    hasBattery: lines.some((l) => l.kind === 'battery'),
    fireCode,
    roofIsHip: job.roofType === 'Hip Roof',
    layoutAlteration: typeof alteration === 'string' ? alteration : LAYOUT_ASK,
  };
}

const layoutOptions = (f: DesignFacts): LayoutOptions => ({ fireCode: f.fireCode, roofIsHip: f.roofIsHip });

/** Modules per plane: each array's panel quantity on the plane that names it (or the plane of its index). */
function targetsOf(planes: readonly RoofPlane[], arrays: readonly JobArray[], facts: DesignFacts): PlaneTarget[] {
  const targets = planes.map((p, i) => {
    const m = /^array-(\d+)$/.exec(p.arrayId);
    const a = arrays[m ? Number(m[1]) - 1 : i];
    return { planeId: p.id, count: a?.panel_quantity ?? 0, orientation: (a?.orientation ?? 'Portrait') === 'Landscape' ? 'landscape' as const : 'portrait' as const };
  });
  // Arrays without a plane of their own (more arrays than planes) put their modules on the last plane.
  const placed = targets.reduce((n, t) => n + t.count, 0);
  if (placed < facts.moduleCount && targets.length) targets[targets.length - 1]!.count += facts.moduleCount - placed;
  return targets;
}

/** Fills the planes with modules (rows and columns, honouring the fire pathways and ridge setback). */
function autoFilled(model: DesignModel, arrays: readonly JobArray[], facts: DesignFacts): { model: DesignModel; shortBy: Record<string, number> } {
  const size = { lengthIn: facts.moduleSize.lengthIn, widthIn: facts.moduleSize.widthIn };
  const layout = autoLayoutRoof(model.roofPlanes, size, targetsOf(model.roofPlanes, arrays, facts), layoutOptions(facts));
  // Strings and branch circuits named modules that no longer exist: the electrical design starts again.
  return { model: { ...model, modules: layout.modules, strings: [], branchCircuits: [] }, shortBy: layout.shortBy };
}

function starterOf(r: JobWithRefs, facts: DesignFacts): DesignModel {
  return starterDesignOf({
    revision: r.job.revisionNumber,
    arrays: r.job.arrays as JobArray[],
    module: facts.moduleSize,
    hasBattery: facts.hasBattery,
    microInverters: facts.microInverters,
  });
}

interface Loaded {
  source: DesignSource;
  model: DesignModel;
  version: number;
  background: DesignBackground | null;
  layoutSaved: boolean;
  shortBy: Record<string, number>;
  updatedAt: Date | null;
  updatedBy: { id: string; name: string } | null;
}

/** The job's design (saved, of an earlier revision, or the auto-filled starter); `fill: false` skips the auto layout of a starter (a caller that lays out the job itself). */
async function loadDesign(ctx: Ctx, r: JobWithRefs, facts: DesignFacts, opts: { fill?: boolean } = {}): Promise<Loaded> {
  const revision = r.job.revisionNumber;
  const row = await repo.latestDesignUpTo(ctx.database.db, r.job.id, revision);
  if (row) {
    const parsed = ZDesignModel.safeParse(row.design.model);
    if (parsed.success) {
      const current = row.design.revision === revision;
      const name = `${row.authorFirst ?? ''} ${row.authorLast ?? ''}`.trim() || row.authorEmail || '';
      return {
        source: current ? 'saved' : 'previous_revision',
        model: { ...parsed.data, revision },
        version: current ? row.design.version : 0,
        background: row.design.backgroundFileId ? (row.design.background as DesignBackground | null) : null,
        layoutSaved: true,
        shortBy: {},
        updatedAt: row.design.updatedAt,
        updatedBy: row.design.updatedById ? { id: row.design.updatedById, name } : null,
      };
    }
  }
  const filled = opts.fill === false ? { model: starterOf(r, facts), shortBy: {} } : autoFilled(starterOf(r, facts), r.job.arrays as JobArray[], facts);
  return { source: 'auto', model: filled.model, version: 0, background: null, layoutSaved: false, shortBy: filled.shortBy, updatedAt: null, updatedBy: null };
}

function accessOf(model: DesignModel, facts: DesignFacts): DesignAnswer['access'] {
  const size = { lengthIn: facts.moduleSize.lengthIn, widthIn: facts.moduleSize.widthIn };
  const a = checkRoofAccess(model.roofPlanes, model.modules, size, layoutOptions(facts));
  return {
    fire_code: `${facts.fireCode.edition} ${facts.fireCode.code}`,
    section: a.rule.exempt ? sectionOf(facts.fireCode, 'exempt') : a.rule.section,
    ridge_setback_in: a.rule.ridgeIn,
    coverage: Math.round(a.coverage * 1000) / 1000,
    violations: a.violations.map((v) => ({ module_id: v.moduleId, reason: v.reason })),
  };
}

async function answerOf(ctx: Ctx, p: Principal, r: JobWithRefs, facts: DesignFacts, d: Loaded): Promise<DesignAnswer> {
  const images = (await repo.imageFilesOf(ctx.database.db, r.job.id)).filter((f) => maySeeFile(p, f));
  // A background whose file the caller may not see is not shown to them.
  const background = d.background && images.some((f) => f.id === d.background!.file_id) ? d.background : null;
  return {
    job_id: r.job.id,
    job_name: r.job.name || r.job.clientName || '',
    revision: r.job.revisionNumber,
    version: d.version,
    source: d.source,
    model: d.model,
    background,
    module_count: facts.moduleCount,
    module_size: { length_in: facts.moduleSize.lengthIn, width_in: facts.moduleSize.widthIn, from_catalogue: facts.moduleSize.fromCatalogue },
    electrical_kind: facts.microInverters ? 'branch_circuits' : 'strings',
    layout_alteration: facts.layoutAlteration,
    layout_saved: d.layoutSaved,
    may_edit: mayWorkOnJob(p, r.job),
    updated_at: d.updatedAt ? d.updatedAt.toISOString() : null,
    // A client is not told who at the firm (or which outside drafter) works on the job.
    updated_by: isClientRole(p.role) ? null : d.updatedBy,
    access: accessOf(d.model, facts),
    short_by: d.shortBy,
    images: images.map((f) => ({ id: f.id, name: f.name, category: f.category })),
  };
}

/** GET /jobs/{id}/design: anyone who sees the job. */
export async function getDesign(ctx: Ctx, p: Principal, jobId: string): Promise<DesignAnswer> {
  const r = await visibleJob(ctx.database.db, p, jobId);
  const facts = await factsOf(ctx, r);
  return answerOf(ctx, p, r, facts, await loadDesign(ctx, r, facts));
}

export const DESIGNERS_ONLY = 'Only our design team and the contractor assigned to this job edit its design.';

export function requireDesigner(p: Principal, r: JobWithRefs) {
  if (!mayWorkOnJob(p, r.job)) throw forbidden(DESIGNERS_ONLY);
  if (!r.job.isActive) throw conflict('This job is deactivated.');
}

/** A module's place, to compare layouts: plane, orientation and centre to the hundredth of a foot. */
const placeOf = (m: PlacedModule) => `${m.planeId}|${m.orientation}|${m.x.toFixed(2)}|${m.y.toFixed(2)}`;
export function layoutChanged(before: readonly PlacedModule[], after: readonly PlacedModule[]): boolean {
  if (before.length !== after.length) return true;
  const a = before.map(placeOf).sort();
  const b = after.map(placeOf).sort();
  return a.some((x, i) => x !== b[i]);
}

const NEVER_MESSAGE = 'This job\'s requirements say "Never alter layout": the client\'s module layout cannot be changed.';
const ASK_MESSAGE = 'This job\'s requirements say "Request permission to alter layout": confirm the client agreed to the new layout before saving it.';

function requireLayoutChangeAllowed(facts: DesignFacts, permission: boolean) {
  if (facts.layoutAlteration === LAYOUT_NEVER) throw conflict(NEVER_MESSAGE);
  if (facts.layoutAlteration === LAYOUT_ASK && !permission) throw new AppError(409, ASK_MESSAGE, 'conflict', ['layout_permission_required']);
}

/** Checks a model beyond its schema: ids unique, modules on planes that exist, edges per polygon side. */
export function checkModelShape(model: DesignModel) {
  const bad: Record<string, string>[] = [];
  const planeIds = new Set<string>();
  model.roofPlanes.forEach((pl, i) => {
    if (planeIds.has(pl.id)) bad.push({ [`model.roofPlanes.${i}.id`]: `Two roof planes are called ${pl.id}.` });
    planeIds.add(pl.id);
    if (pl.edges.length !== pl.polygon.length) bad.push({ [`model.roofPlanes.${i}.edges`]: `Give one edge kind per side: ${pl.polygon.length} sides, ${pl.edges.length} edge kinds.` });
  });
  const moduleIds = new Set<string>();
  model.modules.forEach((m, i) => {
    if (moduleIds.has(m.id)) bad.push({ [`model.modules.${i}.id`]: `Two modules are called ${m.id}.` });
    moduleIds.add(m.id);
    if (!planeIds.has(m.planeId)) bad.push({ [`model.modules.${i}.planeId`]: `No roof plane ${m.planeId}.` });
  });
  if (bad.length) throw invalidFields(bad);
}

/**
 * The model's strings or branch circuits hold together (electrical-design.rules.ts), and are the
 * kind the job's inverter takes; with `complete` (a save), every placed module is in one. The
 * first problem is the message, all of them the fields.
 */
export function checkElectricalDesign(model: DesignModel, microInverters: boolean, complete: boolean) {
  const problems = electricalDesignProblems(model, { complete });
  if (microInverters && model.strings.length) problems.unshift({ path: 'model.strings', message: 'This job\'s inverters are micro-inverters: assign its modules to branch circuits, not strings.' });
  if (!microInverters && model.branchCircuits.length) problems.unshift({ path: 'model.branchCircuits', message: 'This job\'s inverter is a string inverter: assign its modules to strings, not branch circuits.' });
  if (problems.length) throw badRequest(problems[0]!.message, problems.map((x) => ({ [x.path]: x.message })));
}

function checkModel(model: DesignModel, facts: DesignFacts) {
  checkModelShape(model);
  if (model.modules.length !== facts.moduleCount) {
    throw badRequest(`The design places ${model.modules.length} modules but the job has ${facts.moduleCount}: place exactly ${facts.moduleCount}.`, [{ 'model.modules': `${model.modules.length} placed, ${facts.moduleCount} expected.` }]);
  }
  checkElectricalDesign(model, facts.microInverters, true);
}

export interface PutDesignInput {
  version: number;
  model: DesignModel;
  background?: DesignBackground | null;
  layout_permission?: boolean;
}

/**
 * PUT /jobs/{id}/design: saves the model for the job's current revision. 400 for a model that does
 * not hold together or places the wrong number of modules, 409 when the version is stale or the
 * layout may not change (layout_alteration).
 */
export async function putDesign(ctx: Ctx, p: Principal, jobId: string, input: PutDesignInput): Promise<DesignAnswer> {
  const db = ctx.database.db;
  const r = await visibleJob(db, p, jobId);
  requireDesigner(p, r);
  const facts = await factsOf(ctx, r);
  const model = { ...input.model, revision: r.job.revisionNumber };
  checkModel(model, facts);
  let background: DesignBackground | null = null;
  if (input.background) {
    const images = await repo.imageFilesOf(db, jobId);
    if (!images.some((f) => f.id === input.background!.file_id.toLowerCase())) throw invalidFields([{ 'background.file_id': 'Choose an image of this job.' }]);
    background = { ...input.background, file_id: input.background.file_id.toLowerCase() };
  }
  const revision = r.job.revisionNumber;
  const current = await repo.latestDesignUpTo(db, jobId, revision);
  const currentVersion = current && current.design.revision === revision ? current.design.version : 0;
  if (input.version !== currentVersion) {
    throw conflict('This design was saved by someone else since you opened it: reload it and try again.');
  }
  if (current && layoutChanged((current.design.model as DesignModel).modules ?? [], model.modules)) {
    requireLayoutChangeAllowed(facts, input.layout_permission === true);
  }
  const now = ctx.clock.now();
  const set = { model, background, backgroundFileId: background?.file_id ?? null, updatedById: p.id, updatedAt: now };
  const written = await db.transaction(async (tx: DbOrTx) => {
    const locked = await lockJob(tx, jobId);
    if (!locked?.isActive || locked.revisionNumber !== revision) throw conflict('This job changed while its design was being edited: reload it and try again.');
    const row = input.version === 0
      ? await repo.insertDesign(tx, { jobId, revision, ...set, version: 1, createdAt: now })
      : await repo.updateDesign(tx, jobId, revision, input.version, set);
    if (!row) throw conflict('This design was saved by someone else since you opened it: reload it and try again.');
    await insertHistory(tx, {
      jobId, event: editEventOf(r.job.status as JobStatus), actorId: p.id, actorRole: p.role, at: now,
      data: { fields: ['design'], design: { version: row.version, modules: model.modules.length, ...(input.layout_permission ? { layout_permission: true } : {}) } },
    });
    return row;
  });
  return answerOf(ctx, p, r, facts, {
    source: 'saved', model, version: written.version, background, layoutSaved: true, shortBy: {}, updatedAt: now,
    updatedBy: { id: p.id, name: p.email },
  });
}

/**
 * POST /jobs/{id}/design/auto-layout: the design with its modules placed again by the auto-fill,
 * on the planes sent (the editor's) or the design's. Nothing is saved: the designer saves the
 * result with PUT, which applies the layout_alteration rule; "Never alter layout" refuses here at
 * once when a layout was saved.
 */
export async function autoLayoutDesign(ctx: Ctx, p: Principal, jobId: string, planes: RoofPlane[] | undefined): Promise<DesignAnswer> {
  const r = await visibleJob(ctx.database.db, p, jobId);
  requireDesigner(p, r);
  const facts = await factsOf(ctx, r);
  const d = await loadDesign(ctx, r, facts);
  if (d.layoutSaved && facts.layoutAlteration === LAYOUT_NEVER) throw conflict(NEVER_MESSAGE);
  if (planes) {
    const ids = new Set<string>();
    const bad: Record<string, string>[] = [];
    planes.forEach((pl, i) => {
      if (ids.has(pl.id)) bad.push({ [`roof_planes.${i}.id`]: `Two roof planes are called ${pl.id}.` });
      ids.add(pl.id);
      if (pl.edges.length !== pl.polygon.length) bad.push({ [`roof_planes.${i}.edges`]: `Give one edge kind per side: ${pl.polygon.length} sides, ${pl.edges.length} edge kinds.` });
    });
    if (bad.length) throw invalidFields(bad);
  }
  const base = planes ? { ...d.model, roofPlanes: planes } : d.model;
  const filled = autoFilled(base, r.job.arrays as JobArray[], facts);
  return answerOf(ctx, p, r, facts, { ...d, model: filled.model, shortBy: filled.shortBy });
}

/**
 * The design a plan-set run draws: the one saved for the job's current revision, else the latest
 * of an earlier revision, else the auto-filled starter design (`fill: false`: the starter as it
 * is, for a caller that lays out an unsaved job itself). No caller check: the run's own
 * request was authorised (a worker has no principal). 404 when the job does not exist.
 */
export async function loadDesignFor(ctx: Ctx, jobId: string, opts: { fill?: boolean } = {}): Promise<{ model: DesignModel; source: DesignSource; version: number; revision: number; moduleSize: { lengthIn: number; widthIn: number } }> {
  const r = await getJobWithRefs(ctx.database.db, jobId, { kind: 'all' }, true);
  if (!r) throw notFound();
  const facts = await factsOf(ctx, r);
  const d = await loadDesign(ctx, r, facts, opts);
  return { model: d.model, source: d.source, version: d.version, revision: r.job.revisionNumber, moduleSize: { lengthIn: facts.moduleSize.lengthIn, widthIn: facts.moduleSize.widthIn } };
}
