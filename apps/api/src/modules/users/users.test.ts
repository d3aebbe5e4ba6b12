import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { userMonthStats, users } from '../../db/schema.ts';
import { bumpMonthStat } from './users.repository.ts';
import { monthKey } from './users.service.ts';

let t: TestApp;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const u of await t.database.db.select().from(users)) ids[u.email] = u.id;
});
afterAll(async () => { await t?.close(); });

const as = async (who: string) => t.tokenOf(who);

describe('GET /api/users/me', () => {
  it('answers the session user of spec §3 with site alerts, companies and month stats', async () => {
    const { access } = await t.login(DEMO.acmeUser);
    const res = await t.request('GET', '/api/users/me', { token: access });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.data).sort()).toEqual(['companies', 'month_stats', 'site_alerts', 'user']);
    expect(Object.keys(res.data.user).sort()).toEqual([
      'companies', 'email', 'firstName', 'full_name', 'id', 'jobNotificationsEnabled', 'lastName',
      'messageNotificationsEnabled', 'needsOnboarding', 'needsPassword', 'phoneNumber', 'rae_support_contact',
      'role', 'verifiedEmail',
    ]);
    expect(res.data.user).toMatchObject({ email: DEMO.acmeUser, full_name: 'Ian Installer', role: 'user' });
    expect(res.data.companies).toEqual([{ id: expect.any(String), name: 'Acme Solar' }]);
    expect(res.data.user.rae_support_contact).toMatchObject({ full_name: 'Sam Support', email: DEMO.support });
    expect(res.data.site_alerts[0].message).toMatch(/Welcome to the Sunstamp demo/);
    expect(res.data.month_stats).toMatchObject({ jobs_completed_this_month: 0, revisions_this_month: 0 });
    expect(res.data.month_stats.current_shift_start).not.toBeNull();
  });
  it('shows this month\'s completed jobs and revisions', async () => {
    const month = monthKey(t.clock.now());
    await bumpMonthStat(t.database.db, ids[DEMO.support]!, month, 'jobsCompleted');
    await bumpMonthStat(t.database.db, ids[DEMO.support]!, month, 'jobsCompleted');
    await bumpMonthStat(t.database.db, ids[DEMO.support]!, month, 'revisions');
    await bumpMonthStat(t.database.db, ids[DEMO.support]!, '1999-01', 'revisions');
    await t.dbChanged();
    const res = await t.request('GET', '/api/users/me', { token: await as(DEMO.support) });
    expect(res.data.month_stats).toMatchObject({ jobs_completed_this_month: 2, revisions_this_month: 1 });
    await t.database.db.delete(userMonthStats);
  });
  it('reports the previous shift in hours after a sign-out', async () => {
    const pair = await t.login(DEMO.brightOwner);
    t.clock.advance(3.5 * 3600_000);
    const out = await t.request('POST', '/api/auth/logout/', { token: await as(DEMO.brightOwner), body: { refresh: pair.refresh } });
    expect(out.statusCode).toBe(200);
    const again = await t.login(DEMO.brightOwner);
    const res = await t.request('GET', '/api/users/me', { token: again.access });
    expect(res.data.month_stats.previous_shift_hours).toBe(3.5);
    expect(res.data.month_stats.current_shift_start).toBe(t.clock.now().toISOString());
  });
});

describe('PUT /api/users/me', () => {
  it('updates the profile and notification switches', async () => {
    const token = await as(DEMO.acmeOwner);
    const res = await t.request('PUT', '/api/users/me', {
      token, body: { firstName: 'olivia', phoneNumber: '555-0100', jobNotificationsEnabled: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.data.user).toMatchObject({ firstName: 'olivia', full_name: 'Olivia Owner', phoneNumber: '555-0100', jobNotificationsEnabled: false });
  });
  it('changes the password only with the current one', async () => {
    const token = await as(DEMO.acmeOwner);
    const bad = await t.request('PUT', '/api/users/me', { token, body: { password: 'brand-new-passphrase', current_password: 'wrong' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.data.args).toEqual([{ current_password: 'Your current password is incorrect.' }]);
    const ok = await t.request('PUT', '/api/users/me', { token, body: { password: 'brand-new-passphrase', current_password: 'sunstamp-demo' } });
    expect(ok.statusCode).toBe(200);
    expect((await t.request('POST', '/api/auth/login/', { body: { email: DEMO.acmeOwner, password: 'brand-new-passphrase' } })).statusCode).toBe(200);
  });
  it.each([
    ['an unknown field', { role: 'admin' }],
    ['a wrong type', { jobNotificationsEnabled: 'yes' }],
    ['a short password', { password: 'short', current_password: 'sunstamp-demo' }],
  ])('refuses %s with 400', async (_n, body) => {
    const res = await t.request('PUT', '/api/users/me', { token: await as(DEMO.acmeUser), body });
    expect(res.statusCode).toBe(400);
  });
  it('onboard-finished clears needsOnboarding', async () => {
    await t.database.db.update(users).set({ needsOnboarding: true }).where(eq(users.email, DEMO.acmeUser));
    await t.dbChanged();
    const token = await as(DEMO.acmeUser);
    expect((await t.request('GET', '/api/users/me', { token })).data.user.needsOnboarding).toBe(true);
    const res = await t.request('PUT', '/api/users/me/onboard-finished', { token });
    expect(res.statusCode).toBe(200);
    expect(res.data.user.needsOnboarding).toBe(false);
  });
});

describe('GET /api/users', () => {
  const emails = (res: { data: { email: string }[] }) => res.data.map((u) => u.email).sort();
  // These read the demo's exact list of users: a database of their own, as seeded, since the other
  // describes of this file invite and create users and change roles, before or after this one.
  let shared: TestApp;
  beforeAll(async () => { shared = t; t = await createTestApp(); });
  afterAll(async () => { await t?.close(); t = shared; });

  it.each([
    [DEMO.admin, 200], [DEMO.support, 200], [DEMO.acmeOwner, 200], [DEMO.contractor, 403], [DEMO.acmeUser, 403],
  ])('role matrix: %s → %i', async (who, status) => {
    expect((await t.request('GET', '/api/users', { token: await as(who) })).statusCode).toBe(status);
  });
  it('staff see everyone; a company admin sees only its companies\' users', async () => {
    const all = await t.request('GET', '/api/users?include_self=true', { token: await as(DEMO.support) });
    expect(all.data).toHaveLength(6);
    const acme = await t.request('GET', '/api/users?include_self=true', { token: await as(DEMO.acmeOwner) });
    expect(emails(acme)).toEqual([DEMO.acmeUser, DEMO.acmeOwner].sort());
    const bright = await t.request('GET', '/api/users?include_self=true', { token: await as(DEMO.brightOwner) });
    expect(emails(bright)).toEqual([DEMO.brightOwner]);
  });
  it('include_self is off by default', async () => {
    const res = await t.request('GET', '/api/users', { token: await as(DEMO.acmeOwner) });
    expect(emails(res)).toEqual([DEMO.acmeUser]);
  });
  it('filters by role, companies (JSON list or comma list) and admin_only', async () => {
    const token = await as(DEMO.admin);
    expect(emails(await t.request('GET', '/api/users?role=user_admin', { token }))).toEqual([DEMO.brightOwner, DEMO.acmeOwner].sort());
    expect(emails(await t.request('GET', '/api/users?role=admin,support&include_self=1', { token }))).toEqual([DEMO.admin, DEMO.support]);
    const acmeId = (await t.request('GET', '/api/companies', { token })).data.find((c: any) => c.name === 'Acme Solar').id;
    const json = encodeURIComponent(JSON.stringify([acmeId]));
    expect(emails(await t.request('GET', `/api/users?companies=${json}`, { token }))).toEqual([DEMO.acmeUser, DEMO.acmeOwner].sort());
    expect(emails(await t.request('GET', `/api/users?companies=${acmeId}`, { token }))).toEqual([DEMO.acmeUser, DEMO.acmeOwner].sort());
    expect(emails(await t.request('GET', '/api/users?admin_only=true&include_self=true', { token }))).toEqual([DEMO.admin]);
  });
  it('admin_only is for admins', async () => {
    expect((await t.request('GET', '/api/users?admin_only=true', { token: await as(DEMO.support) })).statusCode).toBe(403);
  });
  it('simplify_users answers id, full_name, email, role', async () => {
    const res = await t.request('GET', '/api/users?simplify_users=true', { token: await as(DEMO.admin) });
    expect(Object.keys(res.data[0]).sort()).toEqual(['email', 'full_name', 'id', 'role']);
  });
  it('account_status filters active and inactive accounts', async () => {
    const token = await as(DEMO.admin);
    const inactive = await t.request('GET', '/api/users?account_status=inactive', { token });
    expect(inactive.data).toEqual([]);
    const all = await t.request('GET', '/api/users?account_status=all&include_self=true', { token });
    expect(all.data).toHaveLength(6);
  });
  it.each([
    ['account_status=sleeping'], ['role=wizard'], ['companies=not-a-list'], ['companies=%5B1%2C2%5D'], ['include_self=maybe'],
  ])('refuses bad query %s with 400', async (q) => {
    const res = await t.request('GET', `/api/users?${q}`, { token: await as(DEMO.admin) });
    expect(res.statusCode).toBe(400);
    expect(res.data.message).toBeTruthy();
  });
});

describe('GET /api/users/:id, POST /api/users, PUT /api/users/:id', () => {
  it('another tenant\'s user answers 404, not 403', async () => {
    const res = await t.request('GET', `/api/users/${ids[DEMO.acmeUser]}`, { token: await as(DEMO.brightOwner) });
    expect(res.statusCode).toBe(404);
    const upd = await t.request('PUT', `/api/users/${ids[DEMO.acmeUser]}`, { token: await as(DEMO.brightOwner), body: { firstName: 'X' } });
    expect(upd.statusCode).toBe(404);
  });
  it.each([
    [DEMO.admin, DEMO.acmeUser, 200], [DEMO.support, DEMO.acmeUser, 200], [DEMO.acmeOwner, DEMO.acmeUser, 200],
    [DEMO.acmeUser, DEMO.acmeUser, 200], [DEMO.acmeUser, DEMO.acmeOwner, 404], [DEMO.contractor, DEMO.acmeUser, 404],
    [DEMO.acmeOwner, DEMO.support, 404],
  ])('read matrix: %s reads %s → %i', async (who, target, status) => {
    expect((await t.request('GET', `/api/users/${ids[target]}`, { token: await as(who) })).statusCode).toBe(status);
  });
  it('a malformed id answers 400; an unknown one 404', async () => {
    const token = await as(DEMO.admin);
    expect((await t.request('GET', '/api/users/123', { token })).statusCode).toBe(400);
    expect((await t.request('GET', '/api/users/00000000-0000-0000-0000-000000000000', { token })).statusCode).toBe(404);
  });
  it('a company admin invites a user into its company; the invitation sets a password', async () => {
    const before = t.outbox().length;
    const res = await t.request('POST', '/api/users', {
      token: await as(DEMO.acmeOwner), body: { email: 'new.hire@acme-solar.test', firstName: 'New', lastName: 'Hire', role: 'user' },
    });
    // A company admin's invite answers 202 whether or not the address had an account (no probing).
    expect(res.statusCode).toBe(202);
    const list = await t.request('GET', '/api/users?search=new.hire', { token: await as(DEMO.acmeOwner) });
    expect(list.data.map((u: any) => u.companies.map((c: any) => c.name))).toEqual([['Acme Solar']]);
    const mail = t.outbox()[before]!;
    expect(mail.subject).toBe('You have been invited to Sunstamp');
    const [, , uid, token] = /http:\/\/sunstamp\.test(\/\S+)/.exec(mail.text)![1]!.split('/');
    const set = await t.request('POST', '/api/auth/password-reset/confirm/', { body: { uid, token, password: 'welcome-aboard-2026' } });
    expect(set.statusCode).toBe(200);
    // An invitation sets a first password: the answer says so, not "reset".
    expect(set.data).toEqual({ first_password: true, detail: 'Your password is set. Sign in with your email address and this password.' });
    const login = await t.request('POST', '/api/auth/login/', { body: { email: 'new.hire@acme-solar.test', password: 'welcome-aboard-2026' } });
    expect(login.statusCode).toBe(200);
    const me = await t.request('GET', '/api/users/me', { token: login.data.access });
    expect(me.data.user).toMatchObject({ needsPassword: false, needsOnboarding: true, verifiedEmail: true });
  });
  it.each([
    [DEMO.acmeOwner, { email: 'x1@acme.test', role: 'admin' }, 403],
    [DEMO.acmeOwner, { email: 'x2@acme.test', role: 'support' }, 403],
    [DEMO.support, { email: 'x3@acme.test', role: 'user' }, 403],
    [DEMO.acmeUser, { email: 'x4@acme.test', role: 'user' }, 403],
    [DEMO.contractor, { email: 'x5@acme.test', role: 'user' }, 403],
    [DEMO.admin, { email: 'x6@sunstamp.test', role: 'support' }, 201],
    [DEMO.admin, { email: DEMO.acmeUser, role: 'user', company_ids: [] }, 400],
    [DEMO.admin, { email: 'x7@acme.test', role: 'user', company_ids: ['00000000-0000-0000-0000-000000000000'] }, 400],
    [DEMO.admin, { email: 'not-an-email', role: 'user' }, 400],
    [DEMO.admin, { email: 'x8@acme.test', role: 'overlord' }, 400],
  ])('create matrix: %s creates %j → %i', async (who, body, status) => {
    expect((await t.request('POST', '/api/users', { token: await as(who), body })).statusCode).toBe(status);
  });
  it('refuses a duplicate email with 409', async () => {
    // An account of its own to repeat (the create matrix's x6 may come after this test).
    expect((await t.request('POST', '/api/users', { token: await as(DEMO.admin), body: { email: 'x9@sunstamp.test', role: 'support' } })).statusCode).toBe(201);
    const res = await t.request('POST', '/api/users', { token: await as(DEMO.admin), body: { email: 'x9@sunstamp.test', role: 'support' } });
    expect(res.statusCode).toBe(409);
  });
  it('a company admin cannot promote a user to staff, the admin can deactivate one', async () => {
    const promote = await t.request('PUT', `/api/users/${ids[DEMO.acmeUser]}`, { token: await as(DEMO.acmeOwner), body: { role: 'admin' } });
    expect(promote.statusCode).toBe(403);
    const owner = await t.request('PUT', `/api/users/${ids[DEMO.acmeUser]}`, { token: await as(DEMO.acmeOwner), body: { role: 'user_admin' } });
    expect(owner.statusCode).toBe(200);
    expect(owner.data.role).toBe('user_admin');
    const pair = await t.login('x6@sunstamp.test', 'sunstamp-demo').catch(() => null);
    expect(pair).toBeNull();
    const off = await t.request('PUT', `/api/users/${ids[DEMO.acmeUser]}`, { token: await as(DEMO.admin), body: { is_active: false, role: 'user' } });
    expect(off.statusCode).toBe(200);
    expect(off.data.is_active).toBe(false);
    // The deactivated user's tokens stop working at once.
    const me = await t.request('GET', '/api/users/me', { token: await as(DEMO.acmeUser) });
    expect(me.statusCode).toBe(401);
    await t.request('PUT', `/api/users/${ids[DEMO.acmeUser]}`, { token: await as(DEMO.admin), body: { is_active: true } });
  });
  it('nobody changes their own role or deactivates themself', async () => {
    const res = await t.request('PUT', `/api/users/${ids[DEMO.admin]}`, { token: await as(DEMO.admin), body: { is_active: false } });
    expect(res.statusCode).toBe(400);
  });
  it('support reads but does not manage users', async () => {
    const res = await t.request('PUT', `/api/users/${ids[DEMO.acmeUser]}`, { token: await as(DEMO.support), body: { firstName: 'Z' } });
    expect(res.statusCode).toBe(403);
  });
});

describe('hardening: invites, shared users, password changes', () => {
  it('a company admin cannot tell whether an address has an account elsewhere (no 409 probe)', async () => {
    const owner = await as(DEMO.acmeOwner);
    const before = t.outbox().length;
    const fresh = await t.request('POST', '/api/users', { token: owner, body: { email: 'probe.fresh@example.test', role: 'user' } });
    const elsewhere = await t.request('POST', '/api/users', { token: owner, body: { email: DEMO.brightOwner, role: 'user' } });
    expect(fresh.statusCode).toBe(202);
    expect(elsewhere.statusCode).toBe(202);
    expect(elsewhere.data).toEqual(fresh.data);
    // Nothing changed for the existing user: still only in Brightside; they were told by mail.
    const bright = await t.request('GET', `/api/users/${ids[DEMO.brightOwner]}`, { token: await as(DEMO.admin) });
    expect(bright.data.companies.map((c: any) => c.name)).toEqual(['Brightside Energy']);
    expect(t.outbox().slice(before).map((m) => m.to)).toEqual(expect.arrayContaining([expect.stringContaining(DEMO.brightOwner)]));
    // A member the admin can already see is a plain 409.
    const member = await t.request('POST', '/api/users', { token: owner, body: { email: DEMO.acmeUser, role: 'user' } });
    expect(member.statusCode).toBe(409);
  });

  it('a company admin does not change the role, activation or name of a user shared with another company; staff do', async () => {
    const admin = await as(DEMO.admin);
    const created = await t.request('POST', '/api/users', { token: admin, body: { email: 'shared.user@example.test', role: 'user', company_ids: [] as string[] } });
    expect(created.statusCode).toBe(400); // a client user needs a company
    const companies = (await t.request('GET', '/api/companies', { token: admin })).data as { id: string; name: string }[];
    const acme = companies.find((c) => c.name === 'Acme Solar')!.id;
    const bright = companies.find((c) => c.name === 'Brightside Energy')!.id;
    const shared = await t.request('POST', '/api/users', { token: admin, body: { email: 'shared.user@example.test', role: 'user', company_ids: [acme, bright] } });
    expect(shared.statusCode).toBe(201);
    const id = shared.data.id as string;
    const owner = await as(DEMO.acmeOwner);
    for (const body of [{ role: 'user_admin' }, { is_active: false }, { firstName: 'Renamed' }]) {
      const res = await t.request('PUT', `/api/users/${id}`, { token: owner, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
      expect(res.data.message).toMatch(/another company/);
    }
    const after = await t.request('GET', `/api/users/${id}`, { token: admin });
    expect(after.data).toMatchObject({ role: 'user', is_active: true });
    // Removing the user from its own company is allowed, answers 200 (not 404) and leaves Brightside alone.
    const removed = await t.request('PUT', `/api/users/${id}`, { token: owner, body: { company_ids: [] } });
    expect(removed.statusCode).toBe(200);
    expect(removed.data.companies.map((c: any) => c.name)).toEqual(['Brightside Energy']);
    // Staff change the role of a shared user.
    expect((await t.request('PUT', `/api/users/${id}`, { token: admin, body: { role: 'user_admin' } })).statusCode).toBe(200);
  });

  it('changing the password keeps this session and revokes every other one', async () => {
    const email = DEMO.contractor;
    const a = await t.login(email);
    const b = await t.login(email);
    const res = await t.request('PUT', '/api/users/me', {
      token: a.access, body: { current_password: 'sunstamp-demo', password: 'a-brand-new-passphrase-17' },
    });
    expect(res.statusCode).toBe(200);
    const refreshOther = await t.request('POST', '/api/auth/token/refresh/', { body: { refresh: b.refresh } });
    expect(refreshOther.statusCode).toBe(401);
    const refreshMine = await t.request('POST', '/api/auth/token/refresh/', { body: { refresh: a.refresh } });
    expect(refreshMine.statusCode).toBe(200);
    // Put the demo password back for the other tests.
    const back = await t.request('PUT', '/api/users/me', {
      token: refreshMine.data.access, body: { current_password: 'a-brand-new-passphrase-17', password: 'sunstamp-demo' },
    });
    expect([200, 400]).toContain(back.statusCode);
  });
});

