import { createHash } from 'node:crypto';
import type { DesignInputRaw } from '@sunstamp/engineering/design-input.schema';
import { calculateDesign } from '@sunstamp/engineering/design.calc';
import { isEngineRefusal } from '@sunstamp/engineering/engine-refusal';
import type { Check, Report } from '@sunstamp/engineering/report.schema';
import { blankCadFields } from '@sunstamp/domain/requirements/dynamic-cad-fields.rules';
import type { ResolvedRequirements } from '@sunstamp/domain/requirements/resolve.rules';
import type { DesignModel, PlanSetInputRaw } from '@sunstamp/planset/input.schema';
import { TEMPLATE_VERSION } from '@sunstamp/planset/planset.model';
import type { DbOrTx } from '../../db/client.ts';
import { type JobRow, listRevisions, storedValueOf } from '../jobs/jobs.api.ts';
import { readRequirementFileBytes, resolveForJob } from '../requirements/requirements.api.ts';
import { documentTimeZone } from '../settings/settings.api.ts';
import { calendarDayIn } from '@sunstamp/domain/format/document-day.format';
import type { Discipline } from '@sunstamp/domain/engineers/engineer-licence.rules';
import { type Circuit, type ElectricalKind } from '@sunstamp/domain/design/electrical-design.rules';
import { codeRefText as refText } from '@sunstamp/engineering/report.builder';
import { arraysAndServiceOf, directoryOf, equipmentOf, num, partiesOf, str, type Ctx, type Facts, type MissingInput, type Need } from './planset-input.facts.ts';
import { codesOf, designOf, electricalDesignOf, engineInputOf, runsOf, withAttachments, type Codes } from './planset-input.engine.ts';
import { planSetInputOf, type RequirementFiles } from './planset-input.document.ts';

export type { MissingInput } from './planset-input.facts.ts';
export { DEFAULT_HIGH_AMBIENT_C, interconnectionMethodOf } from './planset-input.engine.ts';
export { drawnByOf } from './planset-input.document.ts';
export { railOfCatalogue } from './planset-input.facts.ts';

/*
 * Everything a plan-set run reads, assembled from the job: the engineering engine's input (the
 * AHJ's design criteria and code editions, the equipment models' specs from the catalogue, the
 * arrays, the service from the CAD intake, the requirements that are engine inputs) and the
 * PlanSetInput without its report (job, design model, resolved requirements, equipment with the
 * catalogue's datasheets, the firm, the contractor, revisions, stamps, requirement files, site
 * photos). What is missing is collected, not thrown at the first gap, so one answer names all of it:
 * the dynamic CAD fields the requirements ask for (spec §3) among it. `assembleGeneration` runs the
 * steps in order: the facts (planset-input.facts.ts), then design → circuits → runs → engine input
 * and attachments (planset-input.engine.ts), then the plan set's input (planset-input.document.ts).
 */

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

export type AssembleResult = { ok: true; inputs: GenerationInputs } | { ok: false; missing: MissingInput[] };

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

/**
 * The inputs of a plan-set run of the job. `o.design`: the Design page's unsaved model, assembled
 * as if it were saved (the live checks), through the same code a run takes.
 */
export async function assembleGeneration(ctx: Ctx, job: JobRow, o: { design?: DesignModel } = {}): Promise<AssembleResult> {
  const db: DbOrTx = ctx.database.db;
  const missing: MissingInput[] = [];
  const need = (field: string, message: string) => { missing.push({ field, message }); };
  const cad = (job.cadIntake ?? {}) as Record<string, unknown>;
  const cadFields = (job.cadFields ?? {}) as Record<string, unknown>;

  // 1. The facts (planset-input.facts.ts), every gap collected so one answer names all of them.
  const directory = await directoryOf(db, job, cad, need);
  const equipment = await equipmentOf(db, job, cad, need);
  const site = arraysAndServiceOf(job, cad, equipment, need);
  const parties = await partiesOf(db, job, cad, need);
  const requirements = await requirementsOf(ctx, job, cadFields, { ...directory, ...equipment, cad, arrays: site.arrays }, need);
  if (missing.length) return { ok: false, missing };
  const facts: Facts = { job, cad, cadFields, ...directory, ...equipment, ...site, ...parties, ...requirements };

  // 2. design → 3. circuits → 4. runs → 5. engine input and attachments (planset-input.engine.ts).
  const codes = codesOf(facts);
  const design = await designOf(ctx, facts, codes, o.design);
  if (!design.ok) return design;
  const circuits = electricalDesignOf(facts, design);
  const runs = runsOf(facts, design, circuits);
  const engineInput = engineInputOf(facts, codes, design, circuits, runs);
  const files = await requirementFilesOf(ctx, facts, codes);
  const placed = withAttachments(facts, design, engineInput);
  if (!placed.ok) return placed;

  // 6. The plan set's input (planset-input.document.ts); the run's identity is the hash of both.
  const engine = placed.engine;
  const { input, seals } = await planSetInputOf(ctx, facts, codes, { ...design, ...circuits, ...runs, attachments: placed.attachments }, files);
  return { ok: true, inputs: { engine, input, hash: stableHash({ engine, input }), revision: job.revisionNumber, seals, electrical: circuits.electrical } };
}

/** Step 1e, the requirements resolved with the system size known, and the CAD fields they ask for. */
async function requirementsOf(ctx: Ctx, job: JobRow, cadFields: Record<string, unknown>, f: Pick<Facts, 'ahj' | 'utility' | 'md' | 'batteryLine' | 'optimizerLine' | 'inverterType' | 'cad' | 'arrays'>, need: Need) {
  const { ahj, utility, md, batteryLine, optimizerLine, inverterType, cad, arrays } = f;
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
  return { resolved, moduleCount, pmaxW };
}

/** The files the requirements name (cut sheets, the contractor's stamp) and the job's revisions, read for step 6. */
async function requirementFilesOf(ctx: Ctx, facts: Facts, c: Codes): Promise<RequirementFiles> {
  const { job, utility, ahj, resolved } = facts;
  const { rv, on } = c;
  const db = ctx.database.db;
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
  const zone = await documentTimeZone(db);
  const revisions = (await listRevisions(db, job.id)).map(({ r }) => ({
    number: r.number, date: calendarDayIn(r.createdAt, zone), description: r.note.trim() || r.reason.replace(/_/g, ' '), reason: r.reason,
  }));
  return { requirementFiles, contractorStamp, revisions };
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
