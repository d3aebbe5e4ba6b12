import type { z } from 'zod';
import type { Job, ZAllowedTransition } from '@sunstamp/domain/contracts/jobs';
import { isClientRole, isInternalStaff, type Role } from '@sunstamp/domain/roles';
import { allowedTransitions, mayEditInPlace, type ClientStatus, type JobStatus } from '@sunstamp/domain/jobs/workflow.rules';

export type JobTransition = z.infer<typeof ZAllowedTransition>;

/** Clients follow the client-facing status (spec §4); staff and contractors the internal one. */
export const showsInternalStatus = (role: Role) => !isClientRole(role);

/** Who may start a job (decisions.md roles table): everyone but a contractor. */
export const mayCreateJob = (role: Role) => role !== 'contractor';

/** Staff assign; the API refuses everyone else. */
export const mayAssign = (role: Role) => isInternalStaff(role);

/** The status a role sees in lists and chips. */
export const visibleStatusOf = (job: { status: JobStatus; client_status: ClientStatus }, role: Role): string =>
  showsInternalStatus(role) ? job.status : job.client_status;

/** Whether the role may open the job in the intake: the API's rule (domain CLIENT_EDITABLE for clients). */
export function mayEditJob(job: Pick<Job, 'status' | 'is_active'>, role: Role): boolean {
  return mayEditInPlace(job.status, role, job.is_active);
}

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
  return allowedTransitions(job.status, role).map(({ to, action }) => ({ to, action }));
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
