import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });
const as = (who: string) => t.tokenOf(who);
const ALL = [DEMO.admin, DEMO.support, DEMO.contractor, DEMO.acmeOwner, DEMO.acmeUser, DEMO.brightOwner];
const EDITORS: Record<string, number> = { [DEMO.admin]: 1, [DEMO.support]: 1 };
const MISSING = '00000000-0000-4000-8000-000000000000';

const csv = (text: string) => ({ raw: text, headers: { 'content-type': 'text/csv' } });
const multipart = (text: string, filename = 'upload.csv') => {
  const b = 'sunstamp-test-boundary';
  return {
    raw: `--${b}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n${text}\r\n--${b}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${b}` },
  };
};

const austin = {
  name: 'City of Austin', state: 'TX', jurisdiction_type: 'City', ibc: '2021', irc: '2021', iebc: '2021', asce: '7-16',
  electrical: 'NEC 2020', fire: '2021', wind_speed_mph: 115, ground_snow_load_psf: 5, exposure_category: 'C',
  min_design_temp_c: -9, stamp_type: 'digital', required_reviews: ['Structural', 'Electrical'], notes: 'Permits online.',
};

describe('AHJs: create, read, update, deactivate per role', () => {
  let id = '';
  beforeAll(async () => {
    const res = await t.request('POST', '/api/ahjs', { token: await as(DEMO.admin), body: austin });
    expect(res.statusCode).toBe(201);
    id = res.data.id;
  });
  it('stores every field of an AHJ', async () => {
    // An AHJ of its own: the role tests here change and deactivate the shared one, in any order.
    const body = { ...austin, name: 'City of Austin (every field)' };
    const created = await t.request('POST', '/api/ahjs', { token: await as(DEMO.admin), body });
    expect(created.statusCode, created.body).toBe(201);
    const res = await t.request('GET', `/api/ahjs/${created.data.id}`, { token: await as(DEMO.acmeUser) });
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({ ...body, seismic_design_category: null, is_active: true });
  });
  it.each(ALL)('POST /api/ahjs as %s', async (who) => {
    const res = await t.request('POST', '/api/ahjs', { token: await as(who), body: { name: `Travis County ${who}`, state: 'tx', jurisdiction_type: 'County' } });
    expect(res.statusCode).toBe(EDITORS[who] ? 201 : 403);
    if (EDITORS[who]) expect(res.data).toMatchObject({ state: 'TX', required_reviews: [], notes: '' });
  });
  it('a code left out starts at its list\'s default edition (the Codes page\'s "Default for a new AHJ"); one sent as null stays not known', async () => {
    const lists = (await t.request('GET', '/api/codes', { token: await as(DEMO.admin) })).data as { type: string; default: string | null }[];
    const ibc = lists.find((l) => l.type === 'ibc')!.default;
    const electrical = lists.find((l) => l.type === 'electrical')!.default;
    expect(ibc && electrical, 'the seeded lists have defaults').toBeTruthy();
    const res = await t.request('POST', '/api/ahjs', { token: await as(DEMO.admin), body: { name: 'Round Rock', state: 'TX', jurisdiction_type: 'City', electrical: null } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.data).toMatchObject({ ibc, electrical: null });
    for (const l of lists) if (l.type !== 'electrical') expect(res.data[l.type], l.type).toBe(l.default);
  });
  it.each(ALL)('PUT /api/ahjs/:id as %s', async (who) => {
    const res = await t.request('PUT', `/api/ahjs/${id}`, { token: await as(who), body: { wind_speed_mph: 120 } });
    expect(res.statusCode).toBe(EDITORS[who] ? 200 : 403);
  });
  it.each(ALL)('GET /api/ahjs and /api/ahjs/:id as %s', async (who) => {
    expect((await t.request('GET', '/api/ahjs', { token: await as(who) })).statusCode).toBe(200);
    expect((await t.request('GET', `/api/ahjs/${id}`, { token: await as(who) })).statusCode).toBe(200);
  });
  it.each(ALL)('DELETE /api/ahjs/:id as %s (deactivates)', async (who) => {
    const res = await t.request('DELETE', `/api/ahjs/${id}`, { token: await as(who) });
    expect(res.statusCode).toBe(EDITORS[who] ? 200 : 403);
    if (EDITORS[who]) {
      expect(res.data.is_active).toBe(false);
      await t.request('PUT', `/api/ahjs/${id}`, { token: await as(who), body: { is_active: true } });
    }
  });
  it.each([
    ['an unknown state', { ...austin, name: 'X', state: 'ZZ' }, 'state'],
    ['an unknown jurisdiction type', { ...austin, name: 'X', jurisdiction_type: 'Village' }, 'jurisdiction_type'],
    ['an edition not on offer', { ...austin, name: 'X', ibc: '2009' }, 'ibc'],
    ['an electrical code not on offer', { ...austin, name: 'X', electrical: 'NEC 2008' }, 'electrical'],
    ['a negative snow load', { ...austin, name: 'X', ground_snow_load_psf: -1 }, 'ground_snow_load_psf'],
    ['an unknown stamp type', { ...austin, name: 'X', stamp_type: 'embossed' }, 'stamp_type'],
    ['an unknown review', { ...austin, name: 'X', required_reviews: ['Plumbing'] }, 'required_reviews.0'],
    ['an unknown field', { ...austin, name: 'X', mayor: 'Y' }, 'body'],
    ['no name', { state: 'TX', jurisdiction_type: 'City' }, 'name'],
  ])('refuses %s (400 naming the field)', async (_what, body, field) => {
    const res = await t.request('POST', '/api/ahjs', { token: await as(DEMO.admin), body });
    expect(res.statusCode).toBe(400);
    expect(res.data.args.some((a: Record<string, string>) => field in a)).toBe(true);
  });
  it('a new AHJ without a state is told the state is required, not unknown', async () => {
    const token = await as(DEMO.admin);
    for (const state of ['', '   ']) {
      const res = await t.request('POST', '/api/ahjs', { token, body: { name: 'No State Town', state, jurisdiction_type: 'City' } });
      expect(res.statusCode).toBe(400);
      expect(res.data.args).toEqual([{ state: 'This field is required.' }]);
    }
    const unknown = await t.request('POST', '/api/ahjs', { token, body: { name: 'No State Town', state: 'QQ', jurisdiction_type: 'City' } });
    expect(unknown.data.args).toEqual([{ state: 'Unknown state; use its two-letter abbreviation, e.g. CA.' }]);
  });
  it('refuses a second AHJ with the same name in the same state (409), whatever the case', async () => {
    const res = await t.request('POST', '/api/ahjs', { token: await as(DEMO.support), body: { ...austin, name: 'city of austin' } });
    expect(res.statusCode).toBe(409);
    const other = await t.request('POST', '/api/ahjs', { token: await as(DEMO.support), body: { ...austin, state: 'MN' } });
    expect(other.statusCode).toBe(201);
  });
  it.each([['GET', 404], ['PUT', 404], ['DELETE', 404]] as const)('%s of an AHJ that does not exist → %i', async (method, status) => {
    const token = await as(DEMO.admin);
    expect((await t.request(method, `/api/ahjs/${MISSING}`, { token, ...(method === 'PUT' ? { body: { notes: '' } } : {}) })).statusCode).toBe(status);
    expect((await t.request(method, '/api/ahjs/nope', { token, ...(method === 'PUT' ? { body: { notes: '' } } : {}) })).statusCode).toBe(status);
  });
});

describe('AHJ search and paging', () => {
  beforeAll(async () => {
    const rows = Array.from({ length: 60 }, (_, i) => `Town ${String(i).padStart(2, '0')},OR,City`).join('\n');
    const res = await t.request('POST', '/api/ahjs/import', { token: await as(DEMO.admin), ...csv(`name,state,jurisdiction_type\n${rows}\n`) });
    expect(res.statusCode).toBe(200);
  });
  it('pages 50 by default and at most 200', async () => {
    const token = await as(DEMO.acmeUser);
    const first = await t.request('GET', '/api/ahjs?state=OR', { token });
    expect(first.data).toMatchObject({ count: 60, page: 1, page_size: 50 });
    expect(first.data.results).toHaveLength(50);
    expect(first.data.results[0].name).toBe('Town 00');
    const second = await t.request('GET', '/api/ahjs?state=or&page=2', { token });
    expect(second.data.results.map((a: any) => a.name)).toEqual(['Town 50', 'Town 51', 'Town 52', 'Town 53', 'Town 54', 'Town 55', 'Town 56', 'Town 57', 'Town 58', 'Town 59']);
    expect((await t.request('GET', '/api/ahjs?page_size=201', { token })).statusCode).toBe(400);
    expect((await t.request('GET', '/api/ahjs?page=0', { token })).statusCode).toBe(400);
  });
  it('searches names case-insensitively, % and _ taken literally', async () => {
    const token = await as(DEMO.contractor);
    const res = await t.request('GET', '/api/ahjs?search=TOWN%205', { token });
    expect(res.data.count).toBe(10);
    expect((await t.request('GET', '/api/ahjs?search=%25', { token })).data.count).toBe(0);
  });
  it('hides deactivated AHJs except from staff asking for them', async () => {
    const admin = await as(DEMO.admin);
    const town = (await t.request('GET', '/api/ahjs?search=Town%2000', { token: admin })).data.results[0];
    await t.request('DELETE', `/api/ahjs/${town.id}`, { token: admin });
    try {
      expect((await t.request('GET', '/api/ahjs?search=Town%2000', { token: admin })).data.count).toBe(0);
      expect((await t.request('GET', '/api/ahjs?search=Town%2000&include_inactive=true', { token: admin })).data.count).toBe(1);
      expect((await t.request('GET', '/api/ahjs?search=Town%2000&include_inactive=true', { token: await as(DEMO.acmeUser) })).data.count).toBe(0);
    } finally {
      // The paging test counts all 60 towns and starts at Town 00, before or after this one.
      await t.request('PUT', `/api/ahjs/${town.id}`, { token: admin, body: { is_active: true } });
    }
  });
});

describe('POST /api/ahjs/import', () => {
  const good = [
    'Name,State,Jurisdiction Type,IBC,IRC,ASCE,Electrical,Wind Speed MPH,Ground Snow Load PSF,Exposure Category,Stamp Type,Required Reviews,Notes',
    'Denver,CO,city,2021,2021,7-16,NEC 2023,115,30,c,wet,structural;electrical,"Wet stamps, two copies"',
    'Boulder County,CO,County,2018,2018,7-16,NEC 2020,130,40,B,digital,,',
  ].join('\n');
  it.each([DEMO.support, DEMO.admin])('imports as %s, and a re-import updates instead of duplicating', async (who) => {
    const token = await as(who);
    const res = await t.request('POST', '/api/ahjs/import', { token, ...csv(good) });
    expect(res.statusCode).toBe(200);
    expect(res.data.total).toBe(2);
    const denver = (await t.request('GET', '/api/ahjs?search=denver', { token })).data;
    expect(denver.count).toBe(1);
    expect(denver.results[0]).toMatchObject({
      name: 'Denver', state: 'CO', jurisdiction_type: 'City', exposure_category: 'C', stamp_type: 'wet',
      required_reviews: ['Structural', 'Electrical'], notes: 'Wet stamps, two copies', electrical: 'NEC 2023', iebc: null,
    });
  });
  it('counts created and updated rows, and leaves columns the file lacks alone', async () => {
    const token = await as(DEMO.admin);
    // Denver as the first import makes it (this test may run before that one).
    expect((await t.request('POST', '/api/ahjs/import', { token, ...csv(good) })).statusCode).toBe(200);
    const res = await t.request('POST', '/api/ahjs/import', { token, ...csv('name,state,jurisdiction_type,wind_speed_mph\nDenver,CO,City,120\nAurora,CO,City,\n') });
    expect(res.data).toEqual({ total: 2, created: 1, updated: 1 });
    const denver = (await t.request('GET', '/api/ahjs?search=denver', { token })).data.results[0];
    expect(denver).toMatchObject({ wind_speed_mph: 120, notes: 'Wet stamps, two copies', stamp_type: 'wet' });
  });
  it('accepts a multipart upload', async () => {
    const res = await t.request('POST', '/api/ahjs/import', { token: await as(DEMO.admin), ...multipart('name,state,jurisdiction_type\nLakewood,CO,City\n') });
    expect(res.statusCode).toBe(200);
    expect(res.data.created).toBe(1);
  });
  it('reports every bad line with its number and imports nothing', async () => {
    const token = await as(DEMO.admin);
    const bad = [
      'name,state,jurisdiction_type,ibc,wind_speed_mph',
      'Golden,CO,City,2021,100',
      'Arvada,XX,City,2021,100',
      'Westminster,CO,Town,2021,100',
      'Thornton,CO,City,2009,100',
      'Brighton,CO,City,2021,fast',
      ',CO,City,2021,100',
      'golden,CO,City,2021,100',
    ].join('\n');
    const res = await t.request('POST', '/api/ahjs/import', { token, ...csv(bad) });
    expect(res.statusCode).toBe(400);
    expect(res.data.message).toBe('The file has 6 bad lines; nothing was imported.');
    const lines = res.data.args.map((a: string) => a.split(':')[0]);
    expect(lines).toEqual(['Line 3', 'Line 4', 'Line 5', 'Line 6', 'Line 7', 'Line 8']);
    expect(res.data.args[0]).toMatch(/state/);
    expect(res.data.args[2]).toMatch(/ibc: "2009" is not an edition on offer/);
    expect(res.data.args[3]).toMatch(/wind_speed_mph: "fast" is not a number/);
    expect(res.data.args[5]).toMatch(/already on line 2/);
    expect((await t.request('GET', '/api/ahjs?search=golden', { token })).data.count).toBe(0);
  });
  it.each([
    ['an unknown column', 'name,state,jurisdiction_type,mayor\nA,CO,City,x\n', /Line 1: Unknown column "mayor"/],
    ['a missing required column', 'name,state\nA,CO\n', /Line 1: Missing column jurisdiction_type/],
    ['a short row', 'name,state,jurisdiction_type\nA,CO\n', /Line 2: Expected 3 columns, found 2/],
    ['an unclosed quote', 'name,state,jurisdiction_type\n"A,CO,City\n', /Line 2: Unclosed quoted field/],
    ['an empty file', '', /empty/],
    ['only a header', 'name,state,jurisdiction_type\n', /no rows/],
  ])('refuses %s with 400', async (_what, body, message) => {
    const res = await t.request('POST', '/api/ahjs/import', { token: await as(DEMO.admin), ...csv(body) });
    expect(res.statusCode).toBe(400);
    expect(res.data.args.join(' ')).toMatch(message);
  });
  it('refuses NUL characters in a search, a body or a file with 400', async () => {
    const token = await as(DEMO.admin);
    expect((await t.request('GET', '/api/ahjs?search=%00', { token })).statusCode).toBe(400);
    expect((await t.request('POST', '/api/utilities', { token, body: { name: 'U\u0000' } })).statusCode).toBe(400);
    expect((await t.request('POST', '/api/ahjs/import', { token, ...csv('name,state,jurisdiction_type\nA\u0000,CO,City\n') })).statusCode).toBe(400);
    expect((await t.request('POST', '/api/ahjs/import', { token, ...multipart('name,state,jurisdiction_type\nA\u0000,CO,City\n') })).statusCode).toBe(400);
  });
  it('refuses a JSON body with 415 and an over-large file with 413', async () => {
    const token = await as(DEMO.admin);
    expect((await t.request('POST', '/api/ahjs/import', { token, body: { name: 'x' } })).statusCode).toBe(415);
    const huge = 'name,state,jurisdiction_type\n' + 'A,CO,City\n'.repeat(1_100_000);
    expect((await t.request('POST', '/api/ahjs/import', { token, ...csv(huge) })).statusCode).toBe(413);
  });
  it.each(ALL.filter((w) => !EDITORS[w]))('%s may not import (403)', async (who) => {
    const res = await t.request('POST', '/api/ahjs/import', { token: await as(who), ...csv(good) });
    expect(res.statusCode).toBe(403);
  });
});

describe('utilities', () => {
  let id = '';
  beforeAll(async () => {
    const res = await t.request('POST', '/api/utilities', { token: await as(DEMO.support), body: { name: 'Xcel Energy', states: ['CO', 'mn'], notes: 'Solar Rewards program.' } });
    expect(res.statusCode).toBe(201);
    id = res.data.id;
  });
  it.each(ALL)('role matrix for %s', async (who) => {
    const token = await as(who);
    expect((await t.request('GET', '/api/utilities', { token })).statusCode).toBe(200);
    expect((await t.request('GET', `/api/utilities/${id}`, { token })).statusCode).toBe(200);
    const editor = !!EDITORS[who];
    expect((await t.request('POST', '/api/utilities', { token, body: { name: `Utility of ${who}` } })).statusCode).toBe(editor ? 201 : 403);
    expect((await t.request('PUT', `/api/utilities/${id}`, { token, body: { notes: 'Solar Rewards program.' } })).statusCode).toBe(editor ? 200 : 403);
    expect((await t.request('DELETE', `/api/utilities/${MISSING}`, { token })).statusCode).toBe(editor ? 404 : 403);
  });
  it('searches by state and name, paged', async () => {
    const token = await as(DEMO.acmeUser);
    const res = await t.request('GET', '/api/utilities?state=MN', { token });
    expect(res.data).toMatchObject({ count: 1, page: 1, page_size: 50 });
    expect(res.data.results[0]).toMatchObject({ name: 'Xcel Energy', states: ['CO', 'MN'] });
    expect((await t.request('GET', '/api/utilities?search=xcel', { token })).data.count).toBe(1);
    expect((await t.request('GET', '/api/utilities?search=rewards', { token })).data.count).toBe(1);
  });
  it('refuses duplicates (409) and bad states (400)', async () => {
    const token = await as(DEMO.admin);
    expect((await t.request('POST', '/api/utilities', { token, body: { name: 'XCEL ENERGY' } })).statusCode).toBe(409);
    expect((await t.request('POST', '/api/utilities', { token, body: { name: 'New Co', states: ['QQ'] } })).statusCode).toBe(400);
    expect((await t.request('PUT', `/api/utilities/${id}`, { token, body: { states: ['CO', 'CO'] } })).statusCode).toBe(400);
  });
  it('imports CSV (states separated by ;), re-import updates, a bad line imports nothing', async () => {
    const token = await as(DEMO.support);
    const body = 'name,states,notes\nPacific Gas and Electric,CA,\nPacifiCorp,"OR;WA;CA",Rocky Mountain Power in UT\n';
    const first = await t.request('POST', '/api/utilities/import', { token, ...csv(body) });
    expect(first.data).toEqual({ total: 2, created: 2, updated: 0 });
    const again = await t.request('POST', '/api/utilities/import', { token, ...multipart(body) });
    expect(again.data).toEqual({ total: 2, created: 0, updated: 2 });
    const pc = (await t.request('GET', '/api/utilities?search=pacificorp', { token })).data.results[0];
    expect(pc.states).toEqual(['OR', 'WA', 'CA']);
    const bad = await t.request('POST', '/api/utilities/import', { token, ...csv('name,states\nGood Power,TX\nBad Power,TX;ZZ\n') });
    expect(bad.statusCode).toBe(400);
    expect(bad.data.args).toEqual([expect.stringMatching(/^Line 3: states\.1: Unknown state/)]);
    expect((await t.request('GET', '/api/utilities?search=good%20power', { token })).data.count).toBe(0);
  });
});
