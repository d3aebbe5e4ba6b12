import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUIREMENT_DEFINITIONS } from '@sunstamp/domain/requirements/requirement-definitions.data';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { companies } from '../../db/schema.ts';
import { resolveForJob } from './requirements.service.ts';

let t: TestApp;
const co: Record<string, string> = {};
let ahjId = '';
let utilityId = '';
const MISSING = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  for (const c of await t.database.db.select().from(companies)) co[c.name] = c.id;
  const admin = await t.tokenOf(DEMO.admin);
  ahjId = (await t.request('POST', '/api/ahjs', { token: admin, body: { name: 'City of Austin', state: 'TX', jurisdiction_type: 'City' } })).data.id;
  utilityId = (await t.request('POST', '/api/utilities', { token: admin, body: { name: 'Austin Energy', states: ['TX'] } })).data.id;
});
afterAll(async () => { await t?.close(); });
const as = (who: string) => t.tokenOf(who);
const ALL = [DEMO.admin, DEMO.support, DEMO.contractor, DEMO.acmeOwner, DEMO.acmeUser, DEMO.brightOwner];
const scope = (type: string) => (type === 'company' ? `company/${co['Acme Solar']}` : type === 'utility' ? `utility/${utilityId}` : `ahj/${ahjId}`);
/** Who may change each scope's values (decisions.md): PUT and PATCH answer alike. Acme Solar is the company. */
const EDIT_MATRIX: [string, string, number][] = [
  ['company', DEMO.admin, 200], ['company', DEMO.support, 200], ['company', DEMO.acmeOwner, 200],
  // The drafter never edits requirements: refused by role before the scope is read (role before body).
  ['company', DEMO.acmeUser, 403], ['company', DEMO.brightOwner, 404], ['company', DEMO.contractor, 403],
  ['utility', DEMO.admin, 200], ['utility', DEMO.support, 200], ['utility', DEMO.contractor, 403],
  ['utility', DEMO.acmeOwner, 403], ['utility', DEMO.acmeUser, 403], ['utility', DEMO.brightOwner, 403],
  ['ahj', DEMO.admin, 200], ['ahj', DEMO.support, 200], ['ahj', DEMO.contractor, 403],
  ['ahj', DEMO.acmeOwner, 403], ['ahj', DEMO.acmeUser, 403], ['ahj', DEMO.brightOwner, 403],
];

describe('GET /api/requirements/definitions', () => {
  it.each(ALL)('%s reads the definitions, chip groups and headings', async (who) => {
    const res = await t.request('GET', '/api/requirements/definitions', { token: await as(who) });
    expect(res.statusCode).toBe(200);
    expect(res.data.definitions).toHaveLength(REQUIREMENT_DEFINITIONS.length);
    expect(res.data.chip_groups).toHaveLength(21);
    expect(res.data.headings).toEqual(['Engineering', 'Electrical', 'Details', 'Labels', 'Paper Space', 'Title Block',
      'PV1', 'PV2', 'PV3', 'PV4', 'PV5', 'Extra Cut Sheets', 'Extra Stamps', 'Custom Sticker']);
    expect(res.data.definitions.find((d: any) => d.key === 'conduit_naming')).toMatchObject({ type: 'text', default: 'EMT' });
    expect(res.data.dynamic_cad_fields.map((f: any) => f.key)).toContain('parcel_info.legal_desc1');
  });
  it('needs sign-in', async () => {
    expect((await t.request('GET', '/api/requirements/definitions')).statusCode).toBe(401);
  });
});

describe('scope values: role matrix', () => {
  const body = { conduit_naming: 'PVC' };
  it.each([
    ['company', DEMO.admin, 200], ['company', DEMO.support, 200], ['company', DEMO.acmeOwner, 200],
    ['company', DEMO.acmeUser, 200], ['company', DEMO.brightOwner, 404], ['company', DEMO.contractor, 404],
    ['utility', DEMO.admin, 200], ['utility', DEMO.support, 200], ['utility', DEMO.contractor, 200],
    ['utility', DEMO.acmeOwner, 200], ['utility', DEMO.acmeUser, 200], ['utility', DEMO.brightOwner, 200],
    ['ahj', DEMO.contractor, 200], ['ahj', DEMO.acmeUser, 200], ['ahj', DEMO.brightOwner, 200],
  ])('GET %s scope as %s → %i', async (type, who, status) => {
    expect((await t.request('GET', `/api/requirements/${scope(type)}`, { token: await as(who) })).statusCode).toBe(status);
  });
  it.each(EDIT_MATRIX)('PUT %s scope as %s → %i', async (type, who, status) => {
    const res = await t.request('PUT', `/api/requirements/${scope(type)}`, { token: await as(who), body });
    expect(res.statusCode).toBe(status);
    if (status === 200) expect(res.data.values).toEqual(body);
  });
  it('a company admin edits its own company, not another', async () => {
    const own = await t.request('PUT', `/api/requirements/company/${co['Brightside Energy']}`, { token: await as(DEMO.brightOwner), body: { rail_length: 12 } });
    expect(own.statusCode).toBe(200);
    const other = await t.request('PUT', `/api/requirements/company/${co['Brightside Energy']}`, { token: await as(DEMO.acmeOwner), body: { rail_length: 10 } });
    expect(other.statusCode).toBe(404);
  });
  it.each([
    ['an unknown scope type', `/api/requirements/region/${MISSING}`, 400],
    ['a malformed id', '/api/requirements/ahj/not-a-uuid', 400],
    ['an AHJ that does not exist', `/api/requirements/ahj/${MISSING}`, 404],
    ['a utility that does not exist', `/api/requirements/utility/${MISSING}`, 404],
    ['a company that does not exist', `/api/requirements/company/${MISSING}`, 404],
  ])('%s answers %s', async (_what, url, status) => {
    expect((await t.request('GET', url, { token: await as(DEMO.admin) })).statusCode).toBe(status);
    expect((await t.request('PUT', url, { token: await as(DEMO.admin), body: {} })).statusCode).toBe(status);
  });
  it('needs sign-in and the CSRF header', async () => {
    expect((await t.request('GET', `/api/requirements/ahj/${ahjId}`)).statusCode).toBe(401);
    expect((await t.request('PUT', `/api/requirements/ahj/${ahjId}`, { token: await as(DEMO.admin), body: {}, csrf: false })).statusCode).toBe(403);
  });
});

describe('PUT validation (spec §5, validateRequirementValues)', () => {
  const url = () => `/api/requirements/ahj/${ahjId}`;
  it.each([
    ['a sticker title over 20 characters', { sticker_1: { title: 'A'.repeat(21) } }, 'sticker_1.title', /20/],
    ['a page list that is not comma separated pages', { structural_pages_to_stamp: 'PV-3; PV-4' }, 'structural_pages_to_stamp', /comma/],
    ['title block points with an empty point', { title_block_notes: 'One;;Two' }, 'title_block_notes', /semicolon/],
    ['an unknown drawing variable', { pv1_extra_notes: 'Size {system_size_dc_kw} by {installer_nickname}' }, 'pv1_extra_notes', /\{installer_nickname\}/],
    ['an unknown requirement', { no_such_requirement: true }, 'no_such_requirement', /Unknown requirement/],
    ['a wrong type', { ac_disconnect_distance_to_meter: 'far' }, 'ac_disconnect_distance_to_meter', /number/],
    ['a select value not on offer', { dwg_electrical_code: 'IEC' }, 'dwg_electrical_code', /not one of the options/],
  ])('refuses %s with 400 naming the field, saving nothing', async (_what, body, field, message) => {
    const token = await as(DEMO.admin);
    await t.request('PUT', url(), { token, body: { conduit_naming: 'EMT' } });
    const res = await t.request('PUT', url(), { token, body: { ...body, rail_length: 14 } });
    expect(res.statusCode).toBe(400);
    const arg = res.data.args.find((a: Record<string, string>) => field in a);
    expect(arg?.[field]).toMatch(message);
    expect((await t.request('GET', url(), { token })).data.values).toEqual({ conduit_naming: 'EMT' });
  });
  it('accepts valid values of every kind', async () => {
    const token = await as(DEMO.admin);
    const values = {
      sticker_1: { title: 'SOLAR DISCONNECT', color: 'Red' },
      structural_pages_to_stamp: 'PV-3, PV-3A',
      title_block_notes: 'First point; second point;',
      pv1_extra_notes: 'System size {system_size_dc_kw} kW',
      rail_length: 12.5,
      structural_stamps_on_cad: 'Always Include',
    };
    const res = await t.request('PUT', url(), { token, body: values });
    expect(res.statusCode).toBe(200);
    expect(res.data.values).toMatchObject({ ...values, sticker_1: expect.objectContaining({ title: 'SOLAR DISCONNECT' }) });
    expect(res.data.updated.rail_length).toMatchObject({ updated_by: expect.any(String), updated_at: expect.any(String) });
  });
  it('an absent key is inherited (its row is deleted); a key present is set, null, false and \'\' included', async () => {
    const token = await as(DEMO.admin);
    await t.request('PUT', url(), { token, body: { rail_length: 12, conduit_naming: 'PVC', ac_wire_size: '10 AWG' } });
    const res = await t.request('PUT', url(), { token, body: { conduit_naming: '', sticker_2: null, attachment_detail: false, pv_equipment_distance_to_meter: null } });
    expect(res.statusCode).toBe(200);
    expect(res.data.values).toEqual({ conduit_naming: '', sticker_2: null, attachment_detail: false, pv_equipment_distance_to_meter: null });
    expect((await t.request('GET', url(), { token })).data.values).toEqual(res.data.values);
  });
  it('null is not a way to inherit a value that has no "off": a number with a default needs a number', async () => {
    const res = await t.request('PUT', url(), { token: await as(DEMO.admin), body: { rail_length: null } });
    expect(res.statusCode).toBe(400);
    expect(res.data.args).toEqual([{ rail_length: 'A number is required.' }]);
  });
  it('refuses a NUL character (PostgreSQL cannot store it) with 400, not 500', async () => {
    const res = await t.request('PUT', url(), { token: await as(DEMO.admin), body: { conduit_naming: 'E\u0000MT' } });
    expect(res.statusCode).toBe(400);
    expect(res.data.args).toEqual([{ conduit_naming: expect.stringMatching(/NUL/) }]);
  });
  it('refuses a body that is not an object', async () => {
    const res = await t.request('PUT', url(), { token: await as(DEMO.admin), body: ['conduit_naming'] });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/requirements/resolve', () => {
  beforeAll(async () => {
    const token = await as(DEMO.admin);
    await t.request('PUT', `/api/requirements/company/${co['Acme Solar']}`, { token, body: { conduit_naming: 'PVC', rail_length: 16, ac_disconnect_distance_to_meter: 15 } });
    await t.request('PUT', `/api/requirements/utility/${utilityId}`, { token, body: { rail_length: 12, production_meter: 'Always Include' } });
    await t.request('PUT', `/api/requirements/ahj/${ahjId}`, { token, body: { rail_length: 10, structural_stamps_on_cad: 'Only Over 10 Kilowatts', parcel_info_on_title_block: true } });
  });
  const q = () => `company_id=${co['Acme Solar']}&utility_id=${utilityId}&ahj_id=${ahjId}`;
  it('resolves default → company → utility → AHJ with the source of each value', async () => {
    const res = await t.request('GET', `/api/requirements/resolve?${q()}`, { token: await as(DEMO.acmeUser) });
    expect(res.statusCode).toBe(200);
    const v = res.data.values;
    expect(v.rail_length).toMatchObject({ value: 10, source: 'ahj' });
    expect(v.production_meter).toMatchObject({ value: 'Always Include', source: 'utility', on: true });
    expect(v.conduit_naming).toMatchObject({ value: 'PVC', source: 'company' });
    expect(v.ac_disconnect_distance_to_meter).toMatchObject({ value: 15, source: 'company' });
    expect(v.micro_combiner_panel_amperage).toMatchObject({ value: 125, source: 'default' });
    expect(res.data.dynamicCadFields).toEqual(expect.arrayContaining(['parcel_info.parcel_id', 'parcel_info.legal_desc1']));
  });
  it('an engineering stamp that is on removes the contractor stamp (spec §5); the facts decide "Only Over 10 Kilowatts"', async () => {
    const token = await as(DEMO.acmeOwner);
    const big = await t.request('GET', `/api/requirements/resolve?${q()}&system_size_kw=12`, { token });
    expect(big.data.contractorStamp).toEqual({ removed: true, removedBy: ['structural_stamps_on_cad'] });
    expect(big.data.values.contractor_stamp).toMatchObject({ on: false, suppressedBy: ['structural_stamps_on_cad'] });
    const small = await t.request('GET', `/api/requirements/resolve?${q()}&system_size_kw=6`, { token });
    expect(small.data.contractorStamp).toEqual({ removed: false, removedBy: [] });
  });
  it('with no scopes answers the defaults', async () => {
    const res = await t.request('GET', '/api/requirements/resolve', { token: await as(DEMO.contractor) });
    expect(res.statusCode).toBe(200);
    expect(Object.values(res.data.values).every((r: any) => r.source === 'default')).toBe(true);
  });
  it.each([
    [DEMO.brightOwner, `company_id=${MISSING}`, 404],
    [DEMO.admin, `ahj_id=${MISSING}`, 404],
    [DEMO.admin, 'utility_id=nope', 400],
    [DEMO.admin, 'system_size_kw=-3', 400],
  ])('%s with %s → %i', async (who, query, status) => {
    expect((await t.request('GET', `/api/requirements/resolve?${query}`, { token: await as(who) })).statusCode).toBe(status);
  });
  it('hides another company\'s values (404)', async () => {
    const res = await t.request('GET', `/api/requirements/resolve?company_id=${co['Acme Solar']}`, { token: await as(DEMO.brightOwner) });
    expect(res.statusCode).toBe(404);
  });
  it('resolveForJob (for the jobs module) gives the same answer without a caller', async () => {
    const direct = await resolveForJob(t.app.ctx, { companyId: co['Acme Solar'], utilityId, ahjId, facts: { systemSizeKw: 12 } });
    const api = await t.request('GET', `/api/requirements/resolve?${q()}&system_size_kw=12`, { token: await as(DEMO.admin) });
    expect(JSON.parse(JSON.stringify(direct))).toEqual(api.data);
    const none = await resolveForJob(t.app.ctx, { companyId: null, utilityId: null, ahjId: null });
    expect(none.values.rail_length).toMatchObject({ source: 'default' });
  });
});

describe('PATCH /api/requirements/:scope_type/:scope_id (set and inherit)', () => {
  it.each(EDIT_MATRIX)('PATCH %s scope as %s → %i', async (type, who, status) => {
    const res = await t.request('PATCH', `/api/requirements/${scope(type)}`, { token: await as(who), body: { set: { labels_page: true } } });
    expect(res.statusCode).toBe(status);
    if (status === 200) expect(res.data.values.labels_page).toBe(true);
  });

  it('changes only the keys it names, and inherit removes this scope\'s value', async () => {
    const token = await as(DEMO.admin);
    const url = `/api/requirements/company/${co['Brightside Energy']}`;
    await t.request('PUT', url, { token, body: { rail_length: 12, conduit_naming: 'PVC', labels_page: true } });
    const res = await t.request('PATCH', url, { token, body: { set: { labels_page: false, sticker_4: null }, inherit: ['conduit_naming'] } });
    expect(res.statusCode).toBe(200);
    expect(res.data.values).toEqual({ rail_length: 12, labels_page: false, sticker_4: null });
    expect(Object.keys(res.data.updated).sort()).toEqual(['labels_page', 'rail_length', 'sticker_4']);
    expect((await t.request('PATCH', url, { token, body: {} })).data.values).toEqual(res.data.values);
  });

  it.each([
    ['a key both set and inherited', { set: { labels_page: true }, inherit: ['labels_page'] }, 'labels_page', /both/],
    ['an unknown key to inherit', { inherit: ['no_such_requirement'] }, 'no_such_requirement', /Unknown requirement/],
    ['an invalid value', { set: { sticker_1: { title: 'A'.repeat(21) } } }, 'sticker_1.title', /20/],
    ['null for a number that has a default', { set: { rail_length: null } }, 'rail_length', /number is required/],
  ])('refuses %s with 400 naming the field, changing nothing', async (_what, body, field, message) => {
    const token = await as(DEMO.admin);
    const url = `/api/requirements/company/${co['Brightside Energy']}`;
    const before = (await t.request('GET', url, { token })).data.values;
    const res = await t.request('PATCH', url, { token, body: { ...body, set: { ...(body as any).set, placard_directory: true } } });
    expect(res.statusCode).toBe(400);
    expect(res.data.args.find((a: Record<string, string>) => field in a)?.[field]).toMatch(message);
    expect((await t.request('GET', url, { token })).data.values).toEqual(before);
  });
  it('refuses a body in the PUT shape (unknown top-level keys) and a non-list inherit', async () => {
    const token = await as(DEMO.admin);
    const url = `/api/requirements/company/${co['Brightside Energy']}`;
    expect((await t.request('PATCH', url, { token, body: { labels_page: true } })).statusCode).toBe(400);
    expect((await t.request('PATCH', url, { token, body: { inherit: 'labels_page' } })).statusCode).toBe(400);
  });
  it('answers 404 for a missing scope and needs the CSRF header', async () => {
    const token = await as(DEMO.admin);
    expect((await t.request('PATCH', `/api/requirements/ahj/${MISSING}`, { token, body: {} })).statusCode).toBe(404);
    expect((await t.request('PATCH', `/api/requirements/ahj/${ahjId}`, { token, body: {}, csrf: false })).statusCode).toBe(403);
  });
});

describe('resolution precedence with explicit "off" values', () => {
  const company = () => co['Brightside Energy']!;
  const resolve = async (ahj: string) => (await t.request('GET', `/api/requirements/resolve?company_id=${company()}&ahj_id=${ahj}`, { token: await as(DEMO.brightOwner) })).data;
  const OFF = { sticker_1: null, parcel_info_on_title_block: false, conduit_naming: '', structural_stamps_on_cad: 'No Stamp Required', pv_equipment_distance_to_meter: null };
  /** An AHJ of the test's own (each test starts from the state it reads, in any order). */
  let n = 0;
  const newAhj = async () => (await t.request('POST', '/api/ahjs', { token: await as(DEMO.admin), body: { name: `City of Dallas ${++n}`, state: 'TX', jurisdiction_type: 'City' } })).data.id as string;
  /** An AHJ whose values turn off what the company turns on. */
  const setOff = async (ahj: string) => t.request('PATCH', `/api/requirements/ahj/${ahj}`, { token: await as(DEMO.support), body: { set: OFF } });
  const inherit = async (ahj: string) => t.request('PATCH', `/api/requirements/ahj/${ahj}`, { token: await as(DEMO.support), body: { inherit: ['sticker_1', 'parcel_info_on_title_block'] } });
  beforeAll(async () => {
    const res = await t.request('PUT', `/api/requirements/company/${company()}`, {
      token: await as(DEMO.brightOwner),
      body: {
        sticker_1: { title: 'PV DISCONNECT' },
        parcel_info_on_title_block: true,
        conduit_naming: 'PVC',
        structural_stamps_on_cad: 'Always Include',
        pv_equipment_distance_to_meter: 50,
      },
    });
    expect(res.statusCode).toBe(200);
  });

  it('with nothing set on the AHJ, every value comes from the company', async () => {
    const r = await resolve(await newAhj());
    expect(r.values.sticker_1).toMatchObject({ source: 'company', on: true });
    expect(r.values.parcel_info_on_title_block).toMatchObject({ value: true, source: 'company', on: true });
    expect(r.contractorStamp.removed).toBe(true);
  });

  it('an AHJ "off" overrides the company\'s "on", and provenance names the AHJ', async () => {
    const ahj = await newAhj();
    const set = OFF;
    const res = await setOff(ahj);
    expect(res.statusCode).toBe(200);
    expect(res.data.values).toEqual(set);
    const r = await resolve(ahj);
    expect(r.values.sticker_1).toEqual({ key: 'sticker_1', value: null, source: 'ahj', on: false });
    expect(r.values.parcel_info_on_title_block).toMatchObject({ value: false, source: 'ahj', on: false });
    expect(r.values.conduit_naming).toMatchObject({ value: '', source: 'ahj', on: false });
    expect(r.values.structural_stamps_on_cad).toMatchObject({ value: 'No Stamp Required', source: 'ahj', on: false });
    expect(r.values.pv_equipment_distance_to_meter).toMatchObject({ value: null, source: 'ahj', on: false });
    expect(r.dynamicCadFields).not.toContain('parcel_info.parcel_id');
    expect(r.contractorStamp.removed).toBe(false);
  });

  it('"inherit" removes the AHJ\'s value and the company\'s shows through again', async () => {
    const ahj = await newAhj();
    expect((await setOff(ahj)).statusCode).toBe(200);
    const res = await inherit(ahj);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.data.values).sort()).toEqual(['conduit_naming', 'pv_equipment_distance_to_meter', 'structural_stamps_on_cad']);
    const r = await resolve(ahj);
    expect(r.values.sticker_1).toMatchObject({ value: expect.objectContaining({ title: 'PV DISCONNECT' }), source: 'company', on: true });
    expect(r.values.parcel_info_on_title_block).toMatchObject({ value: true, source: 'company', on: true });
    expect(r.values.conduit_naming).toMatchObject({ value: '', source: 'ahj' });
  });

  it('resolveForJob agrees (the jobs module reads explicit "off" rows too)', async () => {
    // The AHJ as the test before leaves it: its "off" values, two of them inherited again.
    const ahj = await newAhj();
    expect((await setOff(ahj)).statusCode).toBe(200);
    expect((await inherit(ahj)).statusCode).toBe(200);
    const direct = await resolveForJob(t.app.ctx, { companyId: company(), ahjId: ahj });
    expect(direct.values.conduit_naming).toMatchObject({ value: '', source: 'ahj' });
    expect(direct.values.pv_equipment_distance_to_meter).toMatchObject({ value: null, source: 'ahj' });
  });
});
