// A double-submit (two identical requests at once, as a double click or
// a retried request sends) of every state-changing job action takes effect once: one success and
// one 4xx in the envelope, or for an idempotent action (assign to the same person) the same answer
// twice; the history records the action once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZErrorEnvelope } from '@sunstamp/domain/contracts/common';
import { createTestApp, DEMO, type TestApp } from '../test-app.ts';
import { deliverRequired } from '../deliverables-fixtures.ts';

let t: TestApp;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const who of [DEMO.contractor, DEMO.support]) {
    const me = await t.request('GET', '/api/users/me', { token: await t.tokenOf(who) });
    ids[who] = me.data.user.id;
  }
});
afterAll(async () => { await t?.close(); });

const as = (who: string) => t.tokenOf(who);

/** A draft job of Acme's, ready to submit. */
async function draft(): Promise<string> {
  const res = await t.request('PUT', '/api/jobs', {
    token: await as(DEMO.acmeUser),
    body: { name: `Double ${Math.random().toString(36).slice(2, 8)}`, client_street_address: '2 Oak St', services_requested: ['structural_roof_letter'] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.data.id;
}

async function submitted(): Promise<string> {
  const id = await draft();
  const res = await t.request('POST', `/api/jobs/${id}/submit`, { token: await as(DEMO.acmeUser), body: {} });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

async function twice(who: string, method: 'POST' | 'PUT', url: string, body: unknown) {
  const token = await as(who);
  const [a, b] = await Promise.all([t.request(method, url, { token, body }), t.request(method, url, { token, body })]);
  return [a, b];
}

async function historyEvents(id: string, event: string) {
  const h = await t.request('GET', `/api/jobs/${id}/history`, { token: await as(DEMO.admin) });
  return (h.data as { event: string }[]).filter((e) => e.event === event).length;
}

function expectOnce(answers: { statusCode: number; body: string }[]) {
  const ok = answers.filter((a) => a.statusCode >= 200 && a.statusCode < 300);
  const refused = answers.filter((a) => a.statusCode >= 400 && a.statusCode < 500);
  expect(ok.length, answers.map((a) => `${a.statusCode} ${a.body.slice(0, 120)}`).join(' | ')).toBe(1);
  expect(refused.length).toBe(1);
  expect(ZErrorEnvelope.safeParse(JSON.parse(refused[0]!.body)).success).toBe(true);
}

describe('double-submit of every state-changing job action', () => {
  it('submit', async () => {
    const id = await draft();
    expectOnce(await twice(DEMO.acmeUser, 'POST', `/api/jobs/${id}/submit`, {}));
    expect(await historyEvents(id, 'submitted')).toBeLessThanOrEqual(1);
  });

  it('status change', async () => {
    const id = await submitted();
    expectOnce(await twice(DEMO.admin, 'POST', `/api/jobs/${id}/status`, { status: 'Pending Design' }));
  });

  it('cancel', async () => {
    const id = await submitted();
    expectOnce(await twice(DEMO.acmeUser, 'POST', `/api/jobs/${id}/cancel`, {}));
  });

  it('a contractor passing its own job on answers 204 (it no longer sees the job), not 404', async () => {
    const id = await submitted();
    expect((await t.request('POST', `/api/jobs/${id}/assign`, { token: await as(DEMO.admin), body: { assignee_id: ids[DEMO.contractor] } })).statusCode).toBe(200);
    const res = await t.request('POST', `/api/jobs/${id}/assign`, { token: await as(DEMO.contractor), body: { assignee_id: ids[DEMO.support] } });
    expect(res.statusCode, res.body).toBe(204);
  });

  it('assign', async () => {
    const id = await submitted();
    // Assigning to whom the job is already assigned is a no-op with the same answer (idempotent):
    // both answers are 200, the job was assigned once.
    const answers = await twice(DEMO.admin, 'POST', `/api/jobs/${id}/assign`, { assignee_id: ids[DEMO.contractor] });
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await historyEvents(id, 'assigned')).toBe(1);
  });

  it('unassign', async () => {
    const id = await submitted();
    expect((await t.request('POST', `/api/jobs/${id}/assign`, { token: await as(DEMO.admin), body: { assignee_id: ids[DEMO.support] } })).statusCode).toBe(200);
    expectOnce(await twice(DEMO.admin, 'POST', `/api/jobs/${id}/unassign`, {}));
    expect(await historyEvents(id, 'unassigned')).toBe(1);
  });

  it('deactivate', async () => {
    const id = await submitted();
    expectOnce(await twice(DEMO.admin, 'POST', `/api/jobs/${id}/deactivate`, {}));
  });

  it('release', async () => {
    const id = await submitted();
    // Finalized with its sealed letter (straight from the database: the path there is the workflow tests' business).
    await deliverRequired(t, id, 'sealed');
    await t.database.query(`update jobs set status = 'Finalized' where id = $1`, [id]);
    await t.dbChanged();
    expectOnce(await twice(DEMO.admin, 'POST', `/api/jobs/${id}/release`, {}));
    expect(await historyEvents(id, 'pending_approval')).toBe(1);
  });

  it('revision', async () => {
    const id = await submitted();
    // Approved (straight from the database: the path there is the workflow tests' business).
    await t.database.query(`update jobs set status = 'Approved' where id = $1`, [id]);
    await t.dbChanged();
    expectOnce(await twice(DEMO.acmeUser, 'POST', `/api/jobs/${id}/revision`, { reason: 'equipment_change' }));
  });
});
