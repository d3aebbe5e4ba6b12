import type { Database } from '../../db/client.ts';
import { TURNAROUND_BUCKETS_HOURS } from '@sunstamp/domain/analytics/stats-metrics';

/**
 * The SQL of GET /stats. Every query reads one period [from, to) and one scope; the scope's
 * clauses are added only when they narrow, so each query uses its index with plain values:
 * jobs (company_id, created_at) / (created_by_id, created_at) / (assignee_id, created_at),
 * job_revisions (created_at), the rollups analytics_job_cycles (company_id, completed_at) and
 * analytics_daily_actions (company_id, day) / (actor_id, day) of migration 0006, the monthly
 * duration histogram analytics_monthly_durations (month, company_id, …) of migration 0022, and
 * job_history (actor_id, at) for distinct jobs moved. Numbers are cast in SQL (int, float8,
 * text) so both drivers answer the same JavaScript types.
 */

export type StatsScope = {
  /** Companies whose jobs count; undefined: every company. */
  companyIds?: string[];
  /** People: jobs they created or are assigned to, actions they made; undefined: everyone. */
  userIds?: string[];
};

export type Range = { from: Date; to: Date; fromDay: string; toDay: string };

/**
 * Runs a query and returns its rows through one JSON text: PGlite parses each field of a result
 * separately, which for a few thousand rows costs more than the query (the jobs list found the same).
 */
async function rows<T>(database: Database, text: string, values: unknown[]): Promise<T[]> {
  const [r] = await database.query<{ j: string }>(`select coalesce(json_agg(x), '[]')::text as j from (${text}) x`, values);
  return JSON.parse(r!.j) as T[];
}

class Sql {
  values: unknown[] = [];
  p(v: unknown) {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

/** Jobs (alias j) in scope: company clause and people clause (created by or assigned to). */
function jobScope(q: Sql, s: StatsScope, alias = 'j'): string {
  const parts: string[] = [];
  if (s.companyIds) parts.push(`${alias}.company_id = any(${q.p(s.companyIds)}::uuid[])`);
  if (s.userIds) {
    const u = q.p(s.userIds);
    parts.push(`(${alias}.created_by_id = any(${u}::uuid[]) or ${alias}.assignee_id = any(${u}::uuid[]))`);
  }
  return parts.length ? ` and ${parts.join(' and ')}` : '';
}

const DAY = `to_char((j.created_at at time zone 'UTC')::date, 'YYYY-MM-DD')`;

/** Per day of creation: jobs, the sum of their revision numbers, and services. Company scope reads the rollup. */
export async function jobsPerDay(database: Database, r: Range, s: StatsScope) {
  const q = new Sql();
  if (!s.userIds) {
    const text = `select to_char(d.day, 'YYYY-MM-DD') as day, d.key, sum(d.n)::int as n from analytics_daily_jobs d
      where d.day >= ${q.p(r.fromDay)}::date and d.day < ${q.p(r.toDay)}::date
      ${s.companyIds ? `and d.company_id = any(${q.p(s.companyIds)}::uuid[])` : ''} group by 1, 2 having sum(d.n) <> 0`;
    return rows<{ day: string; key: string; n: number }>(database, text, q.values);
  }
  const from = q.p(r.from);
  const to = q.p(r.to);
  const scope = jobScope(q, s);
  const text = `select ${DAY} as day, 'jobs' as key, count(*)::int as n from jobs j where j.created_at >= ${from} and j.created_at < ${to}${scope} group by 1
    union all select ${DAY}, 'revisions', sum(j.revision_number)::int from jobs j where j.created_at >= ${from} and j.created_at < ${to}${scope} group by 1
    union all select ${DAY}, 'service:' || sv, count(*)::int from jobs j cross join unnest(j.services_requested) sv
      where j.created_at >= ${from} and j.created_at < ${to}${scope} group by 1, 2`;
  return rows<{ day: string; key: string; n: number }>(database, text, q.values);
}

/** Revisions requested in the period by reason. Company scope reads the history rollup. */
export async function revisionsByReason(database: Database, r: Range, s: StatsScope) {
  const q = new Sql();
  if (!s.userIds) {
    const companies = s.companyIds ? q.p(s.companyIds) : null;
    const source = actionSource(q, r, (alias) =>
      `(${alias}.action like 'reason:%' or ${alias}.action like 'involuntary:%')${companies ? ` and ${alias}.company_id = any(${companies}::uuid[])` : ''}`);
    const text = `select substr(a.action, strpos(a.action, ':') + 1) as reason,
        (sum(a.n) filter (where a.action like 'reason:%'))::int as n, coalesce(sum(a.n) filter (where a.action like 'involuntary:%'), 0)::int as involuntary
      from (${source}) a
      group by 1 having sum(a.n) filter (where a.action like 'reason:%') > 0`;
    return rows<{ reason: string; n: number; involuntary: number }>(database, text, q.values);
  }
  const text = `select rv.reason, count(*)::int as n, (count(*) filter (where rv.involuntary))::int as involuntary
    from job_revisions rv join jobs j on j.id = rv.job_id
    where rv.created_at >= ${q.p(r.from)} and rv.created_at < ${q.p(r.to)}${jobScope(q, s)} group by 1`;
  return rows<{ reason: string; n: number; involuntary: number }>(database, text, q.values);
}

const NO_ACTOR = `'00000000-0000-0000-0000-000000000000'::uuid`;

/** The first day of the month of a YYYY-MM-DD day, and of the next month. */
const monthOf = (day: string) => `${day.slice(0, 7)}-01`;
const nextMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

/**
 * The whole months inside [fromDay, toDay): [start, end) as YYYY-MM-01, or null when none is.
 * Exported for tests.
 */
export function wholeMonths(fromDay: string, toDay: string): { start: string; end: string } | null {
  const start = fromDay.endsWith('-01') ? fromDay : nextMonth(monthOf(fromDay));
  const end = monthOf(toDay);
  return start < end ? { start, end } : null;
}

/**
 * The durations of the cycles completed in the period, as histogram rows
 * (metric, who, co, minute, n, ms): metric 'all' | 'design' | 'eng' | 'pending' | 'new' | 'rev'
 * (analytics_cycle_durations, migration 0022), who the completer (zero uuid: none), the whole
 * minute (floor), how many cycles and the sum of their milliseconds.
 *
 * Company scope reads the histograms of migration 0022: the whole months of the period from
 * analytics_monthly_durations, the days before and after them from analytics_daily_durations (a
 * year is a few thousand rows, not 50,000 cycles). People scope (a few people; the histograms have
 * no creator or assignee) reads the cycles of their jobs, as does `source: 'cycles'` (tests).
 */
function durationSource(q: Sql, r: Range, s: StatsScope, source: 'histogram' | 'cycles'): string {
  if (source === 'cycles' || s.userIds) {
    const where = ['c.completed_at is not null', `c.completed_at >= ${q.p(r.from)}`, `c.completed_at < ${q.p(r.to)}`];
    let join = '';
    if (s.companyIds) where.push(`c.company_id = any(${q.p(s.companyIds)}::uuid[])`);
    if (s.userIds) {
      // People: cycles of jobs they created or are assigned to, and cycles they completed.
      const u = q.p(s.userIds);
      join = ' join jobs j on j.id = c.job_id';
      where.push(`(j.created_by_id = any(${u}::uuid[]) or j.assignee_id = any(${u}::uuid[]) or c.completed_by = any(${u}::uuid[]))`);
    }
    // analytics_cycle_durations(c) (migration 0022) spelt out over the columns the cycles index
    // covers; the same float8 values give the same milliseconds (a test holds the paths equal).
    return `select d.metric, coalesce(c.completed_by, ${NO_ACTOR}) as who, c.company_id as co, floor(d.ms / 60000.0)::int as minute, 1 as n, d.ms
      from analytics_job_cycles c${join} cross join lateral (values
        ('all', round(c.total_hours * 3600000)::bigint),
        ('design', round(c.design_turnaround_hours * 3600000)::bigint),
        ('eng', case when c.engineering_hours > 0 then round(c.engineering_hours * 3600000)::bigint end),
        ('pending', round(c.pending_admin_hours * 3600000)::bigint),
        (case when c.cycle = 0 then 'new' else 'rev' end, round(c.design_hours * 3600000)::bigint)
      ) d(metric, ms)
      where c.started_at is not null and d.ms is not null and ${where.join(' and ')}`;
  }
  const companies = s.companyIds ? q.p(s.companyIds) : null;
  const company = (alias: string) => (companies ? ` and ${alias}.company_id = any(${companies}::uuid[])` : '');
  const daily = (from: string, to: string) =>
    `select d.metric, d.completed_by as who, d.company_id as co, d.minute, d.n, d.ms from analytics_daily_durations d
      where d.day >= ${q.p(from)}::date and d.day < ${q.p(to)}::date${company('d')}`;
  const months = wholeMonths(r.fromDay, r.toDay);
  if (!months) return daily(r.fromDay, r.toDay);
  const parts = [`select m.metric, m.completed_by as who, m.company_id as co, m.minute, m.n, m.ms from analytics_monthly_durations m
    where m.month >= ${q.p(months.start)}::date and m.month < ${q.p(months.end)}::date${company('m')}`];
  if (r.fromDay < months.start) parts.push(daily(r.fromDay, months.start));
  if (months.end < r.toDay) parts.push(daily(months.end, r.toDay));
  return parts.join(' union all ');
}

export type DurationRow = [number, number | null, number | null, number | null];

/**
 * Count, mean, median and 90th percentile of each duration, the total turnaround's distribution
 * and the designers' numbers, from the minute histogram of the period.
 *
 * Percentiles follow percentile_cont (linear interpolation between the order statistics at
 * floor/ceil of p × (n − 1)); each order statistic is read as the mean of the exact durations in
 * its minute, so it is exact when they agree to the millisecond (whole minutes) and otherwise off
 * by less than a minute. Means and counts are exact (sums of exact milliseconds); the
 * distribution is exact (its bounds are whole hours, the minutes are floors).
 */
export async function cycleDurations(database: Database, r: Range, s: StatsScope, source: 'histogram' | 'cycles' = 'histogram') {
  const q = new Sql();
  const buckets = q.p([...TURNAROUND_BUCKETS_HOURS]);
  const pct = (p: string) =>
    `(min(rep) filter (where cum > floor(${p} * (total - 1))) + (${p} * (max(total) - 1) - floor(${p} * (max(total) - 1)))::float8
      * (min(rep) filter (where cum > ceil(${p} * (total - 1))) - min(rep) filter (where cum > floor(${p} * (total - 1))))) / 3600000`;
  const text = `with src as (${durationSource(q, r, s, source)}),
    g as (
      select metric as k, null::uuid as who, null::uuid as co, minute, n, ms from src
      union all
      select metric, who, co, minute, n, ms from src where who <> ${NO_ACTOR} and metric in ('all', 'new', 'rev')
      union all
      select 'dt', who, co, minute, n, ms from src where who <> ${NO_ACTOR} and metric in ('new', 'rev')
    ),
    h as (select k, who, co, minute, sum(n)::bigint as n, sum(ms)::float8 as ms from g group by 1, 2, 3, 4 having sum(n) > 0),
    w as (select k, who, co, minute, n, ms, ms / n as rep,
        sum(n) over (partition by k, who, co order by minute) as cum, sum(n) over (partition by k, who, co) as total from h),
    st as (select k, who::text as who, co::text as co, max(total)::int as n, sum(ms) / max(total) / 3600000 as mean,
        ${pct('0.5')} as med, ${pct('0.9')} as p90
      from w group by 1, 2, 3)
    select json_build_object(
      'stats', (select coalesce(json_agg(json_build_array(k, who, co, n, mean, med, p90)), '[]') from st),
      'distribution', (select coalesce(json_agg(json_build_array(b, n)), '[]') from (
        select width_bucket(minute / 60.0::float8, ${buckets}::float8[]) as b, sum(n)::int as n from h where k = 'all' and who is null group by 1) x)
    )::text as j`;
  const [row] = await database.query<{ j: string }>(text, q.values);
  const out = JSON.parse(row!.j) as {
    stats: [string, string | null, string | null, number, number, number, number][];
    distribution: [number, number][];
  };
  const overall = new Map<string, DurationRow>();
  const designers = new Map<string, Map<string, [number, number, number]>>();
  for (const [k, who, co, n, mean, med, p90] of out.stats) {
    if (who === null || co === null) overall.set(k, [n, mean, med, p90]);
    else {
      const key = `${who} ${co}`;
      let m = designers.get(key);
      if (!m) designers.set(key, (m = new Map()));
      m.set(k, [n, med, p90]);
    }
  }
  const none: DurationRow = [0, null, null, null];
  return {
    turnaround_all: overall.get('all') ?? none,
    turnaround_design: overall.get('design') ?? none,
    turnaround_engineering: overall.get('eng') ?? none,
    pending_admin: overall.get('pending') ?? none,
    new_design: overall.get('new') ?? none,
    revision_design: overall.get('rev') ?? none,
    distribution: out.distribution,
    designers: [...designers].map(([key, m]) => {
      const [who, co] = key.split(' ') as [string, string];
      const all = m.get('all');
      return [who, co, all?.[0] ?? 0, m.get('new')?.[0] ?? 0, m.get('rev')?.[0] ?? 0, all?.[1] ?? null, all?.[2] ?? null, m.get('dt')?.[1] ?? null] as
        [string, string, number, number, number, number | null, number | null, number | null];
    }),
  };
}

/**
 * Action rows (action, actor_id, company_id, n) of the period: the whole months from
 * analytics_monthly_actions, the days before and after them from analytics_daily_actions
 * (migration 0022). `filter(alias)` narrows both.
 */
function actionSource(q: Sql, r: Range, filter: (alias: string) => string): string {
  const daily = (from: string, to: string) => `select d.action, d.actor_id, d.company_id, d.n from analytics_daily_actions d
    where d.day >= ${q.p(from)}::date and d.day < ${q.p(to)}::date and ${filter('d')}`;
  const months = wholeMonths(r.fromDay, r.toDay);
  if (!months) return daily(r.fromDay, r.toDay);
  const parts = [`select m.action, m.actor_id, m.company_id, m.n from analytics_monthly_actions m
    where m.month >= ${q.p(months.start)}::date and m.month < ${q.p(months.end)}::date and ${filter('m')}`];
  if (r.fromDay < months.start) parts.push(daily(r.fromDay, months.start));
  if (months.end < r.toDay) parts.push(daily(months.end, r.toDay));
  return parts.join(' union all ');
}

/** Rollup counts per action key and actor (event names and `to:<status>`). */
export async function actionCounts(database: Database, r: Range, s: StatsScope) {
  const q = new Sql();
  const companies = s.companyIds ? q.p(s.companyIds) : null;
  const users = s.userIds ? q.p(s.userIds) : null;
  const filter = (alias: string) => [
    'true',
    ...(companies ? [`${alias}.company_id = any(${companies}::uuid[])`] : []),
    ...(users ? [`${alias}.actor_id = any(${users}::uuid[])`] : []),
  ].join(' and ');
  // People: a few actors' days through the (actor_id, day) index; companies: months and edge days.
  const source = users
    ? `select d.action, d.actor_id, d.n from analytics_daily_actions d where d.day >= ${q.p(r.fromDay)}::date and d.day < ${q.p(r.toDay)}::date and ${filter('d')}`
    : actionSource(q, r, filter);
  const text = `select a.action, a.actor_id::text as actor_id, sum(a.n)::int as n from (${source}) a group by 1, 2`;
  return rows<{ action: string; actor_id: string; n: number }>(database, text, q.values);
}

/** Per person: jobs created by or assigned to them in the period, and how many were revised. */
export async function jobsPerUser(database: Database, r: Range, s: StatsScope, people: string[]) {
  if (!people.length) return [];
  const q = new Sql();
  const u = q.p(people);
  const text = `select x.uid::text as user_id, count(distinct j.id)::int as jobs, (count(distinct j.id) filter (where j.revision_number > 0))::int as revised
    from jobs j cross join lateral (values (j.created_by_id), (j.assignee_id)) x(uid)
    where j.created_at >= ${q.p(r.from)} and j.created_at < ${q.p(r.to)}
      and (j.created_by_id = any(${u}::uuid[]) or j.assignee_id = any(${u}::uuid[])) and x.uid = any(${u}::uuid[])
      ${jobScope(q, { companyIds: s.companyIds })}
    group by 1`;
  return rows<{ user_id: string; jobs: number; revised: number }>(database, text, q.values);
}

/** Per person: distinct jobs whose status they changed in the period (within the company scope). */
export async function jobsMovedPerUser(database: Database, r: Range, s: StatsScope, people: string[]) {
  if (!people.length) return [];
  const q = new Sql();
  const company = s.companyIds ? ` and j.company_id = any(${q.p(s.companyIds)}::uuid[])` : '';
  const text = `select h.actor_id::text as user_id, count(distinct h.job_id)::int as jobs
    from job_history h${company ? ' join jobs j on j.id = h.job_id' : ''}
    where h.actor_id = any(${q.p(people)}::uuid[]) and h.at >= ${q.p(r.from)} and h.at < ${q.p(r.to)}
      and h.to_status is not null and h.to_status is distinct from h.from_status and h.event <> 'created'${company}
    group by 1`;
  return rows<{ user_id: string; jobs: number }>(database, text, q.values);
}

/**
 * Per person: completions (moves to Design Completed) in the period of jobs they are credited
 * with a step, design, QC or stamp (history data.credited, jobs/step-credits.rules.ts); a move
 * written before the credits were recorded credits its mover. The jobs come from the completed
 * cycles' index; their history rows from the (job_id, id) index.
 */
export async function completedCreditsPerUser(database: Database, r: Range, s: StatsScope, people: string[]) {
  if (!people.length) return [];
  const q = new Sql();
  const company = s.companyIds ? ` and c.company_id = any(${q.p(s.companyIds)}::uuid[])` : '';
  const from = q.p(r.from);
  const to = q.p(r.to);
  // Per person, and (user_id null) for them all: completions (a job completed again after a
  // revision counts again, as the month stats do), one that two of them worked on once.
  const text = `select w.uid as user_id, count(distinct h.id)::int as jobs
    from job_history h
    cross join lateral jsonb_array_elements_text(coalesce(h.data->'credited', jsonb_build_array(h.actor_id::text))) w(uid)
    where h.job_id in (select c.job_id from analytics_job_cycles c where c.completed_at is not null and c.completed_at >= ${from} and c.completed_at < ${to}${company})
      and h.to_status = 'Design Completed' and h.from_status is distinct from h.to_status and h.at >= ${from} and h.at < ${to}
      and w.uid = any(${q.p(people)}::text[])
    group by grouping sets ((1), ())`;
  return rows<{ user_id: string | null; jobs: number }>(database, text, q.values);
}

/** Per person: hours of their shifts inside the period (an open shift counts until now). */
export async function shiftHours(database: Database, r: Range, people: string[], now: Date) {
  if (!people.length) return [];
  const q = new Sql();
  const from = q.p(r.from);
  const to = q.p(r.to);
  const nowP = q.p(now);
  const text = `select user_id::text as user_id,
      (sum(extract(epoch from (least(coalesce(ended_at, ${nowP}::timestamptz), ${to}::timestamptz) - greatest(started_at, ${from}::timestamptz)))) / 3600.0)::float8 as hours
    from user_shifts where user_id = any(${q.p(people)}::uuid[]) and started_at < ${to} and coalesce(ended_at, ${nowP}::timestamptz) > ${from}
    group by 1`;
  return rows<{ user_id: string; hours: number }>(database, text, q.values);
}

export async function usersByIds(database: Database, ids: string[]) {
  if (!ids.length) return [];
  return database.query<{ id: string; first_name: string; last_name: string; email: string; role: string }>(
    'select id::text, first_name, last_name, email, role from users where id = any($1::uuid[])', [ids],
  );
}

/** Users belonging to any of the companies (undefined: every client company's users). */
export async function usersOfCompanies(database: Database, companyIds: string[] | undefined) {
  const rows = companyIds
    ? await database.query<{ id: string }>('select distinct user_id::text as id from user_companies where company_id = any($1::uuid[])', [companyIds])
    : await database.query<{ id: string }>('select distinct uc.user_id::text as id from user_companies uc join companies c on c.id = uc.company_id where not c.is_internal');
  return rows.map((r) => r.id);
}

export async function companiesByIds(database: Database, ids: string[] | undefined) {
  return ids
    ? database.query<{ id: string; name: string }>('select id::text, name from companies where id = any($1::uuid[]) order by name', [ids])
    : database.query<{ id: string; name: string }>('select id::text, name from companies order by name');
}

/** Members of every group (Group Stats without a choice). */
export async function groupMemberIds(database: Database) {
  return (await database.query<{ id: string }>('select distinct user_id::text as id from group_members')).map((r) => r.id);
}

/** A stamp that changes with every history row: every job write adds one (docs/architecture.md, History). */
export async function historyStamp(database: Database): Promise<string> {
  const [row] = await database.query<{ v: string }>('select coalesce(max(id), 0)::text as v from job_history');
  return row?.v ?? '0';
}
