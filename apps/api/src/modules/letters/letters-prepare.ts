// What a letters run checks before it calculates (issue 28: split out of letters.service.ts): the job
// may be worked on, the letters apply to it, it has an AHJ, a sealing engineer for every discipline
// and the firm's letterhead; and the uploaded structural analysis a letter cites is a PDF of the job.
import { mayWorkOnJob } from '@sunstamp/domain/policies/jobs.policy';
import { UUID_RE } from '@sunstamp/domain/constants/ids.constants';
import { letterNotApplicable, type LetterJobFacts } from '@sunstamp/domain/jobs/letter-applicability.rules';
import { chooseSealingEngineer, sealingLicenceOf, type Discipline } from '@sunstamp/domain/engineers/engineer-licence.rules';
import type { STRUCTURAL_METHOD_VALUES } from '@sunstamp/domain/contracts/letters';
import { LETTER_DISCIPLINE, type LetterInputRaw, type LetterType } from '@sunstamp/planset/letters/letter-input.schema';
import type { AppContext } from '../../context.ts';
import { conflict, unprocessable } from '../../platform/errors.ts';
import type { Principal } from '../../platform/principal.ts';
import { requireAllowed } from '../../platform/access.ts';
import { engineersLicensedIn, type EngineerWithLicences, getEngineer } from '../engineers/engineers.api.ts';
import { documentDayOf } from '../settings/settings.api.ts';
import { getFile } from '../files/files.api.ts';
import { type getJobWithRefs, visibleJob } from '../jobs/jobs.api.ts';
import { firmCompany } from '../plansets/plansets.api.ts';
import * as repo from './letters.repository.ts';

export type Ctx = Pick<AppContext, 'database' | 'clock' | 'storage' | 'queue' | 'events' | 'caches' | 'log' | 'config'>;
export type JobWithRefs = NonNullable<Awaited<ReturnType<typeof getJobWithRefs>>>;
export type StructuralMethod = (typeof STRUCTURAL_METHOD_VALUES)[number];
export type Lines = Awaited<ReturnType<typeof repo.equipmentDataOf>>;

export const TOOL_OF = { forte: 'Forte', skyciv: 'SkyCiv' } as const;

/** The uploaded Forte/SkyCiv result: a PDF file of this job. 422 otherwise. */
export async function resultFileOf(ctx: Ctx, jobId: string, fileId: string, tool: string) {
  const row = UUID_RE.test(fileId) ? await getFile(ctx.database.db, fileId) : undefined;
  if (!row || row.f.jobId !== jobId) throw unprocessable(`The ${tool} result file (structural_result_file_id) is not a file of this job: upload the ${tool} result to the job's files first.`);
  if (row.f.mime !== 'application/pdf') throw unprocessable(`The ${tool} result "${row.f.name}" is not a PDF: upload the result as a PDF exported from ${tool}.`);
  return row.f;
}

export const workRefusal = 'Only staff and the contractor assigned to this job generate its letters.';
type SealingEngineer = { engineer: EngineerWithLicences; licence: { state: string; number: string; expiresOn: string } };

export interface Prepared {
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
  const candidates = await engineersLicensedIn(ctx.database.db, state);
  const engineers = new Map<Discipline, SealingEngineer>();
  const today = await documentDayOf(ctx);
  for (const d of disciplines) {
    const wanted = chosenIds[d];
    if (wanted) {
      const e = UUID_RE.test(wanted) ? await getEngineer(ctx.database.db, wanted) : null;
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
export async function prepare(ctx: Ctx, r: JobWithRefs, types: readonly LetterType[], chosen?: Partial<Record<Discipline, string>>): Promise<Prepared> {
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
export async function notApplicable(ctx: Ctx, r: JobWithRefs, types: readonly LetterType[]): Promise<{ type: LetterType; message: string }[]> {
  const lines = await repo.equipmentDataOf(ctx.database.db, r.job.id);
  const state = r.job.clientStateId !== null ? (await repo.stateCodeOf(ctx.database.db, r.job.clientStateId))?.abbreviation ?? null : null;
  const ahjState = !state && r.job.ahjId ? (await repo.ahjOf(ctx.database.db, r.job.ahjId))?.state ?? null : null;
  const facts = applicabilityOf(r, lines, state ?? ahjState);
  return types.flatMap((type) => {
    const message = letterNotApplicable(type, facts);
    return message ? [{ type, message }] : [];
  });
}

export async function workableJob(ctx: Ctx, p: Principal, jobId: string) {
  const r = await visibleJob(ctx.database.db, p, jobId);
  requireAllowed(mayWorkOnJob(p, r.job), workRefusal);
  if (!r.job.isActive) throw conflict('This job is deactivated.');
  return r;
}
