import type { Role } from '../roles.ts';
import type { SiteAlertStatus } from '../contracts/site-alerts.ts';

/** The part of an alert its schedule and audience depend on. */
export type AlertWindow = { startsAt: Date | null; endsAt: Date | null; isActive: boolean };
export type AlertAudience = { roles: readonly string[] | null; companyIds: readonly string[] | null };

/** Scheduled before its start, live inside its window, expired after its end or once expired by hand. */
export function siteAlertStatus(a: AlertWindow, now: Date): SiteAlertStatus {
  if (!a.isActive || (a.endsAt && a.endsAt.getTime() <= now.getTime())) return 'expired';
  if (a.startsAt && a.startsAt.getTime() > now.getTime()) return 'scheduled';
  return 'live';
}

/**
 * Whether an alert is addressed to a user: each list, when set and not empty, must name the
 * user's role / one of the user's companies (both, when both are set). An alert for some client
 * companies does not reach staff unless their own (internal) company is listed too.
 */
export function siteAlertReaches(a: AlertAudience, user: { role: Role; companyIds: readonly string[] }): boolean {
  if (a.roles?.length && !a.roles.includes(user.role)) return false;
  if (a.companyIds?.length && !a.companyIds.some((c) => user.companyIds.includes(c))) return false;
  return true;
}
