// Issue 29, item 4: a caller whose role can never use a route gets 403 before the body (or query)
// is validated, so a client learns "forbidden", not the schema's complaints. Staff with the same
// bad body still get the 400 naming the fields.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZErrorEnvelope } from '@sunstamp/domain/contracts/common';
import { createTestApp, DEMO, type TestApp } from '../test-app.ts';

let t: TestApp;
let jobId: string;
beforeAll(async () => {
  t = await createTestApp();
  jobId = (await t.request('PUT', '/api/jobs', { token: await t.tokenOf(DEMO.acmeUser), body: { name: 'Role before body' } })).data.id;
});
afterAll(async () => { await t?.close(); });

const UUID = '00000000-0000-4000-8000-000000000000';
const ROUTES = (): { method: 'PUT' | 'POST'; url: string; staff: string; bad: unknown[] }[] => [
  { method: 'PUT', url: '/api/option-lists/roof_types/order', staff: DEMO.admin, bad: [{}, { ids: 'x' }, { ids: [-1, 'a'] }] },
  { method: 'POST', url: '/api/equipment/import', staff: DEMO.admin, bad: [{}, { kind: 'x' }] },
  { method: 'PUT', url: `/api/jobs/${jobId}/design`, staff: DEMO.support, bad: [{}, { version: 'x', model: 1 }] },
  { method: 'POST', url: `/api/jobs/${jobId}/design/check`, staff: DEMO.support, bad: [{}, { model: 'x' }] },
  { method: 'PUT', url: `/api/content/items/${UUID}`, staff: DEMO.support, bad: [{}, { title: 5 }] },
];

describe('403 before the body is validated', () => {
  it.each([DEMO.acmeUser, DEMO.acmeOwner, DEMO.brightOwner])('%s gets 403 with a bad body on every listed staff route', async (who) => {
    const token = await t.tokenOf(who);
    for (const r of ROUTES()) {
      for (const body of r.bad) {
        const res = await t.request(r.method, r.url, { token, body });
        expect(res.statusCode, `${r.method} ${r.url} ${JSON.stringify(body)}: ${res.body}`).toBe(403);
        expect(ZErrorEnvelope.strict().safeParse(res.data).success).toBe(true);
        expect(res.data.args).toBeUndefined();
      }
    }
  });

  it('staff with the same bad bodies still get 400 naming the fields', async () => {
    for (const r of ROUTES()) {
      const token = await t.tokenOf(r.staff);
      const res = await t.request(r.method, r.url, { token, body: r.bad[r.bad.length - 1] });
      expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).toBe(400);
      expect(res.data.args?.length).toBeGreaterThan(0);
    }
  });

  it('a contractor passes the role check on the design routes (the job decides, after validation)', async () => {
    const token = await t.tokenOf(DEMO.contractor);
    const res = await t.request('PUT', `/api/jobs/${jobId}/design`, { token, body: {} });
    expect(res.statusCode).toBe(400);
  });
});
