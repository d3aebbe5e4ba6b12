import { z } from 'zod';
import { addDays, isIsoDate, STATS_INTERVALS, type StatsInterval } from '@sunstamp/domain/analytics/stats-periods.rules';
import { STATS_TABS, type StatsTab } from '@sunstamp/domain/analytics/stats-access.rules';
import type { KeyValueStorage } from '../../lib/storage.ts';

/**
 * What the analytics page remembers per user across reloads, like the jobs list: the tab, the
 * range (a shortcut is kept as the shortcut, so "Last 12 months" moves with the calendar), both
 * frequencies and the groups and companies chosen. A stored value that no longer parses falls
 * back to its default alone.
 */

export const RANGE_PRESETS = ['this_month', 'last_month', 'quarter_to_date', 'year_to_date', 'last_12_months'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export const RANGE_PRESET_LABELS: Record<RangePreset, string> = {
  this_month: 'This month',
  last_month: 'Last month',
  quarter_to_date: 'Quarter to date',
  year_to_date: 'Year to date',
  last_12_months: 'Last 12 months',
};

/** The dates of a shortcut on a given day (UTC calendar days, as the API counts them). */
export function rangeOfPreset(preset: RangePreset, today: string): { start: string; end: string } {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const first = (yy: number, mm: number) => new Date(Date.UTC(yy, mm - 1, 1)).toISOString().slice(0, 10);
  switch (preset) {
    case 'this_month':
      return { start: first(y, m), end: today };
    case 'last_month':
      return { start: first(y, m - 1), end: addDays(first(y, m), -1) };
    case 'quarter_to_date':
      return { start: first(y, m - ((m - 1) % 3)), end: today };
    case 'year_to_date':
      return { start: first(y, 1), end: today };
    case 'last_12_months':
      // A year back from tomorrow: 365 or 366 days ending today.
      const [ty, tm, td] = addDays(today, 1).split('-').map(Number) as [number, number, number];
      return { start: new Date(Date.UTC(ty - 1, tm - 1, td)).toISOString().slice(0, 10), end: today };
  }
}

const ZDay = z.string().refine(isIsoDate);
const ZIds = z.array(z.string().max(100)).max(200);

export const ZAnalyticsSettings = z.object({
  tab: z.enum(STATS_TABS).catch('my'),
  preset: z.enum(RANGE_PRESETS).nullable().catch('last_12_months'),
  start: ZDay.nullable().catch(null),
  end: ZDay.nullable().catch(null),
  jobsInterval: z.enum(STATS_INTERVALS).catch('monthly'),
  servicesInterval: z.enum(STATS_INTERVALS).catch('monthly'),
  groupIds: ZIds.catch([]),
  companyIds: ZIds.catch([]),
});
export type AnalyticsSettings = z.output<typeof ZAnalyticsSettings>;

export const DEFAULT_ANALYTICS_SETTINGS: Readonly<AnalyticsSettings> = Object.freeze({
  tab: 'my',
  preset: 'last_12_months',
  start: null,
  end: null,
  jobsInterval: 'monthly',
  servicesInterval: 'monthly',
  groupIds: [],
  companyIds: [],
});

export const analyticsStorageKey = (userId: string) => `sunstamp.analytics.${userId}`;

export function parseAnalyticsSettings(raw: string | null | undefined): AnalyticsSettings {
  let json: unknown = {};
  try {
    json = raw ? JSON.parse(raw) : {};
  } catch {
    json = {};
  }
  const input = typeof json === 'object' && json !== null ? json : {};
  return ZAnalyticsSettings.parse({ ...DEFAULT_ANALYTICS_SETTINGS, ...input });
}

export function readAnalyticsSettings(storage: KeyValueStorage, userId: string): AnalyticsSettings {
  try {
    return parseAnalyticsSettings(storage.getItem(analyticsStorageKey(userId)));
  } catch {
    return { ...DEFAULT_ANALYTICS_SETTINGS, groupIds: [], companyIds: [] };
  }
}

export function writeAnalyticsSettings(storage: KeyValueStorage, userId: string, s: AnalyticsSettings): void {
  try {
    storage.setItem(analyticsStorageKey(userId), JSON.stringify(s));
  } catch {
    /* a full or blocked storage only loses the preference */
  }
}

/** The dates the settings stand for today: the shortcut's, else the chosen dates, else the default. */
export function effectiveRange(s: AnalyticsSettings, today: string): { start: string; end: string } {
  if (s.preset) return rangeOfPreset(s.preset, today);
  if (s.start && s.end && s.start <= s.end) return { start: s.start, end: s.end };
  return rangeOfPreset('last_12_months', today);
}

/** The tab to show: the remembered one if the role has it, else the first the role has. */
export const tabFor = (s: AnalyticsSettings, tabs: readonly StatsTab[]): StatsTab => (tabs.includes(s.tab) ? s.tab : tabs[0]!);

export type { StatsInterval, StatsTab };
