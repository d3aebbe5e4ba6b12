import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { deliverRequired } from '../../test/deliverables-fixtures.ts';
import { DELIVERABLE_GATED_STATUSES } from '@sunstamp/domain/constants/deliverables.constants';

/**
 * Golden data for GET /stats: a history written through the real job routes on a manual clock,
 * every expected number worked out by hand below (hours from T0 = Monday 2026-03-02 00:00 UTC).
 *
 * Job A (Acme, by the Acme user, services roof letter + CAD design):
 *   0 created · 1 submitted · 2 edited · 3 Pending Design (support) · 7 Pending QC (support) ·
 *   8 Pending PE (support) · 10 Pending EE (admin) · 11 Design Completed (admin) · 12 Finalized ·
 *   13 Pending Approval (admin) · 14 Approved (Acme user) · 20 revision, layout change (Acme user) ·
 *   23 Pending QC (support) · 24 Design Completed (support, on Tuesday)
 *   cycle 0: total 11−1 = 10 h, design 7−1 = 6 h, engineering PE 2 + EE 1 = 3 h,
 *            pending admin Pre-Check 2 + Design 4 + QC 1 + PE 2 + EE 1 = 10 h, design time 4 h
 *   cycle 1: total 24−20 = 4 h, design 23−20 = 3 h, engineering none,
 *            pending admin Design Revision 3 + QC 1 = 4 h, design time 3 h
 * Job B (Acme, by the Acme owner, roof letter):
 *   2 created · 3 submitted · 5 Pending Design · 6 Pending Reinforcements · 9 Pending PE ·
 *   10 Design Completed (all support) · 12 Finalized · 13 Waiting on AHJ · 14 revision, internal
 *   error (admin; involuntary)
 *   cycle 0: total 10−3 = 7 h, never in QC (no design turnaround), engineering 3 + 1 = 4 h,
 *            pending admin 2 + 1 + 3 + 1 = 7 h, design time 1 h; cycle 1 open
 * Job C (Brightside, by its owner): 1 created · 2 submitted · 3 Pending Design · 4 Pending Client ·
 *   4.5 answered (back to Pending Design: pending admin again) · 5 cancelled (owner)
 * Job D (Acme, by the Acme user, shade report): 30 created (Tuesday), a draft.
 */
let t: TestApp;
const H = 3_600_000;
const T0 = Date.parse('2026-03-02T00:00:00Z');
const ids: Record<string, string> = {};
const userIds: Record<string, string> = {};
let acme = '';
let bright = '';

const at = (h: number) => t.clock.set(new Date(T0 + h * H));
const call = async (who: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  t.request(method, url, { token: await t.tokenOf(who), body });
async function ok(who: string, method: 'POST' | 'PUT', url: string, body?: unknown) {
  const r = await call(who, method, url, body);
  expect(r.statusCode, `${method} ${url}: ${r.body}`).toBeLessThan(300);
  return r.data;
}
const move = async (who: string, job: string, status: string) => {
  // Design Completed, Pending Approval and Approved need the documents the services require.
  if (DELIVERABLE_GATED_STATUSES.includes(status as never)) await deliverRequired(t, ids[job]);
  return ok(who, 'POST', `/api/jobs/${ids[job]}/status`, { status });
};
async function create(job: string, who: string, services: string[], company?: string) {
  const d = await ok(who, 'PUT', '/api/jobs', { name: `Job ${job}`, client_street_address: '1 Main St', services_requested: services, ...(company ? { company } : {}) });
  ids[job] = d.id;
}
const stats = (who: string, q: Record<string, string>) =>
  call(who, 'GET', `/api/stats?${new URLSearchParams(q).toString()}`);
const MARCH = { start_date: '2026-03-01', end_date: '2026-03-31', jobsCreatedInterval: 'weekly', servicesRequestedInterval: 'monthly' };
// The tests that write (a job moved to another company, a new job) write in April: hour 840 is
// Monday 2026-04-06. The golden tests read March only.
const APRIL = { start_date: '2026-04-01', end_date: '2026-04-30', jobsCreatedInterval: 'weekly', servicesRequestedInterval: 'monthly' };
const APRIL_H = 840;

beforeAll(async () => {
  t = await createTestApp();
  for (const [k, email] of Object.entries(DEMO)) {
    const [u] = await t.database.query<{ id: string }>('select id::text from users where email = $1', [email]);
    userIds[k] = u!.id;
  }
  const companies = await t.database.query<{ id: string; name: string }>('select id::text, name from companies');
  acme = companies.find((c) => c.name === 'Acme Solar')!.id;
  bright = companies.find((c) => c.name === 'Brightside Energy')!.id;

  at(0); await create('A', DEMO.acmeUser, ['structural_roof_letter', 'cad_packet']);
  at(1); await ok(DEMO.acmeUser, 'POST', `/api/jobs/${ids.A}/submit`);
  at(1); await create('C', DEMO.brightOwner, ['cad_packet']);
  at(2); await ok(DEMO.acmeUser, 'PUT', '/api/jobs', { id: ids.A, notes: 'Gate code 1234' });
  at(2); await create('B', DEMO.acmeOwner, ['structural_roof_letter']);
  at(2); await ok(DEMO.brightOwner, 'POST', `/api/jobs/${ids.C}/submit`);
  at(3); await ok(DEMO.acmeOwner, 'POST', `/api/jobs/${ids.B}/submit`);
  at(3); await move(DEMO.support, 'A', 'Pending Design');
  at(3); await move(DEMO.support, 'C', 'Pending Design');
  at(4); await move(DEMO.support, 'C', 'Pending Client');
  at(4.5); await move(DEMO.brightOwner, 'C', 'Pending Design');
  at(5); await move(DEMO.support, 'B', 'Pending Design');
  at(5); await ok(DEMO.brightOwner, 'POST', `/api/jobs/${ids.C}/cancel`);
  at(6); await move(DEMO.support, 'B', 'Pending Reinforcements');
  at(7); await move(DEMO.support, 'A', 'Pending QC');
  at(8); await move(DEMO.support, 'A', 'Pending PE');
  at(9); await move(DEMO.support, 'B', 'Pending PE');
  at(10); await move(DEMO.admin, 'A', 'Pending EE');
  at(10); await move(DEMO.support, 'B', 'Design Completed');
  at(11); await move(DEMO.admin, 'A', 'Design Completed');
  at(12); await move(DEMO.admin, 'A', 'Finalized');
  at(12); await move(DEMO.admin, 'B', 'Finalized');
  at(13); await move(DEMO.admin, 'A', 'Pending Approval');
  at(13); await move(DEMO.admin, 'B', 'Waiting on AHJ');
  at(14); await move(DEMO.acmeUser, 'A', 'Approved');
  at(14); await ok(DEMO.admin, 'POST', `/api/jobs/${ids.B}/revision`, { reason: 'right_angle_error' });
  at(20); await ok(DEMO.acmeUser, 'POST', `/api/jobs/${ids.A}/revision`, { reason: 'layout_change' });
  at(23); await move(DEMO.support, 'A', 'Pending QC');
  at(24); await move(DEMO.support, 'A', 'Design Completed');
  at(30); await create('D', DEMO.acmeUser, ['shade_report']);
  // Support's shifts: 6 h from Saturday 20:00 (2 h of it in March) and 10 h on Monday; the Acme
  // user's 20 minutes (too short for a rate).
  await t.database.query(`insert into user_shifts (user_id, started_at, ended_at) values
    ($1, '2026-02-28T20:00:00Z', '2026-03-01T02:00:00Z'), ($1, '2026-03-02T02:00:00Z', '2026-03-02T12:00:00Z'),
    ($2, '2026-03-02T10:00:00Z', '2026-03-02T10:20:00Z')`, [userIds.support, userIds.acmeUser]);
  // Some forty requests: generous for a machine shared with other suites.
}, 180_000);
afterAll(async () => { await t?.close(); });

const none = { count: 0, mean_hours: null, median_hours: null, p90_hours: null };

describe('GET /stats: golden data', () => {
  it('Company Stats for Acme in March: every metric as worked out by hand', async () => {
    const r = await stats(DEMO.admin, { ...MARCH, active_tab: 'company', included_companies: JSON.stringify([acme]) });
    expect(r.statusCode, r.body).toBe(200);
    const s = r.data;
    expect(s.scope.companies).toEqual([{ id: acme, name: 'Acme Solar' }]);
    expect(s.job_count).toBe(3); // A, B, D
    // Weeks from Monday, the first clipped to the range's Sunday start; empty weeks are 0.
    expect(s.jobs_created).toEqual([
      { start: '2026-03-01', end: '2026-03-01', count: 0 },
      { start: '2026-03-02', end: '2026-03-08', count: 3 },
      { start: '2026-03-09', end: '2026-03-15', count: 0 },
      { start: '2026-03-16', end: '2026-03-22', count: 0 },
      { start: '2026-03-23', end: '2026-03-29', count: 0 },
      { start: '2026-03-30', end: '2026-03-31', count: 0 },
    ]);
    expect(s.services_requested.services).toEqual([
      { code: 'structural_roof_letter', label: 'Structural Roof Letter', count: 2 },
      { code: 'cad_packet', label: 'CAD Design', count: 1 },
      { code: 'shade_report', label: 'Shade Report', count: 1 },
    ]);
    expect(s.services_requested.series).toEqual([
      { start: '2026-03-01', end: '2026-03-31', counts: { structural_roof_letter: 2, cad_packet: 1, shade_report: 1 }, total: 4 },
    ]);
    // A's layout change and B's internal error; A and B have one revision each, D none: 2 / 3.
    expect(s.revisions).toEqual({
      total: 2,
      involuntary: 1,
      average_per_job: 0.67,
      reasons: [
        // Equal counts: by label.
        { reason: 'right_angle_error', label: 'Internal Error', count: 1, involuntary: 1 },
        { reason: 'layout_change', label: 'Layout Change', count: 1, involuntary: 0 },
      ],
    });
    // Completed cycles: A0 10 h, B0 7 h, A1 4 h. percentile_cont(0.9) of [4, 7, 10] = 7 + 0.8 × 3 = 9.4.
    expect(s.durations.turnaround_all).toEqual({ count: 3, mean_hours: 7, median_hours: 7, p90_hours: 9.4 });
    // Design: A0 6 h, A1 3 h (B0 never reached QC): p90 = 3 + 0.9 × 3.
    expect(s.durations.turnaround_design).toEqual({ count: 2, mean_hours: 4.5, median_hours: 4.5, p90_hours: 5.7 });
    // Engineering: A0 3 h, B0 4 h (A1 had none).
    expect(s.durations.turnaround_engineering).toEqual({ count: 2, mean_hours: 3.5, median_hours: 3.5, p90_hours: 3.9 });
    expect(s.durations.pending_admin).toEqual({ count: 3, mean_hours: 7, median_hours: 7, p90_hours: 9.4 });
    // New designs: A0 4 h, B0 1 h; revision design: A1 3 h.
    expect(s.durations.new_design).toEqual({ count: 2, mean_hours: 2.5, median_hours: 2.5, p90_hours: 3.7 });
    expect(s.durations.revision_design).toEqual({ count: 1, mean_hours: 3, median_hours: 3, p90_hours: 3 });
    expect(s.turnaround_distribution.map((b: any) => b.count)).toEqual([0, 2, 1, 0, 0, 0, 0, 0, 0]);
    expect(s.turnaround_distribution[1]).toMatchObject({ from_hours: 4, to_hours: 8 });
    expect(s.turnaround_distribution.at(-1)).toMatchObject({ from_hours: 168, to_hours: null });
    expect(s.reinforcement_count).toBe(1);
    // Design Completed A0 (admin), B0 (support), A1 (support); Approved A (Acme user).
    expect(s.jobs_completed).toBe(4);
    expect(s.revisions_requested).toBe(2);
    expect(s.actions).toEqual({
      cancelled: 0, pending_client: 0, submitted: 2, revision: 2, edited: 1, pending_approval: 1, approved: 1, pending_rae: 0, created: 3,
    });
    // Credited by who designed (issue 29, item 7): support moved A0 out of Pending Design with no
    // assignee, so A0 is its design too, though the admin moved it to Design Completed.
    expect(s.designers).toEqual([
      {
        user: { id: userIds.support, name: 'Sam Support' }, company: { id: acme, name: 'Acme Solar' },
        completed: 3, new_designs: 2, revision_designs: 1,
        // [4, 7, 10]: median 7, p90 7 + 0.8 × 3; design time [4, 1, 3] → median 3.
        median_turnaround_hours: 7, p90_turnaround_hours: 9.4, median_design_hours: 3,
      },
    ]);
    // Acme's people: the owner created B, the user A and D (A revised).
    const byUser = Object.fromEntries(s.users.map((u: any) => [u.user.id, u]));
    expect(Object.keys(byUser).sort()).toEqual([userIds.acmeOwner, userIds.acmeUser].sort());
    expect(byUser[userIds.acmeUser]).toMatchObject({ jobs: 2, revised_jobs: 1, jobs_completed: 1, revisions_requested: 1, jobs_moved: 1 });
    // A third of an hour of shift: no rate.
    expect(byUser[userIds.acmeUser]).toMatchObject({ shift_hours: 0.33, jobs_per_hour: null });
    // The user's moves: submitted A (1 h), approved A, revision A.
    expect(byUser[userIds.acmeUser].status_moves).toBe(3);
    expect(byUser[userIds.acmeOwner]).toMatchObject({ jobs: 1, revised_jobs: 1, status_moves: 1, jobs_moved: 1 });
  });

  it('one day only: Tuesday completions and jobs fall out', async () => {
    const r = await stats(DEMO.admin, { start_date: '2026-03-02', end_date: '2026-03-02', active_tab: 'company', included_companies: JSON.stringify([acme]), jobsCreatedInterval: 'daily' });
    expect(r.data.job_count).toBe(2);
    expect(r.data.jobs_created).toEqual([{ start: '2026-03-02', end: '2026-03-02', count: 2 }]);
    expect(r.data.durations.turnaround_all).toEqual({ count: 2, mean_hours: 8.5, median_hours: 8.5, p90_hours: 9.7 });
    expect(r.data.jobs_completed).toBe(3);
  });

  it('My Stats of support: its own moves and the cycles it completed', async () => {
    const r = await stats(DEMO.support, { ...MARCH, active_tab: 'my' });
    expect(r.statusCode, r.body).toBe(200);
    const s = r.data;
    expect(s.scope.users).toEqual([{ id: userIds.support, name: 'Sam Support' }]);
    expect(s.job_count).toBe(0); // support created none and is assigned none
    expect(s.jobs_completed).toBe(3); // completions it is credited with a step of: A0 (design and QC), B0, A1
    expect(s.actions).toMatchObject({ pending_client: 1, created: 0, submitted: 0 });
    // Cycles support designed: A0 10 h, B0 7 h, A1 4 h.
    expect(s.durations.turnaround_all).toEqual({ count: 3, mean_hours: 7, median_hours: 7, p90_hours: 9.4 });
    expect(s.users).toHaveLength(1);
    // A (3, 7, 8, 23, 24 h), B (5, 6, 9, 10 h), C (3, 4 h): 11 moves on 3 jobs.
    expect(s.users[0]).toMatchObject({ status_moves: 11, jobs_moved: 3, jobs_completed: 3 });
    // 2 h + 10 h of shift in March: 3 jobs ÷ 12 h.
    expect(s.users[0]).toMatchObject({ shift_hours: 12, jobs_per_hour: 0.25 });
  });

  it('Brightside: pending client, answered back to pending admin, cancelled', async () => {
    const r = await stats(DEMO.brightOwner, { ...MARCH, active_tab: 'company' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.data.scope.companies).toEqual([{ id: bright, name: 'Brightside Energy' }]);
    expect(r.data.job_count).toBe(1);
    expect(r.data.actions).toEqual({
      cancelled: 1, pending_client: 1, submitted: 1, revision: 0, edited: 0, pending_approval: 0, approved: 0, pending_rae: 1, created: 1,
    });
    expect(r.data.durations.turnaround_all).toEqual(none);
  });

  it('Group Stats of a chosen person equal their My Stats', async () => {
    const g = await stats(DEMO.admin, { ...MARCH, active_tab: 'group', included_users: JSON.stringify([userIds.support]) });
    const m = await stats(DEMO.support, { ...MARCH, active_tab: 'my' });
    expect(g.statusCode).toBe(200);
    expect({ ...g.data, active_tab: 'my' }).toEqual(m.data);
  });

  it('every interval of spec §9 answers its periods', async () => {
    const expected: Record<string, number> = { all: 1, daily: 31, weekly: 6, biweekly: 3, monthly: 1, quarterly: 1, biannually: 1, yearly: 1 };
    for (const [interval, n] of Object.entries(expected)) {
      const r = await stats(DEMO.admin, { ...MARCH, active_tab: 'company', jobsCreatedInterval: interval, servicesRequestedInterval: interval.toUpperCase() });
      expect(r.statusCode, interval).toBe(200);
      expect(r.data.jobs_created, interval).toHaveLength(n);
      expect(r.data.jobs_created.reduce((a: number, p: any) => a + p.count, 0)).toBe(4); // A, B, C, D
    }
  });
});

describe('GET /stats: month stats agree (spec §4)', () => {
  it('jobs completed and revisions this month equal My Stats for the month, for each person', async () => {
    // "This month" is the clock's: March, whatever test set the clock before.
    at(30);
    for (const who of [DEMO.admin, DEMO.support, DEMO.acmeUser, DEMO.acmeOwner, DEMO.brightOwner]) {
      const me = await call(who, 'GET', '/api/users/me');
      const s = await stats(who, { start_date: '2026-03-01', end_date: '2026-03-31', active_tab: 'my' });
      expect(s.statusCode).toBe(200);
      expect({ who, completed: s.data.jobs_completed, revisions: s.data.revisions_requested }).toEqual({
        who, completed: me.data.month_stats.jobs_completed_this_month, revisions: me.data.month_stats.revisions_this_month,
      });
    }
    // And the numbers are not all zero: admin completed A0 and asked B's revision.
    const admin = await stats(DEMO.admin, { start_date: '2026-03-01', end_date: '2026-03-31', active_tab: 'my' });
    expect([admin.data.jobs_completed, admin.data.revisions_requested]).toEqual([1, 1]);
  });
});

describe('GET /stats: who sees what (decisions.md roles table)', () => {
  const matrix: [keyof typeof DEMO, Record<string, number>][] = [
    ['admin', { my: 200, group: 200, company: 200 }],
    ['support', { my: 200, group: 200, company: 200 }],
    ['contractor', { my: 200, group: 403, company: 403 }],
    ['acmeOwner', { my: 200, group: 403, company: 200 }],
    ['acmeUser', { my: 200, group: 403, company: 403 }],
  ];
  for (const [who, tabs] of matrix) {
    it(`${who}: ${JSON.stringify(tabs)}`, async () => {
      for (const [tab, status] of Object.entries(tabs)) {
        const r = await stats(DEMO[who], { ...MARCH, active_tab: tab });
        expect(r.statusCode, `${who} ${tab}: ${r.body}`).toBe(status);
      }
    });
  }

  it('signed out: 401', async () => {
    const r = await t.request('GET', `/api/stats?start_date=2026-03-01&end_date=2026-03-31`);
    expect(r.statusCode).toBe(401);
  });

  it('a company admin asking for another tenant’s company gets nothing of it', async () => {
    const only = await stats(DEMO.acmeOwner, { ...MARCH, active_tab: 'company', included_companies: JSON.stringify([bright]) });
    expect(only.statusCode).toBe(200);
    expect(only.data.scope.companies).toEqual([]);
    expect(only.data).toMatchObject({ job_count: 0, jobs_completed: 0, users: [], designers: [] });
    expect(Object.values(only.data.actions).every((n) => n === 0)).toBe(true);
    const both = await stats(DEMO.acmeOwner, { ...MARCH, active_tab: 'company', included_companies: JSON.stringify([acme, bright]) });
    const own = await stats(DEMO.acmeOwner, { ...MARCH, active_tab: 'company' });
    expect(both.data.scope.companies).toEqual([{ id: acme, name: 'Acme Solar' }]);
    expect(both.data).toEqual(own.data);
    expect(own.data.job_count).toBe(3);
  });

  it('a company admin sees its own company’s figures only: no names of our team, no shift hours (issue 29)', async () => {
    const own = await stats(DEMO.acmeOwner, { ...MARCH, active_tab: 'company' });
    expect(own.statusCode).toBe(200);
    expect(own.data.designers).toEqual([]);
    const staffIds = [userIds.admin, userIds.support, userIds.contractor];
    expect(own.data.users.length).toBeGreaterThan(0);
    for (const u of own.data.users) {
      expect(staffIds).not.toContain(u.user.id);
      expect(u).toMatchObject({ shift_hours: null, jobs_per_hour: null });
    }
    expect(JSON.stringify(own.data)).not.toMatch(/Sunstamp Support|support@sunstamp|admin@sunstamp/i);
    // Staff asking the same about Acme see who designed, and shift hours.
    const staff = await stats(DEMO.admin, { ...MARCH, active_tab: 'company', included_companies: JSON.stringify([acme]) });
    expect(staff.data.designers.length).toBeGreaterThan(0);
    expect(staff.data.users.every((u: { shift_hours: number | null }) => typeof u.shift_hours === 'number')).toBe(true);
  });

  it('a company admin naming another tenant’s user sees nothing of that user', async () => {
    const r = await stats(DEMO.acmeOwner, { ...MARCH, active_tab: 'company', included_users: JSON.stringify([userIds.brightOwner]) });
    expect(r.statusCode).toBe(200);
    expect(r.data.scope.users).toEqual([]);
    expect(r.data).toMatchObject({ job_count: 0, users: [] });
    expect(r.data.actions.cancelled).toBe(0);
  });

  it('My Stats ignores included_users: nobody reads another person’s numbers through it', async () => {
    const r = await stats(DEMO.acmeUser, { ...MARCH, active_tab: 'my', included_users: JSON.stringify([userIds.support]) });
    expect(r.data.scope.users).toEqual([{ id: userIds.acmeUser, name: expect.any(String) }]);
    expect(r.data.jobs_completed).toBe(1);
  });
});

describe('GET /stats: bad input is a clear 400', () => {
  it('is documented in OpenAPI with the spec’s parameters', async () => {
    const doc = (await t.request('GET', '/api/openapi.json')).data;
    const names = doc.paths['/api/stats'].get.parameters.map((p: { name: string }) => p.name).sort();
    expect(names).toEqual(['active_tab', 'end_date', 'included_companies', 'included_users', 'jobsCreatedInterval', 'servicesRequestedInterval', 'start_date']);
  });

  const cases: [string, Record<string, string>, string][] = [
    ['not a date', { start_date: '2026-02-30', end_date: '2026-03-31' }, 'start_date'],
    ['not a date format', { start_date: '03/01/2026', end_date: '2026-03-31' }, 'start_date'],
    ['end before start', { start_date: '2026-03-31', end_date: '2026-03-01' }, 'end_date'],
    ['more than ten years', { start_date: '2000-01-01', end_date: '2026-03-01' }, 'end_date'],
    ['missing dates', {}, 'start_date'],
    ['unknown interval', { ...MARCH, jobsCreatedInterval: 'fortnightly' }, 'jobsCreatedInterval'],
    ['unknown tab', { ...MARCH, active_tab: 'team' }, 'active_tab'],
    ['malformed JSON list', { ...MARCH, included_users: '[not json' }, 'included_users'],
    ['a list of non-ids', { ...MARCH, included_companies: '["acme"]' }, 'included_companies'],
    ['not a list', { ...MARCH, included_companies: '{"id":1}' }, 'included_companies'],
  ];
  for (const [name, q, field] of cases) {
    it(name, async () => {
      const r = await stats(DEMO.admin, q);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.data.message).toBe('Some fields are invalid.');
      expect(r.data.args.some((a: Record<string, string>) => field in a), JSON.stringify(r.data.args)).toBe(true);
    });
  }
});

describe('rollups stay equal to a rebuild from the history', () => {
  it('after the workload, and after a job moves to another company', async () => {
    const snapshot = async () => ({
      cycles: await t.database.query('select job_id::text, cycle, company_id::text, started_at::text, design_done_at::text, completed_at::text, completed_by::text, design_ms::text, engineering_ms::text, pending_admin_ms::text, pending_client_ms::text, reinforced, open_status, open_since::text from analytics_job_cycles order by 1, 2'),
      actions: await t.database.query('select day::text, company_id::text, actor_id::text, action, n from analytics_daily_actions where n <> 0 order by 1, 2, 3, 4'),
      jobs: await t.database.query('select day::text, company_id::text, key, n from analytics_daily_jobs where n <> 0 order by 1, 2, 3'),
      marks: await t.database.query('select job_id::text, company_id::text, through_history_id::text from analytics_job_marks order by 1'),
      daily: await t.database.query('select day::text, company_id::text, completed_by::text, metric, minute, n, ms::text from analytics_daily_durations where n <> 0 or ms <> 0 order by 1, 2, 3, 4, 5'),
      monthly: await t.database.query('select month::text, company_id::text, completed_by::text, metric, minute, n, ms::text from analytics_monthly_durations where n <> 0 or ms <> 0 order by 1, 2, 3, 4, 5'),
      monthlyActions: await t.database.query('select month::text, company_id::text, actor_id::text, action, n from analytics_monthly_actions where n <> 0 order by 1, 2, 3, 4'),
    });
    const rebuilt = async () => {
      const before = await snapshot();
      await t.database.query('select analytics_rebuild()');
      expect(await snapshot()).toEqual(before);
    };
    await rebuilt();
    // The golden cycles in the histograms: A0 10 h, B0 7 h, A1 4 h completed in March 2026.
    const [march] = await t.database.query<{ n: number }>("select sum(n)::int as n from analytics_monthly_durations where month = '2026-03-01' and metric = 'all'");
    expect(march!.n).toBe(3);
    // A job of its own, in April, so the golden March figures the other tests read stay as worked out.
    at(APRIL_H); await create('F', DEMO.acmeUser, ['shade_report']);
    at(APRIL_H + 1); await ok(DEMO.admin, 'PUT', '/api/jobs', { id: ids.F, company: bright });
    await rebuilt();
    const r = await stats(DEMO.brightOwner, { ...APRIL, active_tab: 'company' });
    expect(r.data.job_count).toBe(1);
    expect(r.data.actions.created).toBe(1);
  });

  it('a new write shows at once (the answers cache is stamped by the history)', async () => {
    const q = { ...APRIL, active_tab: 'company', included_companies: JSON.stringify([acme]) };
    const before = (await stats(DEMO.admin, q)).data.job_count;
    at(APRIL_H + 2); await create('E', DEMO.acmeUser, ['wet_stamp']);
    expect((await stats(DEMO.admin, q)).data.job_count).toBe(before + 1);
  });
});
