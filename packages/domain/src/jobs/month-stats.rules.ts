import type { CountedJobAction } from '../constants/job-events.constants.ts';
import { isPendingAdmin, type JobStatus } from './workflow.rules.ts';

/**
 * Month stats (spec §3–§4, decisions.md): reaching Approved or Design Completed counts a completed
 * job for the user who made the change; entering Pending Design Revision counts a revision. A job
 * that is designed and later approved counts twice, once for each person: the stats are per user.
 */
export const COMPLETED_JOB_STATUSES: readonly JobStatus[] = ['Approved', 'Design Completed'];
export const REVISION_STATUS: JobStatus = 'Pending Design Revision';

export interface MonthStatsDelta {
  jobsCompleted: 0 | 1;
  revisions: 0 | 1;
}

export function countsAsCompletedJob(from: JobStatus | null, to: JobStatus): boolean {
  return from !== to && COMPLETED_JOB_STATUSES.includes(to);
}

export function countsAsRevision(from: JobStatus | null, to: JobStatus): boolean {
  return from !== to && to === REVISION_STATUS;
}

export function monthStatsDelta(from: JobStatus | null, to: JobStatus): MonthStatsDelta {
  return {
    jobsCompleted: countsAsCompletedJob(from, to) ? 1 : 0,
    revisions: countsAsRevision(from, to) ? 1 : 0,
  };
}

/**
 * The analytics action (spec §3 "Job actions counted") a status change records, or null for an
 * internal move between statuses that wait on staff. `pending_rae` is entering pending admin from
 * a status that was not.
 */
export function jobActionOfTransition(from: JobStatus | null, to: JobStatus): CountedJobAction | null {
  if (from === to) return null;
  if (to === 'Cancelled') return 'cancelled';
  if (to === 'Approved') return 'approved';
  if (to === REVISION_STATUS) return 'revision';
  if (from === 'Draft' && to === 'Pending Pre-Check') return 'submitted';
  if (to === 'Pending Client') return 'pending_client';
  if (to === 'Pending Approval') return 'pending_approval';
  if (isPendingAdmin(to) && (from === null || !isPendingAdmin(from))) return 'pending_rae';
  return null;
}

/** The month a stat is counted in: `YYYY-MM` of the instant, in UTC. */
export const monthKey = (d: Date): string => d.toISOString().slice(0, 7);
