import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZErrorEnvelope } from '@sunstamp/domain/contracts/common';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { SHIFT_IDLE_MINUTES } from '../../db/shifts.sql.ts';

let t: TestApp;
const ids: Record<string, string> = {};
const HOUR = 3600_000;

beforeAll(async () => {
  t = await createTestApp();
  for (const [k, email] of Object.entries(DEMO)) {
    ids[k] = (await t.database.query<{ id: string }>(`select id::text as id from users where email = '${email}'`))[0]?.id ?? '';
  }
}, 60_000);
afterAll(async () => { await t?.close(); });

const as = (email: string) => t.tokenOf(email);
const expectEnvelope = (res: { statusCode: number; data: unknown }, status: number) => {
  expect(res.statusCode).toBe(status);
  expect(ZErrorEnvelope.safeParse(res.data).success).toBe(true);
};

describe('groups', () => {
  it('the admin creates, renames, refills and deletes a group; staff read it; nobody else writes', async () => {
    const admin = await as(DEMO.admin);
    const made = await t.request('POST', '/api/groups', { token: admin, body: { name: 'Electrical', member_ids: [ids.support, ids.contractor] } });
    expect(made.statusCode).toBe(201);
    expect(made.data.name).toBe('Electrical');
    expect(made.data.members.map((m: { id: string }) => m.id).sort()).toEqual([ids.support, ids.contractor].sort());
    const listed = await t.request('GET', '/api/groups', { token: await as(DEMO.support) });
    expect(listed.data.map((g: { name: string }) => g.name)).toContain('Electrical');
    const renamed = await t.request('PUT', `/api/groups/${made.data.id}`, { token: admin, body: { name: 'Electrical review', member_ids: [ids.admin] } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.data).toMatchObject({ name: 'Electrical review', members: [{ id: ids.admin }] });
    for (const who of [DEMO.support, DEMO.contractor, DEMO.acmeOwner, DEMO.acmeUser]) {
      const token = await as(who);
      expectEnvelope(await t.request('POST', '/api/groups', { token, body: { name: 'Nope' } }), 403);
      expectEnvelope(await t.request('PUT', `/api/groups/${made.data.id}`, { token, body: { name: 'Nope' } }), 403);
      expectEnvelope(await t.request('DELETE', `/api/groups/${made.data.id}`, { token }), 403);
    }
    expectEnvelope(await t.request('POST', '/api/groups', { body: { name: 'Nope' } }), 401);
    expect((await t.request('DELETE', `/api/groups/${made.data.id}`, { token: admin })).statusCode).toBe(204);
    expectEnvelope(await t.request('DELETE', `/api/groups/${made.data.id}`, { token: admin }), 404);
    expectEnvelope(await t.request('PUT', `/api/groups/${made.data.id}`, { token: admin, body: { name: 'Gone' } }), 404);
    expectEnvelope(await t.request('PUT', '/api/groups/not-a-uuid', { token: admin, body: { name: 'Gone' } }), 404);
  });

  it('refuses bad names and members with the field named', async () => {
    const admin = await as(DEMO.admin);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ name: ' ' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ name: 'design team' }, 'name'], // the seeded "Design Team", whatever the case
      [{ name: 'Clients', member_ids: [ids.acmeUser] }, 'member_ids.0'],
      [{ name: 'Ghosts', member_ids: ['00000000-0000-0000-0000-000000000000'] }, 'member_ids.0'],
      [{ name: 'Twice', member_ids: [ids.admin, ids.admin] }, 'member_ids'],
      [{ name: 'Bad id', member_ids: ['nope'] }, 'member_ids'],
      [{ name: 'Extra', color: 'red' }, ''],
    ];
    for (const [body, field] of cases) {
      const res = await t.request('POST', '/api/groups', { token: admin, body });
      expectEnvelope(res, 400);
      if (field) expect(JSON.stringify(res.data.args), JSON.stringify(body)).toContain(field);
    }
  });
});

describe('active users and shifts', () => {
  it('lists who is on shift now and the shift log with hours, for staff only', async () => {
    // Signing in opens a shift, signing out closes it. Two hours of use: the web renews its token as it works.
    let pair = await t.login(DEMO.acmeOwner);
    for (let i = 0; i < 12; i++) {
      t.clock.advance(HOUR / 6);
      pair = (await t.request('POST', '/api/auth/token/refresh/', { body: { refresh: pair.refresh } })).data;
    }
    const staff = await as(DEMO.support);
    const active = await t.request('GET', '/api/users/active', { token: staff });
    expect(active.statusCode).toBe(200);
    const owner = active.data.find((u: { id: string }) => u.id === ids.acmeOwner);
    expect(owner).toMatchObject({ role: 'user_admin', email: DEMO.acmeOwner });
    expect(owner.shift_hours).toBeGreaterThanOrEqual(2);
    expect((await t.request('POST', '/api/auth/logout/', { token: await as(DEMO.acmeOwner), body: {} })).statusCode).toBe(200);
    const after = await t.request('GET', '/api/users/active', { token: staff });
    expect(after.data.some((u: { id: string }) => u.id === ids.acmeOwner)).toBe(false);

    const log = await t.request('GET', `/api/shifts?user_id=${ids.acmeOwner}`, { token: staff });
    expect(log.statusCode).toBe(200);
    expect(log.data.shifts).toHaveLength(1);
    expect(log.data.shifts[0].ended_at).not.toBeNull();
    expect(log.data.shifts[0].hours).toBeGreaterThanOrEqual(2);
    expect(log.data.totals[0]).toMatchObject({ user: { id: ids.acmeOwner }, shifts: 1 });
    expect(log.data.truncated).toBe(false);
    // A window before the shift holds nothing.
    const early = await t.request('GET', '/api/shifts?start_date=2000-01-01&end_date=2000-01-31', { token: staff });
    expect(early.data.shifts).toEqual([]);

    for (const who of [DEMO.contractor, DEMO.acmeOwner, DEMO.acmeUser, DEMO.brightOwner]) {
      const token = await as(who);
      expectEnvelope(await t.request('GET', '/api/users/active', { token }), 403);
      expectEnvelope(await t.request('GET', '/api/shifts', { token }), 403);
    }
    expectEnvelope(await t.request('GET', '/api/shifts'), 401);
    for (const q of ['start_date=0000-01-01', 'end_date=yesterday', 'user_id=nope', 'start_date=2026-02-01&end_date=2026-01-01']) {
      expectEnvelope(await t.request('GET', `/api/shifts?${q}`, { token: staff }), 400);
    }
  });
});

describe('shifts end when idle or when the session ends (issue 29)', () => {
  it(`a shift with no token renewal for ${SHIFT_IDLE_MINUTES} minutes ends when its last token ran out; an open one counts until now`, async () => {
    const shiftsOf = async () => (await t.request('GET', `/api/shifts?user_id=${ids.contractor}`, { token: await as(DEMO.support) })).data.shifts as { ended_at: string | null; hours: number }[];
    const before = (await shiftsOf()).length;
    await t.login(DEMO.contractor);
    t.clock.advance(23 * 60_000);
    // An open shift of 23 minutes counts 0.38 hours, not 0.
    const open = await t.request('GET', '/api/users/active', { token: await as(DEMO.support) });
    expect(open.data.find((u: { id: string }) => u.id === ids.contractor).shift_hours).toBeCloseTo(23 / 60, 2);
    t.clock.advance((SHIFT_IDLE_MINUTES - 23 + 1) * 60_000);
    const after = await t.request('GET', '/api/users/active', { token: await as(DEMO.support) });
    expect(after.data.some((u: { id: string }) => u.id === ids.contractor)).toBe(false);
    const log = await shiftsOf();
    expect(log).toHaveLength(before + 1);
    expect(log[0]).toMatchObject({ hours: 0.25 });
    expect(log[0]!.ended_at).not.toBeNull();
    // Signing in again after the break opens a new shift.
    await t.login(DEMO.contractor);
    expect((await t.request('GET', '/api/users/active', { token: await as(DEMO.support) })).data.some((u: { id: string }) => u.id === ids.contractor)).toBe(true);
  });

  it('a password reset ends every session, and the shift with them', async () => {
    await t.login(DEMO.acmeUser);
    const n = t.outbox().length;
    await t.request('POST', '/api/auth/password-reset/', { body: { email: DEMO.acmeUser } });
    const link = /http:\/\/sunstamp\.test(\/\S+)/.exec(t.outbox().slice(n).find((m) => m.to.includes(DEMO.acmeUser))!.text)![1]!;
    const [, , uid, token] = link.split('/');
    expect((await t.request('POST', '/api/auth/password-reset/confirm/', { body: { uid, token, password: 'a-shift-ending-passphrase' } })).statusCode).toBe(200);
    const active = await t.request('GET', '/api/users/active', { token: await as(DEMO.support) });
    expect(active.data.some((u: { id: string }) => u.id === ids.acmeUser)).toBe(false);
  });
});
