import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { ahjs, jobs, states } from '../../db/schema.ts';
import { pinStateOf, zipStateOf } from '../../platform/geocoder.ts';

/**
 * Issue 29, item 6: an Austin street, a Texas ZIP and an Austin pin saved with state Arizona and
 * the City of Phoenix as AHJ may be kept as a draft, but not submitted: 422 naming the fields.
 */
let t: TestApp;
const st: Record<string, number> = {};
let phoenix = '';
let austinAhj = '';
beforeAll(async () => {
  t = await createTestApp();
  for (const s of await t.database.db.select().from(states)) st[s.abbreviation] = s.id;
  // AHJs of this file's own (names no other test uses).
  const [p] = await t.database.db.insert(ahjs).values({ name: 'City of Phoenix (agreement test)', state: 'AZ', jurisdictionType: 'City' }).returning({ id: ahjs.id });
  phoenix = p!.id;
  const [a] = await t.database.db.insert(ahjs).values({ name: 'City of Austin (agreement test)', state: 'TX', jurisdictionType: 'City' }).returning({ id: ahjs.id });
  austinAhj = a!.id;
});
afterAll(async () => { await t?.close(); });

const call = async (who: string, method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown) =>
  t.request(method, url, { token: await t.tokenOf(who), body });

const AUSTIN = { client_street_address: '4512 Ramsey Ave', city: 'Austin', client_zip_code: '78756', latitude: 30.3166, longitude: -97.7431 };
const READY = { name: 'Agreement Residence', client_name: 'Ana Agreement', services_requested: ['structural_roof_letter'] };

async function draft(body: Record<string, unknown>) {
  const res = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { ...READY, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.data.id as string;
}

describe('the ZIP and pin datasets', () => {
  it('know the ZIP\'s state and a pin far from its state, and give a border pin the benefit of the doubt', () => {
    expect(zipStateOf('78756')).toEqual({ name: 'Texas', abbreviation: 'TX' });
    expect(zipStateOf('78756-1234')?.abbreviation).toBe('TX');
    expect(zipStateOf('abc')).toBeNull();
    expect(pinStateOf(30.3166, -97.7431, 'AZ')?.abbreviation).toBe('TX');
    expect(pinStateOf(30.3166, -97.7431, 'TX')).toBeNull();
    // Texarkana, TX: ZIP centres of Arkansas are nearer than some of Texas's, but Texas is within reach.
    expect(pinStateOf(33.4251, -94.0477, 'TX')).toBeNull();
    expect(pinStateOf(33.4251, -94.0477, 'AR')).toBeNull();
  });
});

describe('POST /api/jobs/{id}/submit: state, ZIP and pin agree', () => {
  it('refuses the Austin address with state Arizona and AHJ City of Phoenix with 422 naming state, ZIP and pin', async () => {
    const id = await draft({ ...AUSTIN, state: st.AZ, ahj_id: phoenix });
    const res = await call(DEMO.acmeUser, 'POST', `/api/jobs/${id}/submit`);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.data.message).toMatch(/does not agree/);
    const fields = res.data.args.map((a: Record<string, string>) => Object.keys(a)[0]);
    expect(fields).toEqual(['state', 'client_zip_code', 'latitude']);
    expect(res.data.args[0].state).toBe('ZIP 78756 is in Texas (TX), but the state is Arizona (AZ): correct the state or the ZIP.');
    expect(res.data.args[2].latitude).toMatch(/map pin is in Texas \(TX\)/);
    // Still a draft.
    expect((await call(DEMO.acmeUser, 'GET', `/api/jobs/${id}`)).data.status).toBe('Draft');
  });
  it('names the AHJ when only it is of another state (a job stored before the save check)', async () => {
    const id = await draft({ ...AUSTIN, state: st.TX, ahj_id: austinAhj });
    // Written straight to the row, as an older job could hold it.
    await t.database.db.update(jobs).set({ ahjId: phoenix }).where(eq(jobs.id, id));
    const res = await call(DEMO.acmeUser, 'POST', `/api/jobs/${id}/submit`);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.data.args).toEqual([{ ahj_id: expect.stringMatching(/^City of Phoenix \(agreement test\) is in AZ, the site is in Texas \(TX\)/) }]);
  });
  it('submits when they agree, and when the ZIP or pin is unknown', async () => {
    const agree = await draft({ ...AUSTIN, state: st.TX, ahj_id: austinAhj });
    expect((await call(DEMO.acmeUser, 'POST', `/api/jobs/${agree}/submit`)).statusCode).toBe(200);
    const noPin = await draft({ client_street_address: '1 Main St', state: st.TX, client_zip_code: '' });
    expect((await call(DEMO.acmeUser, 'POST', `/api/jobs/${noPin}/submit`)).statusCode).toBe(200);
  });
});

describe('GET /api/geocode/agreement', () => {
  it('answers the same problems the submit would, and none when they agree', async () => {
    const bad = await call(DEMO.acmeUser, 'GET', `/api/geocode/agreement?state=${st.AZ}&zip=78756&lat=30.3166&lng=-97.7431`);
    expect(bad.statusCode, bad.body).toBe(200);
    expect(bad.data.problems.map((a: Record<string, string>) => Object.keys(a)[0])).toEqual(['state', 'client_zip_code', 'latitude']);
    const ok = await call(DEMO.acmeUser, 'GET', `/api/geocode/agreement?state=${st.TX}&zip=78756&lat=30.3166&lng=-97.7431`);
    expect(ok.data.problems).toEqual([]);
    expect((await call(DEMO.acmeUser, 'GET', '/api/geocode/agreement?zip=')).data.problems).toEqual([]);
  });
  it('refuses a bad query with 400 and needs sign-in', async () => {
    expect((await call(DEMO.acmeUser, 'GET', '/api/geocode/agreement?lat=91')).statusCode).toBe(400);
    expect((await call(DEMO.acmeUser, 'GET', '/api/geocode/agreement?state=x')).statusCode).toBe(400);
    // Past PostgreSQL's integer (the fuzz test found a 500 here on PostgreSQL).
    expect((await call(DEMO.acmeUser, 'GET', '/api/geocode/agreement?state=2147483648')).statusCode).toBe(400);
    expect((await t.request('GET', '/api/geocode/agreement?zip=78756')).statusCode).toBe(401);
  });
});
