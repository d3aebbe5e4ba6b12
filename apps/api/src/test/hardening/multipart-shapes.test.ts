// Issue 29, item 3: multipart without a boundary, or with 21–25 text fields beside a file, or
// cut short, is a 4xx in the envelope on every import and upload route, never a 500. Runs on
// PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../test-app.ts';
import { expectEnvelope, IMPORTS, sendRaw } from './raw-requests.ts';
import { eq } from 'drizzle-orm';
import { multipart, PNG, type Part } from '../upload-fixtures.ts';
import { fixtureEngineer } from '../deliverables-fixtures.ts';
import { companies } from '../../db/schema.ts';

let t: TestApp;
let jobId: string;
let engineerId: string;
let acmeId: string;
beforeAll(async () => {
  t = await createTestApp();
  jobId = (await t.request('PUT', '/api/jobs', { token: await t.tokenOf(DEMO.acmeUser), body: { name: 'Imports and uploads' } })).data.id;
  engineerId = await fixtureEngineer(t);
  const [acme] = await t.database.db.select({ id: companies.id }).from(companies).where(eq(companies.name, 'Acme Solar'));
  acmeId = acme!.id;
});
afterAll(async () => { await t?.close(); });

const send = (url: string, o: Parameters<typeof sendRaw>[2]) => sendRaw(t, url, o);

describe('multipart shapes that answered 500 (item 3)', () => {
  it.each(IMPORTS)('%s: multipart/form-data without a boundary is 400', async (url) => {
    for (const payload of ['x', '', 'name,state\nA,CO\n']) {
      const res = await send(url, { contentType: 'multipart/form-data', payload });
      expectEnvelope(res, 400);
    }
    expectEnvelope(await send(url, { contentType: 'multipart/form-data; boundary=', payload: 'x' }), 400);
    // Found by the multipart fuzz: busboy throws on a boundary over 256 characters.
    expectEnvelope(await send(url, { contentType: `multipart/form-data; boundary=${'b'.repeat(300)}`, payload: 'x' }), 400);
  });

  const fieldsThenFile = (n: number, fileName = 'files'): Part[] => [
    ...Array.from({ length: n }, (_, i) => ({ name: `field${i}`, value: 'v' })),
    { name: fileName, filename: 'a.png', content: PNG, type: 'image/png' },
  ];
  const uploads = () => [
    { url: `/api/jobs/${jobId}/files`, as: DEMO.acmeUser },
    { url: `/api/jobs/${jobId}/messages/files`, as: DEMO.acmeUser },
    { url: `/api/requirements/company/${acmeId}/files/contractor_stamp`, as: DEMO.acmeOwner },
    { url: `/api/engineers/${engineerId}/seal`, as: DEMO.admin },
    ...IMPORTS.map((url) => ({ url, as: DEMO.admin })),
  ];

  it('1 to 30 text fields plus a file on every upload and import route: never a 5xx, every error in the envelope', async () => {
    for (const { url, as } of uploads()) {
      for (const n of [1, 2, 3, 5, 10, 11, 19, 20, 21, 22, 23, 24, 25, 26, 30]) {
        const form = multipart(fieldsThenFile(n, url.includes('/import') ? 'file' : 'files'));
        const res = await send(url, { as, contentType: form.contentType, payload: form.payload });
        expect(res.statusCode, `${url} with ${n} fields: ${res.body}`).toBeLessThan(500);
        if (res.statusCode >= 400) expectEnvelope(res, res.statusCode);
      }
    }
  }, 120_000);

  it('21 to 25 text fields plus a file on POST /jobs/{id}/files are 413 "too many fields"', async () => {
    for (const n of [21, 22, 23, 24, 25]) {
      const form = multipart(fieldsThenFile(n));
      const res = await send(`/api/jobs/${jobId}/files`, { as: DEMO.acmeUser, contentType: form.contentType, payload: form.payload });
      expectEnvelope(res, 413);
      expect(JSON.parse(res.body).message).toBe('The upload has too many fields.');
    }
  });

  it('a file first, then too many fields; a body cut inside a part; a boundary that never closes', async () => {
    for (const { url, as } of uploads()) {
      const name = url.includes('/import') ? 'file' : 'files';
      const late = multipart([{ name, filename: 'a.png', content: PNG, type: 'image/png' }, ...Array.from({ length: 40 }, (_, i) => ({ name: `f${i}`, value: 'v' }))]);
      const cut = multipart(fieldsThenFile(3, name));
      for (const [payload, contentType] of [
        [late.payload, late.contentType],
        [cut.payload.subarray(0, cut.payload.length - 30), cut.contentType],
        [Buffer.from('--nope\r\nContent-Disposition: form-data; name="x"\r\n\r\nv'), 'multipart/form-data; boundary=nope'],
      ] as const) {
        const res = await send(url, { as, contentType, payload });
        expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
        if (res.statusCode >= 400) expectEnvelope(res, res.statusCode);
      }
    }
  });
});
