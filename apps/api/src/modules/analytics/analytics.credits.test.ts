import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { deliverRequired } from '../../test/deliverables-fixtures.ts';

/**
 * Issue 29, item 7: the drafter assigned to a job designed it even when support moved its status;
 * the admin who passed QC checked it; nobody is credited for moving a status alone. Its own jobs,
 * in May 2026 on the manual clock.
 */
let t: TestApp;
const H = 3_600_000;
const T0 = Date.parse('2026-05-04T00:00:00Z');
const uid: Record<string, string> = {};
let job = '';
let solo = '';

const at = (h: number) => t.clock.set(new Date(T0 + h * H));
const call = async (who: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  t.request(method, url, { token: await t.tokenOf(who), body });
async function ok(who: string, method: 'POST' | 'PUT', url: string, body?: unknown) {
  const r = await call(who, method, url, body);
  expect(r.statusCode, `${method} ${url}: ${r.body}`).toBeLessThan(300);
  return r.data;
}
const move = (who: string, id: string, status: string) => ok(who, 'POST', `/api/jobs/${id}/status`, { status });
const MAY = { start_date: '2026-05-01', end_date: '2026-05-31', jobsCreatedInterval: 'weekly', servicesRequestedInterval: 'monthly' };

beforeAll(async () => {
  t = await createTestApp();
  for (const [k, email] of Object.entries(DEMO)) {
    const [u] = await t.database.query<{ id: string }>('select id::text from users where email = $1', [email]);
    uid[k] = u!.id;
  }
  at(0);
  job = (await ok(DEMO.acmeUser, 'PUT', '/api/jobs', { name: 'Credit Residence', client_street_address: '1 Main St', services_requested: ['structural_roof_letter'] })).id;
  solo = (await ok(DEMO.acmeUser, 'PUT', '/api/jobs', { name: 'Solo Residence', client_street_address: '2 Main St', services_requested: ['structural_roof_letter'] })).id;
  at(1); await ok(DEMO.acmeUser, 'POST', `/api/jobs/${job}/submit`); await ok(DEMO.acmeUser, 'POST', `/api/jobs/${solo}/submit`);
  at(2); await move(DEMO.support, job, 'Pending Design'); await move(DEMO.support, solo, 'Pending Design');
  at(2); await ok(DEMO.support, 'POST', `/api/jobs/${job}/assign`, { assignee_id: uid.contractor });
  // Support moves the drafter's finished design on; the admin passes QC and completes it.
  at(5); await move(DEMO.support, job, 'Pending QC');
  at(6); await deliverRequired(t, job); await move(DEMO.admin, job, 'Design Completed');
  // Unassigned: support designed and checked it.
  at(7); await move(DEMO.support, solo, 'Pending QC');
  at(8); await deliverRequired(t, solo); await move(DEMO.support, solo, 'Design Completed');
}, 180_000);
afterAll(async () => { await t?.close(); });

describe('GET /api/stats credits who did each step', () => {
  it('the assigned drafter is the designer and gets the completed job; support gets only the job it did', async () => {
    const res = await call(DEMO.admin, 'GET', `/api/stats?${new URLSearchParams({ ...MAY, active_tab: 'group', included_users: JSON.stringify([uid.contractor, uid.support, uid.admin]) })}`);
    expect(res.statusCode, res.body).toBe(200);
    const row = (id: string) => res.data.users.find((u: any) => u.user.id === id);
    expect(row(uid.contractor!).jobs_completed).toBe(1);
    expect(row(uid.admin!).jobs_completed).toBe(1);
    expect(row(uid.support!).jobs_completed).toBe(1);
    const designers = res.data.designers.map((d: any) => [d.user.id, d.completed]);
    expect(designers).toEqual(expect.arrayContaining([[uid.contractor, 1], [uid.support, 1]]));
    expect(designers.find((d: any) => d[0] === uid.admin)).toBeUndefined();
  });
  it('the Design Completed history row records the credits for staff, and a client does not read them', async () => {
    const staff = (await call(DEMO.admin, 'GET', `/api/jobs/${job}/history`)).data;
    const done = staff.find((h: any) => h.to_status === 'Design Completed');
    expect(done.data.credits).toEqual({ design: uid.contractor, qc: uid.admin, stamp: null });
    const client = (await call(DEMO.acmeUser, 'GET', `/api/jobs/${job}/history`)).data;
    expect(JSON.stringify(client)).not.toContain('credit');
  });
  it('the drafter\'s own month stats count the job it designed', async () => {
    const n = async (id: string) => (await t.database.query<{ n: number }>(
      `select jobs_completed::int as n from user_month_stats where user_id = $1 and month = '2026-05'`, [id],
    ))[0]?.n ?? 0;
    expect(await n(uid.contractor!)).toBe(1);
    expect(await n(uid.admin!)).toBe(1);
    expect(await n(uid.support!)).toBe(1);
  });
});
