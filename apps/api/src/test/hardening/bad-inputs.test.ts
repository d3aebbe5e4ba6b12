// Inputs that once answered 500 (found by an attack on the API) answer a clear 4xx in the envelope,
// and a bad job-list filter does not break the same filter for anyone else afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZErrorEnvelope } from '@sunstamp/domain/contracts/common';
import { createTestApp, DEMO, type TestApp } from '../test-app.ts';
import { multipart, PNG } from '../upload-fixtures.ts';

let t: TestApp;
let jobId: string;
let companyId: string;
beforeAll(async () => {
  t = await createTestApp();
  jobId = (await t.request('PUT', '/api/jobs', { token: await t.tokenOf(DEMO.acmeUser), body: { name: 'Bad inputs' } })).data.id;
  companyId = (await t.request('GET', '/api/companies', { token: await t.tokenOf(DEMO.acmeOwner) })).data[0].id;
});
afterAll(async () => { await t?.close(); });

function expectEnvelope(res: { statusCode: number; body: string }, status: number | number[]) {
  expect(Array.isArray(status) ? status : [status], res.body).toContain(res.statusCode);
  expect(ZErrorEnvelope.strict().safeParse(JSON.parse(res.body)).success, res.body).toBe(true);
}

describe('the seven inputs that answered 500 (defect 6)', () => {
  it('a state id of 2^31 or more', async () => {
    for (const state of [2 ** 31, 2 ** 53, 1e300]) {
      const res = await t.request('PUT', '/api/jobs', { token: await t.tokenOf(DEMO.acmeUser), body: { id: jobId, state } });
      expectEnvelope(res, 400);
    }
  });

  it('a lone UTF-16 surrogate in a body, a key, a query and a path', async () => {
    const token = await t.tokenOf(DEMO.acmeUser);
    for (const raw of ['{"id":"JOB","name":"\\ud800"}', '{"id":"JOB","name":"ok\\udc00x"}', '{"id":"JOB","arrays":[{"\\ud800":1}]}']) {
      const res = await t.request('PUT', '/api/jobs', { token, raw: raw.replace('JOB', jobId) });
      expectEnvelope(res, 400);
    }
    // A well-formed pair (an emoji) is fine.
    expect((await t.request('PUT', '/api/jobs', { token, body: { id: jobId, name: 'Roof \ud83c\udf1e' } })).statusCode).toBe(200);
    const q = await t.request('GET', '/api/jobs?search=%ED%A0%80', { token });
    expect([200, 400]).toContain(q.statusCode);
  });

  it('JSON nested thousands of levels deep', async () => {
    const token = await t.tokenOf(DEMO.acmeUser);
    for (const depth of [100, 2_600, 100_000]) {
      const raw = `{"id":"${jobId}","arrays":${'['.repeat(depth)}${']'.repeat(depth)}}`;
      expectEnvelope(await t.request('PUT', '/api/jobs', { token, raw }), 400);
    }
  });

  it('a year-0000 (or 10000) date filter, and the filter still works for everyone afterwards (defect 2)', async () => {
    const acme = await t.tokenOf(DEMO.acmeUser);
    const bright = await t.tokenOf(DEMO.brightOwner);
    for (const bad of ['0000-01-01', '0001-01-01T00:00:00Z', '1899-12-31', '2201-01-01', '+010000-01-01']) {
      expectEnvelope(await t.request('GET', `/api/jobs?updated_before=${encodeURIComponent(bad)}&status=Approved`, { token: acme }), 400);
      expectEnvelope(await t.request('GET', `/api/jobs?created_after=${encodeURIComponent(bad)}`, { token: acme }), 400);
    }
    for (const token of [acme, bright, acme]) {
      const ok = await t.request('GET', '/api/jobs?updated_before=2100-01-01&status=Approved', { token });
      expect(ok.statusCode, ok.body).toBe(200);
    }
  });

  it('PUT /api/companies/{id} with {}', async () => {
    expectEnvelope(await t.request('PUT', `/api/companies/${companyId}`, { token: await t.tokenOf(DEMO.admin), body: {} }), 400);
  });

  it('multipart without a boundary, and with more text fields than the limit', async () => {
    const token = await t.tokenOf(DEMO.acmeUser);
    const headers = { authorization: `Bearer ${token}`, 'x-csrftoken': await t.csrfFor(token) };
    const noBoundary = await t.app.inject({
      method: 'POST', url: `/api/jobs/${jobId}/files`, headers: { ...headers, 'content-type': 'multipart/form-data' }, payload: 'x',
    });
    expectEnvelope(noBoundary, [400, 415]);
    const many = multipart([
      ...Array.from({ length: 60 }, (_, i) => ({ name: `f${i}`, value: 'v' })),
      { name: 'files', filename: 'a.png', content: PNG },
    ]);
    const tooMany = await t.app.inject({
      method: 'POST', url: `/api/jobs/${jobId}/files`, headers: { ...headers, 'content-type': many.contentType }, payload: many.payload,
    });
    expectEnvelope(tooMany, [400, 413]);
    const cut = await t.app.inject({
      method: 'POST', url: `/api/jobs/${jobId}/files`, headers: { ...headers, 'content-type': many.contentType },
      payload: many.payload.subarray(0, 200),
    });
    expectEnvelope(cut, [400, 413]);
  });
});
