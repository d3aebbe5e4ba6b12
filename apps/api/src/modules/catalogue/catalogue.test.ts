import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPTION_LIST_ROUTES, OPTION_LISTS } from '@sunstamp/domain/catalogue/option-lists.data';
import { SEED_EQUIPMENT } from '@sunstamp/domain/catalogue/equipment.data';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { seedReference } from '../../db/seed/seed.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const CEC_INVERTERS = path.resolve(repoRoot, '../shared/data/cec/cec-inverters-2019-03-05.csv');
const CEC_MODULES_SAMPLE = path.resolve(repoRoot, 'packages/domain/src/catalogue/fixtures/cec-modules-sample.csv');

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => {
  await t?.close();
  if (seeded) await (await seeded).close();
});
let seeded: Promise<TestApp> | undefined;
/**
 * Runs a test that reads the reference data as seeded on a database no test here writes to: the
 * other tests add, edit, reorder and import items and change code lists, before or after it.
 */
async function onSeeded(fn: () => Promise<void>) {
  seeded ??= createTestApp();
  const own = t;
  t = await seeded;
  try { await fn(); } finally { t = own; }
}
const as = (who: string) => t.tokenOf(who);
const ALL = [DEMO.admin, DEMO.support, DEMO.contractor, DEMO.acmeOwner, DEMO.acmeUser, DEMO.brightOwner];
const STAFF: Record<string, number> = { [DEMO.admin]: 1, [DEMO.support]: 1 };
const csv = (text: string) => ({ raw: text, headers: { 'content-type': 'text/csv' } });

describe('codes (spec §7 /codes/…)', () => {
  it.each([
    ['ibc', 'International Building Code', ['2015', '2018', '2021', '2024'], '2021'],
    ['irc', 'International Residential Code', ['2015', '2018', '2021', '2024'], '2021'],
    ['iebc', 'International Existing Building Code', ['2015', '2018', '2021', '2024'], '2021'],
    ['asce', 'ASCE 7 Minimum Design Loads', ['7-10', '7-16', '7-22'], '7-16'],
    ['electrical-code', 'Electrical Code', ['NEC 2017', 'NEC 2020', 'NEC 2023', 'CEC'], 'NEC 2020'],
    ['fire-code', 'International Fire Code', ['2015', '2018', '2021', '2024'], '2021'],
  ])('GET /api/codes/%s lists the editions on offer with a default', async (segment, label, editions, def) => {
    await onSeeded(async () => {
      for (const who of ALL) {
        const res = await t.request('GET', `/api/codes/${segment}`, { token: await as(who) });
        expect(res.statusCode).toBe(200);
        expect(res.data).toMatchObject({ label, default: def });
        expect(res.data.editions.map((e: any) => e.value)).toEqual(editions);
      }
    });
  });
  it('GET /api/codes lists all six; an unknown code is 404', async () => {
    const token = await as(DEMO.acmeUser);
    expect((await t.request('GET', '/api/codes', { token })).data.map((c: any) => c.type)).toEqual(['ibc', 'irc', 'iebc', 'asce', 'electrical', 'fire']);
    expect((await t.request('GET', '/api/codes/plumbing', { token })).statusCode).toBe(404);
  });
  const ibc = { editions: [{ value: '2021', label: 'IBC 2021' }, { value: '2024', label: 'IBC 2024' }], default: '2024' };
  it.each(ALL)('PUT /api/codes/ibc as %s: admin only', async (who) => {
    const res = await t.request('PUT', '/api/codes/ibc', { token: await as(who), body: ibc });
    expect(res.statusCode).toBe(who === DEMO.admin ? 200 : 403);
  });
  it('PUT replaces the editions of ibc and iebc; other codes cannot be changed', async () => {
    const token = await as(DEMO.admin);
    // The admin's PUT of the role test, made here too (that test may come after this one).
    expect((await t.request('PUT', '/api/codes/ibc', { token, body: ibc })).statusCode).toBe(200);
    expect((await t.request('GET', '/api/codes/ibc', { token })).data).toMatchObject(ibc);
    expect((await t.request('PUT', '/api/codes/iebc', { token, body: { ...ibc, label: 'IEBC' } })).data.label).toBe('IEBC');
    const asce = await t.request('PUT', '/api/codes/asce', { token, body: ibc });
    expect(asce.statusCode).toBe(405);
    expect(asce.data.message).toMatch(/only ibc and iebc/);
    expect((await t.request('PUT', '/api/codes/plumbing', { token, body: ibc })).statusCode).toBe(404);
  });
  it.each([
    ['a default not among the editions', { ...ibc, default: '2018' }, 'default'],
    ['an edition listed twice', { editions: [{ value: '2021', label: 'a' }, { value: '2021', label: 'b' }], default: '2021' }, 'editions.1.value'],
    ['no editions', { editions: [], default: '2021' }, 'editions'],
    ['an unknown field', { ...ibc, year: 1 }, 'body'],
  ])('refuses %s (400)', async (_what, body, field) => {
    const res = await t.request('PUT', '/api/codes/ibc', { token: await as(DEMO.admin), body });
    expect(res.statusCode).toBe(400);
    expect(res.data.args.some((a: Record<string, string>) => field in a)).toBe(true);
  });
  it('an AHJ may adopt only editions on offer', async () => {
    const token = await as(DEMO.admin);
    // IBC on offer: 2021 and 2024 (the list as the PUT tests leave it, in any order).
    expect((await t.request('PUT', '/api/codes/ibc', { token, body: ibc })).statusCode).toBe(200);
    const res = await t.request('POST', '/api/ahjs', { token, body: { name: 'Code Town', state: 'WA', jurisdiction_type: 'City', ibc: '2018' } });
    expect(res.statusCode).toBe(400);
    expect(res.data.args[0].ibc).toMatch(/2021, 2024/);
  });
});

describe('reference option lists (spec §7)', () => {
  const routes = Object.keys(OPTION_LIST_ROUTES).filter((r) => r !== 'states');
  it('serves the 13 spec routes besides /states, plus the further lists', async () => {
    await onSeeded(async () => {
      const token = await as(DEMO.acmeUser);
      for (const route of [...routes, 'ac-disconnect-types', 'production-meter-types', 'wire-sizes', 'truss-types', 'racking-brands', 'exposure-categories', 'soil-classes', 'seismic-design-categories']) {
        const res = await t.request('GET', `/api/${route}`, { token });
        expect(res.statusCode, route).toBe(200);
        const key = route.replace(/-/g, '_');
        const list = OPTION_LISTS.find((l) => l.key === key)!;
        expect(res.data.map((i: any) => i.value)).toEqual(list.items.map((i) => i.value));
      }
    });
  });
  it('keeps each list\'s extra data (truss member counts, gypsum dead loads)', async () => {
    await onSeeded(async () => {
      const token = await as(DEMO.contractor);
      const truss = (await t.request('GET', '/api/truss-types', { token })).data;
      expect(truss.find((i: any) => i.value === 'Howe')).toMatchObject({ label: 'Howe', data: { memberCount: 8, kingPost: true, truss: true } });
      const gyp = (await t.request('GET', '/api/gypsum-types', { token })).data;
      expect(gyp.map((i: any) => i.value)).toEqual(['1/2"', '1/4"', '3/8"', '5/8"', 'Lath and Plaster', 'No Drywall']);
      expect((await t.request('GET', '/api/inverter-types', { token })).data.map((i: any) => i.label))
        .toEqual(['String Inverter', 'Microinverter', 'Dual Microinverter', 'True String Inverter']);
    });
  });
  it('GET /api/states is still the companies module\'s', async () => {
    const res = await t.request('GET', '/api/states', { token: await as(DEMO.acmeUser) });
    expect(res.data[0]).toHaveProperty('abbreviation');
  });
  it('GET /api/option-lists summarises the lists and their routes', async () => {
    const res = await t.request('GET', '/api/option-lists', { token: await as(DEMO.acmeUser) });
    expect(res.data).toContainEqual({ key: 'connection_types', label: 'Connection Types', route: '/api/connection-types', item_count: 13 });
    expect(res.data.map((l: any) => l.key)).not.toContain('states');
  });

  it.each(ALL)('POST/PUT/DELETE items as %s: admin only', async (who) => {
    const token = await as(who);
    const isAdmin = who === DEMO.admin;
    const add = await t.request('POST', '/api/option-lists/roof_materials/items', { token, body: { value: `clay_${who}`, label: 'Clay (Spanish)', data: { family: 'tile', gauge: null, thicknessIn: 0.75, deadLoadPsf: 12 } } });
    expect(add.statusCode).toBe(isAdmin ? 201 : 403);
    const first = (await t.request('GET', '/api/roof-materials', { token })).data[0];
    expect((await t.request('PUT', `/api/option-lists/roof_materials/items/${first.id}`, { token, body: { label: first.label } })).statusCode).toBe(isAdmin ? 200 : 403);
    expect((await t.request('DELETE', `/api/option-lists/roof_materials/items/999999`, { token })).statusCode).toBe(isAdmin ? 404 : 403);
  });
  it('an admin adds, edits and deactivates items; a restart\'s seed keeps those edits', async () => {
    const token = await as(DEMO.admin);
    const add = await t.request('POST', '/api/option-lists/racking_types/items', { token, body: { value: 'k2_crossrail', label: 'K2 CrossRail', data: { brand: 'Other', railless: false } } });
    expect(add.statusCode).toBe(201);
    expect(add.data).toMatchObject({ list_key: 'racking_types', value: 'k2_crossrail', is_active: true });
    const items = (await t.request('GET', '/api/racking-types', { token })).data;
    expect(items.at(-1).value).toBe('k2_crossrail');
    const xr10 = items.find((i: any) => i.value === 'ironridge_xr10');
    const edit = await t.request('PUT', `/api/option-lists/racking_types/items/${xr10.id}`, { token, body: { label: 'IronRidge XR10 Rail', sort: 1 } });
    expect(edit.data).toMatchObject({ value: 'ironridge_xr10', label: 'IronRidge XR10 Rail', sort: 1 });
    const other = items.find((i: any) => i.value === 'other');
    expect((await t.request('DELETE', `/api/option-lists/racking_types/items/${other.id}`, { token })).data.is_active).toBe(false);

    await seedReference(t.database);
    const after = (await t.request('GET', '/api/racking-types', { token })).data;
    expect(after.find((i: any) => i.value === 'ironridge_xr10').label).toBe('IronRidge XR10 Rail');
    expect(after.map((i: any) => i.value)).not.toContain('other');
    const all = (await t.request('GET', '/api/racking-types?include_inactive=true', { token: await as(DEMO.acmeUser) })).data;
    expect(all.find((i: any) => i.value === 'other')).toMatchObject({ is_active: false });
  });
  it.each([
    ['a value already in the list', 'racking_types', { value: 'ironridge_xr100', label: 'Dup', data: { brand: 'Ironridge', railless: false } }, 409],
    ['an unknown list', 'no_such_list', { value: 'x', label: 'X' }, 404],
    ['the states list (served elsewhere)', 'states', { value: 'XX', label: 'X' }, 404],
    ['an empty label', 'racking_types', { value: 'x', label: '' }, 400],
    ['data that is not an object', 'racking_types', { value: 'x', label: 'X', data: [1] }, 400],
    ['a value change', 'racking_types', { value: 'x', label: 'X', is_active: true }, 400],
  ])('refuses %s', async (_what, key, body, status) => {
    expect((await t.request('POST', `/api/option-lists/${key}/items`, { token: await as(DEMO.admin), body })).statusCode).toBe(status);
  });
  it.each([
    ['a roof material without its dead load', { value: 'glass', label: 'Glass', data: { family: 'other', gauge: null, thicknessIn: 0.25 } }, 'data.deadLoadPsf'],
    ['a roof material with no data at all', { value: 'glass', label: 'Glass' }, 'data.family'],
    ['a negative thickness', { value: 'glass', label: 'Glass', data: { family: 'other', gauge: null, thicknessIn: -1, deadLoadPsf: 3 } }, 'data.thicknessIn'],
    ['a text where a number goes', { value: 'glass', label: 'Glass', data: { family: 'other', gauge: null, thicknessIn: 'thick', deadLoadPsf: 3 } }, 'data.thicknessIn'],
    ['an unknown family', { value: 'glass', label: 'Glass', data: { family: 'glass', gauge: null, thicknessIn: 0.2, deadLoadPsf: 3 } }, 'data.family'],
    ['a key the list does not have', { value: 'glass', label: 'Glass', data: { family: 'other', gauge: null, thicknessIn: 0.2, deadLoadPsf: 3, colour: 'red' } }, 'data.colour'],
  ])('checks a list\'s typed data on add: refuses %s (400, naming the field)', async (_what, body, field) => {
    const res = await t.request('POST', '/api/option-lists/roof_materials/items', { token: await as(DEMO.admin), body });
    expect(res.statusCode).toBe(400);
    expect(res.data.args.some((a: Record<string, string>) => field in a), JSON.stringify(res.data)).toBe(true);
  });
  it('checks typed data on edit too; a label-only edit leaves data alone; lists without fields take any data', async () => {
    const token = await as(DEMO.admin);
    const wire = (await t.request('GET', '/api/wire-sizes', { token })).data.find((i: any) => i.value === '10 AWG');
    const bad = await t.request('PUT', `/api/option-lists/wire_sizes/items/${wire.id}`, { token, body: { data: { areaCmil: 0 } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.data.args[0]).toHaveProperty(['data.areaCmil']);
    const ok = await t.request('PUT', `/api/option-lists/wire_sizes/items/${wire.id}`, { token, body: { label: '10 AWG (Cu)' } });
    expect(ok.data).toMatchObject({ label: '10 AWG (Cu)', data: { areaCmil: 10380 } });
    const mod = await t.request('POST', '/api/option-lists/module_types/items', { token, body: { value: 'perovskite', label: 'Perovskite Tandem', data: { note: 'pilot' } } });
    expect(mod.statusCode).toBe(201);
  });

  describe('PUT /api/option-lists/:key/order', () => {
    const orderOf = async (token: string) =>
      (await t.request('GET', '/api/gypsum-types?include_inactive=true', { token })).data as { id: number; value: string; sort: number; is_active: boolean }[];
    it('renumbers the whole list in the order given, inactive items included', async () => {
      const token = await as(DEMO.admin);
      const before = await orderOf(token);
      const last = before.at(-1)!;
      await t.request('DELETE', `/api/option-lists/gypsum_types/items/${before[0]!.id}`, { token });
      const ids = [last.id, ...before.slice(0, -1).map((i) => i.id)];
      const res = await t.request('PUT', '/api/option-lists/gypsum_types/order', { token, body: { ids } });
      expect(res.statusCode).toBe(200);
      expect(res.data.map((i: any) => i.id)).toEqual(ids);
      expect(res.data.map((i: any) => i.sort)).toEqual(ids.map((_, i) => (i + 1) * 10));
      // Everyone's GET follows the new order; the deactivated item keeps its place among all items.
      const served = (await t.request('GET', '/api/gypsum-types', { token: await as(DEMO.acmeUser) })).data;
      expect(served[0].value).toBe('No Drywall');
      expect(served.map((i: any) => i.value)).not.toContain(before[0]!.value);
      expect((await orderOf(token))[1]).toMatchObject({ id: before[0]!.id, is_active: false });
    });
    it.each(ALL)('as %s: admin only', async (who) => {
      const ids = (await orderOf(await as(DEMO.admin))).map((i) => i.id);
      const res = await t.request('PUT', '/api/option-lists/gypsum_types/order', { token: await as(who), body: { ids } });
      expect(res.statusCode).toBe(who === DEMO.admin ? 200 : 403);
    });
    it.each([
      ['an id missing (the list changed)', (ids: number[]) => ({ ids: ids.slice(1) }), 409],
      ['an id of another list', (ids: number[]) => ({ ids: [...ids.slice(1), 1] }), 409],
      ['an id listed twice', (ids: number[]) => ({ ids: [...ids, ids[0]] }), 400],
      ['no ids', () => ({ ids: [] }), 400],
      ['ids that are not numbers', () => ({ ids: ['a'] }), 400],
      ['an unknown field', (ids: number[]) => ({ ids, sort: 'asc' }), 400],
    ])('refuses %s', async (_what, body, status) => {
      const token = await as(DEMO.admin);
      const before = await orderOf(token);
      const res = await t.request('PUT', '/api/option-lists/gypsum_types/order', { token, body: body(before.map((i) => i.id)) });
      expect(res.statusCode).toBe(status);
      expect(typeof res.data.message).toBe('string');
      expect(await orderOf(token)).toEqual(before);
    });
    it('an unknown list is 404, the states list too', async () => {
      const token = await as(DEMO.admin);
      expect((await t.request('PUT', '/api/option-lists/nope/order', { token, body: { ids: [1] } })).statusCode).toBe(404);
      expect((await t.request('PUT', '/api/option-lists/states/order', { token, body: { ids: [1] } })).statusCode).toBe(404);
    });
  });

  it('refuses NUL characters with 400', async () => {
    const token = await as(DEMO.admin);
    expect((await t.request('POST', '/api/option-lists/racking_types/items', { token, body: { value: 'x', label: 'X', data: { a: 'b\u0000' } } })).statusCode).toBe(400);
    expect((await t.request('GET', '/api/equipment?search=%00', { token })).statusCode).toBe(400);
  });
  it('an item id of another list is 404; a malformed id 400', async () => {
    const token = await as(DEMO.admin);
    const wire = (await t.request('GET', '/api/wire-sizes', { token })).data[0];
    expect((await t.request('PUT', `/api/option-lists/racking_types/items/${wire.id}`, { token, body: { label: 'x' } })).statusCode).toBe(404);
    expect((await t.request('PUT', '/api/option-lists/racking_types/items/abc', { token, body: { label: 'x' } })).statusCode).toBe(400);
    expect((await t.request('PUT', `/api/option-lists/wire_sizes/items/${wire.id}`, { token, body: { value: '14 AWG' } })).statusCode).toBe(400);
  });
});

describe('equipment catalogue', () => {
  it('is seeded with every SEED_EQUIPMENT item', async () => {
    await onSeeded(async () => {
      const token = await as(DEMO.acmeUser);
      const res = await t.request('GET', '/api/equipment?page_size=200', { token });
      expect(res.statusCode).toBe(200);
      expect(res.data.count).toBe(SEED_EQUIPMENT.length);
      const pw3 = res.data.results.find((e: any) => e.model === 'Powerwall 3 (1707000)');
      expect(pw3).toMatchObject({ kind: 'battery', manufacturer: 'Tesla', source: 'seed', data: { energyKwh: 13.5, continuousPowerKw: 11.5 } });
      expect(pw3.data.source.url).toMatch(/^https:/);
    });
  });
  it('filters by kind and searches words anywhere in manufacturer and model, paged', async () => {
    await onSeeded(async () => {
      const token = await as(DEMO.contractor);
      const mods = await t.request('GET', '/api/equipment?kind=module', { token });
      expect(mods.data.results.every((e: any) => e.kind === 'module')).toBe(true);
      const iq8 = await t.request('GET', '/api/equipment?search=enphase%20iq8', { token });
      expect(iq8.data.results.map((e: any) => e.model).sort()).toEqual(['IQ8A-72-2-US', 'IQ8M-72-2-US', 'IQ8PLUS-72-2-US']);
      const paged = await t.request('GET', '/api/equipment?page_size=5&page=2', { token });
      expect(paged.data).toMatchObject({ count: SEED_EQUIPMENT.length, page: 2, page_size: 5 });
      expect(paged.data.results).toHaveLength(5);
      expect((await t.request('GET', '/api/equipment?kind=toaster', { token })).statusCode).toBe(400);
    });
  });
  it('GET /api/equipment/:id answers one item, 404 for none', async () => {
    const token = await as(DEMO.acmeUser);
    const one = (await t.request('GET', '/api/equipment?search=powerwall%203', { token })).data.results[0];
    expect((await t.request('GET', `/api/equipment/${one.id}`, { token })).data).toEqual(one);
    expect((await t.request('GET', '/api/equipment/00000000-0000-4000-8000-000000000000', { token })).statusCode).toBe(404);
    expect((await t.request('GET', '/api/equipment/nope', { token })).statusCode).toBe(404);
  });
  it.each(ALL)('staff CRUD as %s', async (who) => {
    const token = await as(who);
    const staff = !!STAFF[who];
    const add = await t.request('POST', '/api/equipment', {
      token, body: { kind: 'inverter', manufacturer: 'Acme Power', model: `AP-7600 ${who}`, type: 'String Inverter', data: { acPowerW: 7600, nominalVoltageV: 240 } },
    });
    expect(add.statusCode).toBe(staff ? 201 : 403);
    const target = staff ? add.data.id : (await t.request('GET', '/api/equipment?search=iq8m', { token })).data.results[0].id;
    expect((await t.request('PUT', `/api/equipment/${target}`, { token, body: { data: { acPowerW: 7700 } } })).statusCode).toBe(staff ? 200 : 403);
    const del = await t.request('DELETE', `/api/equipment/${target}`, { token });
    expect(del.statusCode).toBe(staff ? 200 : 403);
    if (staff) {
      expect(del.data).toMatchObject({ is_active: false, source: 'staff', data: { acPowerW: 7700 } });
      expect((await t.request('GET', `/api/equipment?search=${encodeURIComponent(`AP-7600 ${who}`)}`, { token })).data.count).toBe(0);
    }
  });
  it.each([
    ['a type not in the kind\'s list', { kind: 'inverter', manufacturer: 'X', model: 'Y', type: 'Hybrid' }, 400, 'type'],
    ['a negative rating', { kind: 'module', manufacturer: 'X', model: 'Y', data: { pmaxW: -400 } }, 400, 'data.pmaxW'],
    ['an unknown kind', { kind: 'toaster', manufacturer: 'X', model: 'Y' }, 400, 'kind'],
    ['a duplicate', { kind: 'battery', manufacturer: 'Tesla', model: 'Powerwall 2' }, 409, undefined],
  ])('refuses %s', async (_what, body, status, field) => {
    const res = await t.request('POST', '/api/equipment', { token: await as(DEMO.support), body });
    expect(res.statusCode).toBe(status);
    if (field) expect(res.data.args.some((a: Record<string, string>) => field in a)).toBe(true);
  });
});

describe('PUT /api/equipment/:id (staff edits)', () => {
  const create = async (model: string, extra: Record<string, unknown> = {}) =>
    (await t.request('POST', '/api/equipment', {
      token: await as(DEMO.admin),
      body: { kind: 'module', manufacturer: 'Edit Co', model, type: 'mono_perc', data: { pmaxW: 400, vocV: 37.1, sam: { aRef: 1.5 } }, ...extra },
    })).data;
  it('replaces data with what is sent (the client sends imported keys back) and renames', async () => {
    const token = await as(DEMO.support);
    const item = await create('EC-400');
    const res = await t.request('PUT', `/api/equipment/${item.id}`, {
      token, body: { model: 'EC-405', type: 'mono_topcon', data: { ...item.data, pmaxW: 405, weightKg: 21.5, tempCoeffVocPctPerC: -0.26 } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({ model: 'EC-405', type: 'mono_topcon', source: 'staff', data: { pmaxW: 405, vocV: 37.1, weightKg: 21.5, sam: { aRef: 1.5 } } });
    expect((await t.request('GET', `/api/equipment/${item.id}`, { token })).data.data.pmaxW).toBe(405);
  });
  it.each([
    ['a negative weight', { data: { weightKg: -2 } }, 400, 'data.weightKg'],
    ['a positive Voc temperature coefficient', { data: { tempCoeffVocPctPerC: 0.3 } }, 400, 'data.tempCoeffVocPctPerC'],
    ['a text where a number goes', { data: { pmaxW: 'four hundred' } }, 400, 'data.pmaxW'],
    ['a fractional cell count', { data: { cellCount: 60.5 } }, 400, 'data.cellCount'],
    ['a datasheet without its URL', { data: { source: { document: 'Datasheet rev 2' } } }, 400, 'data.source.url'],
    ['a type of another kind', { type: 'String Inverter' }, 400, 'type'],
    ['an empty model', { model: '  ' }, 400, 'model'],
    ['a change of kind', { kind: 'inverter' }, 400, undefined],
    ['data that is not an object', { data: [1, 2] }, 400, 'data'],
    ['is_active that is not a boolean', { is_active: 'no' }, 400, 'is_active'],
    ['Vmp above Voc', { data: { pmaxW: 400, vocV: 37.1, vmpV: 38, impA: 10.5 } }, 400, 'data.vmpV'],
    ['Pmax far from Vmp × Imp', { data: { pmaxW: 450, vocV: 37.1, vmpV: 30.9, impA: 12.95 } }, 400, 'data.pmaxW'],
  ])('refuses %s', async (_what, body, status, field) => {
    const item = await create(`EC-bad-${_what}`);
    const res = await t.request('PUT', `/api/equipment/${item.id}`, { token: await as(DEMO.admin), body });
    expect(res.statusCode).toBe(status);
    expect(typeof res.data.message).toBe('string');
    if (field) expect(res.data.args.some((a: Record<string, string>) => field in a), JSON.stringify(res.data)).toBe(true);
    expect((await t.request('GET', `/api/equipment/${item.id}`, { token: await as(DEMO.admin) })).data).toEqual(item);
  });
  it('refuses a new inverter whose MPPT window is upside down, naming the field', async () => {
    const res = await t.request('POST', '/api/equipment', {
      token: await as(DEMO.admin),
      body: { kind: 'inverter', manufacturer: 'Edit Co', model: 'EC-INV-1', type: 'String Inverter', data: { mpptMinV: 480, mpptMaxV: 100 } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.data.args).toEqual([{ 'data.mpptMinV': 'The MPPT minimum must be below the maximum.' }]);
  });
  it('a rename onto another item is 409; an unknown or malformed id 404', async () => {
    const token = await as(DEMO.admin);
    await create('EC-A');
    const b = await create('EC-B');
    const clash = await t.request('PUT', `/api/equipment/${b.id}`, { token, body: { model: 'EC-A' } });
    expect(clash.statusCode).toBe(409);
    expect(clash.data.message).toMatch(/Edit Co EC-A is already in the catalogue/);
    expect((await t.request('PUT', '/api/equipment/00000000-0000-4000-8000-000000000000', { token, body: { model: 'x' } })).statusCode).toBe(404);
    expect((await t.request('PUT', '/api/equipment/not-an-id', { token, body: { model: 'x' } })).statusCode).toBe(404);
  });
  it('restores a deactivated item with is_active', async () => {
    const token = await as(DEMO.support);
    const item = await create('EC-restore');
    await t.request('DELETE', `/api/equipment/${item.id}`, { token });
    expect((await t.request('GET', '/api/equipment?search=EC-restore', { token })).data.count).toBe(0);
    expect((await t.request('GET', '/api/equipment?search=EC-restore&include_inactive=true', { token })).data.count).toBe(1);
    expect((await t.request('PUT', `/api/equipment/${item.id}`, { token, body: { is_active: true } })).data.is_active).toBe(true);
    expect((await t.request('GET', '/api/equipment?search=EC-restore', { token })).data.count).toBe(1);
  });
  it('creating refuses bad data with the field named, never a 5xx', async () => {
    const token = await as(DEMO.admin);
    for (const data of [{ acPowerW: 0 }, { mpptMinV: 'low' }, { nominalVoltageV: null }, { source: { document: 'x', url: 'not a url' } }]) {
      const res = await t.request('POST', '/api/equipment', { token, body: { kind: 'inverter', manufacturer: 'Bad Co', model: JSON.stringify(data), data } });
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      expect(Object.keys(res.data.args[0])[0]).toMatch(/^data\./);
    }
  });
});

describe('POST /api/equipment/import (CEC lists in SAM format)', () => {
  const cecInverters = async () => Number((await t.database.query<{ n: string }>(`select count(*) as n from equipment where kind = 'inverter' and source = 'cec_import'`))[0]!.n);
  it('imports the 2019 CEC inverter list; a re-import updates and adds no duplicates', async () => {
    const text = fs.readFileSync(CEC_INVERTERS, 'utf8');
    const token = await as(DEMO.admin);
    // What an earlier test of this file imported is updated, not added again (0 when this test runs first).
    const already = await cecInverters();
    const first = await t.request('POST', '/api/equipment/import?kind=inverter', { token, ...csv(text) });
    expect(first.statusCode).toBe(200);
    expect(first.data).toEqual({ kind: 'inverter', total: 3264, created: 3264 - already, updated: already });
    expect(await cecInverters()).toBe(3264);
    const again = await t.request('POST', '/api/equipment/import?kind=inverter', { token, ...csv(text) });
    expect(again.data).toEqual({ kind: 'inverter', total: 3264, created: 0, updated: 3264 });
    const inverters = await t.request('GET', '/api/equipment?kind=inverter&page_size=1', { token });
    const seededInverters = SEED_EQUIPMENT.filter((e) => e.kind === 'inverter').length;
    expect(inverters.data.count).toBe(3264 + seededInverters);
    const abb = (await t.request('GET', '/api/equipment?search=MICRO-0.25-I-OUTD-US-240', { token })).data.results[0];
    expect(abb).toMatchObject({
      kind: 'inverter', manufacturer: 'ABB', model: 'MICRO-0.25-I-OUTD-US-240 [240V]', type: null, source: 'cec_import',
      data: { acPowerW: 250, nominalVoltageV: 240, maxDcVoltageV: 50, mpptMinV: 30, mpptMaxV: 50, sam: { cecType: 'Utility Interactive' } },
    });
    expect(abb.data.maxContinuousOutputCurrentA).toBeCloseTo(250 / 240, 3);
  });
  it('keeps staff additions to an imported item\'s data on re-import', async () => {
    const token = await as(DEMO.admin);
    // an imported item to add to: the list imported here unless an earlier test did
    if ((await cecInverters()) === 0) expect((await t.request('POST', '/api/equipment/import?kind=inverter', { token, ...csv(fs.readFileSync(CEC_INVERTERS, 'utf8')) })).statusCode).toBe(200);
    // another item than the one the import test reads back, so its staff additions never meet that test's expectations
    const abb = (await t.request('GET', '/api/equipment?search=MICRO-0.3-I-OUTD-US-240', { token })).data.results[0];
    await t.request('PUT', `/api/equipment/${abb.id}`, { token, body: { type: 'Microinverter', data: { ...abb.data, weightKg: 1.5 } } });
    const text = fs.readFileSync(CEC_INVERTERS, 'utf8');
    await t.request('POST', '/api/equipment/import?kind=inverter', { token, ...csv(text) });
    const after = (await t.request('GET', `/api/equipment/${abb.id}`, { token })).data;
    expect(after).toMatchObject({ type: 'Microinverter', source: 'cec_import', data: { weightKg: 1.5, acPowerW: abb.data.acPowerW } });
  });
  it('imports the module sample (newer layout, manufacturer column), also as multipart', async () => {
    const text = fs.readFileSync(CEC_MODULES_SAMPLE, 'utf8');
    const token = await as(DEMO.support);
    const b = 'cec-boundary';
    const res = await t.request('POST', '/api/equipment/import?kind=module', {
      token,
      raw: `--${b}\r\nContent-Disposition: form-data; name="file"; filename="modules.csv"\r\nContent-Type: text/csv\r\n\r\n${text}\r\n--${b}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${b}` },
    });
    expect(res.statusCode).toBe(200);
    // The Qcells row is the built-in Q.PEAK DUO 400: it updates that item rather than adding a twin.
    expect(res.data).toEqual({ kind: 'module', total: 3, created: 2, updated: 1 });
    expect((await t.request('POST', '/api/equipment/import?kind=module', { token, ...csv(text) })).data).toMatchObject({ created: 0, updated: 3 });
    const q = (await t.request('GET', '/api/equipment?kind=module&search=hanwha', { token })).data;
    expect(q.count).toBe(1);
    expect(q.results[0]).toMatchObject({
      manufacturer: 'Hanwha Q CELLS', model: 'Q.TRON BLK M-G2+ 425',
      data: { pmaxW: 425, vocV: 39.03, cellsInSeries: 54, lengthMm: 1722, widthMm: 1134, bifacial: false },
    });
    expect(q.results[0].data.tempCoeffVocPctPerC).toBeCloseTo(-0.26, 2);
    // "Qcells, Q.PEAK DUO …": the separating comma is not part of the model.
    const qpeak = (await t.request('GET', '/api/equipment?kind=module&search=qcells%20peak', { token })).data.results;
    expect(qpeak.map((e: any) => `${e.manufacturer}|${e.model}|${e.source}`).sort())
      .toEqual(['Qcells|Q.PEAK DUO BLK ML-G10+ 400|cec_import']);
  });
  it('a bad row answers 400 listing its line, and nothing is imported', async () => {
    const token = await as(DEMO.admin);
    const lines = fs.readFileSync(CEC_MODULES_SAMPLE, 'utf8').trimEnd().split('\n');
    const renamed = lines.map((l, i) => (i >= 3 ? l.replace(/^(Hanwha Q CELLS|Canadian Solar Inc\.|"Qcells)/, '$1 Z') : l));
    renamed[4] = renamed[4]!.replace(',54,', ',,');
    renamed[5] = renamed[5]!.replace(',45.3,', ',high,');
    const res = await t.request('POST', '/api/equipment/import?kind=module', { token, ...csv(renamed.join('\n')) });
    expect(res.statusCode).toBe(400);
    expect(res.data.message).toBe('The file has 2 bad lines; nothing was imported.');
    expect(res.data.args).toEqual([expect.stringMatching(/^Line 5: /), expect.stringMatching(/^Line 6: V_oc_ref "high" is not a number/)]);
    expect((await t.request('GET', '/api/equipment?kind=module&search=%20z%20', { token })).data.count).toBe(0);
  });
  it.each([
    ['an inverter file imported as modules', 'module', () => fs.readFileSync(CEC_INVERTERS, 'utf8').slice(0, 5000), /Missing columns/],
    ['a file with no rows', 'inverter', () => 'Name,Vac\nUnits,V\n', /three header rows|Missing/],
    ['an empty body', 'inverter', () => '', /header rows/],
  ])('refuses %s (400)', async (_what, kind, body, message) => {
    const res = await t.request('POST', `/api/equipment/import?kind=${kind}`, { token: await as(DEMO.admin), ...csv(body()) });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.data)).toMatch(message);
  });
  it('refuses an unknown kind (400), JSON (415), and non-staff (403)', async () => {
    const text = fs.readFileSync(CEC_MODULES_SAMPLE, 'utf8');
    expect((await t.request('POST', '/api/equipment/import?kind=battery', { token: await as(DEMO.admin), ...csv(text) })).statusCode).toBe(400);
    expect((await t.request('POST', '/api/equipment/import?kind=module', { token: await as(DEMO.admin), body: { csv: text } })).statusCode).toBe(415);
    for (const who of ALL.filter((w) => !STAFF[w])) {
      expect((await t.request('POST', '/api/equipment/import?kind=module', { token: await as(who), ...csv(text) })).statusCode).toBe(403);
    }
  });
});
