import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZDesignAnswer, ZDesignCheckAnswer, type DesignCheckAnswer } from '@sunstamp/domain/contracts/designs';
import type { DesignModel } from '@sunstamp/domain/design/design-model.schema';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { preparePlanSetJob, preparePlanSetWorld, type PlanSetWorld } from '../../test/planset-fixtures.ts';
import { cadRuns, equipment } from '../../db/schema.ts';

/**
 * The electrical design of the Design page and its live engineering checks: POST
 * /jobs/{id}/design/check runs the unsaved model through the plan-set run's own input assembly
 * and the engine; a save keeps the designer's strings (every module in exactly one), a run uses
 * them, and generate-cad refuses (422) a design whose checks fail, naming each check's remedy.
 */

let t: TestApp;
let w: PlanSetWorld;
type Method = 'GET' | 'POST' | 'PUT';
const call = async (who: string, method: Method, url: string, body?: unknown) => t.request(method, url, { token: await t.tokenOf(who), body });

beforeAll(async () => {
  t = await createTestApp();
  w = await preparePlanSetWorld(t);
}, 120_000);
afterAll(async () => { await t?.close(); });

const design = async (id: string) => ZDesignAnswer.parse((await call(DEMO.admin, 'GET', `/api/jobs/${id}/design`)).data);
const check = async (id: string, model: DesignModel, who: string = DEMO.admin) => {
  const res = await call(who, 'POST', `/api/jobs/${id}/design/check`, { model });
  expect(res.statusCode, res.body).toBe(200);
  return ZDesignCheckAnswer.parse(res.data);
};
/** The model with its modules strung in groups of the sizes given, in their order. */
const strung = (m: DesignModel, sizes: number[]): DesignModel => {
  let at = 0;
  return { ...m, strings: sizes.map((n, i) => { const ids = m.modules.slice(at, at + n).map((x) => x.id); at += n; return { id: `S${i + 1}`, moduleIds: ids }; }) };
};
const byId = (a: DesignCheckAnswer, id: string) => a.checks.find((c) => c.id === id);

async function generate(id: string) {
  const res = await call(DEMO.admin, 'POST', `/api/jobs/${id}/generate-cad`);
  if (res.statusCode === 202 || res.statusCode === 200) {
    const until = Date.now() + 180_000;
    for (;;) {
      const [run] = await t.ctx.database.db.select().from(cadRuns).where(eq(cadRuns.id, res.data.id));
      if (run?.status === 'passed' || run?.status === 'failed') break;
      if (Date.now() > until) throw new Error('run did not finish');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return res;
}

describe('POST /api/jobs/{id}/design/check', () => {
  it('answers the engine\'s checks of the unsaved design, with the run\'s own stringing to start from', async () => {
    const id = await preparePlanSetJob(t, w, { name: 'Check Residence' });
    const d = await design(id);
    expect(d.electrical_kind).toBe('strings');
    const a = await check(id, d.model);
    expect(a).toMatchObject({ status: 'pass', message: null, kind: 'strings', electrical_source: 'auto', failures: 0, missing: [] });
    expect(a.input_hash).toMatch(/^[0-9a-f]{64}$/);
    // The run's own strings cover every placed module once.
    expect(a.auto_assignment.flatMap((s) => s.moduleIds).sort()).toEqual(d.model.modules.map((m) => m.id).sort());
    const voltage = byId(a, 'electrical.string.S1.voltage')!;
    expect(voltage).toMatchObject({ pass: true, circuit_id: 'S1', title: 'String S1: maximum system voltage' });
    expect(voltage.code_ref).toMatch(/^NEC 2020 690\.7/);
    expect(voltage.value).toMatch(/ V$/);
    expect(voltage.limit).toMatch(/^≤ \d+/);
    expect(a.checks.every((c) => c.pass)).toBe(true);
    expect(a.system_dc_kw).toBeGreaterThan(0);
  });

  it('checks the designer\'s strings: too many modules in series fails with its remedy; modules left out fail the count', async () => {
    const id = await preparePlanSetJob(t, w, { name: 'Long String Residence' });
    const d = await design(id);
    const one = await check(id, strung(d.model, [12]));
    expect(one.status).toBe('fail');
    expect(one.electrical_source).toBe('design');
    const first = one.checks[0]!;
    expect(first).toMatchObject({ id: 'electrical.string.S1.voltage', pass: false, circuit_id: 'S1' });
    expect(first.remedy).toMatch(/^Use at most \d+ modules in series$/);
    expect(one.message).toBe(`The plan set cannot be generated: an engineering check fails. String S1: maximum system voltage: ${first.remedy} (${first.code_ref}).`);
    // Failures first.
    expect(one.checks.findIndex((c) => c.pass)).toBe(one.failures);

    const partial = await check(id, strung(d.model, [5]));
    expect(partial.status).toBe('fail');
    expect(byId(partial, 'electrical.strings.module-count')).toMatchObject({ pass: false, remedy: 'Assign every module to exactly one string', value: '5 modules', limit: '= 12 modules' });

    const split = await check(id, strung(d.model, [5, 7]));
    expect(split.status).toBe('pass');
    expect(split.checks.filter((c) => c.circuit_id).map((c) => c.circuit_id)).toEqual(expect.arrayContaining(['S1', 'S2']));
    expect(split.input_hash).not.toBe((await check(id, d.model)).input_hash);
  });

  it('puts a micro-inverter job\'s modules on branch circuits: the run\'s own, or the designer\'s; strings are refused', async () => {
    const id = await preparePlanSetJob(t, w, { name: 'Micro Check Residence' });
    const all = (await t.ctx.database.db.select().from(equipment)).filter((e) => e.kind === 'inverter' && (e.type === 'Microinverter' || e.data.type === 'Microinverter') && typeof e.data.maxContinuousOutputCurrentA === 'number');
    const micro = all[0]!;
    const lines = await call(DEMO.admin, 'PUT', `/api/jobs/${id}/equipment`, { lines: [
      { kind: 'module', equipment_id: w.equipment.module, quantity: 12 }, { kind: 'inverter', equipment_id: micro.id, quantity: 12 }, { kind: 'racking', equipment_id: w.equipment.racking, quantity: null },
    ] });
    expect(lines.statusCode, lines.body).toBe(200);
    const d = await design(id);
    expect(d.electrical_kind).toBe('branch_circuits');
    const a = await check(id, d.model);
    expect(a.kind).toBe('branch_circuits');
    expect(a.auto_assignment[0]!.id).toBe('B1');
    expect(a.auto_assignment.flatMap((b) => b.moduleIds)).toHaveLength(12);
    expect(byId(a, 'electrical.branch.B1.units')).toMatchObject({ circuit_id: 'B1' });
    const mine = await check(id, { ...d.model, branchCircuits: [{ id: 'B1', moduleIds: d.model.modules.slice(0, 6).map((m) => m.id) }, { id: 'B2', moduleIds: d.model.modules.slice(6).map((m) => m.id) }] });
    expect(mine.electrical_source).toBe('design');
    expect(mine.checks.filter((c) => c.circuit_id).map((c) => c.circuit_id).sort()).toEqual(['B1', 'B2']);
    const strings = await call(DEMO.admin, 'POST', `/api/jobs/${id}/design/check`, { model: strung(d.model, [12]) });
    expect(strings.statusCode).toBe(400);
    expect(strings.data.message).toBe('This job\'s inverters are micro-inverters: assign its modules to branch circuits, not strings.');
  });

  it('an optimizer string behind a fixed-voltage inverter (SolarEdge HD-Wave) is limited by the inverter, not by n × V_out', async () => {
    const id = await preparePlanSetJob(t, w, { name: 'Optimizer Residence', modules: 28, cad: { needs_optimizer: true } });
    const items = await t.ctx.database.db.select().from(equipment);
    const hdWave = items.find((e) => e.kind === 'inverter' && e.model === 'SE7600H-US')!;
    const s440 = items.find((e) => e.kind === 'optimizer' && e.model === 'S440')!;
    const lines = await call(DEMO.admin, 'PUT', `/api/jobs/${id}/equipment`, { lines: [
      { kind: 'module', equipment_id: w.equipment.module, quantity: 28 }, { kind: 'inverter', equipment_id: hdWave.id, quantity: 1 },
      { kind: 'optimizer', equipment_id: s440.id, quantity: 28 }, { kind: 'racking', equipment_id: w.equipment.racking, quantity: null },
    ] });
    expect(lines.statusCode, lines.body).toBe(200);
    const d = await design(id);
    // 2 × 14 optimizers: 14 × 60 V would be 840 V (over 480 V), but the inverter holds the string at its limit
    const a = await check(id, strung(d.model, [14, 14]));
    expect(a.status, JSON.stringify(a.checks.filter((c) => c.pass === false))).toBe('pass');
    const v = byId(a, 'electrical.string.S1.voltage')!;
    expect(v).toMatchObject({ pass: true });
    expect(v.value).toMatch(/^480 V/);
  }, 120_000);

  it('names what the job lacks instead of checking (a run would answer 422)', async () => {
    const made = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { name: 'Bare check job', client_name: 'B', arrays: [{ panel_quantity: 4, roof_pitch: 20 }] });
    const id = made.data.id as string;
    const d = await design(id);
    const a = await check(id, d.model);
    expect(a.status).toBe('incomplete');
    expect(a.message).toMatch(/^The plan set cannot be generated yet:/);
    expect(a.missing.map((m) => m.field)).toEqual(expect.arrayContaining(['ahj_id', 'equipment.module', 'equipment.inverter']));
    expect(a.checks).toEqual([]);
  });

  it('refuses a model that does not hold together (400 naming the problem), never a 500', async () => {
    const id = await preparePlanSetJob(t, w, { name: 'Bad Check Residence' });
    const d = await design(id);
    const [m1, m2] = d.model.modules;
    const bad = async (body: unknown, message?: string) => {
      const res = await call(DEMO.admin, 'POST', `/api/jobs/${id}/design/check`, body);
      expect(res.statusCode, res.body).toBe(400);
      if (message) expect(res.data.message).toBe(message);
      return res.data as { message: string; args?: Record<string, string>[] };
    };
    await bad({});
    await bad({ model: d.model, extra: true });
    await bad({ model: { ...d.model, roofPlanes: [] } });
    await bad({ model: { ...d.model, strings: [{ id: 'S1', moduleIds: [m1!.id] }, { id: 'S2', moduleIds: [m1!.id, m2!.id] }] } }, `Module ${m1!.id} is in the strings S1 and S2: a module belongs to one string.`);
    const ghost = await bad({ model: { ...d.model, strings: [{ id: 'S1', moduleIds: ['R9-M1'] }] } }, 'The string S1 names module R9-M1, which is not placed.');
    expect(ghost.args).toEqual([{ 'model.strings.0.moduleIds.0': 'The string S1 names module R9-M1, which is not placed.' }]);
    await bad({ model: { ...d.model, strings: [{ id: 'S1', moduleIds: [] }] } }, 'The string S1 has no modules: remove it or assign modules to it.');
    await bad({ model: { ...d.model, strings: [{ id: 'S1', moduleIds: [m1!.id] }, { id: 'S1', moduleIds: [m2!.id] }] } }, 'Two strings are called S1.');
    await bad({ model: { ...d.model, branchCircuits: [{ id: 'B1', moduleIds: [m1!.id] }] } }, 'This job\'s inverter is a string inverter: assign its modules to strings, not branch circuits.');
    await bad({ model: { ...d.model, modules: d.model.modules.map((m, i) => (i === 0 ? { ...m, planeId: 'R9' } : m)) } }, 'Some fields are invalid.');
  });

  it('is for staff and the assigned contractor: clients of any company 403 (the role is refused before the job is looked up, so nothing about it is revealed), others 404, signed out 401', async () => {
    const id = await preparePlanSetJob(t, w, { name: 'Roles Check Residence' });
    const d = await design(id);
    for (const who of [DEMO.admin, DEMO.support, DEMO.contractor]) expect((await check(id, d.model, who)).status).toBe('pass');
    for (const [who, code] of [[DEMO.acmeOwner, 403], [DEMO.acmeUser, 403], [DEMO.brightOwner, 403]] as const) {
      expect((await call(who, 'POST', `/api/jobs/${id}/design/check`, { model: d.model })).statusCode).toBe(code);
    }
    expect((await call(DEMO.admin, 'POST', '/api/jobs/00000000-0000-4000-8000-000000000000/design/check', { model: d.model })).statusCode).toBe(404);
    expect((await t.request('POST', `/api/jobs/${id}/design/check`, { body: { model: d.model } })).statusCode).toBe(401);
    expect((await call(DEMO.admin, 'POST', `/api/jobs/${id}/unassign`, {})).statusCode).toBe(200);
    expect((await call(DEMO.contractor, 'POST', `/api/jobs/${id}/design/check`, { model: d.model })).statusCode).toBe(404);
  });
});

describe('the saved electrical design', () => {
  it('a save holds every module in exactly one string (400 otherwise) and keeps the strings with the version', async () => {
    const id = await preparePlanSetJob(t, w, { name: 'Save Strings Residence' });
    const d = await design(id);
    const half = await call(DEMO.admin, 'PUT', `/api/jobs/${id}/design`, { version: 0, model: strung(d.model, [5]) });
    expect(half.statusCode).toBe(400);
    expect(half.data.message).toBe(`7 placed modules are in no string (${d.model.modules.slice(5, 10).map((m) => m.id).join(', ')} and 2 more): assign every module to a string.`);
    const saved = await call(DEMO.admin, 'PUT', `/api/jobs/${id}/design`, { version: 0, model: strung(d.model, [5, 7]) });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await design(id);
    expect(read.version).toBe(1);
    expect(read.model.strings.map((s) => s.moduleIds.length)).toEqual([5, 7]);
  });

  it('a run uses the saved strings (its input hash is the check\'s), and a failing check refuses generation with its remedy (422)', async () => {
    const id = await preparePlanSetJob(t, w, { name: 'Strung Run Residence' });
    const d = await design(id);
    // One string of 12: too long for the inverter's window at the design low temperature.
    const long = strung(d.model, [12]);
    const saved = await call(DEMO.admin, 'PUT', `/api/jobs/${id}/design`, { version: 0, model: long });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = await check(id, long);
    const refused = await generate(id);
    expect(refused.statusCode).toBe(422);
    expect(refused.data.message).toBe(expected.message);
    expect(refused.data.message).toContain('Use at most');
    expect(refused.data.args).toEqual(expect.arrayContaining([{ 'electrical.string.S1.voltage': expected.checks[0]!.remedy }]));
    expect((await call(DEMO.admin, 'GET', `/api/jobs/${id}/cad-runs`)).data.results).toEqual([]);

    // Two strings of 5 and 7: the checks pass and the run draws them.
    const split = strung(d.model, [5, 7]);
    const again = await call(DEMO.admin, 'PUT', `/api/jobs/${id}/design`, { version: 1, model: split });
    expect(again.statusCode, again.body).toBe(200);
    const ok = await check(id, split);
    expect(ok.status).toBe('pass');
    const res = await generate(id);
    expect(res.statusCode, res.body).toBe(202);
    const run = (await call(DEMO.admin, 'GET', `/api/cad-runs/${res.data.id}`)).data;
    expect(run.error, JSON.stringify(run.error)).toBeNull();
    expect(run.input_hash).toBe(ok.input_hash);
  }, 180_000);
});
