import { z } from 'zod';
import { isClientRole, type Role } from '../roles.ts';
import { JOB_STATUSES, isPendingAdmin, type JobStatus } from './workflow.rules.ts';

/**
 * Who must act next on a job, and what that reader is asked to do. The list filter "Waiting on me"
 * (GET /jobs?waiting_on=me), the job answer's `action_needed` and the web's banner and chips read
 * this one rule.
 *
 * - The client's side: Pending Client (staff asked a question: the client answers) and Pending
 *   Approval (deliverables to review: the client approves or asks for a revision).
 * - The team's side (staff and the contractor working on it): every "pending admin" status of
 *   decisions.md (every Pending… but Pending Client and Pending Approval).
 * - Nobody: Draft (the client's own work in progress, not a request), Design Completed, Finalized,
 *   Waiting on AHJ (waits on an authority), Approved, Cancelled.
 */

export const ACTION_SIDES = ['client', 'team'] as const;
export type ActionSide = (typeof ACTION_SIDES)[number];
export const ZActionSide = z.enum(ACTION_SIDES);

/** What the reader is asked to do: answer staff's question, review the deliverables, or work on the job. */
export const ACTION_KINDS = ['answer', 'review', 'work'] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];
export const ZActionKind = z.enum(ACTION_KINDS);

/** The side a job in `status` waits on, or null when it waits on nobody here. */
export function waitingOnOf(status: JobStatus): ActionSide | null {
  if (status === 'Pending Client' || status === 'Pending Approval') return 'client';
  if (isPendingAdmin(status)) return 'team';
  return null;
}

/** The side a role acts for: client roles for the client; staff and contractors for the team. */
export const sideOfRole = (role: Role): ActionSide => (isClientRole(role) ? 'client' : 'team');

/** Whether a job in `status` waits on this role's side. */
export const isWaitingOn = (status: JobStatus, role: Role): boolean => waitingOnOf(status) === sideOfRole(role);

/** The statuses that wait on a side, in workflow order (the list filter's SQL). */
export const statusesWaitingOn = (side: ActionSide): JobStatus[] => JOB_STATUSES.filter((s) => waitingOnOf(s) === side);

/** What a reader of `role` must do on a job in `status`, or null when the job does not wait on them. */
export function actionKindFor(status: JobStatus, role: Role): ActionKind | null {
  if (!isWaitingOn(status, role)) return null;
  if (status === 'Pending Client') return 'answer';
  if (status === 'Pending Approval') return 'review';
  return 'work';
}

/** The status whose entry carries the request the reader acts on (staff's question, the note sent with the deliverables). */
export const REQUEST_STATUSES: readonly JobStatus[] = ['Pending Client', 'Pending Approval'];

/**
 * The note of the latest entry into the current status, when that status carries a request
 * (staff's question for Pending Client, the note sent with the deliverables for Pending
 * Approval); null otherwise or when none was written. History is oldest first.
 */
export function requestNoteOf(
  status: JobStatus,
  history: readonly { to: JobStatus | null; note?: string | null; at: Date }[],
): { note: string | null; at: Date } | null {
  if (!REQUEST_STATUSES.includes(status)) return null;
  for (let i = history.length - 1; i >= 0; i--) {
    const h = history[i];
    if (h.to === status) return { note: h.note?.trim() ? h.note.trim() : null, at: h.at };
    if (h.to !== null) return null;
  }
  return null;
}
