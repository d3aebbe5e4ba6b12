import type { StatsTab } from '@sunstamp/domain/analytics/stats-access.rules';
import type { StatsInterval } from '@sunstamp/domain/analytics/stats-periods.rules';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A period's label on a chart axis: "Mar 2", "Mar 2026", "Q1 2026", "H2 2026", "2026". */
export function periodLabel(p: { start: string; end: string }, interval: StatsInterval): string {
  const [y, m, d] = p.start.split('-').map(Number) as [number, number, number];
  switch (interval) {
    case 'all':
      return `${p.start} – ${p.end}`;
    case 'daily':
    case 'weekly':
    case 'biweekly':
      return `${MONTHS[m - 1]} ${d}${interval === 'daily' ? '' : ''}${p.start.slice(0, 4) === p.end.slice(0, 4) ? '' : ` ${y}`}`;
    case 'monthly':
      return `${MONTHS[m - 1]} ${y}`;
    case 'quarterly':
      return `Q${Math.floor((m - 1) / 3) + 1} ${y}`;
    case 'biannually':
      return `H${m <= 6 ? 1 : 2} ${y}`;
    case 'yearly':
      return String(y);
  }
}

/** The turnaround bar's label: "< 4 h", "4–8 h", "2–3 d", "≥ 7 d". */
export function bucketLabel(b: { from_hours: number; to_hours: number | null }): string {
  const h = (x: number) => (x >= 48 && x % 24 === 0 ? `${x / 24} d` : `${x} h`);
  if (b.from_hours === 0 && b.to_hours !== null) return `< ${h(b.to_hours)}`;
  if (b.to_hours === null) return `≥ ${h(b.from_hours)}`;
  const bothDays = b.from_hours >= 48 && b.to_hours % 24 === 0 && b.from_hours % 24 === 0;
  return bothDays ? `${b.from_hours / 24}–${b.to_hours / 24} d` : `${b.from_hours}–${h(b.to_hours)}`;
}

/** "1 cycle", "2 cycles", "1,204 revisions requested": a count with its noun in the right number. */
export function countOf(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/**
 * The line under the Jobs figure. In My and Group Stats it counts what the people did, on any job
 * (the steps they completed or approved, the revisions they requested), while the Revisions card
 * counts the revisions of their own jobs: it says whose they are, so "1 revision requested" beside
 * "Revisions 0" reads as two facts, not a contradiction. Company Stats count the companies' jobs.
 */
export function jobsDetailOf(tab: StatsTab, completed: number, revisionsRequested: number): string {
  const line = `${completed.toLocaleString('en-US')} completed · ${countOf(revisionsRequested, 'revision requested', 'revisions requested')}`;
  return tab === 'my' ? `By you: ${line}` : tab === 'group' ? `By the group: ${line}` : line;
}
