import { isClientRole, isInternalStaff, type Role } from '../roles.ts';
import type { Actor } from './actor.ts';

/*
 * decisions.md roles table, the job rows: who sees which jobs, who edits client jobs, who requests
 * a revision, who moves internal statuses, assigns and generates sheets and letters.
 */

/** "see jobs": staff all, a contractor those assigned to them, client roles their companies'. */
export type JobVisibility = 'all' | 'assigned' | 'own_companies';
export function jobVisibilityOf(role: Role): JobVisibility {
  if (isInternalStaff(role)) return 'all';
  if (role === 'contractor') return 'assigned';
  return 'own_companies';
}

/** "create / edit / submit / cancel a client job": everyone but a contractor. */
export const mayCreateJob = (role: Role) => role !== 'contractor';

/** "request a revision (with reason)": everyone but a contractor. */
export const mayRequestRevision = (role: Role) => role !== 'contractor';

/** Roles the job answer, lists and chips show the internal status to; clients see the client-facing one. */
export const seesInternalStatus = (role: Role) => !isClientRole(role);

/** Staff-only details of a job: rejection notice, involuntary revisions, inactive jobs, the assignee list. */
export const mayManageJobs = (role: Role) => isInternalStaff(role);

/** "assign": staff only (a contractor works on what staff gave them). */
export const mayAssignJobs = (role: Role) => isInternalStaff(role);

/** The roles a job may be assigned to. */
export const ASSIGNEE_ROLES = ['admin', 'support', 'contractor'] as const satisfies readonly Role[];
export const mayBeAssignedJobs = (role: Role) => (ASSIGNEE_ROLES as readonly Role[]).includes(role);

/**
 * Whether the role works on any job at all (staff, or a contractor on the jobs assigned to it): the
 * role check a job-work route makes before it reads the body (403 first; mayWorkOnJob then decides
 * on the job itself).
 */
export const mayWorkOnSomeJobs = (role: Role) => isInternalStaff(role) || role === 'contractor';

/**
 * "move internal statuses, generate sheets and letters" (and so the CAD fields of a job): staff on
 * every job, a contractor on the jobs assigned to them.
 */
export function mayWorkOnJob(actor: Pick<Actor, 'id' | 'role'>, job: { assigneeId: string | null | undefined }): boolean {
  if (isInternalStaff(actor.role)) return true;
  return actor.role === 'contractor' && !!job.assigneeId && job.assigneeId === actor.id;
}

/**
 * Who may delete a draft (issue 29, item 11; a submitted job is never deleted, only cancelled or
 * deactivated): staff, a company admin of its company, and the user who created it. The job's
 * visibility (its company) is checked before this.
 */
export function mayDeleteDraft(actor: Pick<Actor, 'id' | 'role'>, job: { createdById: string | null | undefined }): boolean {
  if (isInternalStaff(actor.role) || actor.role === 'user_admin') return true;
  return actor.role === 'user' && !!job.createdById && job.createdById === actor.id;
}
