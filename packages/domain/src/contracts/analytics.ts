import { z } from 'zod';
import { COUNTED_JOB_ACTIONS } from '../constants/job-events.constants.ts';
import { REPORT_FREQUENCIES } from '../constants/options.constants.ts';
import { isIsoDate, MAX_STATS_RANGE_DAYS, daysBetween, STATS_INTERVALS, type StatsInterval } from '../analytics/stats-periods.rules.ts';
import { STATS_TABS } from '../analytics/stats-access.rules.ts';

/** GET /stats (spec §7): the query and the answer. */

const ZIsoDate = z.string().refine(isIsoDate, 'Use a real date as YYYY-MM-DD.');

/** An interval as the API takes it: the code (`biweekly`) or the spec's label (`Biweekly`), any case. */
const ZInterval = z
  .string()
  .transform((s) => s.trim().toLowerCase())
  .pipe(z.enum(STATS_INTERVALS, { error: `Use one of: ${REPORT_FREQUENCIES.join(', ')}.` }));

/** A JSON list of ids in a query parameter (spec §7: included_users, included_companies). */
const ZJsonIdList = z.string().transform((s, ctx) => {
  let v: unknown;
  try {
    v = JSON.parse(s);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'Send a JSON list of ids, e.g. ["…"].' });
    return z.NEVER;
  }
  const ids = z.array(z.string().uuid()).max(1_000).safeParse(v);
  if (!ids.success) {
    ctx.addIssue({ code: 'custom', message: 'Send a JSON list of ids, e.g. ["…"].' });
    return z.NEVER;
  }
  return ids.data;
});

export const ZStatsQuery = z
  .object({
    active_tab: z.enum(STATS_TABS, { error: 'Use my, group or company.' }).default('my'),
    start_date: ZIsoDate,
    end_date: ZIsoDate,
    servicesRequestedInterval: ZInterval.default('monthly'),
    jobsCreatedInterval: ZInterval.default('monthly'),
    included_users: ZJsonIdList.optional(),
    included_companies: ZJsonIdList.optional(),
  })
  .superRefine((q, ctx) => {
    if (!isIsoDate(q.start_date) || !isIsoDate(q.end_date)) return;
    if (q.end_date < q.start_date) ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'The end date is before the start date.' });
    else if (daysBetween(q.start_date, q.end_date) > MAX_STATS_RANGE_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'A report covers at most ten years.' });
    }
  });
export type StatsQuery = z.output<typeof ZStatsQuery>;
export type StatsQueryInput = z.input<typeof ZStatsQuery>;
export type { StatsInterval };

const ZRef = z.object({ id: z.string(), name: z.string() });

/** A duration over a set of cycles: how many, and mean / median / 90th percentile in hours. */
export const ZDuration = z.object({
  count: z.number().int(),
  mean_hours: z.number().nullable(),
  median_hours: z.number().nullable(),
  p90_hours: z.number().nullable(),
});
export type Duration = z.infer<typeof ZDuration>;

const ZPeriod = z.object({ start: z.string(), end: z.string() });

export const ZStats = z.object({
  active_tab: z.enum(STATS_TABS),
  start_date: z.string(),
  end_date: z.string(),
  services_requested_interval: z.enum(STATS_INTERVALS),
  jobs_created_interval: z.enum(STATS_INTERVALS),
  /** Who and what the numbers cover, after intersecting the asked ids with what the caller may see. */
  scope: z.object({ users: z.array(ZRef), companies: z.array(ZRef), all_companies: z.boolean() }),
  job_count: z.number().int(),
  jobs_created: z.array(ZPeriod.extend({ count: z.number().int() })),
  services_requested: z.object({
    services: z.array(z.object({ code: z.string(), label: z.string(), count: z.number().int() })),
    series: z.array(ZPeriod.extend({ counts: z.record(z.string(), z.number().int()), total: z.number().int() })),
  }),
  revisions: z.object({
    total: z.number().int(),
    involuntary: z.number().int(),
    average_per_job: z.number().nullable(),
    reasons: z.array(z.object({ reason: z.string(), label: z.string(), count: z.number().int(), involuntary: z.number().int() })),
  }),
  durations: z.object({
    pending_admin: ZDuration,
    new_design: ZDuration,
    revision_design: ZDuration,
    turnaround_design: ZDuration,
    turnaround_engineering: ZDuration,
    turnaround_all: ZDuration,
  }),
  /** Cycles completed in the period by total turnaround: `to_hours` null for the last, open bar. */
  turnaround_distribution: z.array(z.object({ from_hours: z.number(), to_hours: z.number().nullable(), count: z.number().int() })),
  reinforcement_count: z.number().int(),
  jobs_completed: z.number().int(),
  revisions_requested: z.number().int(),
  actions: z.record(z.enum(COUNTED_JOB_ACTIONS), z.number().int()),
  /** Staff only (maySeeStaffFigures): empty for a client company admin. */
  designers: z.array(z.object({
    user: ZRef,
    company: ZRef,
    completed: z.number().int(),
    new_designs: z.number().int(),
    revision_designs: z.number().int(),
    median_turnaround_hours: z.number().nullable(),
    p90_turnaround_hours: z.number().nullable(),
    median_design_hours: z.number().nullable(),
  })),
  users: z.array(z.object({
    user: ZRef,
    jobs: z.number().int(),
    revised_jobs: z.number().int(),
    status_moves: z.number().int(),
    jobs_moved: z.number().int(),
    jobs_completed: z.number().int(),
    revisions_requested: z.number().int(),
    /** null for a caller who may not see staff figures (maySeeStaffFigures). */
    shift_hours: z.number().nullable(),
    jobs_per_hour: z.number().nullable(),
  })),
});
export type Stats = z.infer<typeof ZStats>;
