import { isInternalStaff, type Role } from '../roles.ts';
import type { Actor } from './actor.ts';
import { maySeeThread, MESSAGE_THREADS, type MessageThread } from './messages.policy.ts';

/**
 * The threads an actor reads on every job they see, as a list query needs it: `always` on each
 * such job, `whenShared` only where staff let the assigned contractor into the client thread.
 * Derived from maySeeThread on a job the actor sees (their company's, assigned to them), so the
 * rule stays written once; the job scope of the query has already kept the jobs they may not see.
 */
export function threadAccessOf(actor: Pick<Actor, 'id' | 'role'>): { always: MessageThread[]; whenShared: MessageThread[] } {
  const company = '\u0000own-company';
  const seen = { id: actor.id, role: actor.role, companyIds: [company] };
  const job = { companyId: company, assigneeId: actor.id };
  const always = MESSAGE_THREADS.filter((t) => maySeeThread(seen, job, t, { contractorAccess: false }));
  const whenShared = MESSAGE_THREADS.filter((t) => !always.includes(t) && maySeeThread(seen, job, t, { contractorAccess: true }));
  return { always, whenShared };
}

/** The inbox's assignee filter (who works on which job) is for staff. */
export const mayFilterInboxByAssignee = (role: Role) => isInternalStaff(role);
