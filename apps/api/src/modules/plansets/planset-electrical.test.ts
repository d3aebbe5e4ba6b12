import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { generateCadAndWait, preparePlanSetJob, preparePlanSetWorld, type PlanSetWorld } from '../../test/planset-fixtures.ts';
import { equipment, jobs } from '../../db/schema.ts';
import { extractPdfText } from '@sunstamp/planset/check/pdf-text';

/*
 * Issue 25 (plan sets part 2): the ordered electrical system is the drawn one, or the run says why
 * not. Impossible service equipment refused at intake and in the run.
 */

let t: TestApp;
let w: PlanSetWorld;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = async (who: string, method: Method, url: string, body?: unknown) => t.request(method, url, { token: await t.tokenOf(who), body });
const fieldsOf = (res: { data: any }) => (res.data.args ?? []).map((a: Record<string, string>) => Object.keys(a)[0]);

beforeAll(async () => {
  t = await createTestApp();
  w = await preparePlanSetWorld(t);
}, 120_000);
afterAll(async () => { await t?.close(); });

describe('finding 3: impossible service equipment', () => {
  it('the intake answers 400 naming the field: a 400 A main on a 100 A busbar, a non-standard rating, an upgrade\'s new panel', async () => {
    const id = await preparePlanSetJob(t, w, { name: 'Impossible Panel Residence' });
    const bad = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { id, cad_intake: { msp_rating: 100, breaker_rating: 400 } });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.data.args).toEqual([{ 'cad_intake.breaker_rating': expect.stringMatching(/The main breaker \(400 A\) is larger than the MSP busbar \(100 A\)/) }]);
    const odd = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { id, cad_intake: { msp_rating: 210, breaker_rating: 200 } });
    expect(odd.statusCode).toBe(400);
    expect(fieldsOf(odd)).toEqual(['cad_intake.msp_rating']);
    const mpu = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { id, cad_intake: { mpu_required: true, mpu_model_number: 'QO 225', new_msp_rating: 200, new_mb_rating: 225 } });
    expect(mpu.statusCode).toBe(400);
    expect(fieldsOf(mpu)).toEqual(['cad_intake.new_mb_rating']);
    // A real panel is accepted.
    const ok = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { id, cad_intake: { msp_rating: 225, breaker_rating: 200 } });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('a stored impossible panel (entered before the rule) is refused by the run with a 422 naming the field, and nothing is drawn', async () => {
    const id = await preparePlanSetJob(t, w, { name: 'Stored Impossible Residence' });
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, id));
    await t.database.db.update(jobs).set({ cadIntake: { ...(row!.cadIntake as object), msp_rating: 100, breaker_rating: 400 } }).where(eq(jobs.id, id));
    const g = await generateCadAndWait(t, DEMO.admin, id);
    expect(g.statusCode).toBe(422);
    expect(g.data.args).toEqual([{ 'cad_intake.breaker_rating': expect.stringMatching(/larger than the MSP busbar/) }]);
    expect((await call(DEMO.admin, 'GET', `/api/jobs/${id}/cad-runs`)).data.results).toEqual([]);
  }, 120_000);
});

/** The Thompson order: a whole-home Powerwall 2 backup with its gateway and a main panel upgrade 200 → 225 A. */
const THOMPSON_CAD = {
  needs_battery_info: true, battery_backup: 'Whole Home',
  transfer_equipment_model: 'Tesla Backup Gateway 2', transfer_equipment_rating: 200,
  mpu_required: true, mpu_model_number: 'Square D QO 225 A', new_msp_rating: 225, new_mb_rating: 200,
  interconnection: 'PV Breaker in MSP with Main Panel Upgrade',
};
const LOAD_CALC = {
  needs_load_calculation: true, load_calc_method: 'NEC 220.83 Existing Dwelling', load_calc_floor_area: 2100,
  load_calc_small_appliance_circuits: 2, load_calc_laundry_circuits: 1, load_calc_appliances: 'Range: 12000\nDryer: 5000\nWater heater: 4500', load_calc_ac_va: 5000,
};

async function batteryJob(name: string, cad: Record<string, unknown>): Promise<string> {
  const id = await preparePlanSetJob(t, w, { name, cad });
  const pw2 = (await t.database.db.select().from(equipment).where(eq(equipment.kind, 'battery'))).find((e) => e.model === 'Powerwall 2')!;
  const put = await call(DEMO.admin, 'PUT', `/api/jobs/${id}/equipment`, { lines: [
    { kind: 'module', equipment_id: w.equipment.module, quantity: 12 }, { kind: 'inverter', equipment_id: w.equipment.inverter, quantity: 1 },
    { kind: 'racking', equipment_id: w.equipment.racking, quantity: null }, { kind: 'mci', equipment_id: w.equipment.mci, quantity: 4 },
    { kind: 'battery', equipment_id: pw2.id, quantity: 1 },
  ] });
  if (put.statusCode !== 200) throw new Error(`equipment: ${put.statusCode} ${put.body}`);
  return id;
}

describe('finding 1: the ordered system is the drawn system', () => {
  it('an order missing what it needs to be drawn is a 422 naming each intake field: gateway, its rating, the load calculation', async () => {
    const id = await batteryJob('Undrawable Backup Residence', { needs_battery_info: true, battery_backup: 'Whole Home', mpu_required: true, mpu_model_number: 'QO 225', new_msp_rating: 225, new_mb_rating: 200 });
    const g = await generateCadAndWait(t, DEMO.admin, id);
    expect(g.statusCode, g.body).toBe(422);
    expect(fieldsOf(g)).toEqual(expect.arrayContaining(['cad_intake.transfer_equipment_model', 'cad_intake.transfer_equipment_rating', 'cad_intake.needs_load_calculation']));
    const lc = g.data.args.find((a: Record<string, string>) => a['cad_intake.needs_load_calculation'])['cad_intake.needs_load_calculation'];
    expect(lc).toMatch(/main panel upgrade is ordered/);
    expect((await call(DEMO.admin, 'GET', `/api/jobs/${id}/cad-runs`)).data.results).toEqual([]);
  }, 120_000);

  it('Thompson: the set prints MSP UPGRADE: YES on the new panel, the AC-coupled battery, the gateway and the storage labels', async () => {
    const id = await batteryJob('Thompson Order Residence', { ...THOMPSON_CAD, ...LOAD_CALC, backup_load_management: true, backup_managed_load: 20 });
    const g = await generateCadAndWait(t, DEMO.admin, id);
    expect(g.statusCode, g.body).toBe(202);
    const run = (await call(DEMO.admin, 'GET', `/api/cad-runs/${g.data.id}`)).data;
    expect(run.error, JSON.stringify(run.error)).toBeNull();
    const pdf = run.files.find((f: any) => f.part === 'pdf');
    const bytes = (await call(DEMO.admin, 'GET', `/api/files/${pdf.file_id}/download`)).rawPayload;
    const pages = await extractPdfText(new Uint8Array(bytes));
    const pv1 = pages[0]!.text;
    const pv4 = pages[3]!.text;
    // The set grows with the storage (issue 25, finding 7): the ESS and calculations sheets follow PV-4.
    expect(pv1).toContain('PV-4A ENERGY STORAGE SYSTEM');
    expect(pv1).toContain('PV-4B ELECTRICAL CALCULATIONS');
    expect(pages[4]!.text).toContain('ENERGY STORAGE SYSTEM DATA');
    // The labels: on PV-5B when they do not fit on PV-5 at the 8 pt text minimum (PV-5 then points to it), else on PV-5.
    const pv5 = (pages.find((p) => /SHEET NUMBER PV-5B\b/.test(p.text)) ?? pages.find((p) => p.text.includes('LABELS AND PLACARDS')))!.text;
    expect(pv1).toContain('MSP: (N) 225 A BUSBAR, 200 A MAIN BREAKER; MSP UPGRADE: YES');
    expect(pv1).toContain('REPLACE (E) 200 A BUSBAR / 200 A MAIN PANEL WITH (N) SQUARE D QO 225 A');
    expect(pv1).toContain('Powerwall 2 BATTERY');
    expect(pv1).toContain('ENERGY STORAGE: AC-COUPLED, 24 A AC OUTPUT');
    expect(pv1).toContain('TESLA BACKUP GATEWAY 2 TRANSFER EQUIPMENT (BACKUP GATEWAY), 200 A, WHOLE-HOME BACKUP');
    expect(pv4).toContain('BACKUP GATEWAY');
    expect(pv4).toContain('WHOLE-HOME BACKUP, AUTOMATIC');
    expect(pv4).toContain('(N) MSP UPGRADE: SQUARE D QO 225 A');
    expect(pv4).toMatch(/BATTERY \(ESS\) AC OUTPUT CIRCUIT/);
    expect(pv5).toMatch(/NOMINAL ESS VOLTAGE: 240 V AC/);
    expect(pv5).toMatch(/ENERGY STORAGE SYSTEM \(13\.5 KWH\)/);
    // The ESS has a position (the run locates the battery and the gateway beside the main panel when the design
    // does not): PV-1's equipment schedule lists both, the 705.10 directory map names them as PV-4 does.
    expect(pv1).toMatch(/\bBAT BATTERY\b/);
    expect(pv1).toMatch(/\bGW BACKUP\s+GATEWAY\b/);
    const map = pages.map((p) => p.text).find((x) => x.includes('705.10 DIRECTORY MAP'))!;
    expect(map).toContain('BAT = BATTERY');
    expect(map).toContain('GW = BACKUP GATEWAY');
  }, 180_000);
});

describe('finding 2: a derate comes with its Article 220 load calculation, from the intake', () => {
  // 150/150 A with a 32 A inverter: 1.25 × 32 + 150 = 190 A > 180 A, so the main is derated (to 125 A).
  const DERATE = { interconnection: 'PV Breaker in MSP with Main Breaker Derate', main_breaker_derate: true, msp_rating: 150, breaker_rating: 150 };
  it('a derate ordered without a load calculation is a missing-input answer naming the intake field', async () => {
    const id = await preparePlanSetJob(t, w, { name: 'Derate Without Calc Residence', modules: 16, cad: DERATE });
    const g = await generateCadAndWait(t, DEMO.admin, id);
    expect(g.statusCode).toBe(422);
    expect(g.data.args).toEqual([{ 'cad_intake.needs_load_calculation': expect.stringMatching(/^A main breaker derate is ordered: .*Turn on Load Calculation/) }]);
    // Turned on without its inputs: each missing input by name.
    await call(DEMO.acmeUser, 'PUT', '/api/jobs', { id, cad_intake: { needs_load_calculation: true, load_calc_method: 'NEC 220.87 Measured Demand' } });
    const again = await generateCadAndWait(t, DEMO.admin, id);
    expect(again.statusCode).toBe(422);
    expect(fieldsOf(again)).toEqual(['cad_intake.load_calc_max_demand_kw', 'cad_intake.load_calc_data_period']);
  }, 120_000);

  it('with the 220.87 inputs the set prints the calculation on PV-4 beside the derated main', async () => {
    const id = await preparePlanSetJob(t, w, { name: 'Derate With Calc Residence', modules: 16, cad: { ...DERATE, needs_load_calculation: true, load_calc_method: 'NEC 220.87 Measured Demand', load_calc_max_demand_kw: 9.6, load_calc_data_period: '12 Months' } });
    const g = await generateCadAndWait(t, DEMO.admin, id);
    expect(g.statusCode, g.body).toBe(202);
    const run = (await call(DEMO.admin, 'GET', `/api/cad-runs/${g.data.id}`)).data;
    expect(run.error, JSON.stringify(run.error)).toBeNull();
    const pdf = run.files.find((f: any) => f.part === 'pdf');
    const pv4 = (await extractPdfText(new Uint8Array((await call(DEMO.admin, 'GET', `/api/files/${pdf.file_id}/download`)).rawPayload)))[3]!.text;
    expect(pv4).toContain('DWELLING LOAD CALCULATION — 2020 NEC 220.87');
    // 9.6 kW / 240 V = 40 A, at 125 % = 50 A.
    expect(pv4).toContain('CALCULATED LOAD: 12,000 VA / 240 V = 50 A');
    expect(pv4).toMatch(/50 A ≤ 125 A DERATED MAIN BREAKER \(2020 NEC 220\.87\(2\); 230\.79\): OK/);
  }, 180_000);
});

describe('finding 6: existing solar gets its own rapid-shutdown placard', () => {
  it('without its rapid-shutdown type and roof faces the run answers the missing inputs; an unreadable face is refused at intake; a face no roof plane has is named; with both the set prints its placard and lists it in the 705.10 directory', async () => {
    const id = await preparePlanSetJob(t, w, { name: 'Existing Solar Residence', cad: { existing_solar: true } });
    const g = await generateCadAndWait(t, DEMO.admin, id);
    expect(g.statusCode, g.body).toBe(422);
    expect(fieldsOf(g)).toEqual(['cad_intake.existing_rsd_type', 'cad_intake.existing_array_faces']);
    expect(g.data.args[0]['cad_intake.existing_rsd_type']).toMatch(/existing solar: its rapid-shutdown type is needed .* \(NEC 690\.56\(C\)\)/);
    const bad = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { id, cad_intake: { existing_array_faces: 'south, upward' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.data.args).toEqual([{ 'cad_intake.existing_array_faces': expect.stringMatching(/"UPWARD" is not a roof face/) }]);
    // The starter design's planes face south: an array on the north face cannot be drawn on the placard.
    expect((await call(DEMO.acmeUser, 'PUT', '/api/jobs', { id, cad_intake: { existing_rsd_type: 'none (pre-2014)', existing_array_faces: 'north' } })).statusCode).toBe(200);
    const north = await generateCadAndWait(t, DEMO.admin, id);
    expect(north.statusCode).toBe(422);
    expect(north.data.args).toEqual([{ 'cad_intake.existing_array_faces': expect.stringMatching(/on the N roof face, which no roof plane of the design faces/) }]);
    expect((await call(DEMO.acmeUser, 'PUT', '/api/jobs', { id, cad_intake: { existing_array_faces: 'south' } })).statusCode).toBe(200);
    const ok = await generateCadAndWait(t, DEMO.admin, id);
    expect(ok.statusCode, ok.body).toBe(202);
    const run = (await call(DEMO.admin, 'GET', `/api/cad-runs/${ok.data.id}`)).data;
    expect(run.error, JSON.stringify(run.error)).toBeNull();
    const pdf = run.files.find((f: any) => f.part === 'pdf');
    const pages = await extractPdfText(new Uint8Array((await call(DEMO.admin, 'GET', `/api/files/${pdf.file_id}/download`)).rawPayload));
    const labels = pages.map((p) => p.text.replace(/\s+/g, ' ')).find((x) => x.includes('EXISTING PV SYSTEM'))!;
    expect(labels).toContain('EXISTING PV SYSTEM THIS PV SYSTEM IS NOT EQUIPPED WITH RAPID SHUTDOWN ITS ARRAY AND CONDUCTORS REMAIN ENERGIZED IN SUNLIGHT');
    expect(labels).toContain('EXISTING PHOTOVOLTAIC SYSTEM');
    expect(labels).toMatch(/\(E\) EXISTING ARRAY \(SHADED RED\) REMAINS ENERGIZED IN SUNLIGHT/);
  }, 240_000);
});
