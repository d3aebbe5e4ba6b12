import { sql } from 'drizzle-orm';
import { bigint, boolean, date, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { jobs } from './jobs.schema.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Analytics rollups (what GET /stats reads), written only by the database triggers of migration
 * 0006_analytics-rollups from every job_history row, in the same transaction as the row; the API
 * never writes them. `analytics_rebuild()` recomputes both from the history (set-based), and a
 * test holds the triggers to it. See docs/analytics.md and bench/README.md.
 */

/**
 * One row per job and work cycle: cycle 0 from submission, one more per revision. Durations are
 * summed as the job leaves each status; `open_status`/`open_since` is the status it is in now.
 */
export const analyticsJobCycles = pgTable('analytics_job_cycles', {
  jobId: uuid('job_id').notNull().references(() => jobs.id, { onDelete: 'cascade' }),
  cycle: integer('cycle').notNull(),
  companyId: uuid('company_id').notNull(),
  startedAt: ts('started_at'),
  designDoneAt: ts('design_done_at'),
  completedAt: ts('completed_at'),
  completedBy: uuid('completed_by'),
  designMs: bigint('design_ms', { mode: 'number' }).notNull().default(0),
  engineeringMs: bigint('engineering_ms', { mode: 'number' }).notNull().default(0),
  pendingAdminMs: bigint('pending_admin_ms', { mode: 'number' }).notNull().default(0),
  pendingClientMs: bigint('pending_client_ms', { mode: 'number' }).notNull().default(0),
  reinforced: boolean('reinforced').notNull().default(false),
  openStatus: text('open_status'),
  openSince: ts('open_since'),
  /**
   * Hours as float8, computed once when the row is written: /stats sorts them for percentiles, and
   * PostgreSQL's extract(epoch …) is numeric, several times slower to compute and sort.
   */
  totalHours: doublePrecision('total_hours').generatedAlwaysAs(sql`extract(epoch from (completed_at - started_at))::float8 / 3600`),
  designTurnaroundHours: doublePrecision('design_turnaround_hours').generatedAlwaysAs(
    sql`case when design_done_at <= completed_at then extract(epoch from (design_done_at - started_at))::float8 / 3600 end`,
  ),
  designHours: doublePrecision('design_hours').generatedAlwaysAs(sql`design_ms::float8 / 3600000`),
  engineeringHours: doublePrecision('engineering_hours').generatedAlwaysAs(sql`engineering_ms::float8 / 3600000`),
  pendingAdminHours: doublePrecision('pending_admin_hours').generatedAlwaysAs(sql`pending_admin_ms::float8 / 3600000`),
}, (t) => [
  primaryKey({ columns: [t.jobId, t.cycle] }),
  // Both indexes INCLUDE the columns /stats reads (edited into migration 0006: drizzle-kit has no
  // INCLUDE), so a year of cycles is an index-only scan.
  index('analytics_job_cycles_completed_idx').on(t.completedAt).where(sql`${t.completedAt} is not null`),
  index('analytics_job_cycles_company_completed_idx').on(t.companyId, t.completedAt).where(sql`${t.completedAt} is not null`),
]);

/**
 * Jobs per UTC day of creation and company, kept by triggers on jobs: `jobs` (how many), `revisions`
 * (the sum of their revision numbers), `revised` (how many have one) and `service:<code>` (how many
 * ask for it). Company Stats read these instead of the jobs.
 */
export const analyticsDailyJobs = pgTable('analytics_daily_jobs', {
  day: date('day').notNull(),
  companyId: uuid('company_id').notNull(),
  key: text('key').notNull(),
  n: integer('n').notNull(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.day, t.key] }),
  // INCLUDE (key, n) edited into migration 0022 (drizzle-kit has no INCLUDE).
  index('analytics_daily_jobs_day_idx').on(t.day),
]);

/**
 * Counts of history events per UTC day, company, actor and action: the event name (`approved`,
 * `edited`…); for a status change `to:<status>` too; for a revision `reason:<reason>`, and
 * `involuntary:<reason>` when it is involuntary. The nil uuid stands for "no actor".
 */
export const analyticsDailyActions = pgTable('analytics_daily_actions', {
  day: date('day').notNull(),
  companyId: uuid('company_id').notNull(),
  actorId: uuid('actor_id').notNull(),
  action: text('action').notNull(),
  n: integer('n').notNull(),
}, (t) => [
  primaryKey({ columns: [t.day, t.companyId, t.actorId, t.action] }),
  index('analytics_daily_actions_company_day_idx').on(t.companyId, t.day),
  index('analytics_daily_actions_actor_day_idx').on(t.actorId, t.day),
]);

/**
 * Per job, the company its counted history rows are attributed to and the last history row
 * counted (migration 0007). A company move shifts exactly the rows counted so far, so a history
 * row written in the same statement as the move (the jobs write path's one-statement CTE) is
 * counted once, whichever trigger fires first.
 */
export const analyticsJobMarks = pgTable('analytics_job_marks', {
  jobId: uuid('job_id').primaryKey().references(() => jobs.id, { onDelete: 'cascade' }),
  companyId: uuid('company_id').notNull(),
  throughHistoryId: bigint('through_history_id', { mode: 'number' }).notNull(),
});

/**
 * Duration histograms (migration 0022), per UTC day and per UTC month of completion, company,
 * completer (the nil uuid: none), duration (`all`, `design`, `eng`, `pending`, `new`, `rev`) and
 * whole minute (floor): how many completed cycles and the sum of their milliseconds. Kept by row
 * triggers on analytics_job_cycles; /stats reads a period's whole months and edge days for
 * counts, means, percentiles and the distribution.
 */
const durationColumns = {
  companyId: uuid('company_id').notNull(),
  completedBy: uuid('completed_by').notNull(),
  metric: text('metric').notNull(),
  minute: integer('minute').notNull(),
  n: integer('n').notNull(),
  ms: bigint('ms', { mode: 'number' }).notNull(),
};
export const analyticsDailyDurations = pgTable('analytics_daily_durations', { day: date('day').notNull(), ...durationColumns }, (t) => [
  primaryKey({ name: 'analytics_daily_durations_pk', columns: [t.day, t.companyId, t.completedBy, t.metric, t.minute] }),
]);
export const analyticsMonthlyDurations = pgTable('analytics_monthly_durations', { month: date('month').notNull(), ...durationColumns }, (t) => [
  primaryKey({ name: 'analytics_monthly_durations_pk', columns: [t.month, t.companyId, t.completedBy, t.metric, t.minute] }),
]);

/** analytics_daily_actions summed per UTC month (migration 0022), kept by a row trigger on it. */
export const analyticsMonthlyActions = pgTable('analytics_monthly_actions', {
  month: date('month').notNull(),
  companyId: uuid('company_id').notNull(),
  actorId: uuid('actor_id').notNull(),
  action: text('action').notNull(),
  n: integer('n').notNull(),
}, (t) => [primaryKey({ name: 'analytics_monthly_actions_pk', columns: [t.month, t.companyId, t.actorId, t.action] })]);
