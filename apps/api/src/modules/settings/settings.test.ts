import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';

/*
 * The firm's time zone (GET / PUT /api/settings/time-zone): the calendar day its documents print.
 * Staff read it, an admin changes it, bad names are a 400 naming the field; its effect on a seal's
 * printed date is tested with the seal (deliverables/seal.test.ts).
 */

let t: TestApp;
const call = async (who: string | null, method: 'GET' | 'PUT', body?: unknown) =>
  t.request(method, '/api/settings/time-zone', { token: who ? await t.tokenOf(who) : undefined, body });

beforeAll(async () => { t = await createTestApp(); }, 120_000);
afterAll(async () => { await t?.close(); });

describe('the time zone of document dates', () => {
  it('is UTC until an admin sets one; the admin sets it, spelled as the runtime spells it', async () => {
    try {
      expect((await call(DEMO.support, 'GET')).data).toEqual({ time_zone: 'UTC' });
      const put = await call(DEMO.admin, 'PUT', { time_zone: 'america/chicago' });
      expect([put.statusCode, put.data]).toEqual([200, { time_zone: 'America/Chicago' }]);
      expect((await call(DEMO.admin, 'GET')).data).toEqual({ time_zone: 'America/Chicago' });
    } finally {
      await call(DEMO.admin, 'PUT', { time_zone: 'UTC' });
    }
  });

  it.each([
    [{ time_zone: 'Texas' }, 'Unknown time zone: choose one from the list, such as America/Chicago.'],
    [{ time_zone: 'America/Springfield' }, 'Unknown time zone: choose one from the list, such as America/Chicago.'],
    [{ time_zone: '' }, 'Choose a time zone.'],
    [{ time_zone: 'x'.repeat(65) }, undefined],
    [{ time_zone: 7 }, undefined],
    [{}, undefined],
    [{ time_zone: 'UTC', zone: 'UTC' }, undefined],
  ])('refuses %j with a 400 naming the field', async (body, message) => {
    const r = await call(DEMO.admin, 'PUT', body);
    expect(r.statusCode, r.body).toBe(400);
    if (message) expect(JSON.stringify(r.data)).toContain(message);
    expect((await call(DEMO.admin, 'GET')).data).toEqual({ time_zone: 'UTC' });
  });

  it.each([
    [null, 401, 401], [DEMO.admin, 200, 200], [DEMO.support, 200, 403], [DEMO.contractor, 403, 403],
    [DEMO.acmeOwner, 403, 403], [DEMO.acmeUser, 403, 403], [DEMO.brightOwner, 403, 403],
  ])('%s reads it: %i, changes it: %i', async (who, read, change) => {
    expect((await call(who, 'GET')).statusCode).toBe(read);
    expect((await call(who, 'PUT', { time_zone: 'UTC' })).statusCode).toBe(change);
  });
});
