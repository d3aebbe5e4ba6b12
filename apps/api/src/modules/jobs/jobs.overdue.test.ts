import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { deliverRequired } from '../../test/deliverables-fixtures.ts';
import { DELIVERABLE_GATED_STATUSES } from '@sunstamp/domain/constants/deliverables.constants';

/** Spec §4 overdue with decisions.md's "pending admin", driven by the manual clock (no sleeping). */
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });

const H = 3_600_000;
const call = async (who: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  t.request(method, url, { token: await t.tokenOf(who), body });

async function submitted(who: string = DEMO.acmeUser, services = ['structural_roof_letter'], company?: string) {
  const res = await call(who, 'PUT', '/api/jobs', { name: 'Overdue check', client_street_address: '2 Oak St', services_requested: services, ...(company ? { company } : {}) });
  expect(res.statusCode, res.body).toBe(201);
  const s = await call(who, 'POST', `/api/jobs/${res.data.id}/submit`);
  expect(s.statusCode).toBe(200);
  return res.data.id as string;
}
const job = async (id: string) => (await call(DEMO.admin, 'GET', `/api/jobs/${id}`)).data;
const move = async (who: string, id: string, status: string) => {
  // Design Completed, Pending Approval and Approved need the documents the services require.
  if (DELIVERABLE_GATED_STATUSES.includes(status as never)) await deliverRequired(t, id);
  const r = await call(who, 'POST', `/api/jobs/${id}/status`, { status });
  expect(r.statusCode, r.body).toBe(200);
};
async function inOverdueList(id: string) {
  const r = await call(DEMO.admin, 'GET', '/api/jobs?overdue=true&page_size=200');
  const notR = await call(DEMO.admin, 'GET', '/api/jobs?overdue=false&page_size=200');
  const inTrue = r.data.results.some((j: any) => j.id === id);
  const inFalse = notR.data.results.some((j: any) => j.id === id);
  expect(inTrue).toBe(!inFalse);
  const listed = [...r.data.results, ...notR.data.results].find((j: any) => j.id === id);
  // The list's flag (stored columns) agrees with the detail's (history periods).
  expect(listed.is_overdue).toBe((await job(id)).is_overdue);
  expect(listed.pending_admin_hours).toBe((await job(id)).pending_admin_hours);
  return inTrue;
}

describe('overdue', () => {
  it('turns overdue strictly after 8 hours pending admin', async () => {
    const id = await submitted();
    t.clock.advance(8 * H);
    expect(await job(id)).toMatchObject({ is_overdue: false, pending_admin_hours: 8 });
    expect(await inOverdueList(id)).toBe(false);
    t.clock.advance(1);
    expect((await job(id)).is_overdue).toBe(true);
    expect(await inOverdueList(id)).toBe(true);
  });
  it('waits 16 hours when the services include cad_packet', async () => {
    const id = await submitted(DEMO.acmeUser, ['cad_packet']);
    t.clock.advance(12 * H);
    expect(await inOverdueList(id)).toBe(false);
    t.clock.advance(4 * H + 1);
    expect(await inOverdueList(id)).toBe(true);
  });
  it('does not count time pending the client, and sums every pending-admin period', async () => {
    const id = await submitted();
    t.clock.advance(3 * H);
    await move(DEMO.support, id, 'Pending Design');
    t.clock.advance(2 * H);
    await move(DEMO.support, id, 'Pending Client');
    t.clock.advance(40 * H);
    expect(await job(id)).toMatchObject({ is_overdue: false, pending_admin_hours: 5 });
    expect(await inOverdueList(id)).toBe(false);
    await move(DEMO.acmeUser, id, 'Pending Design');
    t.clock.advance(3 * H);
    expect(await inOverdueList(id)).toBe(false);
    t.clock.advance(1);
    expect(await inOverdueList(id)).toBe(true);
    expect((await job(id)).pending_admin_hours).toBe(8);
  });
  it('is not overdue while Pending Approval, Waiting on AHJ, Approved or Cancelled', async () => {
    const id = await submitted();
    for (const s of ['Pending Design', 'Pending QC', 'Design Completed', 'Finalized']) await move(DEMO.admin, id, s);
    t.clock.advance(7 * H);
    await move(DEMO.admin, id, 'Waiting on AHJ');
    t.clock.advance(30 * H);
    expect(await inOverdueList(id)).toBe(false);
    await move(DEMO.admin, id, 'Pending Approval');
    t.clock.advance(30 * H);
    expect(await inOverdueList(id)).toBe(false);
    await move(DEMO.acmeUser, id, 'Approved');
    t.clock.advance(30 * H);
    expect(await inOverdueList(id)).toBe(false);
    const other = await submitted();
    t.clock.advance(9 * H);
    expect(await inOverdueList(other)).toBe(true);
    await call(DEMO.acmeUser, 'POST', `/api/jobs/${other}/cancel`);
    expect(await inOverdueList(other)).toBe(false);
  });
  it('exempts jobs created by admin or support', async () => {
    const companies = (await call(DEMO.admin, 'GET', '/api/companies')).data;
    const acme = companies.find((c: any) => c.name === 'Acme Solar').id;
    const id = await submitted(DEMO.support, ['structural_roof_letter'], acme);
    t.clock.advance(100 * H);
    expect(await job(id)).toMatchObject({ is_overdue: false, pending_admin_hours: 100 });
    expect(await inOverdueList(id)).toBe(false);
  });
  it('follows a change of services (adding cad_packet raises the threshold)', async () => {
    const id = await submitted();
    t.clock.advance(9 * H);
    expect(await inOverdueList(id)).toBe(true);
    const r = await call(DEMO.support, 'PUT', '/api/jobs', { id, services_requested: ['structural_roof_letter', 'cad_packet'] });
    expect(r.statusCode).toBe(200);
    expect(await inOverdueList(id)).toBe(false);
    t.clock.advance(7 * H + 1);
    expect(await inOverdueList(id)).toBe(true);
  });
});
