import { isClientRole, isInternalStaff, type Role } from '../roles.ts';
import { belongsTo, type Actor } from './actor.ts';

/*
 * Job conversations. Every job has two threads:
 * - `client`: the job's company users, staff, and the assigned contractor only where staff
 *   switched `contractor_access` on for that job (a contractor is an outside drafter: the client
 *   talks to the engineering firm, not to its subcontractor, unless staff decide otherwise);
 * - `internal`: staff and the assigned contractor; never a client role.
 * A thread one may read one may also post in, while the conversation is active.
 */
export type MessageThread = 'client' | 'internal';
export const MESSAGE_THREADS = ['client', 'internal'] as const satisfies readonly MessageThread[];

export type ConversationJob = { companyId: string; assigneeId: string | null | undefined };
export type ConversationSettings = { contractorAccess: boolean };

const isAssignedContractor = (actor: Pick<Actor, 'id' | 'role'>, job: ConversationJob) =>
  actor.role === 'contractor' && !!job.assigneeId && job.assigneeId === actor.id;

/** Whether the actor reads (and, while it is active, writes in) the thread of this job. */
export function maySeeThread(actor: Actor, job: ConversationJob, thread: MessageThread, settings: ConversationSettings): boolean {
  if (isInternalStaff(actor.role)) return true;
  if (isClientRole(actor.role)) return thread === 'client' && belongsTo(actor, job.companyId);
  if (!isAssignedContractor(actor, job)) return false;
  return thread === 'internal' || settings.contractorAccess;
}

/** The threads of a job the actor sees, client thread first. */
export const threadsFor = (actor: Actor, job: ConversationJob, settings: ConversationSettings): MessageThread[] =>
  MESSAGE_THREADS.filter((t) => maySeeThread(actor, job, t, settings));

/** Close and reopen a conversation, and let the assigned contractor into the client thread: staff only. */
export const mayManageConversation = (role: Role) => isInternalStaff(role);

/** What a message said before its edits and deletion: staff only (they settle what was agreed). */
export const mayReadMessageHistory = (role: Role) => isInternalStaff(role);


/** How long after sending the author may still edit or delete a message (minutes). */
export const MESSAGE_EDIT_WINDOW_MINUTES = 15;

export type ChangeableMessage = { authorId: string | null; createdAt: Date; deletedAt: Date | null };

/**
 * Whether the actor may edit or delete this message now: only its author, only within the window
 * after sending, and never once deleted. 'not_author' | 'too_late' | 'deleted' say why not.
 */
export function messageChangeRefusal(actor: Pick<Actor, 'id'>, m: ChangeableMessage, now: Date): 'not_author' | 'too_late' | 'deleted' | null {
  if (!m.authorId || m.authorId !== actor.id) return 'not_author';
  if (m.deletedAt) return 'deleted';
  if (now.getTime() - m.createdAt.getTime() > MESSAGE_EDIT_WINDOW_MINUTES * 60_000) return 'too_late';
  return null;
}
