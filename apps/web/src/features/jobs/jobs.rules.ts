import type { z } from 'zod';
import type { Job, ZAllowedTransition } from '@sunstamp/domain/contracts/jobs';
import type { Role } from '@sunstamp/domain/roles';
import { seesInternalStatus } from '@sunstamp/domain/policies/jobs.policy';
import { allowedTransitions, type ClientStatus } from '@sunstamp/domain/jobs/workflow.rules';
import { isJobStatus, type ShownStatus } from '@sunstamp/domain/jobs/client-view.rules';

export type JobTransition = z.infer<typeof ZAllowedTransition>;

/** The status a role sees in lists and chips. */
export const visibleStatusOf = (job: { status: ShownStatus; client_status: ClientStatus }, role: Role): string =>
  seesInternalStatus(role) ? job.status : job.client_status;

/**
 * Whether the caller may open the job in the intake: the API's answer (`may_edit`, the domain's
 * editRefusalOf on the internal status, which a client is not told).
 */
export const mayEditJob = (job: Pick<Job, 'may_edit'>): boolean => job.may_edit;

/**
 * How the intake treats a job: a Draft is saved as the client goes and submitted at the end; a
 * submitted job the client may still edit is saved once, on the last step, and stays where it is.
 */
export const intakeModeOf = (job: Pick<Job, 'status'> | null | undefined): 'draft' | 'edit' =>
  !job || job.status === 'Draft' ? 'draft' : 'edit';

/**
 * The moves the user may make: the job answer's allowed_transitions when the API sent them,
 * else the domain table for the role (without the context the API knows, so a conservative guess).
 */
export function transitionsFor(job: Pick<Job, 'status'> & { allowed_transitions?: JobTransition[] | null }, role: Role): JobTransition[] {
  if (Array.isArray(job.allowed_transitions)) return job.allowed_transitions;
  return isJobStatus(job.status) ? allowedTransitions(job.status, role).map(({ to, action }) => ({ to, action })) : [];
}

/** The actions of the job page, grouped as its buttons are. */
export function groupTransitions(ts: readonly JobTransition[]) {
  return {
    submit: ts.find((t) => t.action === 'submit') ?? null,
    approve: ts.find((t) => t.action === 'approve') ?? null,
    answer: ts.find((t) => t.action === 'answer') ?? null,
    cancel: ts.find((t) => t.action === 'cancel') ?? null,
    revision: ts.find((t) => t.action === 'revision') ?? null,
    /** Staff moves (the status menu), Pending Client included. */
    moves: ts.filter((t) => t.action === 'move' || t.action === 'ask_client'),
  };
}

/** The tasks column: "2 of 3 completed", with the failed ones named first ("1 failed · 1 of 3 completed"). */
export function tasksSummaryOf(tasks: readonly { status: string }[]): string {
  if (!tasks.length) return '—';
  const done = tasks.filter((t) => t.status === 'completed').length;
  const failed = tasks.filter((t) => t.status === 'failed').length;
  return `${failed ? `${failed} failed · ` : ''}${done} of ${tasks.length} completed`;
}

/**
 * A value with its unit as written in engineering text: "26.6°" (angles and percent close up to
 * the number), "24 in", "200 A" (other units after a space).
 */
export const withUnit = (value: string, unit: string | null | undefined): string =>
  !unit ? value : unit === '°' || unit === '%' ? `${value}${unit}` : `${value} ${unit}`;
