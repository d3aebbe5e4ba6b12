import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZJobEquipmentAnswer } from '@sunstamp/domain/contracts/job-equipment';
import { REQUIREMENT_DEFINITIONS } from '@sunstamp/domain/requirements/requirement-definitions.data';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { PNG, postMultipart } from '../../test/upload-fixtures.ts';
import { ahjs, equipment, states, users, utilities } from '../../db/schema.ts';
import { deliverRequired } from '../../test/deliverables-fixtures.ts';
import { DELIVERABLE_GATED_STATUSES } from '@sunstamp/domain/constants/deliverables.constants';

/**
 * A job's catalogue equipment (GET/PUT /jobs/{id}/equipment), the warnings that never block
 * (module count, empty arrays, span), one intake without contradictions (state, utility, AHJ of
 * the site's state) and revisions that carry their change. Per role, with bad inputs.
 */

let t: TestApp;
let tx = 0;
let az = 0;
const eqId: Record<string, string> = {};
let austinEnergy = '';
let aps = '';
let austinAhj = '';
let phoenixAhj = '';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = async (who: string, method: Method, url: string, body?: unknown) =>
  t.request(method, url, { token: await t.tokenOf(who), body });

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  tx = (await db.select().from(states).where(eq(states.abbreviation, 'TX')))[0]!.id;
  az = (await db.select().from(states).where(eq(states.abbreviation, 'AZ')))[0]!.id;
  for (const e of await db.select().from(equipment)) if (!eqId[e.kind]) eqId[e.kind] = e.id;
  const [u1] = await db.insert(utilities).values({ name: 'Test Austin Energy', states: ['TX'] }).returning();
  const [u2] = await db.insert(utilities).values({ name: 'Test Arizona Public Service', states: ['AZ'] }).returning();
  austinEnergy = u1!.id;
  aps = u2!.id;
  const [a1] = await db.insert(ahjs).values({ name: 'Test City of Austin', state: 'TX', jurisdictionType: 'City' }).returning();
  const [a2] = await db.insert(ahjs).values({ name: 'Test City of Phoenix', state: 'AZ', jurisdictionType: 'City' }).returning();
  austinAhj = a1!.id;
  phoenixAhj = a2!.id;
});
afterAll(async () => { await t?.close(); });

const READY = {
  name: 'Rivera Residence', client_name: 'Ana Rivera', client_street_address: '4512 Avenue H', city: 'Austin',
  services_requested: ['structural_roof_letter'],
};

async function newJob(who: string = DEMO.acmeUser, body: Record<string, unknown> = {}) {
  const res = await call(who, 'PUT', '/api/jobs', { ...READY, state: tx, arrays: [{ panel_quantity: 12 }, { panel_quantity: 8 }], ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.data.id as string;
}
async function move(who: string, id: string, status: string) {
  // Design Completed, Pending Approval and Approved need the documents the services require.
  if (DELIVERABLE_GATED_STATUSES.includes(status as never)) await deliverRequired(t, id);
  const res = await call(who, 'POST', `/api/jobs/${id}/status`, { status });
  expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
}
async function toPendingApproval(id: string) {
  expect((await call(DEMO.acmeUser, 'POST', `/api/jobs/${id}/submit`)).statusCode).toBe(200);
  for (const s of ['Pending Design', 'Pending QC', 'Design Completed', 'Finalized', 'Pending Approval']) await move(DEMO.support, id, s);
}
const LINES = () => [
  { kind: 'module', equipment_id: eqId.module, quantity: 20 },
  { kind: 'inverter', equipment_id: eqId.inverter, quantity: 1 },
  { kind: 'mci', equipment_id: null, custom_model: 'Acme RSD-1 rapid shutdown', quantity: 7 },
  { kind: 'racking', equipment_id: eqId.racking, quantity: null },
];

describe('GET/PUT /api/jobs/{id}/equipment', () => {
  it('stores catalogue models and Other text with quantities, and answers them with the catalogue item', async () => {
    const id = await newJob();
    const res = await call(DEMO.acmeUser, 'PUT', `/api/jobs/${id}/equipment`, { lines: LINES() });
    expect(res.statusCode, res.body).toBe(200);
    expect(ZJobEquipmentAnswer.parse(res.data)).toEqual(res.data);
    expect(res.data.arrays_module_count).toBe(20);
    expect(res.data.lines.map((l: any) => [l.kind, l.equipment?.id ?? null, l.custom_model, l.quantity])).toEqual([
      ['module', eqId.module, '', 20], ['inverter', eqId.inverter, '', 1], ['mci', null, 'Acme RSD-1 rapid shutdown', 7], ['racking', eqId.racking, '', null],
    ]);
    // The Other model is a warning staff act on (add it to the catalogue), not a refusal.
    expect(res.data.warnings.map((w: any) => w.code)).toEqual(['equipment_not_in_catalogue']);
    const got = await call(DEMO.acmeOwner, 'GET', `/api/jobs/${id}/equipment`);
    expect(got.data).toEqual(res.data);
    const hist = (await call(DEMO.acmeUser, 'GET', `/api/jobs/${id}/history`)).data.at(-1);
    // The module model set the arrays' module type too (issue 29, item 11): both are named.
    expect(hist).toMatchObject({ event: 'drafted', data: { fields: ['equipment', 'arrays'] } });
    expect(hist.data.equipment.to).toContain('MCI / Rapid Shutdown: Acme RSD-1 rapid shutdown (Other) × 7');
    // The same lines again: nothing written.
    await call(DEMO.acmeUser, 'PUT', `/api/jobs/${id}/equipment`, { lines: LINES() });
    expect((await call(DEMO.acmeUser, 'GET', `/api/jobs/${id}/history`)).data.length).toBe(2);
  });

  it('writes the CAD intake\'s equipment types and counts from the lines, which a later PUT /jobs keeps', async () => {
    const id = await newJob(DEMO.acmeUser, { cad_intake: { module_count: 99, inverter_type: 'Microinverter', inverter_count: 40 } });
    const [mod, inv] = await t.database.db.select().from(equipment).where(eq(equipment.id, eqId.module!)).then(async (m) => [
      m[0]!, (await t.database.db.select().from(equipment).where(eq(equipment.id, eqId.inverter!)))[0]!,
    ]);
    expect((await call(DEMO.acmeUser, 'PUT', `/api/jobs/${id}/equipment`, { lines: LINES() })).statusCode).toBe(200);
    const job = (await call(DEMO.acmeUser, 'GET', `/api/jobs/${id}`)).data;
    expect(job.cad_intake).toMatchObject({
      module_type: mod.type ?? '', module_count: 20, inverter_type: inv.type ?? '', inverter_count: 1, custom_inverter_type: '',
      mci: 'Other', custom_mci: 'Acme RSD-1 rapid shutdown', mci_count: 7, needs_mci: true,
      optimizer_type: '', optimizer_count: null, battery_type: '', battery_count: null,
    });
    // The web sends the CAD form without these fields: the lines' values stay.
    const { module_count: _m, inverter_count: _i, ...rest } = job.cad_intake;
    const put = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { id, cad_intake: { ...rest, cad_notes: 'Gate code 1234' } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.data.cad_intake).toMatchObject({ module_count: 20, inverter_count: 1, mci_count: 7, cad_notes: 'Gate code 1234' });
    // A line removed clears its fields.
    await call(DEMO.acmeUser, 'PUT', `/api/jobs/${id}/equipment`, { lines: LINES().filter((l) => l.kind !== 'mci') });
    expect((await call(DEMO.acmeUser, 'GET', `/api/jobs/${id}`)).data.cad_intake).toMatchObject({ mci: '', custom_mci: '', mci_count: null, module_count: 20 });
  });

  it('warns when the module count disagrees with the arrays, and on an array with no panels', async () => {
    const id = await newJob(DEMO.acmeUser, { arrays: [{ panel_quantity: 12 }, {}] });
    const res = await call(DEMO.acmeUser, 'PUT', `/api/jobs/${id}/equipment`, { lines: [{ kind: 'module', equipment_id: eqId.module, quantity: 24 }] });
    expect(res.data.warnings).toEqual([
      { code: 'array_without_panels', field: 'arrays.1.panel_quantity', message: 'Array 2 has no panels: enter its panel quantity or remove it.' },
      { code: 'module_count_mismatch', field: 'equipment.module.quantity', message: 'The module count (24) does not match the arrays\' panels (12).' },
    ]);
  });

  it('an array\'s module technology follows the module model (issue 29: the model sets it, no mismatch is kept to warn about)', async () => {
    const [mod] = await t.database.db.select().from(equipment).where(eq(equipment.id, eqId.module!));
    expect(mod!.type).toBeTruthy();
    const other = mod!.type === 'mono_perc' ? 'thin_film' : 'mono_perc';
    const id = await newJob(DEMO.acmeUser, { arrays: [{ panel_quantity: 12, module_type: mod!.type }, { panel_quantity: 8, module_type: other }] });
    const res = await call(DEMO.acmeUser, 'PUT', `/api/jobs/${id}/equipment`, { lines: [{ kind: 'module', equipment_id: eqId.module, quantity: 20 }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.data.warnings).toEqual([]);
    const job = await call(DEMO.acmeUser, 'GET', `/api/jobs/${id}`);
    expect(job.data.arrays.map((a: { module_type: string }) => a.module_type)).toEqual([mod!.type, mod!.type]);
  });

  it('staff link an Other model to a catalogue item they add, on a submitted job', async () => {
    const id = await newJob();
    await call(DEMO.acmeUser, 'PUT', `/api/jobs/${id}/equipment`, { lines: LINES() });
    expect((await call(DEMO.acmeUser, 'POST', `/api/jobs/${id}/submit`)).statusCode).toBe(200);
    await move(DEMO.support, id, 'Pending Design');
    // With the team, the client can no longer change it in place; staff can.
    expect((await call(DEMO.acmeUser, 'PUT', `/api/jobs/${id}/equipment`, { lines: LINES() })).statusCode).toBe(409);
    const added = await call(DEMO.support, 'POST', '/api/equipment', { kind: 'mci', manufacturer: 'Acme', model: 'RSD-1' });
    expect(added.statusCode, added.body).toBe(201);
    const lines = LINES().map((l) => (l.kind === 'mci' ? { kind: 'mci', equipment_id: added.data.id, quantity: 7 } : l));
    const linked = await call(DEMO.support, 'PUT', `/api/jobs/${id}/equipment`, { lines });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.data.lines[2]).toMatchObject({ kind: 'mci', custom_model: '', equipment: { manufacturer: 'Acme', model: 'RSD-1' } });
    expect(linked.data.warnings).toEqual([]);
  });

  it.each([
    [DEMO.admin, 200, 200], [DEMO.support, 200, 200], [DEMO.contractor, 404, 404],
    [DEMO.acmeOwner, 200, 200], [DEMO.acmeUser, 200, 200], [DEMO.brightOwner, 404, 404],
  ])('%s on an Acme draft: GET %i, PUT %i', async (who, get, put) => {
    const id = await newJob();
    expect((await call(who, 'GET', `/api/jobs/${id}/equipment`)).statusCode).toBe(get);
    expect((await call(who, 'PUT', `/api/jobs/${id}/equipment`, { lines: LINES() })).statusCode).toBe(put);
  });

  it('the assigned contractor reads the equipment but never changes it', async () => {
    const id = await newJob();
    const contractor = (await t.database.db.select().from(users).where(eq(users.email, DEMO.contractor)))[0]!.id;
    expect((await call(DEMO.admin, 'POST', `/api/jobs/${id}/assign`, { assignee_id: contractor })).statusCode).toBe(200);
    expect((await call(DEMO.contractor, 'GET', `/api/jobs/${id}/equipment`)).statusCode).toBe(200);
    expect((await call(DEMO.contractor, 'PUT', `/api/jobs/${id}/equipment`, { lines: LINES() })).statusCode).toBe(403);
  });

  it('refuses bad lines with a 400 naming the field', async () => {
    const id = await newJob();
    const put = (lines: unknown) => call(DEMO.acmeUser, 'PUT', `/api/jobs/${id}/equipment`, { lines });
    const wrongKind = await put([{ kind: 'module', equipment_id: eqId.inverter, quantity: 1 }]);
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.data.args).toEqual([{ 'lines.0.equipment_id': 'Not a module of the equipment catalogue.' }]);
    const unknown = await put([{ kind: 'module', equipment_id: '00000000-0000-4000-8000-000000000000', quantity: 1 }]);
    expect(unknown.statusCode).toBe(400);
    const nothing = await put([{ kind: 'module', equipment_id: null, quantity: 1 }]);
    expect(nothing.statusCode).toBe(400);
    expect(JSON.stringify(nothing.data.args)).toContain('Choose a model from the catalogue, or Other and type it.');
    expect((await put([{ kind: 'module', equipment_id: eqId.module, quantity: 1 }, { kind: 'module', equipment_id: eqId.module, quantity: 2 }])).statusCode).toBe(400);
    expect((await put([{ kind: 'shed', equipment_id: null, custom_model: 'x', quantity: 1 }])).statusCode).toBe(400);
    expect((await put([{ kind: 'module', equipment_id: 'not-an-id', quantity: 1 }])).statusCode).toBe(400);
    expect((await put([{ kind: 'module', equipment_id: eqId.module, quantity: -1 }])).statusCode).toBe(400);
    expect((await call(DEMO.acmeUser, 'PUT', `/api/jobs/${id}/equipment`, {})).statusCode).toBe(400);
    expect((await call(DEMO.acmeUser, 'GET', '/api/jobs/not-a-job/equipment')).statusCode).toBe(404);
    // A withdrawn model is refused for a new choice.
    const [withdrawn] = await t.database.db.insert(equipment).values({ kind: 'module', manufacturer: 'Old', model: 'Gone 1', source: 'staff', isActive: false }).returning();
    const gone = await put([{ kind: 'module', equipment_id: withdrawn!.id, quantity: 1 }]);
    expect(gone.statusCode).toBe(400);
    expect(gone.data.args).toEqual([{ 'lines.0.equipment_id': 'This model was withdrawn from the catalogue: choose another.' }]);
  });
});

describe('one intake without contradictions', () => {
  it('refuses a CAD form state that contradicts the address, naming the field', async () => {
    const res = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { ...READY, state: tx, cad_intake: { state: 'AB' } });
    expect(res.statusCode).toBe(400);
    expect(res.data.args).toEqual([{ 'cad_intake.state': 'The site address is in Texas (TX): the CAD form\'s state must be TX.' }]);
    expect((await call(DEMO.acmeUser, 'PUT', '/api/jobs', { ...READY, state: tx, cad_intake: { state: 'TX' } })).statusCode).toBe(201);
  });

  it('refuses a utility of another state and accepts one of the site\'s state', async () => {
    const bad = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { ...READY, state: tx, cad_intake: { state: 'TX', utility: aps } });
    expect(bad.statusCode).toBe(400);
    expect(bad.data.args).toEqual([{ 'cad_intake.utility': 'Test Arizona Public Service does not serve Texas (TX): choose a utility of the site\'s state.' }]);
    const ok = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { ...READY, state: tx, cad_intake: { state: 'TX', utility: austinEnergy } });
    expect(ok.statusCode, ok.body).toBe(201);
    // Moving the address to Arizona now contradicts the stored utility and CAD state.
    const moved = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { id: ok.data.id, state: az });
    expect(moved.statusCode).toBe(400);
    expect(moved.data.args.map((a: Record<string, string>) => Object.keys(a)[0])).toEqual(['cad_intake.state', 'cad_intake.utility']);
  });

  it('refuses an AHJ of another state', async () => {
    const bad = await call(DEMO.acmeOwner, 'PUT', '/api/jobs', { ...READY, state: tx, ahj_id: phoenixAhj });
    expect(bad.statusCode).toBe(400);
    expect(bad.data.args).toEqual([{ ahj_id: 'Test City of Phoenix is in AZ, the site is in Texas (TX): choose an AHJ of the site\'s state.' }]);
    expect((await call(DEMO.acmeOwner, 'PUT', '/api/jobs', { ...READY, state: tx, ahj_id: austinAhj })).statusCode).toBe(201);
    // Staff get the same answer: the rule is the data's, not the role's.
    expect((await call(DEMO.admin, 'PUT', '/api/jobs', { ...READY, company: (await call(DEMO.acmeUser, 'GET', '/api/users/me')).data.companies[0].id, state: tx, ahj_id: phoenixAhj })).statusCode).toBe(400);
  });
});

describe('the span limit is one engineering setting', () => {
  it('is no longer a company-editable requirement', async () => {
    expect(REQUIREMENT_DEFINITIONS.some((d) => d.key.startsWith('span_limit'))).toBe(false);
    const defs = (await call(DEMO.acmeOwner, 'GET', '/api/requirements/definitions')).data;
    expect(JSON.stringify(defs)).not.toContain('Span Limit per Module');
  });
  it.each([
    [DEMO.admin, 200], [DEMO.support, 403], [DEMO.contractor, 403], [DEMO.acmeOwner, 403], [DEMO.acmeUser, 403], [DEMO.brightOwner, 403],
  ])('%s changing it: %i', async (who, status) => {
    expect((await call(who, 'PUT', '/api/settings/structural-span', { Portrait: 65, Landscape: 39 })).statusCode).toBe(status);
  });
});

describe('POST /api/jobs/{id}/revision carries the change', () => {
  it('a layout change edits the arrays and equipment, records a field diff, the rejection comments and files', async () => {
    const id = await newJob();
    await call(DEMO.acmeUser, 'PUT', `/api/jobs/${id}/equipment`, { lines: LINES() });
    await toPendingApproval(id);
    // In Pending Approval the client cannot edit in place…
    expect((await call(DEMO.acmeUser, 'PUT', '/api/jobs', { id, arrays: [{ panel_quantity: 16 }] })).statusCode).toBe(409);
    const up = await postMultipart(t, `/api/jobs/${id}/files`, [{ name: 'category', value: 'General' }, { name: 'files', filename: 'rejection.png', content: PNG }], { as: DEMO.acmeUser });
    expect(up.statusCode, up.body).toBe(201);
    const fileId = (up.data as any[])[0].id;
    // …the revision carries the change.
    const res = await call(DEMO.acmeUser, 'POST', `/api/jobs/${id}/revision`, {
      reason: 'layout_change',
      note: '4 more panels',
      rejection_comments: 'City of Austin: setback from ridge is 36 in.',
      rejection_file_ids: [fileId],
      job: { arrays: [{ panel_quantity: 16 }, { panel_quantity: 8 }] },
      equipment: LINES().map((l) => (l.kind === 'module' ? { ...l, quantity: 24 } : l)),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.data).toMatchObject({ revision_number: 1 });
    // Staff read the internal status; the client reads its client-facing one.
    expect((await call(DEMO.admin, 'GET', `/api/jobs/${id}`)).data).toMatchObject({ status: 'Pending Design Revision', revision_number: 1 });
    expect(res.data.arrays.map((a: any) => a.panel_quantity)).toEqual([16, 8]);
    const eqs = (await call(DEMO.acmeUser, 'GET', `/api/jobs/${id}/equipment`)).data;
    expect(eqs.lines[0].quantity).toBe(24);
    expect(eqs.warnings).toEqual([expect.objectContaining({ code: 'equipment_not_in_catalogue' })]);
    const rev = (await call(DEMO.acmeUser, 'GET', `/api/jobs/${id}/revisions`)).data[0];
    expect(rev).toMatchObject({
      reason: 'layout_change', involuntary: false, rejection_comments: 'City of Austin: setback from ridge is 36 in.',
      changes: {
        fields: ['arrays'],
        changes: [{ field: 'arrays.0.panel_quantity', from: '12', to: '16' }],
        equipment: { from: [expect.stringContaining('× 20')], to: [expect.stringContaining('× 24')] },
        rejection_files: [{ id: fileId, name: 'rejection.png' }],
      },
    });
    const hist = (await call(DEMO.acmeUser, 'GET', `/api/jobs/${id}/history`)).data.filter((e: any) => e.event === 'revision');
    expect(hist[0].data).toMatchObject({ reason: 'layout_change', changes: [{ field: 'arrays.0.panel_quantity', from: '12', to: '16' }] });
  });

  it('refuses a contradiction or a bad line in the change, and another job\'s files, with nothing written', async () => {
    const id = await newJob();
    await toPendingApproval(id);
    const other = await newJob();
    const up = await postMultipart(t, `/api/jobs/${other}/files`, [{ name: 'files', filename: 'x.png', content: PNG }], { as: DEMO.acmeUser });
    const tries = [
      [{ reason: 'layout_change', job: { cad_intake: { state: 'AZ' } } }, 'cad_intake.state'],
      [{ reason: 'equipment_change', equipment: [{ kind: 'module', equipment_id: eqId.inverter, quantity: 1 }] }, 'equipment.0.equipment_id'],
      [{ reason: 'other', rejection_file_ids: [(up.data as any[])[0].id] }, 'rejection_file_ids'],
    ] as const;
    for (const [body, field] of tries) {
      const res = await call(DEMO.acmeUser, 'POST', `/api/jobs/${id}/revision`, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.data.args[0])).toEqual([field]);
    }
    expect((await call(DEMO.admin, 'GET', `/api/jobs/${id}`)).data).toMatchObject({ status: 'Pending Approval', revision_number: 0 });
  });

  it.each([
    [DEMO.contractor, 404], [DEMO.brightOwner, 404], [DEMO.acmeOwner, 200], [DEMO.support, 200],
  ])('%s requesting a revision with changes: %i', async (who, status) => {
    const id = await newJob();
    await toPendingApproval(id);
    const res = await call(who, 'POST', `/api/jobs/${id}/revision`, { reason: 'layout_change', job: { arrays: [{ panel_quantity: 3 }] } });
    expect(res.statusCode, res.body).toBe(status);
  });
});
