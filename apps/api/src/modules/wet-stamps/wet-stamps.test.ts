import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZErrorEnvelope } from '@sunstamp/domain/contracts/common';
import { ZWetStamp } from '@sunstamp/domain/contracts/wet-stamps';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { users } from '../../db/schema.ts';

let t: TestApp;
const uid: Record<string, string> = {};
const call = async (who: string | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, body?: unknown) =>
  t.request(method, url, { token: who ? await t.tokenOf(who) : undefined, body });
const wet = (who: string, id: string, body?: unknown) => (body === undefined ? call(who, 'GET', `/api/jobs/${id}/wet-stamp`) : call(who, 'PATCH', `/api/jobs/${id}/wet-stamp`, body));
const move = async (id: string, ...statuses: string[]) => {
  for (const status of statuses) {
    const r = await call(DEMO.admin, 'POST', `/api/jobs/${id}/status`, { status });
    expect(r.statusCode, r.body).toBe(200);
  }
};

/** A submitted Acme job with these services (and AHJ), assigned to the drafter. */
async function newJob(services: string[], extra: Record<string, unknown> = {}) {
  // The wet stamp's copies and shipping address are asked at intake (issue 29, item 11).
  const order = services.includes('wet_stamp') ? { wet_stamp_order: { copies: 1, recipient: 'Acme Solar', street: '9 Seal St', city: 'Austin', state: 'TX', zip: '78701' } } : {};
  const r = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { name: 'Wet stamp job', client_street_address: '9 Seal St', services_requested: services, ...order, ...extra });
  expect(r.statusCode, r.body).toBe(201);
  const id = r.data.id as string;
  expect((await call(DEMO.acmeUser, 'POST', `/api/jobs/${id}/submit`)).statusCode).toBe(200);
  expect((await call(DEMO.admin, 'POST', `/api/jobs/${id}/assign`, { assignee_id: uid[DEMO.contractor] })).statusCode).toBe(200);
  return id;
}

let ahjThreeCopies = '';

beforeAll(async () => {
  t = await createTestApp();
  for (const u of await t.database.db.select().from(users)) uid[u.email] = u.id;
  const ahj = await call(DEMO.admin, 'POST', '/api/ahjs', { name: 'Wet Stamp City', state: 'TX', jurisdiction_type: 'City' });
  expect(ahj.statusCode, ahj.body).toBe(201);
  ahjThreeCopies = ahj.data.id;
  const req = await call(DEMO.admin, 'PATCH', `/api/requirements/ahj/${ahjThreeCopies}`, { set: { wet_stamps: '3 Copies' } });
  expect(req.statusCode, req.body).toBe(200);
});
afterAll(async () => { await t?.close(); });

describe('GET /jobs/{id}/wet-stamp', () => {
  it('a job with the Wet Stamp service: a pending task of one copy, read by every role that sees the job, 404 for another tenant', async () => {
    const id = await newJob(['wet_stamp', 'cad_packet']);
    const expected: Record<string, number> = {
      [DEMO.admin]: 200, [DEMO.support]: 200, [DEMO.contractor]: 200, [DEMO.acmeOwner]: 200, [DEMO.acmeUser]: 200, [DEMO.brightOwner]: 404,
    };
    for (const [who, code] of Object.entries(expected)) {
      const r = await wet(who, id);
      expect([who, r.statusCode], r.body).toEqual([who, code]);
      if (code === 200) {
        const w = ZWetStamp.parse(r.data);
        expect(w).toMatchObject({
          required: true, by_service: true, requirement: null, recorded: false, copies: 1, state: 'pending', state_label: 'Pending Wet Stamp',
          stamped: null, shipped: null, delivered: null, blocks_design_completed: false,
        });
        expect([who, w.may_edit]).toEqual([who, who === DEMO.admin || who === DEMO.support]);
      } else {
        expect(r.data).toEqual({ message: 'Not found.' });
      }
    }
    expect((await call(null, 'GET', `/api/jobs/${id}/wet-stamp`)).statusCode).toBe(401);
    expect((await wet(DEMO.admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await wet(DEMO.admin, 'not-a-uuid')).statusCode).toBe(404);
  });

  it('the copies follow the job\'s wet_stamps requirement (here the AHJ asks 3) until our team records a change', async () => {
    const id = await newJob(['cad_packet'], { ahj_id: ahjThreeCopies });
    const w = (await wet(DEMO.acmeUser, id)).data;
    expect(w).toMatchObject({ required: true, by_service: false, requirement: { value: '3 Copies', copies: 3, source: 'ahj' }, copies: 3, recorded: false });
    // The AHJ now asks for 2: an untouched task follows.
    await call(DEMO.admin, 'PATCH', `/api/requirements/ahj/${ahjThreeCopies}`, { set: { wet_stamps: '2 Copies' } });
    expect((await wet(DEMO.admin, id)).data.copies).toBe(2);
    await call(DEMO.admin, 'PATCH', `/api/requirements/ahj/${ahjThreeCopies}`, { set: { wet_stamps: '3 Copies' } });
    expect((await wet(DEMO.admin, id, { state: 'stamped' })).data).toMatchObject({ copies: 3, state: 'stamped', recorded: true });
    // Once recorded the copies are the task's own.
    await call(DEMO.admin, 'PATCH', `/api/requirements/ahj/${ahjThreeCopies}`, { set: { wet_stamps: '1 Copy' } });
    expect((await wet(DEMO.admin, id)).data.copies).toBe(3);
    await call(DEMO.admin, 'PATCH', `/api/requirements/ahj/${ahjThreeCopies}`, { set: { wet_stamps: '3 Copies' } });
  });

  it('a job with neither the service nor the requirement has none (required: false) and refuses a change with 409', async () => {
    const id = await newJob(['cad_packet']);
    expect((await wet(DEMO.admin, id)).data).toMatchObject({ required: false, state: 'pending' });
    const r = await wet(DEMO.admin, id, { state: 'stamped' });
    expect(r.statusCode).toBe(409);
    expect(r.data).toEqual({ message: 'This job has no wet stamp: it did not order the Wet Stamp service and its requirements ask for no wet-stamped copies.' });
  });
});

describe('PATCH /jobs/{id}/wet-stamp', () => {
  it('stamped → shipped → delivered, with who and when, the Wet Stamp task and the job history', async () => {
    const id = await newJob(['wet_stamp']);
    const taskOf = async () => (await call(DEMO.admin, 'GET', `/api/jobs/${id}`)).data.tasks.find((x: { service: string }) => x.service === 'wet_stamp');
    expect(await taskOf()).toMatchObject({ status: '', status_label: 'Not Completed' });

    const copies = await wet(DEMO.support, id, { copies: 2, notes: 'Two sets for the city.' });
    expect(copies.statusCode, copies.body).toBe(200);
    expect(copies.data).toMatchObject({ copies: 2, notes: 'Two sets for the city.', state: 'pending', recorded: true });

    const stamped = await wet(DEMO.support, id, { state: 'stamped' });
    expect(stamped.statusCode, stamped.body).toBe(200);
    expect(stamped.data.stamped).toEqual({ at: expect.any(String), by: expect.stringMatching(/\S/) });
    expect(await taskOf()).toMatchObject({ status: 'in_progress', status_label: 'In Progress' });

    const shipped = await wet(DEMO.admin, id, { state: 'shipped', carrier: 'UPS', tracking_reference: '1Z999AA10123456784' });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.data).toMatchObject({ state: 'shipped', state_label: 'Shipped', carrier: 'UPS', tracking_reference: '1Z999AA10123456784' });
    expect(shipped.data.shipped.at).toEqual(expect.any(String));
    expect(await taskOf()).toMatchObject({ status: 'in_progress' });

    // A correction of the tracking reference is not a new step.
    const fixed = await wet(DEMO.admin, id, { tracking_reference: '1Z999AA10123456785' });
    expect(fixed.data).toMatchObject({ state: 'shipped', tracking_reference: '1Z999AA10123456785' });

    const delivered = await wet(DEMO.admin, id, { state: 'delivered' });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.data).toMatchObject({ state: 'delivered', delivered_on: t.ctx.clock.now().toISOString().slice(0, 10) });
    expect(await taskOf()).toMatchObject({ status: 'completed', status_label: 'Completed' });

    // Staff read the names of who made each step; a client reads the steps without them.
    const staff = (await wet(DEMO.admin, id)).data;
    expect(staff.stamped.by).toBeTruthy();
    expect(staff.shipped.by).toBeTruthy();
    const client = (await wet(DEMO.acmeUser, id)).data;
    expect(client).toMatchObject({ state: 'delivered', carrier: 'UPS', may_edit: false });
    expect([client.stamped.by, client.shipped.by, client.delivered.by]).toEqual([null, null, null]);

    // Each change is an "Edited" entry naming what happened.
    const history = (await call(DEMO.admin, 'GET', `/api/jobs/${id}/history`)).data as { event: string; data: { name?: string } | null }[];
    const names = history.filter((h) => h.event === 'edited').map((h) => h.data?.name);
    expect(names).toEqual([
      'Wet stamp copies: 1 → 2; Wet stamp notes changed',
      'Wet stamp stamped: 2 copies',
      'Wet stamp shipped: 2 copies by UPS, tracking 1Z999AA10123456784',
      'Wet stamp shipping corrected: UPS, tracking 1Z999AA10123456785',
      `Wet stamp delivered on ${t.ctx.clock.now().toISOString().slice(0, 10)}`,
    ]);
  });

  it('steps out of order, going back and late copy changes are 409 naming the problem; the same step twice at once takes effect once', async () => {
    const id = await newJob(['wet_stamp']);
    const skip = await wet(DEMO.admin, id, { state: 'shipped', carrier: 'USPS', tracking_reference: '9400' });
    expect(skip.statusCode).toBe(409);
    expect(skip.data).toEqual({ message: 'Mark the wet stamp stamped before shipping it.' });
    expect((await wet(DEMO.admin, id, { carrier: 'USPS' })).data).toEqual({ message: 'The carrier and tracking reference are recorded when the wet stamp is shipped.' });

    const [a, b] = await Promise.all([wet(DEMO.admin, id, { state: 'stamped' }), wet(DEMO.support, id, { state: 'stamped' })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.data).toEqual({ message: 'The wet stamp is already marked stamped.' });

    expect((await wet(DEMO.admin, id, { copies: 3 })).data).toEqual({ message: 'The copies are already stamped (1 copy): the number cannot change now.' });
    await wet(DEMO.admin, id, { state: 'shipped', carrier: 'USPS', tracking_reference: '9400' });
    const future = await wet(DEMO.admin, id, { state: 'delivered', delivered_on: '2199-01-01' });
    expect(future.statusCode).toBe(409);
    expect(future.data).toEqual({ message: 'The delivery date cannot be in the future.' });
    const early = await wet(DEMO.admin, id, { state: 'delivered', delivered_on: '2000-01-01' });
    expect(early.data.message).toMatch(/^The delivery date cannot be before the copies were shipped \(\d{4}-\d{2}-\d{2}\)\.$/);
    expect((await wet(DEMO.admin, id, { state: 'delivered' })).statusCode).toBe(200);
    expect((await wet(DEMO.admin, id, { state: 'stamped' })).data).toEqual({ message: 'The wet stamp is already delivered: it cannot go back to stamped.' });
  });

  it('who may: our team records; the drafter and the client 403, another tenant\'s client too (by role, before the job is read); signed out 401', async () => {
    const id = await newJob(['wet_stamp']);
    const expected: Record<string, number> = { [DEMO.contractor]: 403, [DEMO.acmeOwner]: 403, [DEMO.acmeUser]: 403, [DEMO.brightOwner]: 403 };
    for (const [who, code] of Object.entries(expected)) {
      const r = await wet(who, id, { state: 'stamped' });
      expect([who, r.statusCode], r.body).toEqual([who, code]);
      expect(ZErrorEnvelope.safeParse(r.data).success).toBe(true);
    }
    expect((await call(null, 'PATCH', `/api/jobs/${id}/wet-stamp`, { state: 'stamped' })).statusCode).toBe(401);
    expect((await wet(DEMO.admin, id)).data.state).toBe('pending');
  });

  it('bad inputs are 400 in the error envelope, never 500', async () => {
    const id = await newJob(['wet_stamp']);
    const bad: [unknown, Record<string, string>[] | null][] = [
      [{}, [{ state: 'Send what changes.' }]],
      [{ state: 'shipped' }, [{ carrier: 'Name the carrier the copies were shipped with.' }, { tracking_reference: 'Enter the shipping or tracking reference.' }]],
      [{ state: 'shipped', carrier: '  ', tracking_reference: '1Z' }, null],
      [{ copies: 0 }, [{ copies: 'One to three copies.' }]],
      [{ copies: 4 }, [{ copies: 'One to three copies.' }]],
      [{ copies: '2' }, null],
      [{ state: 'lost' }, null],
      [{ state: 'pending' }, null],
      [{ notes: 'x'.repeat(2001) }, [{ notes: 'At most 2000 characters.' }]],
      [{ state: 'delivered', delivered_on: '27/11/2026' }, null],
      [{ state: 'delivered', delivered_on: '0000-01-01' }, null],
      [{ notes: 'a\u0000b' }, null],
      [{ notes: 'ok', hacker: true }, null],
      [[], null],
      ['stamped', null],
    ];
    for (const [body, args] of bad) {
      const r = await wet(DEMO.admin, id, body);
      expect([JSON.stringify(body).slice(0, 60), r.statusCode], r.body).toEqual([JSON.stringify(body).slice(0, 60), 400]);
      expect(ZErrorEnvelope.safeParse(r.data).success, r.body).toBe(true);
      if (args) expect(r.data.args).toEqual(args);
    }
    expect((await wet(DEMO.admin, id)).data).toMatchObject({ state: 'pending', recorded: false });
  });

  it('a deactivated job refuses a change with 409', async () => {
    const id = await newJob(['wet_stamp']);
    expect((await call(DEMO.admin, 'POST', `/api/jobs/${id}/deactivate`)).statusCode).toBe(200);
    const r = await wet(DEMO.admin, id, { state: 'stamped' });
    expect(r.statusCode).toBe(409);
    expect(r.data).toEqual({ message: 'This job is deactivated.' });
    expect((await wet(DEMO.admin, id)).data.may_edit).toBe(false);
  });
});

describe('Pending Wet Stamp → Design Completed waits for the shipment', () => {
  it('409 naming the wet stamp until it is shipped; then the move goes through', async () => {
    const id = await newJob(['wet_stamp']);
    await move(id, 'Pending Design', 'Pending QC', 'Pending PE', 'Pending Wet Stamp');
    expect((await wet(DEMO.admin, id)).data.blocks_design_completed).toBe(true);
    const blocked = await call(DEMO.admin, 'POST', `/api/jobs/${id}/status`, { status: 'Design Completed' });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.data).toEqual({
      message: 'This job cannot move to Design Completed until its wet stamp is shipped: record the carrier and tracking reference on the Wet stamp card.',
      args: ['Wet stamp: Pending Wet Stamp (1 copy), not shipped yet.'],
    });
    await wet(DEMO.admin, id, { state: 'stamped' });
    const still = await call(DEMO.support, 'POST', `/api/jobs/${id}/status`, { status: 'Design Completed' });
    expect(still.statusCode).toBe(409);
    expect(still.data.args).toEqual(['Wet stamp: Stamped (1 copy), not shipped yet.']);
    await wet(DEMO.admin, id, { state: 'shipped', carrier: 'FedEx', tracking_reference: '7712 3456 7890' });
    expect((await wet(DEMO.admin, id)).data.blocks_design_completed).toBe(false);
    const ok = await call(DEMO.contractor, 'POST', `/api/jobs/${id}/status`, { status: 'Design Completed' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.data.status).toBe('Design Completed');
  });

  it('a job whose requirement asks for copies is held too; a job with no wet stamp passes through', async () => {
    const held = await newJob(['permit_submittal'], { ahj_id: ahjThreeCopies });
    await move(held, 'Pending Design', 'Pending QC', 'Pending PE', 'Pending Wet Stamp');
    const r = await call(DEMO.admin, 'POST', `/api/jobs/${held}/status`, { status: 'Design Completed' });
    expect(r.statusCode).toBe(409);
    expect(r.data.args).toEqual(['Wet stamp: Pending Wet Stamp (3 copies), not shipped yet.']);

    const free = await newJob(['permit_submittal']);
    await move(free, 'Pending Design', 'Pending QC', 'Pending PE', 'Pending Wet Stamp', 'Design Completed');
  });

  it('a revision starts a new wet stamp: the shipped one stays with its revision', async () => {
    const id = await newJob(['wet_stamp']);
    await wet(DEMO.admin, id, { state: 'stamped' });
    await wet(DEMO.admin, id, { state: 'shipped', carrier: 'UPS', tracking_reference: '1Z1' });
    await move(id, 'Pending Design', 'Pending QC', 'Design Completed', 'Finalized', 'Pending Approval');
    const rev = await call(DEMO.acmeUser, 'POST', `/api/jobs/${id}/revision`, { reason: 'equipment_change', note: 'New panels' });
    expect(rev.statusCode, rev.body).toBe(200);
    const w = (await wet(DEMO.admin, id)).data;
    expect(w).toMatchObject({ revision: 1, state: 'pending', recorded: false, carrier: null });
  });
});

describe('the Wet Stamp task follows the wet stamp card', () => {
  const FOLLOWS = 'The Wet Stamp task follows the wet stamp card: mark the copies stamped, shipped or delivered there.';
  const setTask = (who: string | null, id: string, service: string, status: string) => call(who, 'PUT', `/api/jobs/${id}/tasks/${service}`, { status });
  const tasksOf = async (id: string) =>
    Object.fromEntries(((await call(DEMO.admin, 'GET', `/api/jobs/${id}`)).data.tasks as { service: string; status: string }[]).map((x) => [x.service, x.status]));

  it('a hand move of it is refused for every role: 409 naming the card for those who may move tasks, 403 for a client (any company\'s, by role), 401 signed out', async () => {
    const id = await newJob(['wet_stamp', 'permit_submittal']);
    const expected: Record<string, number> = {
      [DEMO.admin]: 409, [DEMO.support]: 409, [DEMO.contractor]: 409, [DEMO.acmeOwner]: 403, [DEMO.acmeUser]: 403, [DEMO.brightOwner]: 403,
    };
    for (const [who, code] of Object.entries(expected)) {
      for (const status of ['completed', 'in_progress', 'failed', '']) {
        const r = await setTask(who, id, 'wet_stamp', status);
        expect([who, status, r.statusCode], r.body).toEqual([who, status, code]);
        expect(ZErrorEnvelope.safeParse(r.data).success, r.body).toBe(true);
        if (code === 409) expect(r.data).toEqual({ message: FOLLOWS });
      }
    }
    expect((await setTask(null, id, 'wet_stamp', 'completed')).statusCode).toBe(401);
    // Nothing moved: the task is still Not Completed while the copies are Pending Wet Stamp.
    expect(await tasksOf(id)).toEqual({ wet_stamp: '', permit_submittal: '' });
    expect((await wet(DEMO.admin, id)).data).toMatchObject({ state: 'pending', recorded: false });
    // The services no document or card completes still move by hand.
    const permit = await setTask(DEMO.support, id, 'permit_submittal', 'completed');
    expect(permit.statusCode, permit.body).toBe(200);
    expect(await tasksOf(id)).toEqual({ wet_stamp: '', permit_submittal: 'completed' });
  });

  it('the card still moves it, a hand move is refused at every step, and the two never disagree', async () => {
    const id = await newJob(['wet_stamp']);
    const steps: [Record<string, unknown>, string, string][] = [
      [{ state: 'stamped' }, 'stamped', 'in_progress'],
      [{ state: 'shipped', carrier: 'UPS', tracking_reference: '1Z999AA10123456784' }, 'shipped', 'in_progress'],
      [{ state: 'delivered' }, 'delivered', 'completed'],
    ];
    for (const [body, state, task] of steps) {
      const r = await wet(DEMO.support, id, body);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.data.state).toBe(state);
      expect((await tasksOf(id)).wet_stamp).toBe(task);
      for (const status of ['', 'failed', task === 'completed' ? 'in_progress' : 'completed']) {
        expect((await setTask(DEMO.admin, id, 'wet_stamp', status)).statusCode).toBe(409);
      }
      expect([(await wet(DEMO.admin, id)).data.state, (await tasksOf(id)).wet_stamp]).toEqual([state, task]);
    }
  });

  it('a job that did not order the service has no Wet Stamp task to move (400), even when its requirement asks for copies', async () => {
    const id = await newJob(['permit_submittal'], { ahj_id: ahjThreeCopies });
    const r = await setTask(DEMO.admin, id, 'wet_stamp', 'completed');
    expect(r.statusCode, r.body).toBe(400);
    expect(r.data.args).toEqual([{ service: 'The job did not request this service.' }]);
  });

  it('a deactivated job answers 409 "deactivated" first, as for any task', async () => {
    const id = await newJob(['wet_stamp']);
    expect((await call(DEMO.admin, 'POST', `/api/jobs/${id}/deactivate`)).statusCode).toBe(200);
    expect((await setTask(DEMO.admin, id, 'wet_stamp', 'completed')).data).toEqual({ message: 'This job is deactivated.' });
  });
});
