import { UUID_RE } from '@sunstamp/domain/constants/ids.constants';
import {
  WET_STAMP_GATE_MESSAGE, WET_STAMP_REQUIREMENT, isWetStampGatedMove, isWetStampSent, wetStampGateSentence, wetStampNeedOf,
  type WetStampNeed, type WetStampState,
} from '@sunstamp/domain/jobs/wet-stamp.rules';
import type { JobStatus } from '@sunstamp/domain/jobs/workflow.rules';
import { REQUIREMENT_DEFINITIONS } from '@sunstamp/domain/requirements/requirement-definitions.data';
import { resolveRequirements, scopeValuesFromRows } from '@sunstamp/domain/requirements/resolve.rules';
import type { RequirementScope } from '@sunstamp/domain/requirements/requirement.schema';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { listScopes } from '../requirements/requirements.api.ts';
import * as repo from './wet-stamps.repository.ts';

/*
 * What the job workflow asks of the wet stamp, kept apart from the routes' service so the workflow
 * imports only this: SQL of this area and of the requirements, and the domain's resolver, nothing of the jobs module.
 */


/** The job facts the need reads. */
export type WetStampJob = {
  id: string;
  companyId: string;
  ahjId: string | null;
  cadIntake: unknown;
  servicesRequested: string[];
  revisionNumber: number;
  /** The client's order at intake ({copies, …ship-to}), or null. */
  wetStampOrder: unknown;
};

export type WetStampNeedAnswer = WetStampNeed & { requirement: { value: string; source: string } | null };

/**
 * Whether the job has a wet stamp to make, from its services and its `wet_stamps` requirement
 * resolved over company, utility and AHJ as the job's requirements are (jobs-requirements.service.ts).
 * Reads through `db`, so it runs inside the workflow's transaction.
 */
export async function wetStampNeedOfJob(db: DbOrTx, job: WetStampJob): Promise<WetStampNeedAnswer> {
  const utility = (job.cadIntake as { utility?: unknown } | null)?.utility;
  const scopes: { scopeType: RequirementScope; scopeId: string }[] = [{ scopeType: 'company', scopeId: job.companyId }];
  if (typeof utility === 'string' && UUID_RE.test(utility)) scopes.push({ scopeType: 'utility', scopeId: utility });
  if (job.ahjId) scopes.push({ scopeType: 'ahj', scopeId: job.ahjId });
  const rows = await listScopes(db, scopes);
  const of = (t: RequirementScope) => scopeValuesFromRows(rows.filter((x) => x.scopeType === t));
  const resolved = resolveRequirements(REQUIREMENT_DEFINITIONS, { company: of('company'), utility: of('utility'), ahj: of('ahj') });
  const r = resolved.values[WET_STAMP_REQUIREMENT];
  const need = wetStampNeedOf(job.servicesRequested, r?.on ? r.value : null, (job.wetStampOrder as { copies?: number | null } | null)?.copies ?? null);
  return { ...need, requirement: need.requirementCopies !== null && r ? { value: String(r.value), source: r.source } : null };
}

/**
 * A job in Pending Wet Stamp reaches Design Completed only once its wet stamp is shipped or
 * delivered: 409 naming the step it is at. A job with no wet stamp to make passes (a move through
 * Pending Wet Stamp by mistake is not held hostage to a card nobody can fill in).
 */
export async function assertWetStampSent(db: DbOrTx, job: WetStampJob, from: JobStatus, to: JobStatus): Promise<void> {
  if (!isWetStampGatedMove(from, to)) return;
  const row = await repo.getWetStamp(db, job.id, job.revisionNumber);
  if (row && isWetStampSent(row.state as WetStampState)) return;
  let copies = row?.copies;
  if (!row) {
    const need = await wetStampNeedOfJob(db, job);
    if (!need.required) return;
    copies = need.defaultCopies;
  }
  throw new AppError(409, WET_STAMP_GATE_MESSAGE, 'conflict', [wetStampGateSentence((row?.state ?? 'pending') as WetStampState, copies ?? 1)]);
}
