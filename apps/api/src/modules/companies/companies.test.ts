import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { eq } from 'drizzle-orm';
import { companies, jobs } from '../../db/schema.ts';

let t: TestApp;
const co: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const c of await t.database.db.select().from(companies)) co[c.name] = c.id;
});
afterAll(async () => { await t?.close(); });
const as = (who: string) => t.tokenOf(who);
const names = (res: { data: { name: string }[] }) => res.data.map((c) => c.name);

describe('GET /api/companies', () => {
  // The demo's exact companies and counts: a database of their own, as seeded, since the other
  // describes of this file create companies, before or after this one.
  let shared: TestApp;
  beforeAll(async () => { shared = t; t = await createTestApp(); });
  afterAll(async () => { await t?.close(); t = shared; });
  it.each([
    [DEMO.admin, ['Acme Solar', 'Brightside Energy', 'Sunstamp Contract Drafting', 'Sunstamp Engineering']],
    [DEMO.support, ['Acme Solar', 'Brightside Energy', 'Sunstamp Contract Drafting', 'Sunstamp Engineering']],
    [DEMO.contractor, ['Sunstamp Contract Drafting']],
    [DEMO.acmeOwner, ['Acme Solar']],
    [DEMO.acmeUser, ['Acme Solar']],
    [DEMO.brightOwner, ['Brightside Energy']],
  ])('%s sees %j', async (who, expected) => {
    const res = await t.request('GET', '/api/companies', { token: await as(who) });
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(expected);
  });
  it('counts users', async () => {
    const res = await t.request('GET', '/api/companies', { token: await as(DEMO.admin) });
    expect(res.data.find((c: any) => c.name === 'Acme Solar').user_count).toBe(2);
  });
  it('counts the active jobs of each company, for every role that sees it', async () => {
    const count = async (who: string, name: string) =>
      ((await t.request('GET', '/api/companies', { token: await as(who) })).data.find((c: any) => c.name === name)?.job_count as number);
    const before = await count(DEMO.admin, 'Acme Solar');
    const ids: string[] = [];
    for (const name of ['Count one', 'Count two']) {
      const res = await t.request('PUT', '/api/jobs', { token: await as(DEMO.acmeUser), body: { name } });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.data.id);
    }
    expect(await count(DEMO.admin, 'Acme Solar')).toBe(before + 2);
    expect(await count(DEMO.acmeOwner, 'Acme Solar')).toBe(before + 2);
    expect(await count(DEMO.admin, 'Brightside Energy')).toBe(0);
    // Drafts are not open; a submitted job is, and it is the company's last activity.
    const acme = async () => (await t.request('GET', '/api/companies', { token: await as(DEMO.admin) })).data.find((c: any) => c.name === 'Acme Solar');
    const openBefore = (await acme()).open_job_count as number;
    await t.database.db.update(jobs).set({ status: 'Pending Pre-Check', updatedAt: new Date(Date.now() + 60_000) }).where(eq(jobs.id, ids[1]!));
    const after = await acme();
    expect(after.open_job_count).toBe(openBefore + 1);
    const job = (await t.request('GET', `/api/jobs/${ids[1]}`, { token: await as(DEMO.admin) })).data;
    expect(after.last_activity_at).toBe(job.updated_at);
    expect((await t.request('GET', '/api/companies', { token: await as(DEMO.admin) })).data.find((c: any) => c.name === 'Brightside Energy').last_activity_at).toBeNull();
    const one = await t.request('GET', `/api/companies/${co['Acme Solar']}`, { token: await as(DEMO.acmeUser) });
    expect(one.data.job_count).toBe(before + 2);
    // A deactivated job no longer counts.
    expect((await t.request('POST', `/api/jobs/${ids[0]}/deactivate`, { token: await as(DEMO.admin), body: {} })).statusCode).toBe(200);
    expect(await count(DEMO.support, 'Acme Solar')).toBe(before + 1);
  });
  it('needs sign-in', async () => {
    expect((await t.request('GET', '/api/companies')).statusCode).toBe(401);
  });
});

describe('GET/PUT /api/companies/:id and POST /api/companies', () => {
  it.each([
    [DEMO.admin, 'Acme Solar', 200], [DEMO.support, 'Acme Solar', 200], [DEMO.acmeUser, 'Acme Solar', 200],
    [DEMO.brightOwner, 'Acme Solar', 404], [DEMO.contractor, 'Acme Solar', 404], [DEMO.acmeUser, 'Brightside Energy', 404],
  ])('read matrix: %s reads %s → %i', async (who, name, status) => {
    expect((await t.request('GET', `/api/companies/${co[name]}`, { token: await as(who) })).statusCode).toBe(status);
  });
  it.each([
    [DEMO.admin, 'Acme Solar', 200], [DEMO.acmeOwner, 'Acme Solar', 200], [DEMO.acmeUser, 'Acme Solar', 403],
    // A role that never edits a company is refused before anything else (role before body, platform/role-gates.ts).
    [DEMO.support, 'Acme Solar', 403], [DEMO.brightOwner, 'Acme Solar', 404], [DEMO.contractor, 'Acme Solar', 403],
  ])('update matrix: %s updates %s → %i', async (who, name, status) => {
    const res = await t.request('PUT', `/api/companies/${co[name]}`, { token: await as(who), body: { phone_number: '555-0199' } });
    expect(res.statusCode).toBe(status);
  });
  it('only staff choose the support contact, and it must be staff', async () => {
    const owner = await t.request('PUT', `/api/companies/${co['Acme Solar']}`, { token: await as(DEMO.acmeOwner), body: { support_contact_id: null } });
    expect(owner.statusCode).toBe(403);
    const users = (await t.request('GET', '/api/users?include_self=true', { token: await as(DEMO.admin) })).data;
    const installer = users.find((u: any) => u.email === DEMO.acmeUser).id;
    const bad = await t.request('PUT', `/api/companies/${co['Acme Solar']}`, { token: await as(DEMO.admin), body: { support_contact_id: installer } });
    expect(bad.statusCode).toBe(400);
  });
  it.each([
    [DEMO.admin, { name: 'Sunny Roofs' }, 201], [DEMO.support, { name: 'Other Co' }, 403],
    [DEMO.acmeOwner, { name: 'Other Co' }, 403], [DEMO.acmeUser, { name: 'Other Co' }, 403],
    [DEMO.admin, { name: 'acme solar' }, 409], [DEMO.admin, { name: '' }, 400], [DEMO.admin, { name: 'X', email: 'nope' }, 400],
  ])('create matrix: %s creates %j → %i', async (who, body, status) => {
    expect((await t.request('POST', '/api/companies', { token: await as(who), body })).statusCode).toBe(status);
  });
  it('refuses unknown fields on update', async () => {
    const res = await t.request('PUT', `/api/companies/${co['Acme Solar']}`, { token: await as(DEMO.admin), body: { is_internal: true } });
    expect(res.statusCode).toBe(400);
  });
});

describe('contacts, groups, states', () => {
  it('GET /api/companies/contacts answers the support contact of the caller\'s companies', async () => {
    const res = await t.request('GET', '/api/companies/contacts', { token: await as(DEMO.acmeUser) });
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual([{ company: { id: co['Acme Solar'], name: 'Acme Solar' }, contact: expect.objectContaining({ full_name: 'Sam Support', email: DEMO.support }) }]);
    const staff = await t.request('GET', '/api/companies/contacts', { token: await as(DEMO.admin) });
    expect(staff.data.map((r: any) => r.company.name).sort()).toEqual(['Acme Solar', 'Brightside Energy']);
  });
  it.each([[DEMO.admin, 200], [DEMO.support, 200], [DEMO.contractor, 403], [DEMO.acmeOwner, 403], [DEMO.acmeUser, 403]])(
    'GET /api/groups: %s → %i', async (who, status) => {
      const res = await t.request('GET', '/api/groups', { token: await as(who) });
      expect(res.statusCode).toBe(status);
      if (status === 200) expect(res.data[0]).toMatchObject({ name: 'Design Team', members: expect.arrayContaining([expect.objectContaining({ full_name: 'Dana Drafter' })]) });
    });
  it('GET /api/states lists US states with Puerto Rico, and Canadian provinces', async () => {
    const res = await t.request('GET', '/api/states', { token: await as(DEMO.acmeUser) });
    expect(res.statusCode).toBe(200);
    expect(res.data).toContainEqual({ id: expect.any(Number), name: 'Puerto Rico', abbreviation: 'PR', country: 'US' });
    expect(res.data).toContainEqual({ id: expect.any(Number), name: 'Ontario', abbreviation: 'ON', country: 'CA' });
    expect(res.data.filter((s: any) => s.country === 'US').length).toBeGreaterThanOrEqual(51);
    // US states before Canadian provinces (a US address meets Alabama first, not Alberta).
    const countries = res.data.map((s: any) => s.country).join('');
    expect(countries).toMatch(/^(US)+(CA)+$/);
    expect(res.data[0].name).toBe('Alabama');
  });
});
