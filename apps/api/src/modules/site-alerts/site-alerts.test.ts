import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let acme: string;
let bright: string;
const HOUR = 3600_000;

beforeAll(async () => {
  t = await createTestApp();
  const q = async (name: string) => (await t.database.query<{ id: string }>(`select id::text as id from companies where name = '${name}'`))[0]!.id;
  acme = await q('Acme Solar');
  bright = await q('Brightside Energy');
}, 60_000);
afterAll(async () => { await t?.close(); });

const as = async (email: string) => t.tokenOf(email);
/** The alerts /users/me gives a person now (the me cache lives 3 s of real time, so it is dropped first). */
async function alertsOf(email: string): Promise<string[]> {
  await t.app.ctx.cache.invalidateAll();
  const me = await t.request('GET', '/api/users/me', { token: await as(email) });
  expect(me.statusCode).toBe(200);
  return me.data.site_alerts.map((a: { message: string }) => a.message);
}
async function create(body: Record<string, unknown>, email: string = DEMO.admin) {
  return t.request('POST', '/api/site-alerts', { token: await as(email), body });
}

describe('site alerts: writing them', () => {
  it('only an admin lists, creates, edits, expires and deletes alerts', async () => {
    for (const who of [DEMO.support, DEMO.contractor, DEMO.acmeOwner, DEMO.acmeUser]) {
      const token = await as(who);
      expect((await t.request('GET', '/api/site-alerts', { token })).statusCode).toBe(403);
      expect((await create({ message: 'Nope' }, who)).statusCode).toBe(403);
    }
    expect((await t.request('GET', '/api/site-alerts')).statusCode).toBe(401);
    const made = await create({ message: 'Maintenance on Saturday 8–9 pm', severity: 'warning' });
    expect(made.statusCode).toBe(201);
    expect(made.data).toMatchObject({ message: 'Maintenance on Saturday 8–9 pm', severity: 'warning', status: 'live', roles: null, companies: null, dismissed_count: 0 });
    expect(made.data.created_by).toBeTruthy();
    const token = await as(DEMO.admin);
    const edited = await t.request('PUT', `/api/site-alerts/${made.data.id}`, { token, body: { message: 'Maintenance moved to Sunday', severity: 'info' } });
    expect(edited.statusCode).toBe(200);
    expect(edited.data.message).toBe('Maintenance moved to Sunday');
    const expired = await t.request('POST', `/api/site-alerts/${made.data.id}/expire`, { token, body: {} });
    expect(expired.data.status).toBe('expired');
    expect(await alertsOf(DEMO.acmeUser)).not.toContain('Maintenance moved to Sunday');
    const listed = await t.request('GET', '/api/site-alerts', { token });
    expect(listed.data.find((a: { id: string }) => a.id === made.data.id)?.status).toBe('expired');
    expect((await t.request('DELETE', `/api/site-alerts/${made.data.id}`, { token })).statusCode).toBe(204);
    expect((await t.request('DELETE', `/api/site-alerts/${made.data.id}`, { token })).statusCode).toBe(404);
    expect((await t.request('PUT', `/api/site-alerts/${made.data.id}`, { token, body: { message: 'x' } })).statusCode).toBe(404);
  });

  it('refuses bad input with the field named', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'message'],
      [{ message: '   ' }, 'message'],
      [{ message: 'x'.repeat(1001) }, 'message'],
      [{ message: 'Hi', severity: 'panic' }, 'severity'],
      [{ message: 'Hi', starts_at: 'tomorrow' }, 'starts_at'],
      [{ message: 'Hi', starts_at: '2026-12-02T00:00:00Z', ends_at: '2026-12-01T00:00:00Z' }, 'ends_at'],
      [{ message: 'Hi', roles: ['owner'] }, 'roles'],
      [{ message: 'Hi', roles: ['user', 'user'] }, 'roles'],
      [{ message: 'Hi', company_ids: ['acme'] }, 'company_ids'],
      [{ message: 'Hi', company_ids: ['00000000-0000-4000-8000-000000000000'] }, 'company_ids'],
      [{ message: 'Hi', colour: 'red' }, ''],
    ];
    for (const [body, field] of cases) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.data.message).toBe('Some fields are invalid.');
      if (field) expect(JSON.stringify(res.data.args), JSON.stringify(body)).toContain(field);
    }
    const token = await as(DEMO.admin);
    expect((await t.request('POST', '/api/site-alerts/not-an-id/expire', { token, body: {} })).statusCode).toBe(404);
    expect((await t.request('POST', '/api/site-alerts/not-an-id/dismiss', { token, body: {} })).statusCode).toBe(404);
  });
});

describe('site alerts: who sees them, and when', () => {
  it('shows an alert only inside its window', async () => {
    const now = t.clock.now().getTime();
    const made = await create({
      message: 'Holiday hours next week',
      starts_at: new Date(now + HOUR).toISOString(),
      ends_at: new Date(now + 3 * HOUR).toISOString(),
    });
    expect(made.data.status).toBe('scheduled');
    expect(await alertsOf(DEMO.acmeUser)).not.toContain('Holiday hours next week');
    t.clock.advance(2 * HOUR);
    expect(await alertsOf(DEMO.acmeUser)).toContain('Holiday hours next week');
    t.clock.advance(2 * HOUR);
    expect(await alertsOf(DEMO.acmeUser)).not.toContain('Holiday hours next week');
  });

  it('narrows by role and by company; staff miss a client-company alert', async () => {
    await create({ message: 'For staff only', roles: ['admin', 'support', 'contractor'] });
    await create({ message: 'For Acme', company_ids: [acme] });
    await create({ message: 'For Bright owners', roles: ['user_admin'], company_ids: [bright] });
    expect(await alertsOf(DEMO.support)).toEqual(expect.arrayContaining(['For staff only']));
    expect(await alertsOf(DEMO.support)).not.toContain('For Acme');
    expect(await alertsOf(DEMO.acmeUser)).toContain('For Acme');
    expect(await alertsOf(DEMO.acmeUser)).not.toContain('For staff only');
    expect(await alertsOf(DEMO.acmeOwner)).not.toContain('For Bright owners');
    expect(await alertsOf(DEMO.brightOwner)).toContain('For Bright owners');
    expect(await alertsOf(DEMO.brightOwner)).not.toContain('For Acme');
  });

  it('a closed alert stays closed for that person only, on every device; others cannot close what they do not see', async () => {
    const made = await create({ message: 'Try the new job page' });
    const id = made.data.id as string;
    const acmeUser = await as(DEMO.acmeUser);
    expect((await t.request('POST', `/api/site-alerts/${id}/dismiss`, { token: acmeUser, body: {} })).statusCode).toBe(204);
    // Again (a second tab): still fine.
    expect((await t.request('POST', `/api/site-alerts/${id}/dismiss`, { token: acmeUser, body: {} })).statusCode).toBe(204);
    expect(await alertsOf(DEMO.acmeUser)).not.toContain('Try the new job page');
    expect(await alertsOf(DEMO.acmeOwner)).toContain('Try the new job page');
    const listed = await t.request('GET', '/api/site-alerts', { token: await as(DEMO.admin) });
    expect(listed.data.find((a: { id: string }) => a.id === id)?.dismissed_count).toBe(1);

    const acmeOnly = await create({ message: 'Acme billing change', company_ids: [acme] });
    const bright = await as(DEMO.brightOwner);
    expect((await t.request('POST', `/api/site-alerts/${acmeOnly.data.id}/dismiss`, { token: bright, body: {} })).statusCode).toBe(404);
    expect((await t.request('POST', `/api/site-alerts/${id}/dismiss`, { body: {} })).statusCode).toBe(401);
  });
});
