import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZJobRequirementsAnswer } from '@sunstamp/domain/contracts/job-requirements';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { file, PDF, PNG, postMultipart } from '../../test/upload-fixtures.ts';
import { companies, users } from '../../db/schema.ts';

/*
 * A job's requirements: the job's AHJ, its resolved requirements with their sources,
 * the dynamic CAD fields they ask for, and the requirement files it uses.
 */

let t: TestApp;
const co: Record<string, string> = {};
const uid: Record<string, string> = {};
const MISSING = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  for (const c of await t.database.db.select().from(companies)) co[c.name] = c.id;
  for (const u of await t.database.db.select().from(users)) uid[u.email] = u.id;
});
afterAll(async () => { await t?.close(); });

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = async (who: string, method: Method, url: string, body?: unknown) =>
  t.request(method, url, { token: await t.tokenOf(who), body });

let seq = 0;
async function newAhj(o: Record<string, unknown> = {}) {
  const res = await call(DEMO.admin, 'POST', '/api/ahjs', { name: `Town ${++seq}`, state: 'TX', jurisdiction_type: 'City', ...o });
  expect(res.statusCode, res.body).toBe(201);
  return res.data.id as string;
}
async function newUtility() {
  const res = await call(DEMO.admin, 'POST', '/api/utilities', { name: `Utility ${++seq}`, states: ['TX'] });
  expect(res.statusCode, res.body).toBe(201);
  return res.data.id as string;
}
async function setValues(scope: string, set: Record<string, unknown>) {
  const res = await call(DEMO.admin, 'PATCH', `/api/requirements/${scope}`, { set });
  expect(res.statusCode, res.body).toBe(200);
}
async function newJob(body: Record<string, unknown> = {}, who: string = DEMO.acmeUser) {
  const res = await call(who, 'PUT', '/api/jobs', { name: 'Requirements job', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.data.id as string;
}
async function assignToContractor(id: string) {
  const res = await call(DEMO.admin, 'POST', `/api/jobs/${id}/assign`, { assignee_id: uid[DEMO.contractor] });
  expect(res.statusCode, res.body).toBe(200);
}
async function requirementsOf(id: string, who: string = DEMO.admin) {
  const res = await call(who, 'GET', `/api/jobs/${id}/requirements`);
  expect(res.statusCode, res.body).toBe(200);
  expect(ZJobRequirementsAnswer.safeParse(res.data).success).toBe(true);
  return res.data;
}
const putFields = (who: string, id: string, values: Record<string, unknown>) => call(who, 'PUT', `/api/jobs/${id}/cad-fields`, { values });
const cadField = (answer: any, key: string) => answer.cad_fields.find((f: any) => f.key === key);
const historyOf = async (id: string) => (await call(DEMO.admin, 'GET', `/api/jobs/${id}/history`)).data as any[];
const uploadJobFile = (id: string, name: string) =>
  postMultipart(t, `/api/jobs/${id}/files`, [{ name: 'kind', value: 'attic' }, { name: 'array_index', value: '0' }, file(name, PNG)], { as: DEMO.admin });

describe('PUT /api/jobs: ahj_id', () => {
  it('sets and clears the AHJ; GET /jobs/{id} answers it, the list does not; the change is an edit', async () => {
    const ahjId = await newAhj({ name: 'City of Round Rock' });
    const id = await newJob();
    expect((await call(DEMO.acmeUser, 'GET', `/api/jobs/${id}`)).data.ahj).toBeNull();
    const set = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { id, ahj_id: ahjId });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.data.ahj).toEqual({ id: ahjId, name: 'City of Round Rock', state: 'TX' });
    expect((await call(DEMO.acmeUser, 'GET', `/api/jobs/${id}`)).data.ahj).toEqual({ id: ahjId, name: 'City of Round Rock', state: 'TX' });
    expect((await historyOf(id)).at(-1)).toMatchObject({ event: 'drafted', data: { fields: ['ahj_id'] } });
    // Re-sending the same AHJ is no change.
    const before = (await historyOf(id)).length;
    expect((await call(DEMO.acmeUser, 'PUT', '/api/jobs', { id, ahj_id: ahjId })).statusCode).toBe(200);
    expect(await historyOf(id)).toHaveLength(before);
    const list = await call(DEMO.admin, 'GET', '/api/jobs');
    expect(list.data.results.find((j: any) => j.id === id)).not.toHaveProperty('ahj');
    const cleared = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { id, ahj_id: null });
    expect(cleared.data.ahj).toBeNull();
  });
  it('refuses an unknown or inactive AHJ with 400 naming ahj_id', async () => {
    const inactive = await newAhj();
    expect((await call(DEMO.admin, 'DELETE', `/api/ahjs/${inactive}`)).statusCode).toBe(200);
    for (const ahj_id of [MISSING, inactive]) {
      const res = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { name: 'x', ahj_id });
      expect(res.statusCode).toBe(400);
      expect(res.data.args).toEqual([{ ahj_id: 'Unknown or inactive AHJ.' }]);
    }
    const malformed = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { name: 'x', ahj_id: 'austin' });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.data.args[0])).toEqual(['ahj_id']);
  });
  it('keeps an AHJ deactivated since the job took it', async () => {
    const ahjId = await newAhj({ name: 'Old Town' });
    const id = await newJob({ ahj_id: ahjId });
    expect((await call(DEMO.admin, 'DELETE', `/api/ahjs/${ahjId}`)).statusCode).toBe(200);
    const res = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { id, name: 'Renamed', ahj_id: ahjId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.data.ahj).toEqual({ id: ahjId, name: 'Old Town', state: 'TX' });
  });
});

describe('GET /api/jobs/:id/requirements', () => {
  it('resolves default → company → utility → AHJ with each value\'s source', async () => {
    const utilityId = await newUtility();
    const ahjId = await newAhj({ name: 'Austin' });
    await setValues(`company/${co['Brightside Energy']}`, { conduit_naming: 'PVC', rail_length: 10 });
    await setValues(`utility/${utilityId}`, { rail_length: 12 });
    await setValues(`ahj/${ahjId}`, { case_number_on_title_block: true });
    const id = await newJob({ cad_intake: { utility: utilityId }, ahj_id: ahjId }, DEMO.brightOwner);
    const r = await requirementsOf(id, DEMO.brightOwner);
    expect(r.scopes).toEqual({
      company: { id: co['Brightside Energy'], name: 'Brightside Energy' },
      utility: { id: utilityId, name: expect.stringMatching(/^Utility /) },
      ahj: { id: ahjId, name: 'Austin' },
    });
    expect(r.resolved.values.conduit_naming).toMatchObject({ value: 'PVC', source: 'company', on: true });
    expect(r.resolved.values.rail_length).toMatchObject({ value: 12, source: 'utility', on: true });
    expect(r.resolved.values.case_number_on_title_block).toMatchObject({ value: true, source: 'ahj', on: true });
    expect(r.resolved.values.tmk_on_title_block).toMatchObject({ value: false, source: 'default', on: false });

    // A custom utility (free text) and no AHJ: only the company's values.
    const plain = await requirementsOf(await newJob({ cad_intake: { utility: 'Other', custom_utility: 'Pedernales Co-op' } }, DEMO.brightOwner));
    expect(plain.scopes).toMatchObject({ utility: null, ahj: null });
    expect(plain.resolved.values.rail_length).toMatchObject({ value: 10, source: 'company' });
    expect(plain.cad_fields).toEqual([]);
  });
  it('asks for case_number when the AHJ turns on a requirement that needs it', async () => {
    const ahjId = await newAhj();
    await setValues(`ahj/${ahjId}`, { case_number_on_title_block: true });
    const id = await newJob({ ahj_id: ahjId });
    const r = await requirementsOf(id);
    expect(r.resolved.dynamicCadFields).toEqual(['case_number']);
    expect(r.cad_fields).toEqual([{ key: 'case_number', label: 'Case Number', type: 'text', value: null, asked_by: ['case_number_on_title_block'] }]);
    expect(cadField(await requirementsOf(await newJob()), 'case_number')).toBeUndefined();
  });
});

describe('who sees and fills the CAD fields', () => {
  it('the assigned contractor reads and writes; an unassigned one gets 404; a client reads but may not write', async () => {
    const ahjId = await newAhj();
    await setValues(`ahj/${ahjId}`, { case_number_on_title_block: true });
    const id = await newJob({ ahj_id: ahjId });
    const other = await newJob({ ahj_id: ahjId });
    await assignToContractor(id);

    const mine = await requirementsOf(id, DEMO.contractor);
    expect(mine.may_edit_cad_fields).toBe(true);
    const put = await putFields(DEMO.contractor, id, { case_number: '  BP-2024-117 ' });
    expect(put.statusCode, put.body).toBe(200);
    expect(cadField(put.data, 'case_number').value).toBe('BP-2024-117');

    expect((await call(DEMO.contractor, 'GET', `/api/jobs/${other}/requirements`)).statusCode).toBe(404);
    expect((await putFields(DEMO.contractor, other, { case_number: 'x' })).statusCode).toBe(404);

    const client = await requirementsOf(id, DEMO.acmeUser);
    expect(client.may_edit_cad_fields).toBe(false);
    expect(cadField(client, 'case_number').value).toBe('BP-2024-117');
    expect((await putFields(DEMO.acmeUser, id, { case_number: 'x' })).statusCode).toBe(403);
  });
  it('writes one Edited event naming the changed fields, none when nothing changed; null clears', async () => {
    const id = await newJob();
    await assignToContractor(id);
    const before = (await historyOf(id)).length;
    expect((await putFields(DEMO.contractor, id, { case_number: 'C-1', num_stories: 2, tmk: null })).statusCode).toBe(200);
    const h = await historyOf(id);
    expect(h).toHaveLength(before + 1);
    expect(h.at(-1)).toMatchObject({ event: 'edited', label: 'Edited', data: { fields: ['case_number', 'num_stories'] } });
    expect((await putFields(DEMO.admin, id, { case_number: ' C-1', num_stories: 2 })).statusCode).toBe(200);
    expect(await historyOf(id)).toHaveLength(before + 1);
    expect((await putFields(DEMO.admin, id, { case_number: null })).statusCode).toBe(200);
    expect((await historyOf(id)).at(-1)).toMatchObject({ event: 'edited', data: { fields: ['case_number'] } });
  });
  it.each([
    ['an unknown key', { colour: 'red' }, 'values'],
    ['text for an int', { asphalt_shingle_layers: 'two' }, 'values.asphalt_shingle_layers'],
    ['a fraction for an int', { num_stories: 1.5 }, 'values.num_stories'],
    ['a number for text', { case_number: 42 }, 'values.case_number'],
    ['text for a float', { 'parcel_info.acreage_calc': '0.3' }, 'values.parcel_info.acreage_calc'],
    ['a single id for files', { 'cad_photos.attic_photos_on_cad': MISSING }, 'values.cad_photos.attic_photos_on_cad'],
  ])('refuses %s with 400 naming the field, saving nothing', async (_what, values, field) => {
    const id = await newJob();
    const res = await putFields(DEMO.admin, id, { site_id: 'S-1', ...values });
    expect(res.statusCode).toBe(400);
    expect(res.data.args.some((a: Record<string, string>) => Object.keys(a).some((k) => k.startsWith(field)))).toBe(true);
    expect((await call(DEMO.admin, 'GET', `/api/jobs/${id}/history`)).data).toHaveLength(1);
  });
  it('takes files of the job itself, and refuses another job\'s file', async () => {
    const ahjId = await newAhj();
    await setValues(`ahj/${ahjId}`, { attic_photos_on_cad: true });
    const id = await newJob({ ahj_id: ahjId, arrays: [{}] });
    const other = await newJob({ arrays: [{}] });
    const own = await uploadJobFile(id, 'attic.png');
    expect(own.statusCode, own.body).toBe(201);
    const foreign = await uploadJobFile(other, 'elsewhere.png');
    expect(foreign.statusCode, foreign.body).toBe(201);

    const bad = await putFields(DEMO.admin, id, { 'cad_photos.attic_photos_on_cad': [own.data[0].id, foreign.data[0].id] });
    expect(bad.statusCode).toBe(400);
    expect(bad.data.args).toEqual([{ 'values.cad_photos.attic_photos_on_cad': 'Choose files of this job.' }]);

    const ok = await putFields(DEMO.admin, id, { 'cad_photos.attic_photos_on_cad': [own.data[0].id] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(cadField(ok.data, 'cad_photos.attic_photos_on_cad')).toEqual({
      key: 'cad_photos.attic_photos_on_cad', label: 'Attic Photos on CAD', type: 'files',
      value: [{ id: own.data[0].id, name: 'attic.png' }], asked_by: ['attic_photos_on_cad'],
    });
  });
  it('reads and writes parcel_info.* through the job\'s parcel_info', async () => {
    const ahjId = await newAhj();
    await setValues(`ahj/${ahjId}`, { parcel_info_on_title_block: true });
    const id = await newJob({ ahj_id: ahjId, parcel_info: { zoning: 'R-1' } });
    const r = await requirementsOf(id);
    expect(r.cad_fields.map((f: any) => f.key)).toEqual([
      'parcel_info.parcel_id', 'parcel_info.county_name', 'parcel_info.muni_name', 'parcel_info.zoning',
      'parcel_info.acreage_calc', 'parcel_info.bldg_sqft', 'parcel_info.roof_height', 'parcel_info.legal_desc1',
    ]);
    expect(cadField(r, 'parcel_info.zoning')).toMatchObject({ value: 'R-1', type: 'text', asked_by: ['parcel_info_on_title_block'] });

    const put = await putFields(DEMO.support, id, { 'parcel_info.county_name': 'Travis', 'parcel_info.acreage_calc': 0.25 });
    expect(put.statusCode, put.body).toBe(200);
    expect(cadField(put.data, 'parcel_info.acreage_calc').value).toBe(0.25);
    const job = (await call(DEMO.acmeUser, 'GET', `/api/jobs/${id}`)).data;
    expect(job.parcel_info).toMatchObject({ zoning: 'R-1', county_name: 'Travis', acreage_calc: 0.25, parcel_id: null });
    expect((await historyOf(id)).at(-1)).toMatchObject({ event: 'edited', data: { fields: ['parcel_info.county_name', 'parcel_info.acreage_calc'] } });
  });
  it('uses the utility program CAD field as a fact', async () => {
    const id = await newJob();
    await putFields(DEMO.admin, id, { utility_program: 'Solar Rewards' });
    const ahjId = await newAhj();
    await setValues(`ahj/${ahjId}`, { utility_program_on_cad: true });
    await call(DEMO.acmeUser, 'PUT', '/api/jobs', { id, ahj_id: ahjId });
    expect(cadField(await requirementsOf(id), 'utility_program')).toMatchObject({ value: 'Solar Rewards', asked_by: ['utility_program_on_cad'] });
  });
  it('refuses a deactivated job with 409', async () => {
    const id = await newJob();
    expect((await call(DEMO.admin, 'POST', `/api/jobs/${id}/deactivate`, {})).statusCode).toBe(200);
    expect((await putFields(DEMO.admin, id, { tmk: '1-2-3' })).statusCode).toBe(409);
  });
});

describe('GET /api/jobs/:id/requirements/files/:file_id/download', () => {
  it('serves a file the job\'s resolved values use to the assigned contractor; any other file 404s', async () => {
    const ahjId = await newAhj();
    const otherAhj = await newAhj();
    const sheets = await postMultipart(t, `/api/requirements/ahj/${ahjId}/files/noa_cut_sheets`, [file('noa-1.pdf', PDF), file('noa-2.pdf', PDF)], { as: DEMO.admin });
    expect(sheets.statusCode, sheets.body).toBe(201);
    const elsewhere = await postMultipart(t, `/api/requirements/ahj/${otherAhj}/files/noa_cut_sheets`, [file('noa-x.pdf', PDF)], { as: DEMO.admin });
    const id = await newJob({ ahj_id: ahjId });
    await assignToContractor(id);
    const url = (fileId: string) => `/api/jobs/${id}/requirements/files/${fileId}/download`;

    const dl = await call(DEMO.contractor, 'GET', url(sheets.data.uploaded[1].id));
    expect(dl.statusCode, dl.body).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['content-disposition']).toContain('attachment; filename="noa-2.pdf"');
    expect(dl.rawPayload.equals(PDF)).toBe(true);

    expect((await call(DEMO.contractor, 'GET', url(elsewhere.data.uploaded[0].id))).statusCode).toBe(404);
    expect((await call(DEMO.contractor, 'GET', url(MISSING))).statusCode).toBe(404);
    expect((await call(DEMO.contractor, 'GET', url('not-an-id'))).statusCode).toBe(404);
  });
  it('serves the company\'s contractor stamp to the assigned contractor, who cannot read the company scope itself', async () => {
    const stamp = await postMultipart(t, `/api/requirements/company/${co['Acme Solar']}/files/contractor_stamp`, [file('stamp.png', PNG)], { as: DEMO.acmeOwner });
    expect(stamp.statusCode, stamp.body).toBe(201);
    const fileId = stamp.data.uploaded[0].id;
    const id = await newJob();
    await assignToContractor(id);
    expect((await call(DEMO.contractor, 'GET', `/api/requirements/files/${fileId}/download`)).statusCode).toBe(404);
    const dl = await call(DEMO.contractor, 'GET', `/api/jobs/${id}/requirements/files/${fileId}/download`);
    expect(dl.statusCode, dl.body).toBe(200);
    expect(dl.rawPayload.equals(PNG)).toBe(true);
    // A Brightside job does not use Acme's stamp.
    const bright = await newJob({}, DEMO.brightOwner);
    expect((await call(DEMO.admin, 'GET', `/api/jobs/${bright}/requirements/files/${fileId}/download`)).statusCode).toBe(404);
  });
});

describe('role matrix', () => {
  // An Acme job assigned to the contractor, whose AHJ holds a cut sheet; Brightside users do not see it.
  let id = '';
  let fileId = '';
  beforeAll(async () => {
    const ahjId = await newAhj();
    const up = await postMultipart(t, `/api/requirements/ahj/${ahjId}/files/noa_cut_sheets`, [file('noa.pdf', PDF)], { as: DEMO.admin });
    fileId = up.data.uploaded[0].id;
    id = await newJob({ ahj_id: ahjId });
    await assignToContractor(id);
  });
  it.each([
    [DEMO.admin, 200, 200, 200, true],
    [DEMO.support, 200, 200, 200, true],
    [DEMO.contractor, 200, 200, 200, true],
    [DEMO.acmeOwner, 200, 403, 200, false],
    [DEMO.acmeUser, 200, 403, 200, false],
    // Another tenant sees nothing (404); a client role never edits CAD fields, refused by role first (403).
    [DEMO.brightOwner, 404, 403, 404, undefined],
  ])('%s: GET requirements %i, PUT cad-fields %i, download %i', async (who, get, put, download, mayEdit) => {
    const g = await call(who, 'GET', `/api/jobs/${id}/requirements`);
    expect(g.statusCode).toBe(get);
    if (mayEdit !== undefined) expect(g.data.may_edit_cad_fields).toBe(mayEdit);
    expect((await putFields(who, id, { site_id: `S-${who}` })).statusCode).toBe(put);
    expect((await call(who, 'GET', `/api/jobs/${id}/requirements/files/${fileId}/download`)).statusCode).toBe(download);
  });
  it('needs sign-in', async () => {
    expect((await t.request('GET', `/api/jobs/${id}/requirements`)).statusCode).toBe(401);
    expect((await t.request('PUT', `/api/jobs/${id}/cad-fields`, { body: { values: {} } })).statusCode).toBe(401);
    expect((await t.request('GET', `/api/jobs/${id}/requirements/files/${fileId}/download`)).statusCode).toBe(401);
  });
  it('answers 404 for a job that does not exist or a malformed id', async () => {
    for (const jobId of [MISSING, 'nope']) {
      expect((await call(DEMO.admin, 'GET', `/api/jobs/${jobId}/requirements`)).statusCode).toBe(404);
      expect((await putFields(DEMO.admin, jobId, {})).statusCode).toBe(404);
      expect((await call(DEMO.admin, 'GET', `/api/jobs/${jobId}/requirements/files/${fileId}/download`)).statusCode).toBe(404);
    }
  });
});
