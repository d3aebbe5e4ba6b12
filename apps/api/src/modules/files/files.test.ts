import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { EXE, file, PDF, PNG, postMultipart, type Part } from '../../test/upload-fixtures.ts';
import { users } from '../../db/schema.ts';

let t: TestApp;
const uid: Record<string, string> = {};
const HEIC = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'tiny.heic'));
const upload = (who: string, jobId: string, parts: Part[]) => postMultipart(t, `/api/jobs/${jobId}/files`, parts, { as: who });
const call = async (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  t.request(method, url, { token: await t.tokenOf(who), body });

let acmeJob: string;
let brightJob: string;
beforeAll(async () => {
  t = await createTestApp();
  for (const u of await t.database.db.select().from(users)) uid[u.email] = u.id;
  acmeJob = (await call(DEMO.acmeUser, 'PUT', '/api/jobs', { name: 'Files', arrays: [{}, {}] })).data.id;
  brightJob = (await call(DEMO.brightOwner, 'PUT', '/api/jobs', { name: 'Bright files' })).data.id;
});
afterAll(async () => { await t?.close(); });

describe('POST /api/jobs/:id/files', () => {
  it('stores one or many files with their category and answers them', async () => {
    const res = await upload(DEMO.acmeUser, acmeJob, [
      { name: 'category', value: 'Extra Sheets' }, file('site.png', PNG), file('plan.pdf', PDF), { name: 'ahjs', value: '[]' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.data).toEqual([
      expect.objectContaining({ name: 'site.png', mime: 'image/png', category: 'Extra Sheets', kind: 'job_file', size: PNG.length, has_preview: true }),
      expect.objectContaining({ name: 'plan.pdf', mime: 'application/pdf', has_preview: false, preview_url: null }),
    ]);
    const dl = await call(DEMO.acmeOwner, 'GET', `/api/files/${res.data[1].id}/download`);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['content-disposition']).toContain('attachment; filename="plan.pdf"');
    expect(dl.rawPayload.equals(PDF)).toBe(true);
    const job = (await call(DEMO.acmeUser, 'GET', `/api/jobs/${acmeJob}`)).data;
    expect(job.job_files.map((f: any) => f.name)).toEqual(expect.arrayContaining(['site.png', 'plan.pdf']));
  });
  it('accepts a real HEIC and serves a JPEG preview', async () => {
    const res = await upload(DEMO.acmeUser, acmeJob, [file('roof.HEIC', HEIC), { name: 'kind', value: 'attic' }, { name: 'array_index', value: '1' }]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.data[0]).toMatchObject({ mime: 'image/heic', kind: 'attic', array_index: 1, has_preview: true });
    // Decoded on a worker thread after the answer: a placeholder until the JPEG is ready.
    let pv = await call(DEMO.acmeUser, 'GET', `/api/files/${res.data[0].id}/preview`);
    for (let i = 0; i < 200 && pv.headers['x-preview-status'] === 'pending'; i++) {
      expect(pv.headers['content-type']).toBe('image/svg+xml');
      await new Promise((r) => setTimeout(r, 50));
      pv = await call(DEMO.acmeUser, 'GET', `/api/files/${res.data[0].id}/preview`);
    }
    expect(pv.statusCode).toBe(200);
    expect(pv.headers['x-preview-status']).toBe('ready');
    expect(pv.headers['content-type']).toBe('image/jpeg');
    expect([...pv.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const job = (await call(DEMO.acmeUser, 'GET', `/api/jobs/${acmeJob}`)).data;
    expect(job.arrays[1].attic_images).toEqual([expect.objectContaining({ id: res.data[0].id })]);
    expect(job.arrays[0].attic_images).toEqual([]);
  });
  it('refuses a mislabelled file with 415', async () => {
    const res = await upload(DEMO.acmeUser, acmeJob, [file('photo.jpg', PNG)]);
    expect(res.statusCode).toBe(415);
    expect(res.data.message).toBe('"photo.jpg" does not contain what its extension says: its content is PNG.');
  });
  it('refuses a renamed executable with 415, and stores nothing of the request', async () => {
    const before = (await call(DEMO.acmeUser, 'GET', `/api/jobs/${acmeJob}/files`)).data.length;
    const res = await upload(DEMO.acmeUser, acmeJob, [file('ok.png', PNG), file('invoice.pdf', EXE)]);
    expect(res.statusCode).toBe(415);
    expect(res.data.message).toBe('"invoice.pdf" is a program (pe); programs cannot be uploaded.');
    expect((await call(DEMO.acmeUser, 'GET', `/api/jobs/${acmeJob}/files`)).data.length).toBe(before);
  });
  it('refuses a non-image where an image is required, and unknown content', async () => {
    expect((await upload(DEMO.acmeUser, acmeJob, [file('layout.pdf', PDF), { name: 'kind', value: 'panel_layout' }])).statusCode).toBe(415);
    expect((await upload(DEMO.acmeUser, acmeJob, [file('blob.bin', Buffer.from([0, 1, 2, 3, 0, 0, 255]))])).statusCode).toBe(415);
  });
  it('refuses a file over 50 MB with 413', async () => {
    const big = Buffer.alloc(50 * 1024 * 1024 + 1, 0x20);
    big.write('%PDF-1.4\n');
    const res = await upload(DEMO.acmeUser, acmeJob, [file('huge.pdf', big)]);
    expect(res.statusCode).toBe(413);
    expect(res.data.message).toBe('A file is larger than the 50 MB limit.');
  });
  it('refuses more than 20 files with 413', async () => {
    const res = await upload(DEMO.acmeUser, acmeJob, Array.from({ length: 21 }, (_, i) => file(`p${i}.png`, PNG)));
    expect(res.statusCode).toBe(413);
    expect(res.data.message).toBe('At most 20 files can be uploaded at once.');
  });
  it.each([
    ['no file', [{ name: 'category', value: 'General' }], 400],
    ['an unknown category', [{ name: 'category', value: 'Secret' }, { name: 'files', filename: 'a.png', content: PNG }], 400],
    ['an unknown kind', [{ name: 'kind', value: 'virus' }, { name: 'files', filename: 'a.png', content: PNG }], 400],
    ['an array image without array index', [{ name: 'kind', value: 'beam_size' }, { name: 'files', filename: 'a.png', content: PNG }], 400],
    ['an array index past the arrays', [{ name: 'kind', value: 'beam_space' }, { name: 'array_index', value: '5' }, { name: 'files', filename: 'a.png', content: PNG }], 400],
    ['bad ahjs', [{ name: 'ahjs', value: '["nope"]' }, { name: 'files', filename: 'a.png', content: PNG }], 400],
    ['an unexpected file field', [{ name: 'other', filename: 'a.png', content: PNG }], 400],
    ['a staff-only kind from a client', [{ name: 'kind', value: 'letter' }, { name: 'files', filename: 'a.pdf', content: PDF }], 403],
  ] as [string, Part[], number][])('refuses %s', async (_n, parts, status) => {
    const res = await upload(DEMO.acmeUser, acmeJob, parts);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.data.message).toBeTruthy();
  });
  it('refuses a JSON body with 415', async () => {
    const res = await call(DEMO.acmeUser, 'POST', `/api/jobs/${acmeJob}/files`, { files: [] });
    expect(res.statusCode).toBe(415);
  });
  it('accepts a verification file part', async () => {
    const res = await upload(DEMO.acmeUser, acmeJob, [file('license.pdf', PDF, 'verification_file')]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.data[0].verification_file).toBe(true);
  });
});

describe('role × route matrix for files', () => {
  let pdfId: string;
  let internalId: string;
  beforeAll(async () => {
    pdfId = (await upload(DEMO.acmeUser, acmeJob, [file('matrix.pdf', PDF)])).data[0].id;
    internalId = (await upload(DEMO.support, acmeJob, [file('notes.pdf', PDF), { name: 'kind', value: 'internal' }])).data[0].id;
  });
  it.each([
    [DEMO.admin, 201, 200, 200], [DEMO.support, 201, 200, 200], [DEMO.contractor, 404, 404, 404],
    [DEMO.acmeOwner, 201, 200, 200], [DEMO.acmeUser, 201, 200, 200], [DEMO.brightOwner, 404, 404, 404],
  ])('%s: upload %i, list %i, download %i', async (who, up, list, dl) => {
    expect((await upload(who, acmeJob, [file('m.png', PNG)])).statusCode).toBe(up);
    expect((await call(who, 'GET', `/api/jobs/${acmeJob}/files`)).statusCode).toBe(list);
    expect((await call(who, 'GET', `/api/files/${pdfId}/download`)).statusCode).toBe(dl);
  });
  it('clients never see internal files; staff do', async () => {
    expect((await call(DEMO.acmeUser, 'GET', `/api/files/${internalId}/download`)).statusCode).toBe(404);
    expect((await call(DEMO.acmeUser, 'GET', `/api/jobs/${acmeJob}/files`)).data.some((f: any) => f.id === internalId)).toBe(false);
    expect((await call(DEMO.support, 'GET', `/api/jobs/${acmeJob}/files`)).data.some((f: any) => f.id === internalId)).toBe(true);
  });
  it('an assigned contractor uploads, lists and downloads', async () => {
    const job = (await call(DEMO.brightOwner, 'PUT', '/api/jobs', { name: 'To draft', client_street_address: '9 Bay Rd', services_requested: ['cad_packet'] })).data.id;
    await call(DEMO.brightOwner, 'POST', `/api/jobs/${job}/submit`);
    await call(DEMO.admin, 'POST', `/api/jobs/${job}/assign`, { assignee_id: uid[DEMO.contractor] });
    const up = await upload(DEMO.contractor, job, [file('cad.pdf', PDF), { name: 'kind', value: 'cad' }]);
    expect(up.statusCode).toBe(201);
    expect((await call(DEMO.contractor, 'GET', `/api/jobs/${job}/files`)).data).toHaveLength(1);
    expect((await call(DEMO.contractor, 'GET', `/api/files/${up.data[0].id}/download`)).statusCode).toBe(200);
    expect((await call(DEMO.acmeUser, 'GET', `/api/files/${up.data[0].id}/download`)).statusCode).toBe(404);
  });
  it('another company\'s job answers 404 on every file route', async () => {
    const b = (await upload(DEMO.brightOwner, brightJob, [file('b.png', PNG)])).data[0].id;
    expect((await upload(DEMO.acmeUser, brightJob, [file('x.png', PNG)])).statusCode).toBe(404);
    expect((await call(DEMO.acmeUser, 'GET', `/api/jobs/${brightJob}/files`)).statusCode).toBe(404);
    expect((await call(DEMO.acmeUser, 'GET', `/api/files/${b}/download`)).statusCode).toBe(404);
    expect((await call(DEMO.acmeUser, 'GET', `/api/files/${b}/preview`)).statusCode).toBe(404);
    expect((await call(DEMO.acmeUser, 'DELETE', `/api/files/${b}`)).statusCode).toBe(404);
    expect((await call(DEMO.acmeUser, 'GET', '/api/files/not-an-id/download')).statusCode).toBe(404);
    expect((await call(DEMO.acmeUser, 'DELETE', '/api/files/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
  it('a PDF has no preview', async () => {
    const res = await call(DEMO.acmeUser, 'GET', `/api/files/${pdfId}/preview`);
    expect(res.statusCode).toBe(404);
    expect(res.data.message).toBe('This file has no preview.');
  });
});

describe('DELETE /api/files/:id', () => {
  it('writes the deletion event for the file\'s kind', async () => {
    const cases: [string, string, string, string][] = [
      [DEMO.support, 'letter', 'letter.pdf', 'Letter Deleted'],
      [DEMO.support, 'cad', 'cad.pdf', 'CAD Deleted'],
      [DEMO.support, 'internal', 'int.pdf', 'Internal File Deleted'],
      [DEMO.acmeUser, 'cad_intake_form', 'intake.pdf', 'CAD Intake Form Deleted'],
      [DEMO.support, 'finished_file', 'final.pdf', 'Finished File Deleted'],
      [DEMO.acmeUser, 'job_file', 'client.pdf', 'Client Upload Deleted'],
      [DEMO.support, 'job_file', 'staff.pdf', 'Internal File Deleted'],
    ];
    for (const [who, kind, name, label] of cases) {
      const up = await upload(who, acmeJob, [file(name, PDF), { name: 'kind', value: kind }]);
      expect(up.statusCode, up.body).toBe(201);
      const del = await call(DEMO.admin, 'DELETE', `/api/files/${up.data[0].id}`);
      expect(del.statusCode).toBe(204);
      const h = (await call(DEMO.admin, 'GET', `/api/jobs/${acmeJob}/history`)).data.at(-1);
      expect(h).toMatchObject({ label, data: expect.objectContaining({ name, kind }) });
      expect((await call(DEMO.admin, 'GET', `/api/files/${up.data[0].id}/download`)).statusCode).toBe(404);
    }
  });
  it('a client deletes its own uploads but not staff files', async () => {
    const mine = (await upload(DEMO.acmeUser, acmeJob, [file('mine.pdf', PDF)])).data[0].id;
    const staff = (await upload(DEMO.support, acmeJob, [file('letter.pdf', PDF), { name: 'kind', value: 'letter' }])).data[0].id;
    expect((await call(DEMO.acmeOwner, 'DELETE', `/api/files/${staff}`)).statusCode).toBe(403);
    expect((await call(DEMO.acmeOwner, 'DELETE', `/api/files/${mine}`)).statusCode).toBe(204);
  });
});
