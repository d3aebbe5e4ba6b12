import type { Role } from '../roles.ts';
import { analyticsTabsFor } from '../policies/app.policy.ts';

/**
 * Analytics tabs by role (decisions.md roles table): My Stats for everyone; Group Stats for staff;
 * Company Stats for staff (any company) and company admins (their own companies).
 */
export const STATS_TABS = ['my', 'group', 'company'] as const;
export type StatsTab = (typeof STATS_TABS)[number];

export const STATS_TAB_LABELS: Record<StatsTab, string> = {
  my: 'My Stats',
  group: 'Group Stats',
  company: 'Company Stats',
};

/** The roles table's rule lives in the policies (analyticsTabsFor); this keeps the tabs in STATS_TABS order. */
export function statsTabsFor(role: Role): readonly StatsTab[] {
  const allowed = analyticsTabsFor(role);
  return STATS_TABS.filter((t) => allowed.includes(t));
}

export const mayUseStatsTab = (role: Role, tab: StatsTab) => statsTabsFor(role).includes(tab);

/**
 * The ids a caller asked for, kept only where the caller may see them. `asked` undefined means
 * "everything visible"; an asked list that keeps nothing stays empty (never "everything").
 */
export function intersectVisible(asked: readonly string[] | undefined, visible: readonly string[] | undefined): string[] | undefined {
  if (asked === undefined) return visible === undefined ? undefined : [...visible];
  const unique = [...new Set(asked)];
  return visible === undefined ? unique : unique.filter((id) => visible.includes(id));
}
