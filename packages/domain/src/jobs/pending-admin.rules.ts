import { isInternalStaff, type Role } from '../roles.ts';
import { getOverdueState, overdueThresholdHours, type OverdueState, type StatusPeriod } from './overdue.rules.ts';
import { isPendingAdmin, type JobStatus } from './workflow.rules.ts';

/**
 * The pending-admin bookkeeping a job carries (spec §4, decisions.md "pending admin"): the time
 * already spent pending admin in closed stretches, the start of the open stretch, and the instant
 * the job turns overdue if it stays pending. The API stores the three on the job row so the list
 * can filter and show overdue jobs without reading every job's history; the demo seed writes them
 * the same way. Pure: the callers pass the stored values and the clock.
 */

const HOUR_MS = 3_600_000;

/** The stored pair: closed pending-admin time, and the start of the open stretch (null: not pending now). */
export interface PendingAdminTally {
  pendingAdminMsClosed: number;
  pendingSince: Date | null;
}

/** What decides whether a job can turn overdue and when: its creator's role and its services. */
export interface OverdueFacts {
  /** Role of the user who created the job; staff-created jobs are exempt. Null: unknown (not exempt). */
  createdByRole: Role | null;
  services: readonly string[];
}

/** The tally with the overdue instant it implies, as stored on the job. */
export interface PendingAdminBookkeeping extends PendingAdminTally {
  overdueAt: Date | null;
}

/** One status change of the job's history (oldest first); `to` null rows are not status changes. */
export interface StatusChange {
  from?: JobStatus | null;
  to: JobStatus | null;
  at: Date;
}

/** Status periods from the history's status changes (oldest first): each lasts until the next change. */
export function periodsFromChanges(changes: readonly StatusChange[]): StatusPeriod[] {
  const list = changes.filter((c): c is StatusChange & { to: JobStatus } => c.to !== null);
  return list.map((c, i) => ({ status: c.to, from: c.at, to: list[i + 1]?.at ?? null }));
}

/**
 * The stored tally as periods: one closed stretch of `pendingAdminMsClosed` and the open one from
 * `pendingSince`. Used where reading the history would be too slow (list rows); a property test
 * holds it to the history's periods.
 */
export function periodsFromTally(tally: PendingAdminTally, status: JobStatus): StatusPeriod[] {
  const out: StatusPeriod[] = [];
  if (tally.pendingAdminMsClosed > 0) out.push({ status: 'Pending Pre-Check', from: 0, to: tally.pendingAdminMsClosed });
  if (tally.pendingSince) out.push({ status, from: tally.pendingSince, to: null });
  return out;
}

/** The overdue state of a job in `status` with these periods (overdue.rules.ts), at `now`. */
export function jobOverdueState(facts: OverdueFacts & { status: JobStatus }, periods: readonly StatusPeriod[], now: Date): OverdueState {
  return getOverdueState({ periods, createdByRole: facts.createdByRole, services: facts.services, status: facts.status, now });
}

/** The instant the job becomes overdue if it stays pending admin; null when it cannot (not pending, or exempt). */
export function overdueAtOf(facts: OverdueFacts, tally: PendingAdminTally): Date | null {
  if (!tally.pendingSince || (facts.createdByRole && isInternalStaff(facts.createdByRole))) return null;
  return new Date(tally.pendingSince.getTime() + overdueThresholdHours(facts.services) * HOUR_MS - tally.pendingAdminMsClosed);
}

/**
 * The bookkeeping after a move to `to` at `at`: leaving pending admin closes the open stretch,
 * entering it opens one, a move between two pending-admin statuses changes nothing. `services`
 * are the job's services after the move (a revision may change them).
 */
export function pendingBookkeeping(
  job: PendingAdminTally & Pick<OverdueFacts, 'createdByRole'>,
  move: { to: JobStatus; at: Date; services: readonly string[] },
): PendingAdminBookkeeping {
  let closed = job.pendingAdminMsClosed;
  let since = job.pendingSince;
  if (since && !isPendingAdmin(move.to)) {
    closed += Math.max(0, move.at.getTime() - since.getTime());
    since = null;
  } else if (!since && isPendingAdmin(move.to)) {
    since = move.at;
  }
  const tally = { pendingAdminMsClosed: closed, pendingSince: since };
  return { ...tally, overdueAt: overdueAtOf({ createdByRole: job.createdByRole, services: move.services }, tally) };
}

/** Milliseconds as hours with two decimals, as the job answers show them (`pending_admin_hours`). */
export const pendingAdminHours = (ms: number): number => Math.round((ms / HOUR_MS) * 100) / 100;
