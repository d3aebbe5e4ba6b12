/**
 * Report frequencies of spec §9 as periods. Everything is in UTC calendar days, the same days the
 * month stats (spec §4) use, so a month of analytics and the month stats count the same moments.
 *
 * The API counts per day in SQL and folds the days into periods here, so one function decides
 * where a period starts for the database and for the web (PostgreSQL's date_bin refuses month
 * intervals, and date_trunc has no biweekly or half year: research/platform.md §2.4).
 */

export const STATS_INTERVALS = ['all', 'daily', 'weekly', 'biweekly', 'monthly', 'quarterly', 'biannually', 'yearly'] as const;
export type StatsInterval = (typeof STATS_INTERVALS)[number];

/** The spec's labels (REPORT_FREQUENCIES), by interval. */
export const STATS_INTERVAL_LABELS: Record<StatsInterval, string> = {
  all: 'All',
  daily: 'Daily',
  weekly: 'Weekly',
  biweekly: 'Biweekly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  biannually: 'Biannually',
  yearly: 'Yearly',
};

const DAY_MS = 86_400_000;
/** Biweekly periods are counted from this Monday (the anchor PostgreSQL's date_bin examples use). */
export const BIWEEKLY_ANCHOR = '2001-01-01';

/** A YYYY-MM-DD text that names a real calendar day. */
export function isIsoDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

const toMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (day: string, n: number) => toDay(toMs(day) + n * DAY_MS);
/** Whole days from a to b (b − a). */
export const daysBetween = (a: string, b: string) => Math.round((toMs(b) - toMs(a)) / DAY_MS);

function addMonths(day: string, n: number): string {
  const d = new Date(toMs(day));
  return toDay(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
}

/** The first day of the period that holds `day` (for 'all', the range's start). */
export function periodStartOf(day: string, interval: StatsInterval, rangeStart: string): string {
  const d = new Date(toMs(day));
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  switch (interval) {
    case 'all':
      return rangeStart;
    case 'daily':
      return day;
    case 'weekly':
      // ISO weeks start on Monday (date_trunc('week')).
      return addDays(day, -((d.getUTCDay() + 6) % 7));
    case 'biweekly': {
      const since = daysBetween(BIWEEKLY_ANCHOR, day);
      return addDays(BIWEEKLY_ANCHOR, since - (((since % 14) + 14) % 14));
    }
    case 'monthly':
      return toDay(Date.UTC(y, m, 1));
    case 'quarterly':
      return toDay(Date.UTC(y, m - (m % 3), 1));
    case 'biannually':
      return toDay(Date.UTC(y, m < 6 ? 0 : 6, 1));
    case 'yearly':
      return toDay(Date.UTC(y, 0, 1));
  }
}

/** The first day of the period after the one starting at `start`. */
export function nextPeriodStart(start: string, interval: StatsInterval, rangeEnd: string): string {
  switch (interval) {
    case 'all':
      return addDays(rangeEnd, 1);
    case 'daily':
      return addDays(start, 1);
    case 'weekly':
      return addDays(start, 7);
    case 'biweekly':
      return addDays(start, 14);
    case 'monthly':
      return addMonths(start, 1);
    case 'quarterly':
      return addMonths(start, 3);
    case 'biannually':
      return addMonths(start, 6);
    case 'yearly':
      return addMonths(start, 12);
  }
}

export type Period = { start: string; end: string };

/**
 * Every period that meets [start, end] (inclusive days), empty ones included, each clipped to the
 * range: a weekly report from a Wednesday starts its first week on that Wednesday.
 */
export function periodsOf(start: string, end: string, interval: StatsInterval): Period[] {
  const out: Period[] = [];
  let p = periodStartOf(start, interval, start);
  while (p <= end) {
    const next = nextPeriodStart(p, interval, end);
    out.push({ start: p < start ? start : p, end: addDays(next, -1) > end ? end : addDays(next, -1) });
    p = next;
  }
  return out;
}

/** Adds per-day counts into the periods of the range (days outside the range are ignored). */
export function foldDays<K extends string>(
  periods: readonly Period[],
  days: readonly { day: string; key: K; count: number }[],
): Map<string, Map<K, number>> {
  const out = new Map<string, Map<K, number>>(periods.map((p) => [p.start, new Map()]));
  for (const d of days) {
    // Periods are sorted and contiguous: binary search for the one holding the day.
    let lo = 0;
    let hi = periods.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const p = periods[mid]!;
      if (d.day < p.start) hi = mid - 1;
      else if (d.day > p.end) lo = mid + 1;
      else {
        const m = out.get(p.start)!;
        m.set(d.key, (m.get(d.key) ?? 0) + d.count);
        break;
      }
    }
  }
  return out;
}

/** Longest range a report may cover (days): ten years keeps a daily report to ~3,700 points. */
export const MAX_STATS_RANGE_DAYS = 3_660;
