import { CAD_PACKET } from '../constants/services.constants.ts';
import { OVERDUE_HOURS, OVERDUE_HOURS_CAD_PACKET } from '../constants/limits.constants.ts';
import { isInternalStaff, type Role } from '../roles.ts';
import { isPendingAdmin, type JobStatus } from './workflow.rules.ts';

const HOUR_MS = 3_600_000;

export type Instant = Date | string | number;

/** One stretch of a job's status history; `to` null is the current, open period. */
export interface StatusPeriod {
  status: JobStatus;
  from: Instant;
  to: Instant | null;
}

export interface OverdueInput {
  periods: readonly StatusPeriod[];
  /** Role of the user who created the job; null when unknown (not exempt). */
  createdByRole: Role | null;
  services: readonly string[];
  status: JobStatus;
  now: Instant;
}

export interface OverdueState {
  overdue: boolean;
  exempt: boolean;
  pendingAdminMs: number;
  thresholdMs: number;
  /** How long until it becomes overdue if it stays pending admin; 0 once overdue. */
  remainingMs: number;
}

const ms = (t: Instant): number => (t instanceof Date ? t.getTime() : typeof t === 'number' ? t : Date.parse(t));

export function overdueThresholdHours(services: readonly string[]): number {
  return services.includes(CAD_PACKET) ? OVERDUE_HOURS_CAD_PACKET : OVERDUE_HOURS;
}

/**
 * Time spent pending admin, summed over every such period and the open one up to `now`.
 * Periods are clipped to `now` and overlaps merged, so a history written twice or a clock that
 * ran ahead does not count time twice or in the future.
 */
export function pendingAdminMs(periods: readonly StatusPeriod[], now: Instant): number {
  const nowMs = ms(now);
  const spans = periods
    .filter((p) => isPendingAdmin(p.status))
    .map((p) => [ms(p.from), Math.min(p.to === null ? nowMs : ms(p.to), nowMs)] as const)
    .filter(([a, b]) => Number.isFinite(a) && Number.isFinite(b) && b > a)
    .sort((x, y) => x[0] - y[0]);
  let total = 0;
  let curStart = Number.NaN;
  let curEnd = Number.NaN;
  for (const [a, b] of spans) {
    if (!(a <= curEnd)) {
      if (curEnd > curStart) total += curEnd - curStart;
      curStart = a;
      curEnd = b;
    } else if (b > curEnd) curEnd = b;
  }
  if (curEnd > curStart) total += curEnd - curStart;
  return total;
}

/**
 * Spec §4: overdue when pending admin (so not Approved or Cancelled), not created by admin or
 * support, and the time pending admin exceeds 8 h (16 h with cad_packet). Exactly at the
 * threshold is not yet overdue.
 */
export function getOverdueState(input: OverdueInput): OverdueState {
  const thresholdMs = overdueThresholdHours(input.services) * HOUR_MS;
  const pending = pendingAdminMs(input.periods, input.now);
  const exempt = input.createdByRole !== null && isInternalStaff(input.createdByRole);
  const active = isPendingAdmin(input.status) && input.status !== 'Approved' && input.status !== 'Cancelled';
  const overdue = !exempt && active && pending > thresholdMs;
  return {
    overdue,
    exempt,
    pendingAdminMs: pending,
    thresholdMs,
    remainingMs: Math.max(0, thresholdMs - pending),
  };
}

export const isOverdue = (input: OverdueInput): boolean => getOverdueState(input).overdue;
