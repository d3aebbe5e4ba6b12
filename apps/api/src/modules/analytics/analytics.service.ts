import { isInternalStaff } from '@sunstamp/domain/roles';
import { maySeeStaffFigures } from '@sunstamp/domain/policies/app.policy';
import { COUNTED_JOB_ACTIONS, type CountedJobAction } from '@sunstamp/domain/constants/job-events.constants';
import { REVISION_REASONS, type RevisionReasonCode } from '@sunstamp/domain/constants/revision.constants';
import { serviceLabel } from '@sunstamp/domain/constants/services.constants';
import { getDisplayName } from '@sunstamp/domain/format/display-name.format';
import { addDays, foldDays, periodsOf } from '@sunstamp/domain/analytics/stats-periods.rules';
import { intersectVisible, mayUseStatsTab } from '@sunstamp/domain/analytics/stats-access.rules';
import { roundHours, TURNAROUND_BUCKETS_HOURS } from '@sunstamp/domain/analytics/stats-metrics';
import type { Duration, Stats, StatsQuery } from '@sunstamp/domain/contracts/analytics';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Principal } from '../../platform/principal.ts';
import { forbidden } from '../../platform/errors.ts';
import * as repo from './analytics.repository.ts';
import { closeIdleShifts } from '../../db/shifts.sql.ts';

/** The slice of the app's context this service needs (Pick<AppContext, 'database' | 'clock'>). */
type Ctx = { database: Database; clock: Clock };

const COMPLETED_KEYS = ['to:Design Completed', 'to:Approved'];
/** A person's completed jobs: designs they are credited with a step of, and approvals they gave. */
const APPROVED_KEY = 'to:Approved';
const REVISION_KEY = 'to:Pending Design Revision';
const REINFORCEMENT_KEY = 'to:Pending Reinforcements';
const NO_ACTOR = '00000000-0000-0000-0000-000000000000';
/** Jobs per hour needs at least this much shift time in the period. */
const MIN_SHIFT_HOURS = 1;
/** The per-user table shows at most this many people (the busiest first). */
const MAX_USER_ROWS = 500;

type Resolved = { scope: repo.StatsScope; people: string[]; companies: string[] | undefined };

/**
 * Who and what the tab covers for this caller (decisions.md roles table). The ids asked for are
 * intersected with what the caller may see: another tenant's id simply drops out, and a list that
 * keeps nothing covers nothing (it never widens to "everything").
 */
async function resolveScope(ctx: Ctx, p: Principal, q: StatsQuery): Promise<Resolved> {
  if (!mayUseStatsTab(p.role, q.active_tab)) throw forbidden('Your role cannot see these statistics.');
  const db = ctx.database;
  const staff = isInternalStaff(p.role);
  switch (q.active_tab) {
    case 'my':
      return { scope: { userIds: [p.id] }, people: [p.id], companies: undefined };
    case 'group': {
      // Staff see every user; without a choice the tab covers every group's members.
      const people = q.included_users ? [...new Set(q.included_users)] : await repo.groupMemberIds(db);
      return { scope: { userIds: people }, people, companies: undefined };
    }
    case 'company': {
      const companies = intersectVisible(q.included_companies, staff ? undefined : p.companyIds);
      const companyUsers = await repo.usersOfCompanies(db, companies);
      // Staff may narrow to anyone; a company admin to users of its own companies.
      const users = q.included_users ? intersectVisible(q.included_users, staff ? undefined : companyUsers) : undefined;
      const people = users ?? companyUsers;
      return { scope: { companyIds: companies, userIds: users }, people, companies };
    }
  }
}

const duration = ([count, mean, median, p90]: repo.DurationRow): Duration => ({
  count,
  mean_hours: roundHours(mean === null ? null : Number(mean)),
  median_hours: roundHours(median),
  p90_hours: roundHours(p90),
});

const nameOf = (u: { first_name: string; last_name: string; email: string } | undefined, id: string) =>
  u ? getDisplayName({ firstName: u.first_name, lastName: u.last_name, email: u.email }) : id === NO_ACTOR ? '(system)' : '(removed user)';

type Rows<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;
type UserNames = Map<string, Rows<typeof repo.usersByIds>[number]>;

const sumKeys = (m: Map<string, number> | undefined, keys: string[]) => keys.reduce((n, k) => n + (m?.get(k) ?? 0), 0);
const statusMoves = (m: Map<string, number> | undefined) =>
  m ? [...m].filter(([k]) => k.startsWith('to:') && k !== 'to:Draft').reduce((n, [, v]) => n + v, 0) : 0;

/** Actions: totals per key, and per actor. */
function actionTally(actions: Rows<typeof repo.actionCounts>) {
  const byKey = new Map<string, number>();
  const byActor = new Map<string, Map<string, number>>();
  for (const a of actions) {
    byKey.set(a.action, (byKey.get(a.action) ?? 0) + a.n);
    let m = byActor.get(a.actor_id);
    if (!m) byActor.set(a.actor_id, (m = new Map()));
    m.set(a.action, (m.get(a.action) ?? 0) + a.n);
  }
  return { byKey, byActor };
}

/** A row per person in scope: jobs, moves, completions, revisions asked, shift hours and jobs per hour (staff figures). */
function userTableOf(peopleIn: string[], r: {
  perUserJobs: Rows<typeof repo.jobsPerUser>; moved: Rows<typeof repo.jobsMovedPerUser>; credited: Rows<typeof repo.completedCreditsPerUser>;
  shifts: Rows<typeof repo.shiftHours>; byActor: Map<string, Map<string, number>>; users: UserNames; staffFigures: boolean;
}) {
  const { byActor, users, staffFigures } = r;
  const jobsOf = new Map(r.perUserJobs.map((x) => [x.user_id, x]));
  const movedOf = new Map(r.moved.map((x) => [x.user_id, x.jobs]));
  const creditedOf = new Map(r.credited.map((x) => [x.user_id, x.jobs]));
  const hoursOf = new Map(r.shifts.map((x) => [x.user_id, Number(x.hours)]));
  return peopleIn.map((id) => {
    const m = byActor.get(id);
    const hours = hoursOf.get(id) ?? 0;
    const jobsMoved = movedOf.get(id) ?? 0;
    return {
      user: { id, name: nameOf(users.get(id), id) },
      jobs: jobsOf.get(id)?.jobs ?? 0,
      revised_jobs: jobsOf.get(id)?.revised ?? 0,
      status_moves: statusMoves(m),
      jobs_moved: jobsMoved,
      // Credited from the history (issue 29, item 7), not who moved the status.
      jobs_completed: (creditedOf.get(id) ?? 0) + sumKeys(m, [APPROVED_KEY]),
      revisions_requested: sumKeys(m, [REVISION_KEY]),
      shift_hours: staffFigures ? roundHours(hours)! : null,
      // A rate over minutes of shift says nothing: at least an hour of shift in the period.
      jobs_per_hour: staffFigures && hours >= MIN_SHIFT_HOURS ? roundHours(jobsMoved / hours) : null,
    };
  })
    .sort((a, b) => b.jobs + b.status_moves - (a.jobs + a.status_moves) || a.user.name.localeCompare(b.user.name))
    .slice(0, MAX_USER_ROWS);
}

/** The turnaround histogram: TURNAROUND_BUCKETS_HOURS's buckets and one past the last. */
function turnaroundDistributionOf(cycles: Rows<typeof repo.cycleDurations> | null) {
  const distribution = TURNAROUND_BUCKETS_HOURS.map((to, i) => ({ from_hours: i ? TURNAROUND_BUCKETS_HOURS[i - 1]! : 0, to_hours: to as number | null, count: 0 }));
  distribution.push({ from_hours: TURNAROUND_BUCKETS_HOURS.at(-1)!, to_hours: null, count: 0 });
  // width_bucket: 0 below the first bound (negative never happens), i for [bound i-1, bound i), n past the last.
  for (const [b, n] of cycles?.distribution ?? []) distribution[Math.max(0, b === 0 ? 0 : b)]!.count += n;
  return distribution;
}

/** Revisions by reason, most first, with the reason's label. */
function reasonRowsOf(reasons: Rows<typeof repo.revisionsByReason>) {
  return reasons
    .map((r) => ({
      reason: r.reason,
      label: REVISION_REASONS[r.reason as RevisionReasonCode]?.label ?? r.reason,
      count: r.n,
      involuntary: r.involuntary,
    }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}

const noDuration: repo.DurationRow = [0, null, null, null];

/** The cycle durations of the period, each as count, mean, median and 90th percentile hours. */
function durationsOf(cycles: Rows<typeof repo.cycleDurations> | null) {
  return {
    pending_admin: duration(cycles?.pending_admin ?? noDuration),
    new_design: duration(cycles?.new_design ?? noDuration),
    revision_design: duration(cycles?.revision_design ?? noDuration),
    turnaround_design: duration(cycles?.turnaround_design ?? noDuration),
    turnaround_engineering: duration(cycles?.turnaround_engineering ?? noDuration),
    turnaround_all: duration(cycles?.turnaround_all ?? noDuration),
  };
}

/** Designers (staff figures): completions, new and revision designs, turnaround and design hours, most completions first. */
function designersOf(designerRows: NonNullable<Rows<typeof repo.cycleDurations>>['designers'], users: UserNames, companyNames: Map<string, string>) {
  return designerRows
    .map(([uid, cid, n, n0, n1, med, p90, medDesign]) => ({
      user: { id: uid, name: nameOf(users.get(uid), uid) },
      company: { id: cid, name: companyNames.get(cid) ?? '' },
      completed: n,
      new_designs: n0,
      revision_designs: n1,
      median_turnaround_hours: roundHours(med),
      p90_turnaround_hours: roundHours(p90),
      median_design_hours: roundHours(medDesign),
    }))
    .sort((a, b) => b.completed - a.completed || a.user.name.localeCompare(b.user.name));
}

/** Services requested: totals per service, most first, and the series per period of their own frequency. */
function servicesRequestedOf(serviceTotals: Map<string, number>, servicePeriods: ReturnType<typeof periodsOf>, servicesFold: ReturnType<typeof foldDays<string>>) {
  return {
    services: [...serviceTotals]
      .map(([code, count]) => ({ code, label: serviceLabel(code), count }))
      .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)),
    series: servicePeriods.map((pd) => {
      const m = servicesFold.get(pd.start)!;
      return { ...pd, counts: Object.fromEntries(m), total: [...m.values()].reduce((a, b) => a + b, 0) };
    }),
  };
}

async function computeStats(ctx: Ctx, p: Principal, q: StatsQuery): Promise<Stats> {
  const db = ctx.database;
  const { scope, people, companies } = await resolveScope(ctx, p, q);
  const toDay = addDays(q.end_date, 1);
  const range: repo.Range = { from: new Date(`${q.start_date}T00:00:00Z`), to: new Date(`${toDay}T00:00:00Z`), fromDay: q.start_date, toDay };
  const empty = (scope.userIds && !scope.userIds.length) || (scope.companyIds && !scope.companyIds.length);
  const peopleIn = empty ? [] : people;
  // Sequential on purpose: on PGlite every query queues on the one connection anyway, and on a pool
  // one request holding several connections starves the others under load.
  const dayRows = empty ? [] : await repo.jobsPerDay(db, range, scope);
  const reasons = empty ? [] : await repo.revisionsByReason(db, range, scope);
  const cycles = empty ? null : await repo.cycleDurations(db, range, scope);
  const actions = empty ? [] : await repo.actionCounts(db, range, scope);
  const perUserJobs = await repo.jobsPerUser(db, range, scope, peopleIn);
  const moved = await repo.jobsMovedPerUser(db, range, scope, peopleIn);
  const credited = await repo.completedCreditsPerUser(db, range, scope, peopleIn);
  if (peopleIn.length) await closeIdleShifts(db.db, ctx.clock.now());
  const shifts = await repo.shiftHours(db, range, peopleIn, ctx.clock.now());

  // Jobs created and services requested, per period of their own frequency (empty periods as 0).
  const jobPeriods = periodsOf(q.start_date, q.end_date, q.jobsCreatedInterval);
  const jobsDays = dayRows.filter((d) => d.key === 'jobs');
  const serviceDays = dayRows.filter((d) => d.key.startsWith('service:')).map((d) => ({ day: d.day, service: d.key.slice(8), n: d.n }));
  const jobsFold = foldDays(jobPeriods, jobsDays.map((d) => ({ day: d.day, key: 'jobs' as const, count: d.n })));
  const jobCount = jobsDays.reduce((n, d) => n + d.n, 0);
  const revisionsOfNewJobs = dayRows.filter((d) => d.key === 'revisions').reduce((n, d) => n + d.n, 0);
  const servicePeriods = periodsOf(q.start_date, q.end_date, q.servicesRequestedInterval);
  const servicesFold = foldDays(servicePeriods, serviceDays.map((d) => ({ day: d.day, key: d.service, count: d.n })));
  const serviceTotals = new Map<string, number>();
  for (const d of serviceDays) serviceTotals.set(d.service, (serviceTotals.get(d.service) ?? 0) + d.n);

  const { byKey, byActor } = actionTally(actions);

  // A client sees its own company's figures only: no names of our team, no shift hours (issue 29).
  const staffFigures = maySeeStaffFigures(p.role);
  const designerRows = staffFigures ? cycles?.designers ?? [] : [];
  const userIds = [...new Set([...peopleIn, ...designerRows.map((d) => d[0])])];
  const [userRows, companyRows] = await Promise.all([
    repo.usersByIds(db, userIds),
    repo.companiesByIds(db, empty ? [] : companies),
  ]);
  const users = new Map(userRows.map((u) => [u.id, u]));
  const companyNames = new Map(companyRows.map((c) => [c.id, c.name]));
  const designerCompanies = [...new Set(designerRows.map((d) => d[1]))].filter((id) => !companyNames.has(id));
  for (const c of await repo.companiesByIds(db, designerCompanies)) companyNames.set(c.id, c.name);

  const creditedJobs = new Map(credited.map((r) => [r.user_id, r.jobs])).get(null) ?? 0;
  const userTable = userTableOf(peopleIn, { perUserJobs, moved, credited, shifts, byActor, users, staffFigures });

  const distribution = turnaroundDistributionOf(cycles);
  const actionTotals = Object.fromEntries(COUNTED_JOB_ACTIONS.map((a) => [a, byKey.get(a) ?? 0])) as Record<CountedJobAction, number>;
  const reasonRows = reasonRowsOf(reasons);

  const scopeUsers = q.active_tab === 'company' && !scope.userIds ? [] : peopleIn;
  return {
    active_tab: q.active_tab,
    start_date: q.start_date,
    end_date: q.end_date,
    services_requested_interval: q.servicesRequestedInterval,
    jobs_created_interval: q.jobsCreatedInterval,
    scope: {
      users: scopeUsers.map((id) => ({ id, name: nameOf(users.get(id), id) })).sort((a, b) => a.name.localeCompare(b.name)),
      companies: q.active_tab === 'company' ? companyRows.map((c) => ({ id: c.id, name: c.name })) : [],
      all_companies: q.active_tab === 'company' && companies === undefined,
    },
    job_count: jobCount,
    jobs_created: jobPeriods.map((pd) => ({ ...pd, count: jobsFold.get(pd.start)!.get('jobs') ?? 0 })),
    services_requested: servicesRequestedOf(serviceTotals, servicePeriods, servicesFold),
    revisions: {
      total: reasonRows.reduce((n, r) => n + r.count, 0),
      involuntary: reasonRows.reduce((n, r) => n + r.involuntary, 0),
      average_per_job: jobCount ? Math.round((revisionsOfNewJobs / jobCount) * 100) / 100 : null,
      reasons: reasonRows,
    },
    durations: durationsOf(cycles),
    turnaround_distribution: distribution,
    reinforcement_count: byKey.get(REINFORCEMENT_KEY) ?? 0,
    // People scope (My and Group Stats, a company narrowed to people): the jobs they are credited
    // with a step of, each once, and their approvals; otherwise every completion in scope.
    jobs_completed: scope.userIds ? creditedJobs + (byKey.get(APPROVED_KEY) ?? 0) : sumKeys(byKey, COMPLETED_KEYS),
    revisions_requested: byKey.get(REVISION_KEY) ?? 0,
    actions: actionTotals,
    designers: designersOf(designerRows, users, companyNames),
    users: userTable,
  };
}

// ---------------------------------------------------------------------------------------------
// Answers cache

/**
 * Answers are kept per database and per (caller's scope, query), stamped with the newest
 * job_history id: every job write adds a history row, so a new row means a new answer. Kept at
 * most a minute (shift hours grow while a shift is open; group and company membership change
 * without a job write) and dropped beyond 200 entries. Identical requests in flight share one
 * computation, so ten people opening the same dashboard cost one run.
 */
const TTL_MS = 60_000;
const MAX_ENTRIES = 200;
type Entry = { stamp: string; at: number; answer: Promise<Stats> };
const caches = new WeakMap<object, Map<string, Entry>>();

export type StatsOptions = { cache?: boolean };

export async function getStats(ctx: Ctx, p: Principal, q: StatsQuery, o: StatsOptions = {}): Promise<Stats> {
  if (o.cache === false) return computeStats(ctx, p, q);
  let cache = caches.get(ctx.database);
  if (!cache) caches.set(ctx.database, (cache = new Map()));
  // The answer depends on who asks only through role, companies and (My Stats) the id.
  const key = JSON.stringify([p.role, [...p.companyIds].sort(), q.active_tab === 'my' || !isInternalStaff(p.role) ? p.id : '', q]);
  const stamp = await repo.historyStamp(ctx.database);
  const hit = cache.get(key);
  if (hit && hit.stamp === stamp && Date.now() - hit.at < TTL_MS) return hit.answer;
  if (cache.size >= MAX_ENTRIES) cache.clear();
  const answer = computeStats(ctx, p, q);
  cache.set(key, { stamp, at: Date.now(), answer });
  answer.catch(() => cache.delete(key));
  return answer;
}
