import { isClientRole, isInternalStaff, type Role } from '../roles.ts';
import { mayWorkOnJob } from './jobs.policy.ts';
import type { Actor } from './actor.ts';

/*
 * Deliverables (decisions.md roles table, "move internal statuses, assign, generate sheets and
 * letters": staff, a contractor on its assigned jobs). Making and marking documents is work on the
 * job; releasing them to the client is staff's alone (it is what the client is billed for and
 * what moves the job to Pending Approval). A client sees released deliverables only.
 */

/** Mark a job file as a deliverable, seal it, unmark it, move a service's task. */
export const mayMarkDeliverables = (actor: Pick<Actor, 'id' | 'role'>, job: { assigneeId: string | null | undefined }) =>
  mayWorkOnJob(actor, job);

/**
 * Withdraw a sealed document from the deliverables (its public verification goes with it, issue 23):
 * an admin, or the account of an engineer whose seal it carries. Never a contractor (the assigned
 * drafter once withdrew a sealed set and so switched off its verification), support or a client:
 * a seal is the engineer's act, and so is taking it back.
 */
export const mayWithdrawSealed = (actor: Pick<Actor, 'id' | 'role'>, sealerUserIds: readonly (string | null)[]) =>
  actor.role === 'admin' || (actor.role !== 'contractor' && !isClientRole(actor.role) && sealerUserIds.includes(actor.id));

/** Release deliverables to the client. */
export const mayReleaseDeliverables = (role: Role) => isInternalStaff(role);

/** Whether a role reads deliverables that are not released yet (drafts, sealed documents). */
export const maySeeUnreleasedDeliverables = (role: Role) => !isClientRole(role);

/** Whether a file is hidden from `role` because it is a deliverable not yet released. */
export const isHiddenDeliverable = (role: Role, deliverableState: string | null | undefined) =>
  !maySeeUnreleasedDeliverables(role) && !!deliverableState && deliverableState !== 'released';
