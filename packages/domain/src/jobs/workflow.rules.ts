import { z } from 'zod';
import { isInternalStaff, type Role } from '../roles.ts';

/** Internal job statuses: the 14 of spec §4 plus Draft, Approved and Cancelled. */
export const JOB_STATUSES = [
  'Draft',
  'Pending Pre-Check',
  'Pending Design',
  'Pending Design Revision',
  'Pending QC',
  'Pending Electrical Check',
  'Pending PE',
  'Pending EE',
  'Pending Reinforcements',
  'Pending Wet Stamp',
  'Pending Client',
  'Design Completed',
  'Finalized',
  'Waiting on AHJ',
  'Pending Approval',
  'Approved',
  'Cancelled',
] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const ZJobStatus = z.enum(JOB_STATUSES);

export const CLIENT_STATUSES = ['Draft', 'Submitted', 'Approved', 'Cancelled'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];
export const ZClientStatus = z.enum(CLIENT_STATUSES);

/** decisions.md: everything between Draft and Approved shows as Submitted to the client. */
export function clientStatusOf(status: JobStatus): ClientStatus {
  switch (status) {
    case 'Draft':
    case 'Approved':
    case 'Cancelled':
      return status;
    default:
      return 'Submitted';
  }
}

/** The internal statuses a client-facing status covers (for list filters). */
export function internalStatusesOf(client: ClientStatus): JobStatus[] {
  return JOB_STATUSES.filter((s) => clientStatusOf(s) === client);
}

/**
 * "Pending admin" (decisions.md): waits on staff. Every Pending… status except Pending Client and
 * Pending Approval; not Waiting on AHJ.
 */
export function isPendingAdmin(status: JobStatus): boolean {
  return status.startsWith('Pending ') && status !== 'Pending Client' && status !== 'Pending Approval';
}

/**
 * Statuses in which a client (user, user_admin) edits the job in place with PUT /jobs: before
 * submitting, while it waits for the pre-check, and while the team waits on the client's answer.
 * Later changes go through a revision request (decisions.md workflow).
 */
export const CLIENT_EDITABLE: readonly JobStatus[] = ['Draft', 'Pending Pre-Check', 'Pending Client'];

export type EditRefusal = 'inactive' | 'cancelled' | 'role' | 'with_team';

/**
 * Why a role may not edit a job in place, or null when it may. Staff edit anything but a
 * cancelled job; a contractor never edits; a client only in CLIENT_EDITABLE statuses.
 */
export function editRefusalOf(status: JobStatus, role: Role, isActive = true): EditRefusal | null {
  if (!isActive) return 'inactive';
  if (status === 'Cancelled') return 'cancelled';
  if (isInternalStaff(role)) return null;
  if (role === 'contractor') return 'role';
  return CLIENT_EDITABLE.includes(status) ? null : 'with_team';
}

export const mayEditInPlace = (status: JobStatus, role: Role, isActive = true): boolean =>
  editRefusalOf(status, role, isActive) === null;

/**
 * What a transition means. `move` is staff moving the job along; the others are the named
 * actions of decisions.md (a revision needs a reason; an answer leaves Pending Client).
 */
export type TransitionAction = 'submit' | 'move' | 'ask_client' | 'answer' | 'approve' | 'revision' | 'cancel';

export interface TransitionRule {
  from: JobStatus;
  /** 'previous' is the status the job had before Pending Client. */
  to: JobStatus | 'previous';
  action: TransitionAction;
  /** The client (user, user_admin) may make it; staff may make every transition. */
  client: boolean;
}

const move = (from: JobStatus, ...tos: JobStatus[]): TransitionRule[] =>
  tos.map((to) => ({
    from,
    to,
    action: to === 'Pending Client' ? 'ask_client' : 'move',
    client: false,
  }));

/** The table of decisions.md, row for row. Cancel rows are generated below it. */
export const TRANSITION_TABLE: readonly TransitionRule[] = [
  { from: 'Draft', to: 'Pending Pre-Check', action: 'submit', client: true },
  ...move('Pending Pre-Check', 'Pending Design', 'Pending Client'),
  ...move('Pending Design', 'Pending QC', 'Pending Client', 'Pending Reinforcements'),
  ...move('Pending Design Revision', 'Pending QC', 'Pending Client'),
  ...move('Pending QC', 'Pending Electrical Check', 'Pending PE', 'Pending EE', 'Design Completed', 'Pending Design'),
  ...move('Pending Electrical Check', 'Pending EE', 'Design Completed', 'Pending Design'),
  ...move('Pending PE', 'Pending EE', 'Pending Wet Stamp', 'Pending Reinforcements', 'Design Completed'),
  ...move('Pending EE', 'Pending Wet Stamp', 'Design Completed'),
  ...move('Pending Reinforcements', 'Pending PE', 'Pending Client'),
  ...move('Pending Wet Stamp', 'Design Completed'),
  ...move('Design Completed', 'Finalized'),
  ...move('Finalized', 'Pending Approval', 'Waiting on AHJ'),
  ...move('Waiting on AHJ', 'Pending Approval'),
  // The AHJ sent corrections: a revision staff start, so it carries a reason like the others.
  { from: 'Waiting on AHJ', to: 'Pending Design Revision', action: 'revision', client: false },
  { from: 'Pending Approval', to: 'Approved', action: 'approve', client: true },
  { from: 'Pending Approval', to: 'Pending Design Revision', action: 'revision', client: true },
  { from: 'Pending Client', to: 'previous', action: 'answer', client: true },
  { from: 'Approved', to: 'Pending Design Revision', action: 'revision', client: true },
  ...JOB_STATUSES.filter((s) => s !== 'Approved' && s !== 'Cancelled').map(
    (from): TransitionRule => ({ from, to: 'Cancelled', action: 'cancel', client: true }),
  ),
];

/** Statuses that may send a job to Pending Client, so the ones an answer may return to. */
export const PENDING_CLIENT_RETURN_STATUSES: readonly JobStatus[] = TRANSITION_TABLE.filter(
  (r) => r.to === 'Pending Client',
).map((r) => r.from);

export interface TransitionContext {
  /** The status before the current Pending Client; needed to answer. */
  previousStatus?: JobStatus | null;
  /** A contractor moves only jobs assigned to them (decisions.md roles table). */
  assignedToActor?: boolean;
}

export interface AllowedTransition {
  to: JobStatus;
  action: TransitionAction;
  client: boolean;
}

function mayUse(rule: TransitionRule, role: Role, ctx: TransitionContext): boolean {
  if (isInternalStaff(role)) return true;
  if (role === 'contractor') return !rule.client && ctx.assignedToActor === true;
  return rule.client;
}

function resolve(rule: TransitionRule, ctx: TransitionContext): JobStatus | null {
  if (rule.to !== 'previous') return rule.to;
  const prev = ctx.previousStatus;
  return prev && PENDING_CLIENT_RETURN_STATUSES.includes(prev) ? prev : null;
}

export function allowedTransitions(from: JobStatus, role: Role, ctx: TransitionContext = {}): AllowedTransition[] {
  const out: AllowedTransition[] = [];
  for (const rule of TRANSITION_TABLE) {
    if (rule.from !== from || !mayUse(rule, role, ctx)) continue;
    const to = resolve(rule, ctx);
    if (to) out.push({ to, action: rule.action, client: rule.client });
  }
  return out;
}

export function findTransition(
  from: JobStatus,
  to: JobStatus,
  role: Role,
  ctx: TransitionContext = {},
): AllowedTransition | null {
  return allowedTransitions(from, role, ctx).find((t) => t.to === to) ?? null;
}

export function canTransition(from: JobStatus, to: JobStatus, role: Role, ctx: TransitionContext = {}): boolean {
  return findTransition(from, to, role, ctx) !== null;
}

/**
 * The status an answer from Pending Client returns to: the `from` of the latest history entry
 * that entered Pending Client. History is oldest first.
 */
export function statusBeforePendingClient(
  history: readonly { from: JobStatus | null; to: JobStatus }[],
): JobStatus | null {
  for (let i = history.length - 1; i >= 0; i--) {
    if (history[i].to === 'Pending Client') return history[i].from;
  }
  return null;
}
