import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZJob } from '@sunstamp/domain/contracts/jobs';
import { ZWetStamp } from '@sunstamp/domain/contracts/wet-stamps';
import { MAX_PANELS_ON_RAFTER } from '@sunstamp/domain/jobs/job-defaults.schema';
import { DELIVERABLE_GATED_STATUSES } from '@sunstamp/domain/constants/deliverables.constants';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { deliverRequired } from '../../test/deliverables-fixtures.ts';
import { ahjs, equipment, jobs, states } from '../../db/schema.ts';

/**
 * Issue 29, item 11 (intake friction), through the API:
 * - the module model sets the arrays' module type: a contradicting value is overridden on PUT
 *   /jobs, on PUT /jobs/{id}/equipment and in a revision, never kept beside the model;
 * - the wet stamp's copies and shipping address are part of the job, checked for their shape on
 *   every save and required at submit when the wet stamp is ordered (422 naming each field);
 * - the AHJ case number: saved with the job (the dynamic CAD field case_number the plan set
 *   prints), required at submit when the AHJ's case_number_on_title_block is on (422 naming it);
 * - "Panels on a rafter" and "beam spacing" refuse absurd values with a 400 naming the field.
 */

let t: TestApp;
let tx = 0;
let mono = '';
let thin = '';
let untyped = '';
let caseAhj = '';
let plainAhj = '';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
const call = async (who: string, method: Method, url: string, body?: unknown) =>
  t.request(method, url, { token: await t.tokenOf(who), body });

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  tx = (await db.select().from(states).where(eq(states.abbreviation, 'TX')))[0]!.id;
  // Catalogue models of this file's own: two technologies and one without a type.
  const made = await db.insert(equipment).values([
    { kind: 'module', manufacturer: 'Intake Test', model: 'Mono 400', type: 'mono_perc', source: 'staff' },
    { kind: 'module', manufacturer: 'Intake Test', model: 'Thin 150', type: 'thin_film', source: 'staff' },
    { kind: 'module', manufacturer: 'Intake Test', model: 'Untyped 300', type: null, source: 'staff' },
  ]).returning({ id: equipment.id, model: equipment.model });
  mono = made.find((m) => m.model === 'Mono 400')!.id;
  thin = made.find((m) => m.model === 'Thin 150')!.id;
  untyped = made.find((m) => m.model === 'Untyped 300')!.id;
  const [a] = await db.insert(ahjs).values({ name: 'Case Town (intake test)', state: 'TX', jurisdictionType: 'City' }).returning({ id: ahjs.id });
  const [b] = await db.insert(ahjs).values({ name: 'Plain Town (intake test)', state: 'TX', jurisdictionType: 'City' }).returning({ id: ahjs.id });
  caseAhj = a!.id;
  plainAhj = b!.id;
  const set = await call(DEMO.admin, 'PATCH', `/api/requirements/ahj/${caseAhj}`, { set: { case_number_on_title_block: true } });
  expect(set.statusCode, set.body).toBe(200);
});
afterAll(async () => { await t?.close(); });

const READY = {
  name: 'Intake Residence', client_name: 'Ida Intake', client_street_address: '1100 Congress Ave', city: 'Austin',
  services_requested: ['structural_roof_letter'],
};
const ORDER = { copies: 2, recipient: 'Acme Solar LLC', street: '500 W 2nd St', city: 'Austin', state: 'TX', zip: '78701' };

async function draft(body: Record<string, unknown> = {}, who: string = DEMO.acmeUser) {
  const res = await call(who, 'PUT', '/api/jobs', { ...READY, state: tx, ...body });
  expect(res.statusCode, res.body).toBe(201);
  expect(ZJob.safeParse(res.data).success).toBe(true);
  return res.data as { id: string; arrays: { module_type: unknown }[]; case_number: string | null; wet_stamp_order: unknown };
}
const put = (id: string, body: Record<string, unknown>, who: string = DEMO.acmeUser) => call(who, 'PUT', '/api/jobs', { id, ...body });
const submit = (id: string) => call(DEMO.acmeUser, 'POST', `/api/jobs/${id}/submit`);
const fieldsOf = (args: Record<string, string>[]) => args.map((a) => Object.keys(a)[0]);
const typesOf = (arrays: { module_type: unknown }[]) => arrays.map((a) => a.module_type);

describe('the module model sets the module technology', () => {
  it('choosing a model sets every array\'s module type; a contradicting PUT /jobs is overridden, not kept', async () => {
    const job = await draft({ arrays: [{ panel_quantity: 12, module_type: 'poly' }, { panel_quantity: 8, module_type: null }] });
    expect(typesOf(job.arrays)).toEqual(['poly', null]);
    const eq1 = await call(DEMO.acmeUser, 'PUT', `/api/jobs/${job.id}/equipment`, { lines: [{ kind: 'module', equipment_id: mono, quantity: 20 }] });
    expect(eq1.statusCode, eq1.body).toBe(200);
    // No mismatch left to warn about: the arrays follow the model.
    expect(eq1.data.warnings.map((w: { code: string }) => w.code)).not.toContain('module_type_mismatch');
    const read = await call(DEMO.acmeUser, 'GET', `/api/jobs/${job.id}`);
    expect(typesOf(read.data.arrays)).toEqual(['mono_perc', 'mono_perc']);
    const history = (await call(DEMO.admin, 'GET', `/api/jobs/${job.id}/history`)).data as { data: { fields?: string[] } | null }[];
    expect(history.at(-1)!.data!.fields).toEqual(['equipment', 'arrays']);

    // A client (or script) sending another technology: the model's is stored and answered.
    const contradicting = await put(job.id, { arrays: [{ panel_quantity: 12, module_type: 'thin_film' }, { panel_quantity: 8, module_type: 'poly' }] });
    expect(contradicting.statusCode, contradicting.body).toBe(200);
    expect(typesOf(contradicting.data.arrays)).toEqual(['mono_perc', 'mono_perc']);
    // Nothing changed after the override: no history line for it.
    const after = (await call(DEMO.admin, 'GET', `/api/jobs/${job.id}/history`)).data as unknown[];
    expect(after).toHaveLength(history.length);
    // A new array takes the model's technology too.
    const added = await put(job.id, { arrays: [{ panel_quantity: 12 }, { panel_quantity: 8 }, { panel_quantity: 4, module_type: 'poly' }] });
    expect(typesOf(added.data.arrays)).toEqual(['mono_perc', 'mono_perc', 'mono_perc']);

    // Another model: the arrays follow it.
    await call(DEMO.acmeUser, 'PUT', `/api/jobs/${job.id}/equipment`, { lines: [{ kind: 'module', equipment_id: thin, quantity: 24 }] });
    expect(typesOf((await call(DEMO.acmeUser, 'GET', `/api/jobs/${job.id}`)).data.arrays)).toEqual(['thin_film', 'thin_film', 'thin_film']);
  });

  it('without a catalogue model (Other, or a model without a technology) the arrays keep the client\'s choice', async () => {
    const job = await draft({ arrays: [{ panel_quantity: 10, module_type: 'poly' }] });
    await call(DEMO.acmeUser, 'PUT', `/api/jobs/${job.id}/equipment`, { lines: [{ kind: 'module', equipment_id: null, custom_model: 'Garage Panel 9', quantity: 10 }] });
    expect(typesOf((await put(job.id, { arrays: [{ panel_quantity: 10, module_type: 'mono' }] })).data.arrays)).toEqual(['mono']);
    await call(DEMO.acmeUser, 'PUT', `/api/jobs/${job.id}/equipment`, { lines: [{ kind: 'module', equipment_id: untyped, quantity: 10 }] });
    expect(typesOf((await put(job.id, { arrays: [{ panel_quantity: 10, module_type: 'poly' }] })).data.arrays)).toEqual(['poly']);
  });

  it('a revision that changes the model or the arrays keeps them agreeing', async () => {
    const job = await draft({ arrays: [{ panel_quantity: 10, module_type: 'mono_perc' }] });
    await call(DEMO.acmeUser, 'PUT', `/api/jobs/${job.id}/equipment`, { lines: [{ kind: 'module', equipment_id: mono, quantity: 10 }] });
    expect((await submit(job.id)).statusCode).toBe(200);
    for (const status of ['Pending Design', 'Pending QC', 'Design Completed', 'Finalized', 'Pending Approval']) {
      if (DELIVERABLE_GATED_STATUSES.includes(status as never)) await deliverRequired(t, job.id);
      const moved = await call(DEMO.support, 'POST', `/api/jobs/${job.id}/status`, { status });
      expect(moved.statusCode, `${status}: ${moved.body}`).toBe(200);
    }
    const rev = await call(DEMO.acmeUser, 'POST', `/api/jobs/${job.id}/revision`, {
      reason: 'equipment_change', note: 'Thin film now',
      equipment: [{ kind: 'module', equipment_id: thin, quantity: 10 }],
    });
    expect(rev.statusCode, rev.body).toBe(200);
    expect(typesOf(rev.data.arrays)).toEqual(['thin_film']);
    const history = (await call(DEMO.admin, 'GET', `/api/jobs/${job.id}/history`)).data as { event: string; data: { fields?: string[]; changes?: unknown[] } | null }[];
    expect(history.filter((h) => h.event === 'revision').at(-1)!.data).toMatchObject({ fields: ['arrays'], changes: [{ field: 'arrays.0.module_type', from: 'mono_perc', to: 'thin_film' }] });
    // Staff editing in place are held to the model as well.
    const staffEdit = await put(job.id, { arrays: [{ panel_quantity: 11, module_type: 'poly' }] }, DEMO.admin);
    expect(staffEdit.statusCode, staffEdit.body).toBe(200);
    expect(staffEdit.data.arrays.map((a: { panel_quantity: number; module_type: string }) => [a.panel_quantity, a.module_type])).toEqual([[11, 'thin_film']]);
  });
});

describe('the wet-stamp order at intake', () => {
  it('a draft saves it half filled; the submit with the wet stamp ordered refuses each missing field with 422', async () => {
    const job = await draft({ services_requested: ['structural_roof_letter', 'wet_stamp'] });
    expect(job.wet_stamp_order).toBeNull();
    const none = await submit(job.id);
    expect(none.statusCode, none.body).toBe(422);
    expect(fieldsOf(none.data.args)).toEqual([
      'wet_stamp_order.copies', 'wet_stamp_order.recipient', 'wet_stamp_order.street', 'wet_stamp_order.city', 'wet_stamp_order.state', 'wet_stamp_order.zip',
    ]);
    expect(none.data.args[0]['wet_stamp_order.copies']).toBe('Choose how many stamped copies to ship (1 to 3).');
    const half = await put(job.id, { wet_stamp_order: { ...ORDER, street: '', zip: '' } });
    expect(half.statusCode, half.body).toBe(200);
    const still = await submit(job.id);
    expect(still.statusCode).toBe(422);
    expect(fieldsOf(still.data.args)).toEqual(['wet_stamp_order.street', 'wet_stamp_order.zip']);
    expect(still.data.args[1]['wet_stamp_order.zip']).toBe('Enter the ZIP code to ship the stamped copies to.');

    const full = await put(job.id, { wet_stamp_order: { ...ORDER, recipient: '  Acme Solar LLC ' } });
    expect(full.data.wet_stamp_order).toEqual(ORDER);
    const ok = await submit(job.id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.data.wet_stamp_order).toEqual(ORDER);
    // Staff read it on the wet stamp card, and the copies start from the order.
    const card = await call(DEMO.support, 'GET', `/api/jobs/${job.id}/wet-stamp`);
    expect(card.statusCode, card.body).toBe(200);
    expect(ZWetStamp.safeParse(card.data).success).toBe(true);
    expect(card.data).toMatchObject({ required: true, copies: 2, order: ORDER });
  });

  it('refuses a bad order on any save with 400 naming the field; without the wet stamp no order is needed', async () => {
    const job = await draft({ services_requested: ['structural_roof_letter', 'wet_stamp'] });
    for (const [bad, field] of [
      [{ ...ORDER, copies: 4 }, 'wet_stamp_order.copies'],
      [{ ...ORDER, copies: 0 }, 'wet_stamp_order.copies'],
      [{ ...ORDER, copies: 1.5 }, 'wet_stamp_order.copies'],
      [{ ...ORDER, zip: 'ABCDE' }, 'wet_stamp_order.zip'],
      [{ ...ORDER, street: 'x'.repeat(301) }, 'wet_stamp_order.street'],
      [{ copies: 1 }, 'wet_stamp_order.recipient'],
      ['two copies', 'wet_stamp_order'],
    ] as const) {
      const res = await put(job.id, { wet_stamp_order: bad });
      expect(res.statusCode, `${JSON.stringify(bad)} ${res.body}`).toBe(400);
      expect(JSON.stringify(res.data.args)).toContain(field);
    }
    expect((await put(job.id, { wet_stamp_order: { ...ORDER, zip: 'K1A 0B1' } })).statusCode).toBe(200);
    const plain = await draft();
    expect((await submit(plain.id)).statusCode).toBe(200);
  });
});

describe('the AHJ case number at intake', () => {
  it('an AHJ with case_number_on_title_block: the draft saves without it, the submit answers 422 naming case_number', async () => {
    const job = await draft({ ahj_id: caseAhj });
    expect(job.case_number).toBeNull();
    const res = await submit(job.id);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.data.args).toEqual([{ case_number: 'Case Town (intake test) needs its case number in the plan set\'s title block: enter the AHJ case number.' }]);
    // Blank is not a case number.
    expect((await put(job.id, { case_number: '   ' })).data.case_number).toBeNull();
    expect((await submit(job.id)).statusCode).toBe(422);
    const saved = await put(job.id, { case_number: ' BP-2026-0412 ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.data.case_number).toBe('BP-2026-0412');
    expect((await submit(job.id)).statusCode).toBe(200);
    // The designer reads it as the dynamic CAD field the plan set prints.
    const req = await call(DEMO.admin, 'GET', `/api/jobs/${job.id}/requirements`);
    expect(req.data.cad_fields).toEqual([expect.objectContaining({ key: 'case_number', value: 'BP-2026-0412', asked_by: ['case_number_on_title_block'] })]);
  });

  it('an AHJ without the flag does not ask; the case number keeps the other CAD fields and is refused when too long', async () => {
    const job = await draft({ ahj_id: plainAhj });
    expect((await submit(job.id)).statusCode).toBe(200);
    const other = await draft({ ahj_id: caseAhj });
    const fields = await call(DEMO.admin, 'PUT', `/api/jobs/${other.id}/cad-fields`, { values: { num_stories: 2 } });
    expect(fields.statusCode, fields.body).toBe(200);
    expect((await put(other.id, { case_number: 'C-1' })).statusCode).toBe(200);
    const req = await call(DEMO.admin, 'GET', `/api/jobs/${other.id}/requirements`);
    expect(req.data.cad_fields.find((f: { key: string }) => f.key === 'case_number').value).toBe('C-1');
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, other.id));
    expect(row!.cadFields).toEqual({ num_stories: 2, case_number: 'C-1' });
    const long = await put(other.id, { case_number: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(fieldsOf(long.data.args)).toEqual(['case_number']);
    expect((await put(other.id, { case_number: 42 })).statusCode).toBe(400);
  });
});

describe('array bounds (issue 29, item 11: "Panels on a rafter" accepted 999, "beam spacing 0" said "at least 0")', () => {
  it('refuses 999 panels on a rafter and a beam spacing of 0 with 400 naming the field and a message that says why', async () => {
    const job = await draft();
    const many = await put(job.id, { arrays: [{ panel_quantity: 10, num_panels_on_rafter: 999 }] });
    expect(many.statusCode).toBe(400);
    expect(many.data.args).toEqual([{ 'arrays.0.num_panels_on_rafter': `Too big: expected number to be <=${MAX_PANELS_ON_RAFTER}` }]);
    const zero = await put(job.id, { arrays: [{ panel_quantity: 10, beam_spacing: 0 }] });
    expect(zero.statusCode).toBe(400);
    expect(fieldsOf(zero.data.args)).toEqual(['arrays.0.beam_spacing']);
    expect((await put(job.id, { arrays: [{ panel_quantity: 10, num_panels_on_rafter: MAX_PANELS_ON_RAFTER, beam_spacing: 24 }] })).statusCode).toBe(200);
  });
});
