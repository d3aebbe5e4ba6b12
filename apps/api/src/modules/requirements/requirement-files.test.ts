import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { ELF, EXE, file, GIF, JPEG, PDF, PNG, postMultipart, type Part } from '../../test/upload-fixtures.ts';
import { companies, requirementFiles } from '../../db/schema.ts';

/*
 * Requirement files: upload, download, replace and remove the file of a file
 * requirement at a scope, checked by content, with the roles of PUT /requirements.
 */

let t: TestApp;
const co: Record<string, string> = {};
let ahjId = '';
let utilityId = '';
const MISSING = '00000000-0000-4000-8000-000000000000';

const upload = (who: string, scope: string, key: string, parts: Part[], o: { csrf?: boolean } = {}) =>
  postMultipart(t, `/api/requirements/${scope}/files/${key}`, parts, { as: who, csrf: o.csrf });
const call = async (who: string, method: 'GET' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  t.request(method, url, { token: await t.tokenOf(who), body });
const download = (who: string, id: string) => call(who, 'GET', `/api/requirements/files/${id}/download`);
const values = async (scope: string) => (await call(DEMO.admin, 'GET', `/api/requirements/${scope}`)).data.values;
const stored = (scope: string, id: string) => path.join(t.app.ctx.config.dataDir, 'files', 'requirements', scope, id);
const tempFiles = () => fs.readdirSync(path.join(t.app.ctx.config.dataDir, 'files', '.tmp'));

const acme = () => `company/${co['Acme Solar']}`;
const bright = () => `company/${co['Brightside Energy']}`;
const ahj = () => `ahj/${ahjId}`;
const utility = () => `utility/${utilityId}`;

beforeAll(async () => {
  t = await createTestApp();
  for (const c of await t.database.db.select().from(companies)) co[c.name] = c.id;
  ahjId = (await t.request('POST', '/api/ahjs', { token: await t.tokenOf(DEMO.admin), body: { name: 'Miami-Dade County', state: 'FL', jurisdiction_type: 'County' } })).data.id;
  utilityId = (await t.request('POST', '/api/utilities', { token: await t.tokenOf(DEMO.admin), body: { name: 'Florida Power & Light', states: ['FL'] } })).data.id;
});
afterAll(async () => { await t?.close(); });

describe('POST /api/requirements/:scope/:id/files/:key', () => {
  it('stores a file, sets the value to its reference, and serves the bytes back', async () => {
    const res = await upload(DEMO.acmeOwner, acme(), 'contractor_stamp', [file('stamp.png', PNG, 'files')]);
    expect(res.statusCode, res.body).toBe(201);
    const ref = { id: expect.any(String), name: 'stamp.png', contentType: 'image/png', size: PNG.length };
    expect(res.data.values.contractor_stamp).toEqual(ref);
    expect(res.data.uploaded).toEqual([ref]);
    expect(res.data.updated.contractor_stamp.updated_by).toEqual(expect.any(String));
    expect((await values(acme())).contractor_stamp).toEqual(res.data.values.contractor_stamp);

    const dl = await download(DEMO.acmeUser, res.data.uploaded[0].id);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('image/png');
    expect(dl.headers['content-disposition']).toContain('attachment; filename="stamp.png"');
    expect(dl.rawPayload.equals(PNG)).toBe(true);
  });

  it('replaces the file of a one-file requirement: the old file and its bytes are gone', async () => {
    const first = await upload(DEMO.admin, acme(), 'elevation_detail_file', [file('detail.pdf', PDF)]);
    expect(first.statusCode, first.body).toBe(201);
    const oldId = first.data.uploaded[0].id;
    expect(fs.existsSync(stored(acme(), oldId))).toBe(true);
    const second = await upload(DEMO.admin, acme(), 'elevation_detail_file', [file('detail-v2.JPG', JPEG)]);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.data.values.elevation_detail_file).toMatchObject({ name: 'detail-v2.JPG', contentType: 'image/jpeg' });
    expect((await download(DEMO.admin, oldId)).statusCode).toBe(404);
    expect(fs.existsSync(stored(acme(), oldId))).toBe(false);
    expect(await t.database.db.select().from(requirementFiles).where(eq(requirementFiles.id, oldId))).toEqual([]);
    expect(fs.existsSync(stored(acme(), second.data.uploaded[0].id))).toBe(true);
  });

  it('appends to a list requirement, several files at once', async () => {
    const one = await upload(DEMO.support, ahj(), 'noa_cut_sheets', [file('noa-1.pdf', PDF), file('noa-2.pdf', PDF)]);
    expect(one.statusCode, one.body).toBe(201);
    expect(one.data.values.noa_cut_sheets.map((f: any) => f.name)).toEqual(['noa-1.pdf', 'noa-2.pdf']);
    const two = await upload(DEMO.support, ahj(), 'noa_cut_sheets', [file('noa-3.png', PNG)]);
    expect(two.data.values.noa_cut_sheets.map((f: any) => f.name)).toEqual(['noa-1.pdf', 'noa-2.pdf', 'noa-3.png']);
    expect(two.data.uploaded).toHaveLength(1);
  });

  it.each([
    ['a renamed executable', 'contractor_stamp', file('stamp.png', EXE), 415, '"stamp.png" is a program (pe); programs cannot be uploaded.'],
    ['an ELF binary named .pdf', 'noa_cut_sheets', file('sheet.pdf', ELF), 415, /is a program \(elf\)/],
    ['a GIF where PNG, JPEG or PDF is accepted', 'noa_cut_sheets', file('logo.gif', GIF), 415, /not a PNG, JPEG or PDF file/],
    ['a PDF where only images are accepted', 'contractor_stamp', file('stamp.pdf', PDF), 415, '"stamp.pdf" is not a PNG or JPEG file; Contractor Stamp accepts PNG or JPEG.'],
    ['content that contradicts its extension', 'contractor_stamp', file('stamp.jpg', PNG), 415, '"stamp.jpg" does not contain what its extension says: its content is PNG.'],
    ['unknown bytes', 'noa_cut_sheets', file('blob.pdf', Buffer.from([0, 1, 2, 3, 0, 0, 255])), 415, /not a PNG, JPEG or PDF file/],
    ['an empty file', 'noa_cut_sheets', file('empty.pdf', Buffer.alloc(0)), 415, /not a PNG, JPEG or PDF file/],
  ])('refuses %s (415), storing nothing', async (_what, key, part, status, message) => {
    const before = await values(bright());
    const rows = (await t.database.db.select().from(requirementFiles)).length;
    const res = await upload(DEMO.brightOwner, bright(), key, [part]);
    expect(res.statusCode).toBe(status);
    expect(res.data.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
    expect(await values(bright())).toEqual(before);
    expect((await t.database.db.select().from(requirementFiles)).length).toBe(rows);
    expect(tempFiles()).toEqual([]);
  });

  it('refuses a whole request when one of its files is bad', async () => {
    // What the scope holds before (other tests may have stored files there): the refused request adds nothing.
    const folder = path.join(t.app.ctx.config.dataDir, 'files', 'requirements', bright());
    const listing = () => (fs.existsSync(folder) ? fs.readdirSync(folder, { recursive: true }).map(String).sort() : []);
    const before = { value: (await values(bright())).ul_1703_cut_sheets, files: listing() };
    const res = await upload(DEMO.brightOwner, bright(), 'ul_1703_cut_sheets', [file('ok.pdf', PDF), file('bad.pdf', EXE)]);
    expect(res.statusCode).toBe(415);
    expect((await values(bright())).ul_1703_cut_sheets).toEqual(before.value);
    expect(listing()).toEqual(before.files);
  });

  it('refuses a file over 50 MB with 413', async () => {
    const big = Buffer.alloc(50 * 1024 * 1024 + 1, 0x20);
    big.write('%PDF-1.4\n');
    const before = (await values(ahj())).ul_1703_cut_sheets;
    const res = await upload(DEMO.admin, ahj(), 'ul_1703_cut_sheets', [file('huge.pdf', big)]);
    expect(res.statusCode).toBe(413);
    expect(res.data.message).toBe('A file is larger than the 50 MB limit.');
    expect((await values(ahj())).ul_1703_cut_sheets).toEqual(before);
    expect(tempFiles()).toEqual([]);
  });

  it('refuses more than 20 files in a request with 413', async () => {
    const res = await upload(DEMO.admin, ahj(), 'ul_1703_cut_sheets', Array.from({ length: 21 }, (_, i) => file(`s${i}.pdf`, PDF)));
    expect(res.statusCode).toBe(413);
  });

  it('refuses a list past 20 files at a scope with 400', async () => {
    const first = await upload(DEMO.admin, utility(), 'cut_sheet_pv12', Array.from({ length: 19 }, (_, i) => file(`s${i}.pdf`, PDF)));
    expect(first.statusCode, first.body).toBe(201);
    const res = await upload(DEMO.admin, utility(), 'cut_sheet_pv12', [file('a.pdf', PDF), file('b.pdf', PDF)]);
    expect(res.statusCode).toBe(400);
    expect(res.data.args).toEqual([{ files: 'Remove a file first: 1 more can be added.' }]);
    expect((await values(utility())).cut_sheet_pv12).toHaveLength(19);
  });

  it.each([
    ['an unknown key', 'no_such_requirement', [file('a.png', PNG)], 400, { no_such_requirement: 'Unknown requirement.' }],
    ['a key that is not a file requirement', 'conduit_naming', [file('a.png', PNG)], 400, { conduit_naming: 'Not a file requirement: it takes a text value.' }],
    ['a group key', 'sticker_1', [file('a.png', PNG)], 400, { sticker_1: 'Not a file requirement: it takes a group value.' }],
    ['no file', 'contractor_stamp', [{ name: 'note', value: 'hello' }], 400, { files: 'No file was sent.' }],
    ['two files for a one-file requirement', 'contractor_stamp', [file('a.png', PNG), file('b.png', PNG)], 400, { files: 'Send one file.' }],
    ['a file under another field name', 'contractor_stamp', [file('a.png', PNG, 'file')], 400, undefined],
  ])('refuses %s', async (_what, key, parts, status, arg) => {
    const res = await upload(DEMO.admin, bright(), key, parts as Part[]);
    expect(res.statusCode).toBe(status);
    if (arg) expect(res.data.args).toEqual([arg]);
  });

  it('refuses a body that is not multipart with 415', async () => {
    const json = await t.app.inject({
      method: 'POST', url: `/api/requirements/${bright()}/files/contractor_stamp`, payload: { file: 'x' },
      headers: { authorization: `Bearer ${await t.tokenOf(DEMO.admin)}`, 'x-csrftoken': await t.csrfFor(await t.tokenOf(DEMO.admin)) },
    });
    expect(json.statusCode).toBe(415);
  });

  it.each([
    ['an unknown scope type', `region/${MISSING}`, 400],
    ['a malformed id', 'ahj/not-a-uuid', 400],
    ['an AHJ that does not exist', `ahj/${MISSING}`, 404],
    ['a company that does not exist', `company/${MISSING}`, 404],
  ])('%s (%s) answers %i', async (_what, scope, status) => {
    expect((await upload(DEMO.admin, scope, 'contractor_stamp', [file('a.png', PNG)])).statusCode).toBe(status);
  });

  it('needs sign-in and the CSRF header', async () => {
    const anon = await postMultipart(t, `/api/requirements/${ahj()}/files/contractor_stamp`, [file('a.png', PNG)]);
    expect(anon.statusCode).toBe(401);
    expect((await upload(DEMO.admin, ahj(), 'contractor_stamp', [file('a.png', PNG)], { csrf: false })).statusCode).toBe(403);
  });
});

describe('requirement files: role matrix', () => {
  const scopeOf = (type: string) => (type === 'company' ? acme() : type === 'utility' ? utility() : ahj());
  const matrix = [
    ['company', DEMO.admin, 'yes'], ['company', DEMO.support, 'yes'], ['company', DEMO.acmeOwner, 'yes'],
    ['company', DEMO.acmeUser, 403], ['company', DEMO.brightOwner, 404], ['company', DEMO.contractor, 404],
    ['utility', DEMO.admin, 'yes'], ['utility', DEMO.support, 'yes'], ['utility', DEMO.contractor, 403],
    ['utility', DEMO.acmeOwner, 403], ['utility', DEMO.acmeUser, 403], ['utility', DEMO.brightOwner, 403],
    ['ahj', DEMO.admin, 'yes'], ['ahj', DEMO.support, 'yes'], ['ahj', DEMO.contractor, 403],
    ['ahj', DEMO.acmeOwner, 403], ['ahj', DEMO.acmeUser, 403], ['ahj', DEMO.brightOwner, 403],
  ] as const;

  it.each(matrix)('upload to the %s scope as %s → %s', async (type, who, outcome) => {
    const res = await upload(who, scopeOf(type), 'cut_sheet_pv8a', [file('pv8a.pdf', PDF)]);
    expect(res.statusCode).toBe(outcome === 'yes' ? 201 : outcome);
  });

  it.each(matrix)('remove from the %s scope as %s → %s', async (type, who, outcome) => {
    const up = await upload(DEMO.admin, scopeOf(type), 'cut_sheet_pv11', [file('pv11.pdf', PDF)]);
    const id = up.data.uploaded[0].id;
    const res = await call(who, 'DELETE', `/api/requirements/${scopeOf(type)}/files/cut_sheet_pv11/${id}`);
    expect(res.statusCode).toBe(outcome === 'yes' ? 200 : outcome);
    expect((await download(DEMO.admin, id)).statusCode).toBe(outcome === 'yes' ? 404 : 200);
  });

  it.each([
    ['company', DEMO.admin, 200], ['company', DEMO.support, 200], ['company', DEMO.acmeOwner, 200],
    ['company', DEMO.acmeUser, 200], ['company', DEMO.brightOwner, 404], ['company', DEMO.contractor, 404],
    ['utility', DEMO.contractor, 200], ['utility', DEMO.acmeUser, 200], ['utility', DEMO.brightOwner, 200],
    ['ahj', DEMO.contractor, 200], ['ahj', DEMO.acmeUser, 200], ['ahj', DEMO.brightOwner, 200],
  ])('download from the %s scope as %s → %i', async (type, who, status) => {
    const up = await upload(DEMO.admin, scopeOf(type), 'cut_sheet_pv13', [file('pv13.pdf', PDF)]);
    expect(up.statusCode).toBe(201);
    const res = await download(who, up.data.uploaded.at(-1).id);
    expect(res.statusCode).toBe(status);
    if (status === 200) expect(res.rawPayload.equals(PDF)).toBe(true);
  });

  it('download: unknown and malformed ids are 404, and it needs sign-in', async () => {
    expect((await download(DEMO.admin, MISSING)).statusCode).toBe(404);
    expect((await download(DEMO.admin, 'nope')).statusCode).toBe(404);
    const up = await upload(DEMO.admin, ahj(), 'cut_sheet_pv14', [file('pv14.pdf', PDF)]);
    expect((await t.request('GET', `/api/requirements/files/${up.data.uploaded[0].id}/download`)).statusCode).toBe(401);
  });
});

describe('DELETE /api/requirements/:scope/:id/files/:key/:file_id', () => {
  it('removes one file of a list; the last one leaves an explicit empty list that still overrides', async () => {
    const up = await upload(DEMO.admin, utility(), 'cut_sheet_pv15', [file('a.pdf', PDF), file('b.pdf', PDF)]);
    const [a, b] = up.data.uploaded;
    const one = await call(DEMO.admin, 'DELETE', `/api/requirements/${utility()}/files/cut_sheet_pv15/${a.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.data.values.cut_sheet_pv15).toEqual([b]);
    expect(fs.existsSync(stored(utility(), a.id))).toBe(false);
    const two = await call(DEMO.admin, 'DELETE', `/api/requirements/${utility()}/files/cut_sheet_pv15/${b.id}`);
    expect(two.data.values.cut_sheet_pv15).toEqual([]);
    expect((await call(DEMO.admin, 'GET', `/api/requirements/resolve?utility_id=${utilityId}`)).data.values.cut_sheet_pv15)
      .toMatchObject({ value: [], source: 'utility', on: false });
  });

  it('removing the file of a one-file requirement leaves null (no file here)', async () => {
    const up = await upload(DEMO.admin, utility(), 'contractor_stamp', [file('s.png', PNG)]);
    const res = await call(DEMO.admin, 'DELETE', `/api/requirements/${utility()}/files/contractor_stamp/${up.data.uploaded[0].id}`);
    expect(res.statusCode).toBe(200);
    expect(res.data.values.contractor_stamp).toBeNull();
  });

  it.each([
    ['an unknown file id', 'cut_sheet_pv16', MISSING, 404],
    ['a malformed file id', 'cut_sheet_pv16', 'x', 404],
    ['a file of another key', 'cut_sheet_pv17', 'own', 404],
    ['an unknown key', 'no_such_requirement', 'own', 400],
    ['a key that is not a file requirement', 'rail_length', 'own', 400],
  ])('answers %s (key %s, file %s) with %i', async (_what, key, fileId, status) => {
    const up = await upload(DEMO.admin, ahj(), 'cut_sheet_pv16', [file('x.pdf', PDF)]);
    const id = fileId === 'own' ? up.data.uploaded[0].id : fileId;
    expect((await call(DEMO.admin, 'DELETE', `/api/requirements/${ahj()}/files/${key}/${id}`)).statusCode).toBe(status);
    expect((await download(DEMO.admin, up.data.uploaded[0].id)).statusCode).toBe(200);
  });

  it('a file of another scope is 404 there', async () => {
    const up = await upload(DEMO.admin, ahj(), 'cut_sheet_pv18', [file('x.pdf', PDF)]);
    expect((await call(DEMO.admin, 'DELETE', `/api/requirements/${utility()}/files/cut_sheet_pv18/${up.data.uploaded[0].id}`)).statusCode).toBe(404);
  });
});

describe('file values through PUT and PATCH', () => {
  it('refuses a reference to a file that was not uploaded to that requirement at that scope', async () => {
    const up = await upload(DEMO.admin, ahj(), 'cut_sheet_pv19', [file('x.pdf', PDF)]);
    const ref = up.data.uploaded[0];
    const made = await call(DEMO.admin, 'PATCH', `/api/requirements/${ahj()}`, { set: { cut_sheet_pv20: [{ id: MISSING, name: 'fake.pdf' }] } });
    expect(made.statusCode).toBe(400);
    expect(made.data.args).toEqual([{ cut_sheet_pv20: '"fake.pdf" is not a file uploaded to this requirement here; upload it first.' }]);
    expect((await call(DEMO.admin, 'PATCH', `/api/requirements/${ahj()}`, { set: { cut_sheet_pv20: [ref] } })).statusCode).toBe(400);
    expect((await call(DEMO.admin, 'PATCH', `/api/requirements/${utility()}`, { set: { cut_sheet_pv19: [ref] } })).statusCode).toBe(400);
  });

  it('keeps the stored name, type and size whatever the client sends', async () => {
    const up = await upload(DEMO.admin, ahj(), 'ul_1703_cut_sheets', [file('ul.pdf', PDF)]);
    const ref = up.data.uploaded[0];
    const res = await call(DEMO.admin, 'PATCH', `/api/requirements/${ahj()}`, { set: { ul_1703_cut_sheets: [{ ...ref, name: 'evil.exe', size: 1 }] } });
    expect(res.statusCode).toBe(200);
    expect(res.data.values.ul_1703_cut_sheets).toEqual([ref]);
  });

  it('a PUT that leaves a file key out inherits it: the scope\'s files and bytes are deleted', async () => {
    const up = await upload(DEMO.brightOwner, bright(), 'contractor_stamp', [file('bright.png', PNG)]);
    expect(up.statusCode, up.body).toBe(201);
    const id = up.data.uploaded[0].id;
    const kept = await call(DEMO.brightOwner, 'PUT', `/api/requirements/${bright()}`, { ...(await values(bright())), rail_length: 11 });
    expect(kept.statusCode).toBe(200);
    expect(kept.data.values.contractor_stamp.id).toBe(id);
    const res = await call(DEMO.brightOwner, 'PUT', `/api/requirements/${bright()}`, { rail_length: 11 });
    expect(res.data.values).toEqual({ rail_length: 11 });
    expect((await download(DEMO.brightOwner, id)).statusCode).toBe(404);
    expect(fs.existsSync(stored(bright(), id))).toBe(false);
    expect(await t.database.db.select().from(requirementFiles).where(eq(requirementFiles.id, id))).toEqual([]);
  });

  it('PATCH inherit of a file key deletes its files too', async () => {
    const up = await upload(DEMO.admin, ahj(), 'elevation_detail_file', [file('e.png', PNG)]);
    const res = await call(DEMO.admin, 'PATCH', `/api/requirements/${ahj()}`, { inherit: ['elevation_detail_file'] });
    expect(res.data.values.elevation_detail_file).toBeUndefined();
    expect((await download(DEMO.admin, up.data.uploaded[0].id)).statusCode).toBe(404);
  });
});

describe('resolution carries file values with their provenance', () => {
  it('the company\'s stamp resolves from the company; an AHJ "no file" overrides it; inherit brings it back', async () => {
    const stamp = (await upload(DEMO.acmeOwner, acme(), 'contractor_stamp', [file('acme.png', PNG)])).data.values.contractor_stamp;
    const q = `company_id=${co['Acme Solar']}&ahj_id=${ahjId}`;
    const get = async () => (await call(DEMO.acmeUser, 'GET', `/api/requirements/resolve?${q}`)).data.values.contractor_stamp;
    await call(DEMO.admin, 'PATCH', `/api/requirements/${ahj()}`, { inherit: ['contractor_stamp'] });
    expect(await get()).toEqual({ key: 'contractor_stamp', value: stamp, source: 'company', on: true });
    await call(DEMO.admin, 'PATCH', `/api/requirements/${ahj()}`, { set: { contractor_stamp: null } });
    expect(await get()).toEqual({ key: 'contractor_stamp', value: null, source: 'ahj', on: false });
    await call(DEMO.admin, 'PATCH', `/api/requirements/${ahj()}`, { inherit: ['contractor_stamp'] });
    expect(await get()).toMatchObject({ value: stamp, source: 'company' });
    // The AHJ's own uploaded file wins over the company's.
    const own = (await upload(DEMO.support, ahj(), 'contractor_stamp', [file('ahj.jpg', JPEG)])).data.values.contractor_stamp;
    expect(await get()).toEqual({ key: 'contractor_stamp', value: own, source: 'ahj', on: true });
  });
});
