import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { seedDemo, seedReference } from '../../db/seed/seed.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import * as repo from './analytics.repository.ts';

/**
 * The analytics rollups against a recomputation, after random job changes: a seeded random
 * workload of history rows (status moves at times that are whole minutes or not, revisions,
 * edits), company changes and deletions, written like the jobs service writes them (the job row,
 * then its history row, each statement on its own). After each round:
 *  - every trigger-kept rollup (cycles, daily actions, daily jobs, marks and the duration
 *    histograms of migration 0022) equals what analytics_rebuild() recomputes from jobs and
 *    job_history;
 *  - the durations answered from the histograms equal those answered from the cycles, and each
 *    median and p90 is within a minute of percentile_cont over the exact hours.
 */
let database: Database;
let drop: () => Promise<void>;

/** mulberry32: a small seeded generator, so a failure replays. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const SEED = Number(process.env.ANALYTICS_PROPERTY_SEED ?? 15);
const random = rng(SEED);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;

const STATUSES = [
  'Pending Pre-Check', 'Pending Design', 'Pending QC', 'Pending Electrical Check', 'Pending PE', 'Pending EE',
  'Pending Reinforcements', 'Pending Wet Stamp', 'Pending Client', 'Pending Approval', 'Design Completed',
  'Design Completed', 'Finalized', 'Waiting on AHJ', 'Approved',
] as const;
const REASONS = ['equipment_change', 'layout_change', 'ahj_rejection', 'right_angle_error', 'other'] as const;
const T0 = Date.parse('2026-01-25T00:00:00Z');

type Job = { id: string; status: string; at: number; company: string };
const jobs: Job[] = [];
let companies: string[] = [];
let actors: string[] = [];

async function createJob() {
  const company = pick(companies);
  const at = T0 + Math.floor(random() * 60 * 86_400_000);
  const [j] = await database.query<{ id: string }>(
    `insert into jobs (company_id, name, roof_type, gypsum_type, enclosed, status, client_status, cad_intake, services_requested, created_by_id, created_at, updated_at)
     values ($1, 'Property job', 'Gable Roof', 'No Drywall', 'Enclosed', 'Draft', 'Draft', '{}'::jsonb, array['structural_roof_letter'], $2, $3, $3) returning id::text`,
    [company, pick(actors), new Date(at)]);
  const job = { id: j!.id, status: 'Draft', at, company };
  await history(job, 'created', null, 'Draft', null);
  jobs.push(job);
}

async function history(job: Job, event: string, from: string | null, to: string | null, data: unknown) {
  await database.query(
    'insert into job_history (job_id, event, actor_id, actor_role, from_status, to_status, data, at) values ($1, $2, $3, $4, $5, $6, $7, $8)',
    [job.id, event, random() < 0.1 ? null : pick(actors), 'admin', from, to, data === null ? null : JSON.stringify(data), new Date(job.at)]);
}

/** One random change to a random live job. */
async function step() {
  const job = pick(jobs);
  // Half the steps a few round durations, so many cycles share a minute of the histogram; whole
  // minutes half the time (percentiles exact), any millisecond within the minute otherwise.
  const minutes = random() < 0.5 ? pick([30, 60, 90, 240]) : Math.floor(random() * 3 * 24 * 60);
  job.at += minutes * 60_000 + (random() < 0.5 ? 0 : Math.floor(random() * 60_000));
  const r = random();
  if (r < 0.68) {
    const to = pick(STATUSES);
    await database.query('update jobs set status = $2 where id = $1', [job.id, to]);
    await history(job, 'status_changed', job.status, to, null);
    job.status = to;
  } else if (r < 0.8) {
    await database.query('update jobs set status = $2, revision_number = revision_number + 1 where id = $1', [job.id, 'Pending Design Revision']);
    await history(job, 'revision', job.status, 'Pending Design Revision', { number: 1, reason: pick(REASONS), involuntary: random() < 0.3 });
    job.status = 'Pending Design Revision';
  } else if (r < 0.88) {
    await history(job, 'edited', null, null, null);
  } else if (r < 0.95) {
    // A move to another company: its cycles, actions and histogram counts move with it.
    job.company = pick(companies.filter((c) => c !== job.company));
    await database.query('update jobs set company_id = $2 where id = $1', [job.id, job.company]);
    await history(job, 'edited', null, null, { company: job.company });
  } else if (jobs.length > 4) {
    await database.query('delete from jobs where id = $1', [job.id]);
    jobs.splice(jobs.indexOf(job), 1);
  }
}

const snapshot = async () => ({
  cycles: await database.query('select job_id::text, cycle, company_id::text, started_at::text, design_done_at::text, completed_at::text, completed_by::text, design_ms::text, engineering_ms::text, pending_admin_ms::text, pending_client_ms::text, reinforced, open_status, open_since::text from analytics_job_cycles order by 1, 2'),
  actions: await database.query('select day::text, company_id::text, actor_id::text, action, n from analytics_daily_actions where n <> 0 order by 1, 2, 3, 4'),
  jobs: await database.query('select day::text, company_id::text, key, n from analytics_daily_jobs where n <> 0 order by 1, 2, 3'),
  marks: await database.query('select job_id::text, company_id::text, through_history_id::text from analytics_job_marks order by 1'),
  daily: await database.query('select day::text, company_id::text, completed_by::text, metric, minute, n, ms::text from analytics_daily_durations where n <> 0 or ms <> 0 order by 1, 2, 3, 4, 5'),
  monthly: await database.query('select month::text, company_id::text, completed_by::text, metric, minute, n, ms::text from analytics_monthly_durations where n <> 0 or ms <> 0 order by 1, 2, 3, 4, 5'),
      monthlyActions: await database.query('select month::text, company_id::text, actor_id::text, action, n from analytics_monthly_actions where n <> 0 order by 1, 2, 3, 4'),
});

const range = (start: string, end: string): repo.Range => {
  const toDay = new Date(Date.parse(`${end}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return { from: new Date(`${start}T00:00:00Z`), to: new Date(`${toDay}T00:00:00Z`), fromDay: start, toDay };
};
const RANGES: [string, string][] = [
  ['2026-01-01', '2026-06-30'], // whole months only
  ['2026-01-20', '2026-04-10'], // days, whole months, days
  ['2026-02-10', '2026-03-31'], // days, then a whole month
  ['2026-02-03', '2026-02-17'], // days only
  ['2026-03-01', '2026-03-01'], // one day at a month's start
];
const METRICS: [string, string, string][] = [
  ['turnaround_all', 'total_hours', 'true'],
  ['turnaround_design', 'design_turnaround_hours', 'true'],
  ['turnaround_engineering', 'engineering_hours', 'engineering_hours > 0'],
  ['pending_admin', 'pending_admin_hours', 'true'],
  ['new_design', 'design_hours', 'cycle = 0'],
  ['revision_design', 'design_hours', 'cycle > 0'],
];
const round6 = (v: unknown): unknown =>
  typeof v === 'number' ? Math.round(v * 1e6) / 1e6 : Array.isArray(v) ? v.map(round6) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, round6(x)])) : v;

async function checkAnswers() {
  let compared = 0;
  for (const [start, end] of RANGES) {
    for (const scope of [{}, { companyIds: [companies[0]!] }] as repo.StatsScope[]) {
      const r = range(start, end);
      // Action counts and revision reasons read from months and edge days equal a count of the history.
      const company = scope.companyIds ? 'and j.company_id = any($3::uuid[])' : '';
      const args = [r.from, r.to, ...(scope.companyIds ? [scope.companyIds] : [])];
      const counted = await database.query<{ action: string; actor_id: string; n: number }>(
        `select k.action, coalesce(h.actor_id, '00000000-0000-0000-0000-000000000000'::uuid)::text as actor_id, count(*)::int as n
         from job_history h join jobs j on j.id = h.job_id cross join lateral unnest(analytics_action_keys(h)) k(action)
         where h.at >= $1 and h.at < $2 ${company} group by 1, 2`, args);
      const byKey = (xs: { action: string; actor_id: string; n: number }[]) => xs.filter((x) => x.n).map((x) => `${x.action} ${x.actor_id} ${x.n}`).sort();
      expect(byKey(await repo.actionCounts(database, r, scope)), `actions ${start}..${end}`).toEqual(byKey(counted));
      const reasons = await database.query<{ reason: string; n: number; involuntary: number }>(
        `select h.data->>'reason' as reason, count(*)::int as n, (count(*) filter (where h.data->>'involuntary' = 'true'))::int as involuntary
         from job_history h join jobs j on j.id = h.job_id where h.event = 'revision' and h.at >= $1 and h.at < $2 ${company} group by 1`, args);
      const byReason = (xs: { reason: string; n: number; involuntary: number }[]) => xs.map((x) => `${x.reason} ${x.n} ${x.involuntary}`).sort();
      expect(byReason(await repo.revisionsByReason(database, r, scope)), `reasons ${start}..${end}`).toEqual(byReason(reasons));
      const fromHistogram = await repo.cycleDurations(database, r, scope, 'histogram');
      const fromCycles = await repo.cycleDurations(database, r, scope, 'cycles');
      const sorted = (x: typeof fromCycles) => ({ ...x, designers: [...x.designers].sort((a, b) => `${a[0]}${a[1]}`.localeCompare(`${b[0]}${b[1]}`)), distribution: [...x.distribution].sort((a, b) => a[0] - b[0]) });
      expect(round6(sorted(fromHistogram)), `${start}..${end} ${JSON.stringify(scope)}`).toEqual(round6(sorted(fromCycles)));
      // Against percentile_cont over the exact hours: counts and means equal, percentiles within a minute.
      const cycleCompany = scope.companyIds ? 'and company_id = any($3::uuid[])' : '';
      for (const [name, column, filter] of METRICS) {
        const [exact] = await database.query<{ n: number; mean: number | null; med: number | null; p90: number | null }>(
          `select count(*)::int as n, avg(${column})::float8 as mean, percentile_cont(0.5) within group (order by ${column})::float8 as med,
             percentile_cont(0.9) within group (order by ${column})::float8 as p90
           from analytics_job_cycles where completed_at >= $1 and completed_at < $2 and started_at is not null and ${column} is not null and ${filter} ${cycleCompany}`,
          [r.from, r.to, ...(scope.companyIds ? [scope.companyIds] : [])]);
        const [n, mean, med, p90] = fromHistogram[name as keyof typeof fromHistogram] as repo.DurationRow;
        expect(n, `${name} ${start}..${end}`).toBe(exact!.n);
        if (!n) continue;
        compared++;
        expect(Math.abs(mean! - exact!.mean!), `${name} mean`).toBeLessThan(1e-6);
        expect(Math.abs(med! - exact!.med!), `${name} median`).toBeLessThan(1 / 60);
        expect(Math.abs(p90! - exact!.p90!), `${name} p90`).toBeLessThan(1 / 60);
      }
    }
  }
  return compared;
}

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await seedReference(database);
  await seedDemo(database);
  companies = (await database.query<{ id: string }>('select id::text from companies where not is_internal order by name')).map((c) => c.id);
  actors = (await database.query<{ id: string }>('select id::text from users order by email')).map((u) => u.id);
  for (let i = 0; i < 14; i++) await createJob();
}, 120_000);
afterAll(async () => { await database?.close().catch(() => {}); await drop?.(); });

describe(`analytics rollups after random job changes (seed ${SEED})`, () => {
  it('wholeMonths: the whole months inside a range of days', () => {
    expect(repo.wholeMonths('2026-01-01', '2026-07-01')).toEqual({ start: '2026-01-01', end: '2026-07-01' });
    expect(repo.wholeMonths('2026-01-20', '2026-04-11')).toEqual({ start: '2026-02-01', end: '2026-04-01' });
    expect(repo.wholeMonths('2025-12-02', '2027-01-01')).toEqual({ start: '2026-01-01', end: '2027-01-01' });
    expect(repo.wholeMonths('2026-02-03', '2026-02-18')).toBeNull();
    expect(repo.wholeMonths('2026-02-03', '2026-03-01')).toBeNull();
  });

  for (let round = 1; round <= 3; round++) {
    it(`round ${round}: 150 random changes, then every rollup equals a rebuild and the answers agree`, async () => {
      for (let i = 0; i < 150; i++) await step();
      const kept = await snapshot();
      // The workload must reach the histograms, or this test proves nothing.
      expect(kept.monthly.length).toBeGreaterThan(5);
      expect(kept.monthlyActions.length).toBeGreaterThan(5);
      await database.query('select analytics_rebuild()');
      expect(await snapshot()).toEqual(kept);
      expect(await checkAnswers()).toBeGreaterThan(5);
    }, 120_000);
  }
});
