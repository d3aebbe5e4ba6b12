import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CAD_GENERATION_PROGRESS } from '@sunstamp/domain/constants/job-events.constants';
import { GENERATION_ERRORS } from '@sunstamp/domain/constants/messages.constants';
import { ZCadRun, ZCadRunChecks, ZCadRunList } from '@sunstamp/domain/contracts/cad-runs';
import { makeDatasheet, solidPng } from '@sunstamp/planset/fixtures/golden.fixtures';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { file, postMultipart } from '../../test/upload-fixtures.ts';
import { generateCadAndWait, preparePlanSetJob, preparePlanSetWorld, uploadDatasheet, type PlanSetWorld } from '../../test/planset-fixtures.ts';
import { ahjs, cadRuns, companies, equipment, jobFiles, notifications, users } from '../../db/schema.ts';

/*
 * Plan-set runs end to end on the real queue and database: POST /jobs/{id}/generate-cad → the
 * cad-generate worker → the spec's progress events on the requester's stream → the files of the
 * run's revision. Idempotency by input hash, what is missing named in a 422, the §8 message of a
 * failed part, the roles, and the equipment datasheets the cut sheets come from.
 */

let t: TestApp;
let w: PlanSetWorld;
const uid: Record<string, string> = {};
const MISSING = '00000000-0000-4000-8000-000000000000';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = async (who: string, method: Method, url: string, body?: unknown) => t.request(method, url, { token: await t.tokenOf(who), body });
/** POST generate-cad, then wait for the run to finish. */
const generate = (who: string, id: string) => generateCadAndWait(t, who, id);
const eventsOf = async (email: string, since = 0) => (await t.ctx.events.since(uid[email]!, since)).filter((e) => (e.payload as { run_id?: string })?.run_id);

beforeAll(async () => {
  t = await createTestApp();
  for (const u of await t.database.db.select().from(users)) uid[u.email] = u.id;
  w = await preparePlanSetWorld(t);
}, 120_000);
afterAll(async () => { await t?.close(); });

describe('POST /api/jobs/{id}/generate-cad', () => {
  it('queues a run (202) that renders the set, reports the spec\'s progress and stores PDF, DXF, previews and cut sheets as job files', async () => {
    const id = await preparePlanSetJob(t, w);
    const before = (await t.ctx.events.since(uid[DEMO.support]!, 0)).at(-1)?.id ?? 0;
    const res = await generate(DEMO.support, id);
    expect(res.statusCode, res.body).toBe(202);
    expect(ZCadRun.parse(res.data)).toBeTruthy();
    expect(res.data).toMatchObject({ job_id: id, revision: 0, status: 'queued', progress: 0 });
    // test-app drains the queue before answering: the run has finished.
    const run = (await call(DEMO.support, 'GET', `/api/cad-runs/${res.data.id}`)).data;
    expect(run.error, JSON.stringify(run.error)).toBeNull();
    expect(run).toMatchObject({ status: 'passed', stage: 'cad_generation_passed', progress: 100, attempts: 1 });
    expect(run.page_count).toBeGreaterThanOrEqual(8); // PV-1…PV-5 and three one-page cut sheets
    expect(run.files.filter((f: any) => f.part === 'pdf')).toHaveLength(1);
    expect(run.files.filter((f: any) => f.part === 'dxf')).toHaveLength(1);
    expect(run.files.filter((f: any) => f.part === 'cut_sheet')).toHaveLength(3);
    const previews = run.files.filter((f: any) => f.part === 'preview');
    expect(previews.length).toBe(run.page_count);
    expect(previews.slice(0, 5).map((f: any) => f.number)).toEqual(['PV-1', 'PV-2', 'PV-3', 'PV-4', 'PV-5']);

    // The events, in order, with the spec's labels and percentages.
    const events = (await eventsOf(DEMO.support, before)).filter((e) => (e.payload as any).run_id === run.id);
    expect(events.map((e) => e.type)).toEqual([
      'calculations_initiated', 'calculations_passed', 'cad_generation_initiated', 'cut_sheets_initiated', 'title_block_initiated', 'combine_files_passed', 'cad_generation_passed',
    ]);
    for (const e of events) {
      const spec = CAD_GENERATION_PROGRESS[e.type as keyof typeof CAD_GENERATION_PROGRESS];
      if (spec) expect(e.payload).toMatchObject({ label: spec.label, progress: spec.percent, job_id: id });
    }
    expect(events.find((e) => e.type === 'cut_sheets_initiated')!.payload).toMatchObject({ label: 'Creating Cut Sheets and Modelspace', progress: 77 });
    // The assigned contractor hears it too.
    expect((await eventsOf(DEMO.contractor)).some((e) => e.type === 'cad_generation_passed' && (e.payload as any).run_id === run.id)).toBe(true);
    // …and the result is a notification in the assignee's bell (one, not one per step).
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.jobId, id));
    expect(notes.filter((n) => n.type === 'generation').map((n) => [n.userId, (n.data as { event?: string }).event])).toEqual([[uid[DEMO.contractor], 'cad_generation_passed']]);

    // The files are job files of the job, downloadable by the team.
    const pdf = run.files.find((f: any) => f.part === 'pdf');
    const dl = await call(DEMO.contractor, 'GET', `/api/files/${pdf.file_id}/download`);
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const svg = await call(DEMO.support, 'GET', `/api/files/${previews[0].file_id}/download`);
    expect(svg.body).toContain('<svg');
    expect(svg.body).toContain('Avery Jordan'.toUpperCase());
    const dxf = await call(DEMO.support, 'GET', `/api/files/${run.files.find((f: any) => f.part === 'dxf').file_id}/download`);
    expect(dxf.body).toContain('PV_MODULE');
    const rows = await t.database.db.select().from(jobFiles).where(eq(jobFiles.jobId, id));
    expect(rows.every((r) => r.kind === 'plan_set')).toBe(true);
    expect(rows).toHaveLength(run.files.length);

    // Every number the preview links opens one of the run's checks: formula, inputs, code section.
    const checks = await call(DEMO.contractor, 'GET', `/api/cad-runs/${run.id}/checks`);
    expect(checks.statusCode, checks.body).toBe(200);
    const kept = ZCadRunChecks.parse(checks.data);
    expect(kept.codes?.nec).toMatch(/NEC/);
    const byId = new Map(kept.results.map((c) => [c.id, c]));
    const linked = new Set<string>();
    for (const f of previews.slice(0, 5)) {
      const body = (await call(DEMO.support, 'GET', `/api/files/${f.file_id}/download`)).body;
      for (const m of body.matchAll(/data-check="([^"]+)"/g)) linked.add(m[1]!);
    }
    expect(linked.size).toBeGreaterThan(10);
    for (const l of linked) expect(byId.has(l), l).toBe(true);
    const ic = [...byId.values()].find((c) => c.id === 'electrical.interconnection.method')!;
    expect(ic.ref.code).toBe('NEC');
    expect(ic.section).toBeTruthy();
    const vd = [...byId.values()].find((c) => c.id.endsWith('.voltage-drop'))!;
    expect(vd.formula.length).toBeGreaterThan(3);
    expect(vd.inputs.length).toBeGreaterThan(0);
  }, 120_000);

  it('is idempotent by input hash: the same inputs answer the run they have (200); changed inputs start a new one and the old run stays', async () => {
    const id = await preparePlanSetJob(t, w, { name: 'Idempotent Residence' });
    const first = await generate(DEMO.admin, id);
    expect(first.statusCode, first.body).toBe(202);
    const again = await generate(DEMO.support, id);
    expect(again.statusCode).toBe(200);
    expect(again.data.id).toBe(first.data.id);
    expect(again.data.status).toBe('passed');
    // A double click: two requests at once start one run.
    const id2 = await preparePlanSetJob(t, w, { name: 'Double Click Residence' });
    const both = await Promise.all([generate(DEMO.admin, id2), generate(DEMO.admin, id2)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 202]);
    expect(both[0]!.data.id).toBe(both[1]!.data.id);
    // Another input (one more module): a new run; both are listed, newest first.
    const edited = await call(DEMO.admin, 'PUT', '/api/jobs', { id, arrays: [{ panel_quantity: 14, roof_pitch: 22, frame_shape: '2x6', beam_spacing: 24, beam_span: [150], num_panels_on_rafter: 2 }] });
    expect(edited.statusCode, edited.body).toBe(200);
    await call(DEMO.admin, 'PUT', `/api/jobs/${id}/equipment`, { lines: [
      { kind: 'module', equipment_id: w.equipment.module, quantity: 14 }, { kind: 'inverter', equipment_id: w.equipment.inverter, quantity: 1 }, { kind: 'racking', equipment_id: w.equipment.racking, quantity: null },
      { kind: 'mci', equipment_id: w.equipment.mci, quantity: 5 },
    ] });
    const second = await generate(DEMO.admin, id);
    expect(second.statusCode, second.body).toBe(202);
    expect(second.data.id).not.toBe(first.data.id);
    const list = await call(DEMO.admin, 'GET', `/api/jobs/${id}/cad-runs`);
    expect(ZCadRunList.parse(list.data).results.map((r) => r.id)).toEqual([second.data.id, first.data.id]);
    expect(list.data.results.map((r: any) => r.status)).toEqual(['passed', 'passed']);
  }, 120_000);

  it('draws an AC-coupled battery of a micro-inverter system: its circuit into the combiner, and its current on the runs to the service', async () => {
    // A 225 A busbar: the ordered PV breaker (12 × 1.21 A + 24 A → 50 A) fits the 120 % rule; on 200/200 A it does
    // not, and the order is refused rather than drawn as a supply-side tap (issue 25).
    const id = await preparePlanSetJob(t, w, { name: 'Micro Battery Residence', modules: 12, cad: { needs_battery_info: true, msp_rating: 225, breaker_rating: 200 } });
    const items = await t.database.db.select().from(equipment);
    const micro = items.find((e) => e.kind === 'inverter' && /IQ8PLUS/i.test(e.model))!;
    const battery = items.find((e) => e.kind === 'battery' && /Powerwall 2/i.test(e.model))!;
    const lines = await call(DEMO.admin, 'PUT', `/api/jobs/${id}/equipment`, { lines: [
      { kind: 'module', equipment_id: w.equipment.module, quantity: 12 }, { kind: 'inverter', equipment_id: micro.id, quantity: 12 },
      { kind: 'battery', equipment_id: battery.id, quantity: 1 }, { kind: 'racking', equipment_id: w.equipment.racking, quantity: null },
    ] });
    expect(lines.statusCode, lines.body).toBe(200);
    const res = await generate(DEMO.admin, id);
    expect(res.statusCode, res.body).toBe(202);
    const run = (await call(DEMO.admin, 'GET', `/api/cad-runs/${res.data.id}`)).data;
    expect(run.error, JSON.stringify(run.error)).toBeNull();
    const checks = (await call(DEMO.admin, 'GET', `/api/cad-runs/${run.id}/checks`)).data.results as { id: string; inputs: { name: string; value: unknown }[] }[];
    // a battery circuit of its own, and the combiner's output carries the battery too
    expect(checks.some((c) => /^electrical\.run\.R\d+\.current$/.test(c.id) && c.inputs.some((i) => i.name === 'I_battery,cont'))).toBe(true);
    expect(checks.some((c) => /^electrical\.run\.R\d+\.current$/.test(c.id) && c.inputs.some((i) => i.name === 'I_battery'))).toBe(true);
    const pv4 = run.files.find((f: any) => f.part === 'preview' && f.number === 'PV-4');
    const svg = (await call(DEMO.admin, 'GET', `/api/files/${pv4.file_id}/download`)).body;
    expect(svg).toContain('>BATTERY<');
  }, 120_000);

  it('draws the design saved on the Design page: its street, its equipment and the runs measured between them', async () => {
    const id = await preparePlanSetJob(t, w, { name: 'Saved Design Residence' });
    const got = (await call(DEMO.admin, 'GET', `/api/jobs/${id}/design`)).data;
    expect(got.source).toBe('auto');
    // Saved as shown, then with the street named and the service equipment 25 ft further from the roof.
    const first = await call(DEMO.admin, 'PUT', `/api/jobs/${id}/design`, { version: got.version, model: got.model });
    expect(first.statusCode, first.body).toBe(200);
    const asShown = (await call(DEMO.admin, 'GET', `/api/cad-runs/${(await generate(DEMO.admin, id)).data.id}`)).data;
    expect(asShown.error, JSON.stringify(asShown.error)).toBeNull();
    const model = structuredClone(got.model);
    model.site.street.name = 'Saved Design Lane';
    for (const e of model.equipment) if (e.kind !== 'junction_box') e.x += 25;
    const saved = await call(DEMO.admin, 'PUT', `/api/jobs/${id}/design`, { version: first.data.version, model });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await generate(DEMO.admin, id);
    expect(res.statusCode, res.body).toBe(202);
    const run = (await call(DEMO.admin, 'GET', `/api/cad-runs/${res.data.id}`)).data;
    expect(run.error, JSON.stringify(run.error)).toBeNull();
    expect(run.input_hash).not.toBe(asShown.input_hash);
    const pv1 = run.files.find((f: any) => f.part === 'preview' && f.number === 'PV-1');
    const svg = (await call(DEMO.admin, 'GET', `/api/files/${pv1.file_id}/download`)).body;
    expect(svg).toContain('SAVED DESIGN LANE');
    // The conductor schedule (PV-4) measures the runs on the saved site plan: the roof's home run
    // is 25 ft longer (the runs between the moved equipment keep their lengths).
    const lengths = async (r: any) => {
      const f = r.files.find((x: any) => x.part === 'preview' && x.number === 'PV-4');
      const body = (await call(DEMO.admin, 'GET', `/api/files/${f.file_id}/download`)).body as string;
      return [...body.matchAll(/>(\d+) FT</g)].reduce((n, m) => n + Number(m[1]), 0);
    };
    const [before, after] = [await lengths(asShown), await lengths(run)];
    expect(before).toBeGreaterThan(0);
    expect(after).toBe(before + 25);

    // A drawing without a main service panel cannot be measured: 422 naming the design.
    const noPanel = { ...model, equipment: model.equipment.filter((e: { kind: string }) => e.kind !== 'main_panel') };
    const again = await call(DEMO.admin, 'PUT', `/api/jobs/${id}/design`, { version: saved.data.version, model: noPanel });
    expect(again.statusCode, again.body).toBe(200);
    const refused = await generate(DEMO.admin, id);
    expect(refused.statusCode).toBe(422);
    expect(JSON.stringify(refused.data.args)).toContain('the design has no main service panel');
  }, 180_000);

  it('the set is the revision\'s plan-set deliverable: a draft without seals, replaced by a newer run\'s', async () => {
    const id = await preparePlanSetJob(t, w, { name: 'Deliverable Residence' });
    const first = (await call(DEMO.admin, 'GET', `/api/cad-runs/${(await generate(DEMO.admin, id)).data.id}`)).data;
    const planSets = async () => (await call(DEMO.admin, 'GET', `/api/jobs/${id}/deliverables`)).data.deliverables.filter((d: any) => d.kind === 'plan_set');
    expect((await planSets()).map((d: any) => [d.id, d.state, d.revision])).toEqual([[first.files.find((f: any) => f.part === 'pdf').file_id, 'draft', 0]]);
    // Changed inputs, a new run: its set is the deliverable now, the first one no longer.
    const job = (await call(DEMO.admin, 'GET', `/api/jobs/${id}`)).data;
    const changed = await call(DEMO.admin, 'PUT', '/api/jobs', { id, cad_intake: { ...job.cad_intake, contractor_license_num: 'TECL-99999' } });
    expect(changed.statusCode, changed.body).toBe(200);
    const second = (await call(DEMO.admin, 'GET', `/api/cad-runs/${(await generate(DEMO.admin, id)).data.id}`)).data;
    expect(second.id).not.toBe(first.id);
    expect((await planSets()).map((d: any) => d.id)).toEqual([second.files.find((f: any) => f.part === 'pdf').file_id]);
  }, 180_000);

  it('marks the seal\'s place on the pages the stamp requirement names; the set stays a draft until the engineer seals those pages', async () => {
    const [criteria] = await t.database.db.select().from(ahjs).where(eq(ahjs.id, w.ahjId));
    const { id: _id, nameKey: _k, createdAt: _c, updatedAt: _u, ...copy } = criteria!;
    const [sealing] = await t.database.db.insert(ahjs).values({ ...copy, name: `Sealing Town ${Date.now()}` }).returning();
    const set = await call(DEMO.admin, 'PATCH', `/api/requirements/ahj/${sealing!.id}`, { set: { structural_stamps_on_cad: 'Always Include', structural_pages_to_stamp: 'PV-3' } });
    expect(set.statusCode, set.body).toBe(200);
    const engineer = await call(DEMO.admin, 'POST', '/api/engineers', {
      name: 'Morgan Reyes', email: 'morgan@sunstamp.test', user_id: (await t.database.query<{ id: string }>('select id from users where email = $1', [DEMO.admin]))[0]!.id,
      disciplines: ['structural'], licences: [{ state: 'TX', number: 'PE-424242', expires_on: '2099-12-31' }],
    });
    expect(engineer.statusCode, engineer.body).toBe(201);
    const seal = await postMultipart(t, `/api/engineers/${engineer.data.id}/seal`, [file('seal.png', Buffer.from(solidPng(240, 240, [160, 20, 20])))], { as: DEMO.admin });
    expect(seal.statusCode, seal.body).toBe(200);
    const id = await preparePlanSetJob(t, w, { name: 'Sealed Residence' });
    expect((await call(DEMO.admin, 'PUT', '/api/jobs', { id, ahj_id: sealing!.id })).statusCode).toBe(200);
    const run = (await call(DEMO.admin, 'GET', `/api/cad-runs/${(await generate(DEMO.admin, id)).data.id}`)).data;
    expect(run.error, JSON.stringify(run.error)).toBeNull();
    const pv3 = run.files.find((f: any) => f.part === 'preview' && f.number === 'PV-3');
    const pv2 = run.files.find((f: any) => f.part === 'preview' && f.number === 'PV-2');
    // The run draws no seal: PV-3 shows where the structural seal goes, PV-2 the plain stamp area.
    expect((await call(DEMO.admin, 'GET', `/api/files/${pv3.file_id}/download`)).body).toContain('STRUCTURAL PE SEAL');
    expect((await call(DEMO.admin, 'GET', `/api/files/${pv2.file_id}/download`)).body).toContain('STAMP AREA');
    const [d] = (await call(DEMO.admin, 'GET', `/api/jobs/${id}/deliverables`)).data.deliverables.filter((x: any) => x.kind === 'plan_set');
    expect(d).toMatchObject({ state: 'draft', verification_code: null, seals_needed: ['structural'] });
    const sealed = await call(DEMO.admin, 'POST', `/api/deliverables/${d.id}/seal`, { engineer_id: engineer.data.id, accept_assumed_values: true });
    expect(sealed.statusCode, sealed.body).toBe(200);
    expect(sealed.data).toMatchObject({ state: 'sealed', verification_code: expect.stringMatching(/^[0-9A-Z]{20}$/), seals: [{ discipline: 'structural', pages: [3] }] });
    const verified = await t.request('GET', `/api/verify/${sealed.data.verification_code}`);
    expect(verified.data).toMatchObject({ engineer_name: 'Morgan Reyes', licence_state: 'TX', licence_number: 'PE-424242', document: 'Plan set' });
  }, 180_000);

  it('answers 422 naming everything that is missing, and generates nothing', async () => {
    const res = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { name: 'Bare job', client_name: 'B', arrays: [{ panel_quantity: 4 }] });
    const id = res.data.id as string;
    const g = await generate(DEMO.admin, id);
    expect(g.statusCode).toBe(422);
    expect(g.data.message).toMatch(/^The plan set cannot be generated yet:/);
    const fields = g.data.args.map((a: Record<string, string>) => Object.keys(a)[0]);
    expect(fields).toEqual(expect.arrayContaining(['ahj_id', 'cad_intake.utility', 'state', 'equipment.module', 'equipment.inverter', 'equipment.racking', 'cad_intake.msp_rating', 'cad_intake.breaker_rating', 'cad_intake.contractor_license_num']));
    expect((await call(DEMO.admin, 'GET', `/api/jobs/${id}/cad-runs`)).data.results).toEqual([]);
  });

  it('refuses an attachment that does not fit the roofing (a flashed L-foot on concrete tile), naming the array and what fits (422)', async () => {
    const id = await preparePlanSetJob(t, w, { name: 'Tile Residence' });
    const upd = await call(DEMO.admin, 'PUT', '/api/jobs', { id, arrays: [{ panel_quantity: 12, roof_pitch: 22, frame_shape: '2x6', beam_spacing: 24, beam_span: [150], num_panels_on_rafter: 2, orientation: 'Portrait', roof_material: 'concrete_tile', connection_type: 'flashed_l_foot' }] });
    expect(upd.statusCode, upd.body).toBe(200);
    const g = await generate(DEMO.admin, id);
    expect(g.statusCode, g.body).toBe(422);
    const arg = (g.data.args as Record<string, string>[]).find((a) => 'arrays.0.connection_type' in a);
    expect(arg?.['arrays.0.connection_type']).toMatch(/does not fit a Concrete Tile roof: use tile hook or tile replacement flashing/);
  });

  it('names an AHJ without design criteria, an Other model and a contractor company without a phone', async () => {
    const [bare] = await t.database.db.insert(ahjs).values({ name: `Criteria-less ${Date.now()}`, state: 'TX', jurisdictionType: 'City' }).returning();
    const id = await preparePlanSetJob(t, w, { name: 'Gaps Residence' });
    await call(DEMO.admin, 'PUT', '/api/jobs', { id, ahj_id: bare!.id });
    await call(DEMO.admin, 'PUT', `/api/jobs/${id}/equipment`, { lines: [
      { kind: 'module', equipment_id: null, custom_model: 'Mystery 420', quantity: 12 }, { kind: 'inverter', equipment_id: w.equipment.inverter, quantity: 1 }, { kind: 'racking', equipment_id: w.equipment.racking, quantity: null },
    ] });
    await t.database.db.update(companies).set({ phoneNumber: null }).where(eq(companies.name, 'Acme Solar'));
    try {
      const g = await generate(DEMO.admin, id);
      expect(g.statusCode).toBe(422);
      expect(g.data.args).toEqual(expect.arrayContaining([
        { 'ahj.wind_speed_mph': expect.stringContaining('no ultimate wind speed') },
        { 'ahj.min_design_temp_c': expect.stringContaining('no minimum design temperature') },
        { 'equipment.module': 'The module "Mystery 420" is not in the equipment catalogue: add it, then link it on the job.' },
        { 'company.phone_number': 'The contractor company (Acme Solar) has no phone number for the title block.' },
      ]));
    } finally {
      await t.database.db.update(companies).set({ phoneNumber: '(512) 555-0142' }).where(eq(companies.name, 'Acme Solar'));
    }
  });

  it('a part that fails ends the run as failed with that part\'s §8 message, on the run and as events', async () => {
    // An AHJ that wants the AC disconnect within 1 ft of the meter: the site plan measures more (pv1_failed).
    const [criteria] = await t.database.db.select().from(ahjs).where(eq(ahjs.id, w.ahjId));
    const { id: _id, nameKey: _k, createdAt: _c, updatedAt: _u, ...copy } = criteria!;
    const [strict] = await t.database.db.insert(ahjs).values({ ...copy, name: `Strict Town ${Date.now()}` }).returning();
    const set = await call(DEMO.admin, 'PATCH', `/api/requirements/ahj/${strict!.id}`, { set: { ac_disconnect_distance_to_meter: 1 } });
    expect(set.statusCode, set.body).toBe(200);
    const id = await preparePlanSetJob(t, w, { name: 'Failing Residence' });
    expect((await call(DEMO.admin, 'PUT', '/api/jobs', { id, ahj_id: strict!.id })).statusCode).toBe(200);
    const res = await generate(DEMO.admin, id);
    expect(res.statusCode, res.body).toBe(202);
    const run = (await call(DEMO.admin, 'GET', `/api/cad-runs/${res.data.id}`)).data;
    expect(run.status).toBe('failed');
    expect(run.error.key).toBe('pv1_failed');
    expect(run.error.detail).toMatch(/disconnect/i);
    expect(run.error.message).toBe(GENERATION_ERRORS[run.error.key as keyof typeof GENERATION_ERRORS].message);
    expect(run.files).toEqual([]);
    // A failed run keeps no calculations to link.
    const checks = await call(DEMO.admin, 'GET', `/api/cad-runs/${run.id}/checks`);
    expect(checks.statusCode).toBe(409);
    expect(checks.data.message).toMatch(/not passed/);
    const events = (await eventsOf(DEMO.admin)).filter((e) => (e.payload as any).run_id === run.id);
    const failed = events.find((e) => e.type === 'cad_generation_failed')!;
    expect(failed.payload).toMatchObject({ label: 'Generation Failed', progress: 100, message: run.error.message });
    expect(events.some((e) => e.type === run.error.key || e.type === 'calculations_failed')).toBe(true);
    expect(await t.database.db.select().from(jobFiles).where(eq(jobFiles.jobId, id))).toEqual([]);
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.jobId, id));
    expect(notes.filter((n) => n.type === 'generation').map((n) => (n.data as { event?: string }).event)).toEqual(['cad_generation_failed']);
  }, 120_000);

  it('an attempt stopped by a fault the run does not record (the file store failing) is retried; with no retry left the run fails with the reason, and the same inputs generate again', async () => {
    const id = await preparePlanSetJob(t, w, { name: 'Full Disk Residence' });
    const storage = t.ctx.storage;
    const put = storage.put.bind(storage);
    let attempts = 0;
    storage.put = async (key, bytes) => {
      if (key.startsWith(`jobs/${id}/cad-runs/`) && key.endsWith('/plan-set.pdf')) {
        attempts++;
        throw new Error('no space left on device (test)');
      }
      return put(key, bytes);
    };
    let res;
    try {
      res = await generate(DEMO.admin, id);
    } finally {
      storage.put = put;
    }
    expect(res.statusCode, res.body).toBe(202);
    expect(attempts, 'the first attempt and its two retries').toBe(3);
    const run = ZCadRun.parse((await call(DEMO.admin, 'GET', `/api/cad-runs/${res.data.id}`)).data);
    expect(run).toMatchObject({ status: 'failed', progress: 100, attempts: 3, files: [] });
    expect(run.error).toEqual({ key: 'title_block_failed', message: GENERATION_ERRORS.title_block_failed.message, detail: 'an error stopped the run (it is logged for our team); no retry remains. Generate the plan set again.' });
    const failed = (await eventsOf(DEMO.admin)).filter((e) => (e.payload as { run_id?: string }).run_id === run.id && e.type === 'cad_generation_failed');
    expect(failed).toHaveLength(1);
    // The failed run does not stand for these inputs: asked again, a new run renders them.
    const again = await generate(DEMO.admin, id);
    expect(again.statusCode, again.body).toBe(202);
    expect(again.data.id).not.toBe(run.id);
    expect((await call(DEMO.admin, 'GET', `/api/cad-runs/${again.data.id}`)).data.status).toBe('passed');
  }, 300_000);

  it('refuses a cancelled job (409) and an unknown or foreign job (404)', async () => {
    const id = await preparePlanSetJob(t, w, { name: 'Cancelled Residence' });
    expect((await call(DEMO.acmeUser, 'POST', `/api/jobs/${id}/cancel`, {})).statusCode).toBe(200);
    expect((await generate(DEMO.admin, id)).statusCode).toBe(409);
    expect((await generate(DEMO.admin, MISSING)).statusCode).toBe(404);
    expect((await generate(DEMO.admin, 'not-a-uuid')).statusCode).toBe(404);
    expect((await call(DEMO.admin, 'GET', '/api/cad-runs/not-a-uuid')).statusCode).toBe(404);
    expect((await call(DEMO.admin, 'GET', `/api/cad-runs/${MISSING}`)).statusCode).toBe(404);
    expect((await call(DEMO.admin, 'GET', '/api/cad-runs/not-a-uuid/checks')).statusCode).toBe(404);
    expect((await call(DEMO.admin, 'GET', `/api/cad-runs/${MISSING}/checks`)).statusCode).toBe(404);
  });
});

describe('who may generate and see runs', () => {
  let job = '';
  let run = '';
  beforeAll(async () => {
    job = await preparePlanSetJob(t, w, { name: 'Roles Residence' });
    run = (await generate(DEMO.admin, job)).data.id;
  }, 120_000);

  it.each([
    [DEMO.admin, 200, 200, 200], [DEMO.support, 200, 200, 200], [DEMO.contractor, 200, 200, 200],
    [DEMO.acmeOwner, 403, 404, 404], [DEMO.acmeUser, 403, 404, 404], [DEMO.brightOwner, 404, 404, 404],
  ])('%s: generate %i, list %i, read %i (and its checks)', async (who, post, list, read) => {
    expect((await generate(who, job)).statusCode).toBe(post);
    expect((await call(who, 'GET', `/api/jobs/${job}/cad-runs`)).statusCode).toBe(list);
    expect((await call(who, 'GET', `/api/cad-runs/${run}`)).statusCode).toBe(read);
    expect((await call(who, 'GET', `/api/cad-runs/${run}/checks`)).statusCode).toBe(read);
  });

  it('a contractor not assigned to the job does not see it (404); clients never see the run files', async () => {
    const other = await preparePlanSetJob(t, w, { name: 'Unassigned Residence' });
    expect((await call(DEMO.admin, 'POST', `/api/jobs/${other}/unassign`, {})).statusCode).toBe(200);
    expect((await generate(DEMO.contractor, other)).statusCode).toBe(404);
    const files = (await call(DEMO.acmeOwner, 'GET', `/api/jobs/${job}/files`)).data as any[];
    expect(Array.isArray(files)).toBe(true);
    expect(files.filter((f) => f.kind === 'plan_set')).toEqual([]);
    const staffFiles = (await call(DEMO.admin, 'GET', `/api/jobs/${job}/files`)).data as any[];
    expect(staffFiles.filter((f) => f.kind === 'plan_set').length).toBeGreaterThan(0);
    const fileId = (await call(DEMO.admin, 'GET', `/api/cad-runs/${run}`)).data.files[0].file_id;
    expect((await call(DEMO.acmeOwner, 'GET', `/api/files/${fileId}/download`)).statusCode).toBe(404);
  });

  it('signed out: 401', async () => {
    expect((await t.request('POST', `/api/jobs/${job}/generate-cad`)).statusCode).toBe(401);
    expect((await t.request('GET', `/api/cad-runs/${run}`)).statusCode).toBe(401);
    expect((await t.request('GET', `/api/cad-runs/${run}/checks`)).statusCode).toBe(401);
  });
});

describe('PUT/GET /api/equipment/{id}/datasheet', () => {
  it('stores a PDF datasheet for staff and serves it to anyone signed in; refuses what is not a PDF and other roles', async () => {
    try {
      await storesAndServes();
    } finally {
      // The racking's own datasheet back: the plan sets the other tests generate, before or after
      // this one, cut it into their set (another model's sheet is reported as cut_sheets_failed).
      const [racking] = await t.database.db.select().from(equipment).where(eq(equipment.id, w.equipment.racking));
      const own = await makeDatasheet(`${racking!.manufacturer} DATASHEET`, racking!.model, [`${racking!.kind} specifications`]);
      expect((await uploadDatasheet(t, racking!.id, `${racking!.model}.pdf`, own)).statusCode).toBe(200);
    }
  });
  async function storesAndServes() {
    const pdf = await makeDatasheet('TEST', 'Datasheet model', ['line']);
    const put = await uploadDatasheet(t, w.equipment.racking, 'rail.pdf', pdf, DEMO.support);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.data).toMatchObject({ equipment_id: w.equipment.racking, name: 'rail.pdf', size: pdf.byteLength });
    const got = await call(DEMO.acmeUser, 'GET', `/api/equipment/${w.equipment.racking}/datasheet`);
    expect(got.statusCode).toBe(200);
    expect(Buffer.compare(got.rawPayload, Buffer.from(pdf))).toBe(0);
    expect((await uploadDatasheet(t, w.equipment.racking, 'x.pdf', new TextEncoder().encode('not a pdf'))).statusCode).toBe(400);
    expect((await uploadDatasheet(t, w.equipment.racking, 'x.pdf', pdf, DEMO.acmeOwner)).statusCode).toBe(403);
    expect((await uploadDatasheet(t, w.equipment.racking, 'x.pdf', pdf, DEMO.contractor)).statusCode).toBe(403);
    expect((await uploadDatasheet(t, MISSING, 'x.pdf', pdf)).statusCode).toBe(404);
    expect((await uploadDatasheet(t, w.equipment.racking, 'x.png', pdf, DEMO.admin, 'image/png')).statusCode).toBe(415);
    expect((await call(DEMO.admin, 'GET', `/api/equipment/${MISSING}/datasheet`)).statusCode).toBe(404);
  }
});
