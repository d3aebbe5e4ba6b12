// What a letter is made of (issue 28: split out of letters.service.ts): the engineer's choices from the
// request, the engine's report for the job, the extras some letters need (ground mount, wall battery,
// seismic areas, third party, the analysis result) and the renderer's input for one letter.
import type { GenerateLettersBody } from '@sunstamp/domain/contracts/letters';
import type { JobArray } from '@sunstamp/domain/jobs/job-defaults.schema';
import type { Discipline } from '@sunstamp/domain/engineers/engineer-licence.rules';
import { calculateDesign } from '@sunstamp/engineering/design.calc';
import type { DesignInputRaw } from '@sunstamp/engineering/design-input.schema';
import { isEngineRefusal } from '@sunstamp/engineering/engine-refusal';
import type { Report } from '@sunstamp/engineering/report.schema';
import { LETTER_DISCIPLINE, type LetterInputRaw, type LetterType } from '@sunstamp/planset/letters/letter-input.schema';
import { LetterRefusal } from '@sunstamp/planset/letters/letter.compose';
import { ZodError } from 'zod';
import type { JobPayload } from '../../platform/queue/queue.registry.ts';
import { readBytes } from '../engineers/engineers.api.ts';
import { documentDayOf } from '../settings/settings.api.ts';
import { resolvedOf } from '../jobs/jobs.api.ts';
import { assembleGeneration } from '../plansets/plansets.api.ts';
import { designInputOf, letterCodesOf, MissingFactError, type JobFacts } from './letters-design.mapper.ts';
import { asceEditionOf, batteryOf, groundMountOf } from './letters-mounts.mapper.ts';
import { resultFileOf, TOOL_OF, type Ctx, type JobWithRefs, type Lines, type Prepared, type StructuralMethod } from './letters-prepare.ts';
import * as repo from './letters.repository.ts';

/**
 * The engineer's choices a letters run takes from generate-letters (camel-cased for the renderer).
 * What a letter calculates with (the ground mount's geometry and capacities, the battery's bracket)
 * is read from the job and the catalogue in the run, never from the request.
 */
export interface LetterData {
  structuralMethod?: StructuralMethod;
  structuralResultFileId?: string;
  /** The engineer chosen per discipline (Engineers page ids). */
  engineers?: Partial<Record<Discipline, string>>;
  roofAreaFt2?: number;
  thirdParty?: NonNullable<LetterInputRaw['thirdParty']>;
}

export function letterDataOf(b: GenerateLettersBody): LetterData {
  const t = b.third_party;
  return {
    ...(b.structural_method ? { structuralMethod: b.structural_method } : {}),
    ...(b.structural_result_file_id ? { structuralResultFileId: b.structural_result_file_id } : {}),
    ...(b.engineers ? { engineers: { ...b.engineers } } : {}),
    ...(b.roof_area_ft2 !== undefined ? { roofAreaFt2: b.roof_area_ft2 } : {}),
    ...(t ? { thirdParty: { kind: t.kind, name: t.name, credential: t.credential, number: t.number, ...(t.organisation ? { organisation: t.organisation } : {}) } } : {}),
  };
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
export async function calculate(ctx: Ctx, r: JobWithRefs, prep: Prepared, arrays?: readonly Record<string, unknown>[], method: StructuralMethod = 'prescriptive'): Promise<{ report: Report; design: DesignInputRaw; lines: Lines; source: 'plan-set' | 'arrays' }> {
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
export async function extrasOf(ctx: Ctx, r: JobWithRefs, type: LetterType, data: LetterData, calc: { design: DesignInputRaw; lines: Lines }): Promise<Partial<LetterInputRaw>> {
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

export function calculationMessage(e: unknown): string | null {
  if (e instanceof MissingFactError || isEngineRefusal(e)) return e.message;
  if (e instanceof ZodError) return `The design input is not valid: ${e.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`;
  return null;
}

/** The engineer a letter of this type is written for (who alone may seal it). */
export const engineerOf = (prep: Prepared, type: LetterType) => prep.engineers.get(LETTER_DISCIPLINE[type])!;

export async function letterInputOf(
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
      ahjName: prep.ahj.name, revision: j.revisionNumber, date: await documentDayOf(ctx),
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
