import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAD_INTAKE_DEFAULTS } from '@sunstamp/domain/jobs/cad-intake.schema';
import { CUSTOM_TEXT_REQUIRED } from '@sunstamp/domain/jobs/custom-choice.rules';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { eq } from 'drizzle-orm';
import { jobs, optionItems } from '../../db/schema.ts';
import { OPTION_LISTS_CHANGED_CHANNEL, optionListsVersion } from '../catalogue/option-lists.cache.ts';
import { deliverRequired } from '../../test/deliverables-fixtures.ts';

/*
 * The jobs API takes its option values from the database's option lists (jobs/job-options.rules.ts):
 * an active item, or the value the job already holds; labels come from the database too.
 */

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = async (who: string, method: Method, url: string, body?: unknown) =>
  t.request(method, url, { token: await t.tokenOf(who), body });

async function addItem(list: string, value: string, label: string, data: Record<string, unknown> = {}) {
  const res = await call(DEMO.admin, 'POST', `/api/option-lists/${list}/items`, { value, label, data });
  expect(res.statusCode, res.body).toBe(201);
  return res.data as { id: number; value: string; label: string };
}

// Added once: the tests below use them in turn (each file has its own database).
let clip: { id: number };
let tinyHouse: { id: number };
beforeAll(async () => {
  clip = await addItem('connection_types', 'acme_clip', 'Acme Clip Mount', { intoFraming: true });
  tinyHouse = await addItem('structure_types', 'Tiny House', 'Tiny House');
});

/** A job that uses the admin-added connection type everywhere a connection type goes. */
const CLIP_JOB = {
  name: 'Tiny house on a trailer',
  connection_type_id: 'acme_clip',
  structure_type: 'Tiny House',
  arrays: [{ connection_type: 'acme_clip', roof_material: 'asphalt_shingle' }],
  cad_intake: { connection_type: 'acme_clip' },
};

describe('option values added by an admin', () => {
  it('a client creates a job with an admin-added connection type and structure type; labels come from the database', async () => {
    const res = await call(DEMO.acmeUser, 'PUT', '/api/jobs', CLIP_JOB);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.data).toMatchObject({
      connection_type: { id: 'acme_clip', label: 'Acme Clip Mount' },
      structure_type: 'Tiny House',
      cad_intake: { connection_type: 'acme_clip' },
    });
    expect(res.data.arrays[0]).toMatchObject({ connection_type: 'acme_clip' });
    const again = await call(DEMO.acmeUser, 'GET', `/api/jobs/${res.data.id}`);
    expect(again.data.connection_type).toEqual({ id: 'acme_clip', label: 'Acme Clip Mount' });
  });

  it('takes every option-backed field from its database list: gypsum, roof material, racking, module, CAD equipment', async () => {
    await addItem('gypsum_types', '3/4" Type X', '3/4" Type X', { deadLoadPsf: 3.3 });
    await addItem('roof_materials', 'stone_coated_steel', 'Stone-Coated Steel', { family: 'metal', gauge: 26, thicknessIn: 0.0217, deadLoadPsf: 1.5 });
    await addItem('racking_types', 'k2_crossrail', 'K2 CrossRail', { brand: 'Other', railless: false });
    await addItem('module_types', 'perovskite_tandem', 'Perovskite Tandem');
    await addItem('beam_shapes', '2x14', '2x14', { kind: 'sawn', widthIn: 1.5, depthIn: 13.25 });
    await addItem('inverter_types', 'Hybrid Inverter', 'Hybrid Inverter', { moduleLevel: false });
    await addItem('battery_types', 'flow', 'Flow Battery');
    await addItem('optimizer_types', 'smart_jbox', 'Smart Junction Box');
    await addItem('mci_types', 'mci_3', 'MCI-3');
    await addItem('racking_brands', 'K2 Systems', 'K2 Systems', { recommended: false });
    const res = await call(DEMO.acmeUser, 'PUT', '/api/jobs', {
      gypsum_type: '3/4" Type X',
      arrays: [{ roof_material: 'stone_coated_steel', racking_type: 'k2_crossrail', module_type: 'perovskite_tandem', beam_shape: '2x14' }],
      cad_intake: {
        needs_battery_info: true, needs_optimizer: true, needs_mci: true, existing_solar: true,
        roof_material: 'stone_coated_steel', racking_type: 'k2_crossrail', module_type: 'perovskite_tandem', beam_shape: '2x14',
        inverter_type: 'Hybrid Inverter', existing_inverter_type: 'Hybrid Inverter', battery_type: 'flow', optimizer_type: 'smart_jbox',
        mci: 'mci_3', existing_battery_type: 'flow', preferred_racking_manufacturer: 'K2 Systems',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.data.gypsum_type).toBe('3/4" Type X');
    expect(res.data.cad_intake).toMatchObject({ inverter_type: 'Hybrid Inverter', preferred_racking_manufacturer: 'K2 Systems' });
  });

  it('answers 400 naming each field and its list for a value no list has', async () => {
    const before = (await call(DEMO.acmeUser, 'GET', '/api/jobs')).data.count;
    const res = await call(DEMO.acmeUser, 'PUT', '/api/jobs', {
      connection_type_id: 'glue',
      structure_type: 'Castle',
      gypsum_type: 'Cardboard',
      arrays: [{}, { roof_material: 'thatch', racking_type: 'duct_tape' }],
      cad_intake: { battery_type: 'lemon', existing_module_type: 'mono_unobtainium' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.data.message).toBe('Some fields are invalid.');
    expect(res.data.args).toEqual([
      { connection_type_id: '"glue" is not an active item of the Connection Types list.' },
      { structure_type: '"Castle" is not an active item of the Structure Types list.' },
      { gypsum_type: '"Cardboard" is not an active item of the Gypsum Types list.' },
      { 'arrays.1.roof_material': '"thatch" is not an active item of the Roof Materials list.' },
      { 'arrays.1.racking_type': '"duct_tape" is not an active item of the Racking Types list.' },
      // Checked in a hidden group too: a value is valid or not whether its group shows.
      { 'cad_intake.battery_type': '"lemon" is not an active item of the Battery Types list.' },
      { 'cad_intake.existing_module_type': '"mono_unobtainium" is not an active item of the Module Types list.' },
    ]);
    // Nothing was created.
    expect((await call(DEMO.acmeUser, 'GET', '/api/jobs')).data.count).toBe(before);
  });

  it('accepts an option id for an array reference, and refuses an id of another list', async () => {
    const items = (await call(DEMO.acmeUser, 'GET', '/api/roof-materials')).data as { id: number; value: string }[];
    const slate = items.find((i) => i.value === 'slate')!;
    expect((await call(DEMO.acmeUser, 'PUT', '/api/jobs', { arrays: [{ roof_material: slate.id }] })).statusCode).toBe(201);
    const bad = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { arrays: [{ roof_material: clip.id }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.data.args).toEqual([{ 'arrays.0.roof_material': `${clip.id} is not an active item of the Roof Materials list.` }]);
  });
});

describe('the Other/Custom choice', () => {
  it('is accepted with its text wherever the field has a custom text, whether or not the list has an Other item', async () => {
    const res = await call(DEMO.acmeUser, 'PUT', '/api/jobs', {
      arrays: [{ connection_type: 'other', custom_connection_type: 'S-5! bracket', racking_type: 'Other', custom_racking_type: 'Rail-less kit' }],
      cad_intake: {
        // Module types have no Other item: the form adds "Other".
        module_type: 'Other', custom_module_type: 'Bifacial glass-glass',
        inverter_type: 'Other', custom_inverter_type: 'Hoymiles HMS-2000',
        connection_type: 'other', custom_connection_type: 'S-5! bracket',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
  });
  it('still needs its text', async () => {
    const res = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { arrays: [{ connection_type: 'other' }], cad_intake: { module_type: 'Other' } });
    expect(res.statusCode).toBe(400);
    expect(res.data.args).toEqual([
      { 'arrays.0.custom_connection_type': CUSTOM_TEXT_REQUIRED },
      { 'cad_intake.custom_module_type': CUSTOM_TEXT_REQUIRED },
    ]);
  });
  it('is a list value like any other where the field has no custom text', async () => {
    const res = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { cad_intake: { existing_module_type: 'Other' } });
    expect(res.statusCode).toBe(400);
    expect(res.data.args).toEqual([{ 'cad_intake.existing_module_type': '"Other" is not an active item of the Module Types list.' }]);
  });
});

describe('deactivated and renamed items', () => {
  let jobId = '';
  let saved: any;
  let revisedId = ''; // the revision test's own job: it moves its job through the workflow
  beforeAll(async () => {
    const res = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { ...CLIP_JOB, name: 'Holds the clip', client_street_address: '9 Elm St' });
    expect(res.statusCode, res.body).toBe(201);
    jobId = res.data.id;
    saved = res.data;
    const revised = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { ...CLIP_JOB, name: 'Revises the clip', client_street_address: '11 Elm St' });
    expect(revised.statusCode, revised.body).toBe(201);
    revisedId = revised.data.id;
    const off = await call(DEMO.admin, 'DELETE', `/api/option-lists/connection_types/items/${clip.id}`);
    expect(off.data.is_active).toBe(false);
    expect((await call(DEMO.admin, 'DELETE', `/api/option-lists/structure_types/items/${tinyHouse.id}`)).data.is_active).toBe(false);
  });
  // Active again for the file's other describes, which may run after this one (a shuffled run does).
  afterAll(async () => {
    for (const [list, id] of [['connection_types', clip.id], ['structure_types', tinyHouse.id]] as const) {
      expect((await call(DEMO.admin, 'PUT', `/api/option-lists/${list}/items/${id}`, { is_active: true })).statusCode).toBe(200);
    }
  });

  it('a deactivated value is refused on a new job', async () => {
    const res = await call(DEMO.acmeUser, 'PUT', '/api/jobs', CLIP_JOB);
    expect(res.statusCode).toBe(400);
    expect(res.data.args).toEqual([
      { connection_type_id: '"acme_clip" is not an active item of the Connection Types list.' },
      { structure_type: '"Tiny House" is not an active item of the Structure Types list.' },
      { 'arrays.0.connection_type': '"acme_clip" is not an active item of the Connection Types list.' },
      { 'cad_intake.connection_type': '"acme_clip" is not an active item of the Connection Types list.' },
    ]);
  });

  it('a job that holds it still saves other edits, re-sending the whole form, and still shows its label', async () => {
    const { attic_images: _a, beam_space_images: _b, beam_size_images: _c, ...array } = saved.arrays[0];
    const res = await call(DEMO.acmeUser, 'PUT', '/api/jobs', {
      id: jobId, name: 'Holds the clip (edited)', connection_type_id: 'acme_clip', structure_type: 'Tiny House',
      arrays: [array, { ...array, panel_quantity: 4 }], cad_intake: saved.cad_intake,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.data).toMatchObject({
      name: 'Holds the clip (edited)', structure_type: 'Tiny House', connection_type: { id: 'acme_clip', label: 'Acme Clip Mount' },
    });
    expect(res.data.arrays.map((a: any) => a.connection_type)).toEqual(['acme_clip', 'acme_clip']);
    const h = await call(DEMO.acmeUser, 'GET', `/api/jobs/${jobId}/history`);
    expect(h.data.at(-1).data.fields.sort()).toEqual(['arrays', 'name']);
  });

  it('but cannot switch a field to another deactivated value', async () => {
    await addItem('connection_types', 'old_clip', 'Old Clip', { intoFraming: true });
    const items = (await call(DEMO.admin, 'GET', '/api/connection-types?include_inactive=true')).data as { id: number; value: string }[];
    await call(DEMO.admin, 'DELETE', `/api/option-lists/connection_types/items/${items.find((i) => i.value === 'old_clip')!.id}`);
    const res = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { id: jobId, connection_type_id: 'old_clip' });
    expect(res.statusCode).toBe(400);
    expect(res.data.args).toEqual([{ connection_type_id: '"old_clip" is not an active item of the Connection Types list.' }]);
  });

  it('a renamed label shows on the job at once, an inactive item\'s too', async () => {
    const flashed = (await call(DEMO.admin, 'GET', '/api/connection-types')).data.find((i: any) => i.value === 'flashed_l_foot');
    try {
      const rename = await call(DEMO.admin, 'PUT', `/api/option-lists/connection_types/items/${clip.id}`, { label: 'Acme Clip Mount (discontinued)' });
      expect(rename.statusCode).toBe(200);
      const res = await call(DEMO.acmeUser, 'GET', `/api/jobs/${jobId}`);
      expect(res.data.connection_type).toEqual({ id: 'acme_clip', label: 'Acme Clip Mount (discontinued)' });
      await call(DEMO.admin, 'PUT', `/api/option-lists/connection_types/items/${flashed.id}`, { label: 'L-Foot with Flashing' });
      const other = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { connection_type_id: 'flashed_l_foot' });
      expect(other.data.connection_type).toEqual({ id: 'flashed_l_foot', label: 'L-Foot with Flashing' });
    } finally {
      // The labels back: the other tests here read them, before or after this one.
      await call(DEMO.admin, 'PUT', `/api/option-lists/connection_types/items/${clip.id}`, { label: 'Acme Clip Mount' });
      await call(DEMO.admin, 'PUT', `/api/option-lists/connection_types/items/${flashed.id}`, { label: flashed.label });
    }
  });

  it('reactivating the item makes it available to new jobs again', async () => {
    await call(DEMO.admin, 'PUT', `/api/option-lists/connection_types/items/${clip.id}`, { is_active: true });
    try {
      expect((await call(DEMO.acmeUser, 'PUT', '/api/jobs', { connection_type_id: 'acme_clip' })).statusCode).toBe(201);
    } finally {
      // Deactivated again: the other tests here count on it, before or after this one.
      expect((await call(DEMO.admin, 'DELETE', `/api/option-lists/connection_types/items/${clip.id}`)).data.is_active).toBe(false);
    }
  });

  it('a revision with changes follows the same rule', async () => {
    // Staff take the job on, then the client asks for a revision that changes the structure type.
    expect((await call(DEMO.acmeUser, 'PUT', '/api/jobs', { id: revisedId, services_requested: ['structural_roof_letter'] })).statusCode).toBe(200);
    const moves = [
      [DEMO.acmeUser, 'Pending Pre-Check'], [DEMO.admin, 'Pending Design'], [DEMO.admin, 'Pending QC'], [DEMO.admin, 'Design Completed'],
      [DEMO.admin, 'Finalized'], [DEMO.admin, 'Pending Approval'],
    ] as const;
    for (const [who, status] of moves) {
      if (status === 'Design Completed') await deliverRequired(t, revisedId);
      const r = await call(who, 'POST', `/api/jobs/${revisedId}/status`, { status });
      expect(r.statusCode, `${status}: ${r.body}`).toBe(200);
    }
    const bad = await call(DEMO.acmeUser, 'POST', `/api/jobs/${revisedId}/revision`, { reason: 'equipment_change', job: { structure_type: 'Castle' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.data.args).toEqual([{ structure_type: '"Castle" is not an active item of the Structure Types list.' }]);
    const ok = await call(DEMO.acmeUser, 'POST', `/api/jobs/${revisedId}/revision`, { reason: 'equipment_change', job: { structure_type: 'Tiny House', gypsum_type: '1/2"' } });
    expect(ok.statusCode, ok.body).toBe(200);
    // The client reads the client-facing status; staff the internal one.
    expect(ok.data).toMatchObject({ status: 'Submitted', structure_type: 'Tiny House', gypsum_type: '1/2"' });
    expect((await call(DEMO.admin, 'GET', `/api/jobs/${revisedId}`)).data.status).toBe('Pending Design Revision');
  });
});

describe('the per-process copy of the lists', () => {
  /** Sends NOTIFY as another API process would, and waits until this process has heard it. */
  async function notifyAndWait() {
    const before = optionListsVersion(t.app.ctx);
    await t.database.notify(OPTION_LISTS_CHANGED_CHANNEL, '1');
    for (let i = 0; i < 200 && optionListsVersion(t.app.ctx) === before; i++) await new Promise((r) => setTimeout(r, 10));
    expect(optionListsVersion(t.app.ctx)).toBeGreaterThan(before);
  }

  it('is used until a write announces itself: another process\'s write arrives by NOTIFY', async () => {
    // Notifications arrive in order: once this one is in, the earlier tests' writes are too.
    await notifyAndWait();
    // Warm the copy, then write as another API process would: the row, then the notification.
    expect((await call(DEMO.acmeUser, 'PUT', '/api/jobs', { structure_type: 'Townhouse' })).statusCode).toBe(201);
    await t.database.db.insert(optionItems).values({ listKey: 'structure_types', value: 'Yurt', label: 'Yurt', sort: 990 });
    // No request reads the table again on its own: the copy does not have the row yet.
    expect((await call(DEMO.acmeUser, 'PUT', '/api/jobs', { structure_type: 'Yurt' })).statusCode).toBe(400);
    await notifyAndWait();
    expect((await call(DEMO.acmeUser, 'PUT', '/api/jobs', { structure_type: 'Yurt' })).statusCode).toBe(201);
  });

  it('new jobs keep their defaults: an empty CAD form and no option fields need no list item', async () => {
    const res = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { name: 'Defaults', cad_intake: {} });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.data.cad_intake).toEqual(CAD_INTAKE_DEFAULTS);
    expect(res.data).toMatchObject({ connection_type: null, structure_type: null, gypsum_type: 'No Drywall' });
  });
});

describe('the CAD form\'s utility and state (directory rows, not option items)', () => {
  async function addUtility(name: string) {
    const res = await call(DEMO.admin, 'POST', '/api/utilities', { name, states: ['TX'] });
    expect(res.statusCode, res.body).toBe(201);
    return res.data as { id: string; name: string };
  }

  it('accepts an active utility\'s id, blank, or Other with its text; refuses an unknown id or a name', async () => {
    const u = await addUtility('Lone Star Power');
    const ok = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { cad_intake: { utility: u.id } });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.data.cad_intake.utility).toBe(u.id);
    expect((await call(DEMO.acmeUser, 'PUT', '/api/jobs', { cad_intake: { utility: '' } })).statusCode).toBe(201);
    expect((await call(DEMO.acmeUser, 'PUT', '/api/jobs', { cad_intake: { utility: 'Other', custom_utility: 'Co-op' } })).statusCode).toBe(201);
    const unknown = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { cad_intake: { utility: '00000000-0000-4000-8000-000000000000' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.data.args).toContainEqual({ 'cad_intake.utility': '"00000000-0000-4000-8000-000000000000" is not an active utility.' });
    const name = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { cad_intake: { utility: 'Lone Star Power' } });
    expect(name.statusCode).toBe(400);
    expect(name.data.args).toContainEqual({ 'cad_intake.utility': '"Lone Star Power" is not an active utility.' });
  });

  it('keeps a utility deactivated since on the job that holds it, but refuses it on a new job', async () => {
    const u = await addUtility('Sunset Electric Co-op');
    const created = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { name: 'Held utility', cad_intake: { utility: u.id } });
    expect(created.statusCode, created.body).toBe(201);
    expect((await call(DEMO.admin, 'DELETE', `/api/utilities/${u.id}`)).statusCode).toBeLessThan(300);
    const resent = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { id: created.data.id, cad_intake: { ...created.data.cad_intake, module_count: 12 } });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.data.cad_intake).toMatchObject({ utility: u.id, module_count: 12 });
    const fresh = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { cad_intake: { utility: u.id } });
    expect(fresh.statusCode).toBe(400);
    expect(fresh.data.args).toContainEqual({ 'cad_intake.utility': `"${u.id}" is not an active utility.` });
  });

  it('keeps an old job\'s utility NAME unchanged when the form is re-sent', async () => {
    const created = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { name: 'Legacy utility' });
    expect(created.statusCode, created.body).toBe(201);
    // Stored before the web stored ids.
    const legacy = { ...created.data.cad_intake, utility: 'Austin Energy' };
    await t.database.db.update(jobs).set({ cadIntake: legacy }).where(eq(jobs.id, created.data.id));
    const resent = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { id: created.data.id, cad_intake: { ...legacy, cad_notes: 'Re-sent' } });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.data.cad_intake).toMatchObject({ utility: 'Austin Energy', cad_notes: 'Re-sent' });
  });

  it('takes a state abbreviation of the states table, or blank; refuses anything else', async () => {
    const ok = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { cad_intake: { state: 'TX' } });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.data.cad_intake.state).toBe('TX');
    expect((await call(DEMO.acmeUser, 'PUT', '/api/jobs', { cad_intake: { state: '' } })).statusCode).toBe(201);
    const bad = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { cad_intake: { state: 'ZZ' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.data.args).toContainEqual({ 'cad_intake.state': '"ZZ" is not a known state.' });
    // The job's own state is the states row's id (client_state); the CAD form's is its abbreviation.
    expect((await call(DEMO.acmeUser, 'PUT', '/api/jobs', { cad_intake: { state: 'Texas' } })).statusCode).toBe(400);
  });
});
