import { eq } from 'drizzle-orm';
import { makeDatasheet } from '@sunstamp/planset/fixtures/golden.fixtures';
import { ahjs, cadRuns, companies, equipment, states, users, utilities } from '../db/schema.ts';
import { DEMO, type TestApp } from './test-app.ts';

/*
 * A job ready for a plan set, made through the API the way a client and staff would make it: the
 * firm's and the contractor's title-block details, an AHJ with its design criteria and adopted
 * codes, a utility, catalogue models with their datasheets uploaded, arrays, the service and the
 * license in the CAD intake, and the equipment lines. Shared by the plan-set API tests, the bench
 * and the browser test's seed.
 */

export type PlanSetWorld = { ahjId: string; utilityId: string; stateId: number; equipment: { module: string; inverter: string; racking: string; mci: string }; contractorId: string };

type Caller = (who: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) => Promise<{ statusCode: number; body: string; data: any }>;

let seq = 0;

/** The seeded catalogue models a plan-set test job is made of (a string inverter whose PV breaker fits a 200 A busbar with a 200 A main). */
export const PLAN_SET_MODELS = { module: 'Q.TRON BLK M-G2+ 425', inverter: 'SE7600H-US', racking: 'XR100 Rail', mci: 'Mid-Circuit Interrupter MCI-2' } as const;

/** PUT /equipment/{id}/datasheet with the PDF as the body (binary, so not through request()'s JSON). */
export async function uploadDatasheet(t: Pick<TestApp, 'app' | 'tokenOf' | 'csrfFor'>, id: string, name: string, bytes: Uint8Array, as: string = DEMO.admin, contentType = 'application/pdf') {
  const token = await t.tokenOf(as);
  const res = await t.app.inject({
    method: 'PUT', url: `/api/equipment/${id}/datasheet?name=${encodeURIComponent(name)}`,
    headers: { authorization: `Bearer ${token}`, 'x-csrftoken': await t.csrfFor(token), 'content-type': contentType },
    payload: Buffer.from(bytes),
  });
  let data: any;
  try { data = res.json(); } catch { data = res.body; }
  return Object.assign(res, { data });
}

export async function preparePlanSetWorld(t: Pick<TestApp, 'app' | 'csrfFor' | 'database' | 'request' | 'tokenOf' | 'dbChanged'>): Promise<PlanSetWorld> {
  const db = t.database.db;
  const n = ++seq;
  await db.update(companies).set({ address: '100 Main St, Denver, CO 80202', phoneNumber: '(303) 555-0100', email: 'plans@sunstamp.test' }).where(eq(companies.isInternal, true));
  await db.update(companies).set({ address: '22 Elm St, Austin, TX 78701', phoneNumber: '(512) 555-0142' }).where(eq(companies.name, 'Acme Solar'));
  const stateId = (await db.select().from(states).where(eq(states.abbreviation, 'TX')))[0]!.id;
  const [ahj] = await db.insert(ahjs).values({
    name: `Plan Set Town ${n} ${Date.now()}`, state: 'TX', jurisdictionType: 'City', ibc: '2021', irc: '2021', iebc: '2021', asce: '7-16', electrical: 'NEC 2020', fire: '2021',
    windSpeedMph: 115, groundSnowLoadPsf: 5, exposureCategory: 'C', minDesignTempC: -6, seismicDesignCategory: 'A', stampType: 'digital',
  }).returning();
  const [utility] = await db.insert(utilities).values({ name: `Plan Set Energy ${n} ${Date.now()}`, states: ['TX'] }).returning();
  // Named seeded models, not "the first of its kind": a select without an order returns rows in
  // the table's physical order, which any update (this function's own datasheet uploads included)
  // changes, so "the first string inverter" differed with the order the test files ran in.
  const all = await db.select().from(equipment);
  const named = (kind: string, model: string) => {
    const found = all.find((e) => e.kind === kind && e.model === model);
    if (!found) throw new Error(`preparePlanSetWorld: the seeded ${kind} "${model}" is not in the catalogue`);
    return found;
  };
  const module = named('module', PLAN_SET_MODELS.module);
  const inverter = named('inverter', PLAN_SET_MODELS.inverter);
  const racking = named('racking', PLAN_SET_MODELS.racking);
  // A string inverter without module-level rapid shutdown fails NEC 690.12: the sets carry an MCI.
  const mci = named('mci', PLAN_SET_MODELS.mci);
  for (const item of [module, inverter, racking]) {
    const pdf = await makeDatasheet(`${item.manufacturer} DATASHEET`, item.model, [`${item.kind} specifications`]);
    const res = await uploadDatasheet(t, item.id, `${item.model}.pdf`, pdf);
    if (res.statusCode !== 200) throw new Error(`datasheet upload: ${res.statusCode} ${res.body}`);
  }
  const contractorId = (await db.select().from(users).where(eq(users.email, DEMO.contractor)))[0]!.id;
  await t.dbChanged();
  return { ahjId: ahj!.id, utilityId: utility!.id, stateId, equipment: { module: module.id, inverter: inverter.id, racking: racking.id, mci: mci.id }, contractorId };
}

/** An Acme job with everything a plan set needs, assigned to the demo contractor. */
export async function preparePlanSetJob(t: Pick<TestApp, 'request' | 'tokenOf'>, w: PlanSetWorld, o: { modules?: number; name?: string; street?: string; cad?: Record<string, unknown> } = {}): Promise<string> {
  const call: Caller = async (who, method, url, body) => t.request(method, url, { token: await t.tokenOf(who), body });
  const modules = o.modules ?? 12;
  const res = await call(DEMO.acmeUser, 'PUT', '/api/jobs', {
    name: o.name ?? 'Plan Set Residence', client_name: 'Avery Jordan', client_street_address: o.street ?? '1420 Maple Street', city: 'Austin', state: w.stateId, client_zip_code: '78704',
    services_requested: ['cad_packet'], ahj_id: w.ahjId, roof_type: 'Gable Roof',
    arrays: [{ panel_quantity: modules, roof_pitch: 22, frame_shape: '2x6', beam_spacing: 24, beam_span: [150], num_panels_on_rafter: 2, orientation: 'Portrait' }],
    cad_intake: { utility: w.utilityId, msp_rating: 200, breaker_rating: 200, contractor_license_num: 'TECL-40211', interconnection: 'PV Breaker in MSP', ...(o.cad ?? {}) },
  });
  if (res.statusCode !== 201) throw new Error(`job: ${res.statusCode} ${res.body}`);
  const id = res.data.id as string;
  const lines = await call(DEMO.acmeUser, 'PUT', `/api/jobs/${id}/equipment`, {
    lines: [
      { kind: 'module', equipment_id: w.equipment.module, quantity: modules },
      { kind: 'inverter', equipment_id: w.equipment.inverter, quantity: 1 },
      { kind: 'racking', equipment_id: w.equipment.racking, quantity: null },
      { kind: 'mci', equipment_id: w.equipment.mci, quantity: Math.ceil(modules / 3) },
    ],
  });
  if (lines.statusCode !== 200) throw new Error(`equipment: ${lines.statusCode} ${lines.body}`);
  const assigned = await call(DEMO.admin, 'POST', `/api/jobs/${id}/assign`, { assignee_id: w.contractorId });
  if (assigned.statusCode !== 200) throw new Error(`assign: ${assigned.statusCode} ${assigned.body}`);
  return id;
}

/**
 * POST generate-cad as `who`, then wait for the run to pass or fail (a run takes seconds; on a
 * machine shared by many suites much longer than the few seconds test-app waits for queued jobs).
 */
export async function generateCadAndWait(t: Pick<TestApp, 'app' | 'tokenOf' | 'csrfFor' | 'ctx'>, who: string, id: string) {
  const token = await t.tokenOf(who);
  const res = await t.app.inject({ method: 'POST', url: `/api/jobs/${id}/generate-cad`, headers: { authorization: `Bearer ${token}`, 'x-csrftoken': await t.csrfFor(token) } });
  const data = res.json();
  if (res.statusCode === 200 || res.statusCode === 202) {
    const until = Date.now() + 180_000;
    for (;;) {
      const run = await t.ctx.database.db.select().from(cadRuns).where(eq(cadRuns.id, data.id));
      if (run[0]?.status === 'passed' || run[0]?.status === 'failed') break;
      if (Date.now() > until) throw new Error(`run ${data.id} did not finish`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return Object.assign(res, { data });
}
