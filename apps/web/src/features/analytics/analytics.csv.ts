import type { Stats } from '@sunstamp/domain/contracts/analytics';
import { METRIC_DEFINITIONS } from '@sunstamp/domain/analytics/stats-metrics';
import { COUNTED_JOB_ACTIONS } from '@sunstamp/domain/constants/job-events.constants';

/**
 * CSV exports of every table and chart on the analytics page (research/platform.md §2.6): RFC
 * 4180 (comma, CRLF, a header row, quotes where needed) with a UTF-8 byte-order mark for Excel,
 * and cells that a spreadsheet would run as a formula (=, +, -, @, tab, CR) prefixed with '
 * (OWASP, CWE-1236). Each export has the same grouping as its chart on screen.
 */

type Cell = string | number | null | undefined;

export function csvCell(v: Cell): string {
  if (v === null || v === undefined) return '';
  let s = String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const toCsv = (header: string[], rows: Cell[][]) =>
  `\uFEFF${[header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;

export const CSV_EXPORTS = ['summary', 'jobs_created', 'services_requested', 'turnaround', 'revision_reasons', 'actions', 'users', 'designers'] as const;
export type CsvExport = (typeof CSV_EXPORTS)[number];
/** The exports offered: the designers' table is staff's only (a client's page has none). */
export const csvExportsFor = (staffFigures: boolean): readonly CsvExport[] => (staffFigures ? CSV_EXPORTS : CSV_EXPORTS.filter((x) => x !== 'designers'));

export const CSV_EXPORT_LABELS: Record<CsvExport, string> = {
  summary: 'Summary numbers',
  jobs_created: 'Jobs created',
  services_requested: 'Services requested',
  turnaround: 'Turnaround distribution',
  revision_reasons: 'Revision reasons',
  actions: 'Job actions',
  users: 'Jobs per user',
  designers: 'Designers per company',
};

/**
 * The CSV of one export. Without staff figures (a client: `maySeeStaffFigures`) the users' export
 * has no shift hours or jobs per hour, as the client's table has none (the API answers them null).
 */
export function statsCsv(s: Stats, which: CsvExport, staffFigures = true): string {
  switch (which) {
    case 'summary': {
      const d = s.durations;
      const rows: Cell[][] = [
        ['job_count', METRIC_DEFINITIONS.job_count.label, s.job_count, '', '', ''],
        ['revisions_total', METRIC_DEFINITIONS.revisions_total.label, s.revisions.total, '', '', ''],
        ['revisions_involuntary', METRIC_DEFINITIONS.revisions_involuntary.label, s.revisions.involuntary, '', '', ''],
        ['average_revision_count', METRIC_DEFINITIONS.average_revision_count.label, s.revisions.average_per_job, '', '', ''],
        ['jobs_completed', METRIC_DEFINITIONS.jobs_completed.label, s.jobs_completed, '', '', ''],
        ['revisions_requested', METRIC_DEFINITIONS.revisions_requested.label, s.revisions_requested, '', '', ''],
        ['reinforcement_count', METRIC_DEFINITIONS.reinforcement_count.label, s.reinforcement_count, '', '', ''],
      ];
      for (const k of ['turnaround_all', 'turnaround_design', 'turnaround_engineering', 'pending_admin', 'new_design', 'revision_design'] as const) {
        rows.push([k, METRIC_DEFINITIONS[k].label, d[k].count, d[k].mean_hours, d[k].median_hours, d[k].p90_hours]);
      }
      return toCsv(['metric', 'label', 'count', 'mean_hours', 'median_hours', 'p90_hours'], rows);
    }
    case 'jobs_created':
      return toCsv(['period_start', 'period_end', 'jobs_created'], s.jobs_created.map((p) => [p.start, p.end, p.count]));
    case 'services_requested': {
      // Long format: one row per period and service, the chart's own grouping.
      const rows: Cell[][] = [];
      for (const p of s.services_requested.series) {
        for (const sv of s.services_requested.services) rows.push([p.start, p.end, sv.code, sv.label, p.counts[sv.code] ?? 0]);
      }
      return toCsv(['period_start', 'period_end', 'service', 'label', 'count'], rows);
    }
    case 'turnaround':
      return toCsv(['from_hours', 'to_hours', 'cycles'], s.turnaround_distribution.map((b) => [b.from_hours, b.to_hours, b.count]));
    case 'revision_reasons':
      return toCsv(['reason', 'label', 'count', 'involuntary'], s.revisions.reasons.map((r) => [r.reason, r.label, r.count, r.involuntary]));
    case 'actions':
      return toCsv(['action', 'count'], COUNTED_JOB_ACTIONS.map((a) => [a, s.actions[a]]));
    case 'users': {
      // The last two columns are staff figures.
      const header = ['user_id', 'name', 'jobs', 'revised_jobs', 'status_moves', 'jobs_moved', 'jobs_completed', 'revisions_requested', 'shift_hours', 'jobs_per_hour'];
      const rows: Cell[][] = s.users.map((u) => [u.user.id, u.user.name, u.jobs, u.revised_jobs, u.status_moves, u.jobs_moved, u.jobs_completed, u.revisions_requested, u.shift_hours, u.jobs_per_hour]);
      return staffFigures ? toCsv(header, rows) : toCsv(header.slice(0, -2), rows.map((r) => r.slice(0, -2)));
    }
    case 'designers':
      return toCsv(
        ['user_id', 'name', 'company_id', 'company', 'completed', 'new_designs', 'revision_designs', 'median_turnaround_hours', 'p90_turnaround_hours', 'median_design_hours'],
        s.designers.map((d) => [d.user.id, d.user.name, d.company.id, d.company.name, d.completed, d.new_designs, d.revision_designs, d.median_turnaround_hours, d.p90_turnaround_hours, d.median_design_hours]),
      );
  }
}

export const csvFileName = (s: Pick<Stats, 'active_tab' | 'start_date' | 'end_date'>, which: CsvExport) =>
  `sunstamp-stats-${s.active_tab}-${which.replace(/_/g, '-')}-${s.start_date}_${s.end_date}.csv`;
