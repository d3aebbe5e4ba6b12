import type { JobStatus } from '../jobs/workflow.rules.ts';

/**
 * What each analytics number means (spec §3 Analytics; research/platform.md §2.3). The API computes
 * them, docs/analytics.md explains them and the web shows the same text in a tooltip beside each
 * number: one source for all three.
 *
 * A job's work comes in cycles: cycle 0 from submission, and one more cycle for every revision
 * (from the revision request). A cycle is complete when the job first reaches Design Completed in
 * it; the durations below are read from completed cycles whose completion falls in the period.
 */

/** Statuses where the design is drawn: a new design (cycle 0) or a revision. */
export const DESIGN_STATUSES: readonly JobStatus[] = ['Pending Design', 'Pending Design Revision'];
/** Statuses of the engineering stages: checks, professional engineers, stamps, reinforcements. */
export const ENGINEERING_STATUSES: readonly JobStatus[] = [
  'Pending Electrical Check',
  'Pending PE',
  'Pending EE',
  'Pending Wet Stamp',
  'Pending Reinforcements',
];
/** Entering this status ends the design turnaround (the drawing goes to quality control). */
export const DESIGN_DONE_STATUS: JobStatus = 'Pending QC';
/** Reaching this status completes a cycle. */
export const CYCLE_COMPLETE_STATUS: JobStatus = 'Design Completed';
export const REINFORCEMENT_STATUS: JobStatus = 'Pending Reinforcements';

export type MetricKey =
  | 'job_count'
  | 'jobs_created'
  | 'services_requested'
  | 'revisions_total'
  | 'revisions_involuntary'
  | 'average_revision_count'
  | 'revision_reasons'
  | 'pending_admin'
  | 'new_design'
  | 'revision_design'
  | 'turnaround_design'
  | 'turnaround_engineering'
  | 'turnaround_all'
  | 'reinforcement_count'
  | 'jobs_completed'
  | 'revisions_requested'
  | 'actions'
  | 'designers'
  | 'users'
  | 'jobs_per_hour';

export type MetricDefinition = { label: string; definition: string };

export const METRIC_DEFINITIONS: Record<MetricKey, MetricDefinition> = {
  job_count: {
    label: 'Jobs',
    definition: 'Jobs created in the period (drafts included). My and Group Stats: jobs the people created or are assigned to; Company Stats: jobs of the companies. The line below: in My and Group Stats, the jobs the people completed a step of or approved and the revisions they requested, on any job; in Company Stats, those of the companies\' jobs.',
  },
  jobs_created: {
    label: 'Jobs created',
    definition: 'Jobs created per period of the chosen frequency; periods without jobs show 0.',
  },
  services_requested: {
    label: 'Services requested',
    definition: 'Services on the jobs created in each period: a job asking for three services counts once for each.',
  },
  revisions_total: {
    label: 'Revisions',
    definition: 'Revision requests made in the period on the jobs in scope (each revision of a job counts). My and Group Stats: the jobs the people created or are assigned to, whoever asked for the revision.',
  },
  revisions_involuntary: {
    label: 'Involuntary revisions',
    definition: 'Revisions caused by our own error: the reason Internal Error, or any revision staff marked involuntary.',
  },
  average_revision_count: {
    label: 'Average revisions per job',
    definition: 'For the jobs created in the period: their revisions so far divided by their number.',
  },
  revision_reasons: {
    label: 'Revision reasons',
    definition: 'Revisions requested in the period, by the reason given (spec §9 list).',
  },
  pending_admin: {
    label: 'Pending time',
    definition: 'Hours a job waited on our team (every Pending status except Pending Client and Pending Approval) during a cycle completed in the period. Mean, median and 90th percentile.',
  },
  new_design: {
    label: 'New design time',
    definition: 'Hours in Pending Design during first designs (cycle 0) completed in the period.',
  },
  revision_design: {
    label: 'Revision design time',
    definition: 'Hours in Pending Design Revision or Pending Design during revisions completed in the period.',
  },
  turnaround_design: {
    label: 'Design turnaround',
    definition: 'From submission (or the revision request) until the design first reached Pending QC, for cycles completed in the period.',
  },
  turnaround_engineering: {
    label: 'Engineering turnaround',
    definition: 'Hours in the engineering stages (Electrical Check, PE, EE, Wet Stamp, Reinforcements) of cycles completed in the period that had any.',
  },
  turnaround_all: {
    label: 'Total turnaround',
    definition: 'From submission (or the revision request) until Design Completed, for cycles completed in the period.',
  },
  reinforcement_count: {
    label: 'Reinforcements',
    definition: 'Times a job entered Pending Reinforcements in the period.',
  },
  jobs_completed: {
    label: 'Jobs completed',
    definition: 'Moves to Design Completed or Approved made in the period, counted for the person who made them: the month stats rule (spec §4).',
  },
  revisions_requested: {
    label: 'Revisions requested',
    definition: 'Moves to Pending Design Revision made in the period, counted for the person who asked: the month stats rule (spec §4).',
  },
  actions: {
    label: 'Job actions',
    definition: 'History events of the period by kind (spec §3): cancelled, pending client, submitted, revision, edited, pending approval, approved, pending admin (entered a status that waits on staff) and created.',
  },
  designers: {
    label: 'Designers per company',
    definition: 'Per person who moved a cycle to Design Completed, and the job’s company: cycles completed in the period, first designs and revisions among them, and their turnaround.',
  },
  users: {
    label: 'Jobs per user',
    definition: 'Per person: jobs created by or assigned to them in the period and how many of those were revised, their status moves, shift hours and jobs per hour.',
  },
  jobs_per_hour: {
    label: 'Jobs per hour',
    definition: 'Distinct jobs whose status the person changed in the period, divided by the hours of their shifts (sign-in to sign-out) inside the period; shown from one hour of shift.',
  },
};

/** Same as PostgreSQL's percentile_cont: linear interpolation between the closest ranks. */
export function percentileCont(sorted: readonly number[], p: number): number | null {
  if (!sorted.length) return null;
  const at = p * (sorted.length - 1);
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}

/** Hours rounded to two decimals (how every duration is answered). */
export const roundHours = (h: number | null) => (h === null ? null : Math.round(h * 100) / 100);

/** Upper bounds (hours) of the turnaround distribution's bars; the last bar is open-ended. */
export const TURNAROUND_BUCKETS_HOURS = [4, 8, 16, 24, 48, 72, 120, 168] as const;
