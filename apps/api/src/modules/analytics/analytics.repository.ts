import type { Database } from '../../db/client.ts';
import { TURNAROUND_BUCKETS_HOURS } from '@sunstamp/domain/analytics/stats-metrics';

/**
 * The SQL of GET /stats. Every query reads one period [from, to) and one scope; the scope's
 * clauses are added only when they narrow, so each query uses its index with plain values:
 * jobs (company_id, created_at) / (created_by_id, created_at) / (assignee_id, created_at),
 * job_revisions (created_at), the rollups analytics_job_cycles (company_id, completed_at) and
 * analytics_daily_actions (company_id, day) / (actor_id, day) of migration 0006, and
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
    const text = `select substr(a.action, strpos(a.action, ':') + 1) as reason,
        (sum(a.n) filter (where a.action like 'reason:%'))::int as n, coalesce(sum(a.n) filter (where a.action like 'involuntary:%'), 0)::int as involuntary
      from analytics_daily_actions a
      where a.day >= ${q.p(r.fromDay)}::date and a.day < ${q.p(r.toDay)}::date and (a.action like 'reason:%' or a.action like 'involuntary:%')
      ${s.companyIds ? `and a.company_id = any(${q.p(s.companyIds)}::uuid[])` : ''}
      group by 1 having sum(a.n) filter (where a.action like 'reason:%') > 0`;
    return rows<{ reason: string; n: number; involuntary: number }>(database, text, q.values);
  }
  const text = `select rv.reason, count(*)::int as n, (count(*) filter (where rv.involuntary))::int as involuntary
    from job_revisions rv join jobs j on j.id = rv.job_id
    where rv.created_at >= ${q.p(r.from)} and rv.created_at < ${q.p(r.to)}${jobScope(q, s)} group by 1`;
  return rows<{ reason: string; n: number; involuntary: number }>(database, text, q.values);
}

/** Cycles completed in the period, as a CTE `c` with hours columns (all_h, design_h). */
function cyclesCte(q: Sql, r: Range, s: StatsScope): string {
  const where = [`c.completed_at >= ${q.p(r.from)}`, `c.completed_at < ${q.p(r.to)}`, 'c.completed_at is not null', 'c.started_at is not null'];
  let join = '';
  if (s.companyIds) where.push(`c.company_id = any(${q.p(s.companyIds)}::uuid[])`);
  if (s.userIds) {
    // People: cycles of jobs they created or are assigned to, and cycles they completed.
    const u = q.p(s.userIds);
    join = ' join jobs j on j.id = c.job_id';
    where.push(`(j.created_by_id = any(${u}::uuid[]) or j.assignee_id = any(${u}::uuid[]) or c.completed_by = any(${u}::uuid[]))`);
  }
  return `with c as not materialized (
    select c.cycle, c.company_id, c.completed_by, c.total_hours as all_h, c.design_turnaround_hours as design_h,
      c.design_hours as design_time_h, c.engineering_hours as eng_h, c.pending_admin_hours as pending_h
    from analytics_job_cycles c${join} where ${where.join(' and ')})`;
}

const stats = (expr: string, filter?: string) => {
  const f = filter ? ` filter (where ${filter})` : '';
  return `json_build_array(count(${expr})${f}, avg(${expr})${f}, percentile_cont(0.5) within group (order by ${expr})${f}, percentile_cont(0.9) within group (order by ${expr})${f})`;
};

export type DurationRow = [number, number | null, number | null, number | null];

export async function cycleDurations(database: Database, r: Range, s: StatsScope) {
  const q = new Sql();
  const buckets = q.p([...TURNAROUND_BUCKETS_HOURS]);
  const text = `${cyclesCte(q, r, s)}
    select
      ${stats('all_h')}::text as turnaround_all,
      ${stats('design_h')}::text as turnaround_design,
      ${stats('eng_h', 'eng_h > 0')}::text as turnaround_engineering,
      ${stats('pending_h')}::text as pending_admin,
      ${stats('design_time_h', 'cycle = 0')}::text as new_design,
      ${stats('design_time_h', 'cycle > 0')}::text as revision_design,
      (select coalesce(json_agg(json_build_array(b, n)), '[]')::text from (
        select width_bucket(all_h, ${buckets}::float8[]) as b, count(*)::int as n from c group by 1) x) as distribution,
      (select coalesce(json_agg(json_build_array(completed_by, company_id, n, n0, n1, med, p90, med_design)), '[]')::text from (
        select completed_by, company_id, count(*)::int as n, (count(*) filter (where cycle = 0))::int as n0,
          (count(*) filter (where cycle > 0))::int as n1,
          percentile_cont(0.5) within group (order by all_h) as med,
          percentile_cont(0.9) within group (order by all_h) as p90,
          percentile_cont(0.5) within group (order by design_time_h) as med_design
        from c where completed_by is not null group by 1, 2) d) as designers
    from c`;
  const [row] = await database.query<Record<string, string>>(text, q.values);
  const parse = <T>(k: string) => JSON.parse(row![k]!) as T;
  return {
    turnaround_all: parse<DurationRow>('turnaround_all'),
    turnaround_design: parse<DurationRow>('turnaround_design'),
    turnaround_engineering: parse<DurationRow>('turnaround_engineering'),
    pending_admin: parse<DurationRow>('pending_admin'),
    new_design: parse<DurationRow>('new_design'),
    revision_design: parse<DurationRow>('revision_design'),
    distribution: parse<[number, number][]>('distribution'),
    designers: parse<[string, string, number, number, number, number | null, number | null, number | null][]>('designers'),
  };
}

/** Rollup counts per action key and actor (event names and `to:<status>`). */
export async function actionCounts(database: Database, r: Range, s: StatsScope) {
  const q = new Sql();
  const where = [`a.day >= ${q.p(r.fromDay)}::date`, `a.day < ${q.p(r.toDay)}::date`];
  if (s.companyIds) where.push(`a.company_id = any(${q.p(s.companyIds)}::uuid[])`);
  if (s.userIds) where.push(`a.actor_id = any(${q.p(s.userIds)}::uuid[])`);
  const text = `select a.action, a.actor_id::text as actor_id, sum(a.n)::int as n from analytics_daily_actions a
    where ${where.join(' and ')} group by 1, 2`;
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
