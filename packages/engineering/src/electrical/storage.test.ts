// Issue 26, item 7: energy storage — DC-coupled batteries (706/480 circuits, OCPD, disconnect),
// AC-coupled with backup (transfer equipment, backup panel, 705.12 on the busbar the sources land on),
// whole-home vs partial backup (702.4 standby capacity). Vectors worked by hand beside each test.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { calculateDesign } from '../design.calc.ts';
import { EngineRefusalError } from '../engine-refusal.ts';
import type { Report } from '../report.schema.ts';

const EDITIONS = ['2017', '2020', '2023'] as const;
function load(name: string): any {
  return JSON.parse(readFileSync(fileURLToPath(new URL(`../../examples/${name}.input.json`, import.meta.url)), 'utf8'));
}
function checkOf(r: Report, id: string) {
  const c = r.sections.flatMap((s) => s.checks).find((x) => x.id === id);
  if (!c) throw new Error(`no check ${id}`);
  return c;
}
function refusal(input: unknown): EngineRefusalError {
  try {
    calculateDesign(input);
  } catch (e) {
    if (e instanceof EngineRefusalError) return e;
    throw e;
  }
  throw new Error('not refused');
}
const withNec = (input: any, nec: string) => ({ ...input, site: { ...input.site, codes: { ...input.site.codes, nec } } });

// Example 1 (string inverter, 32 A, 200/200 panel) with a DC-coupled battery on the inverter's DC bus.
function dcCoupled(over: { ambientC?: number; nec?: string; battery?: object; runs?: object[]; service?: object } = {}): any {
  const base = load('string-inverter-load-side');
  return withNec({
    ...base,
    equipment: { ...base.equipment, battery: { model: 'Example 10 kWh DC battery', coupling: 'dc', count: 1, maxContinuousCurrentA: 28, nominalVoltageV: 400, energyKwh: 10, ...over.battery } },
    runs: over.runs ?? [{ id: 'B1', from: 'Battery', to: 'Hybrid inverter', lengthFt: 10, location: 'exterior', ambientTempC: over.ambientC ?? 30, carries: { kind: 'battery-dc' } }],
    service: { ...base.service, ...over.service },
  }, over.nec ?? '2020');
}

describe('DC-coupled battery circuit (706.20 in 2017; 706.30/706.31 from 2020)', () => {
  // 36 A nameplate-rated circuit current (706.30(A)(1)); OCPD ≥ 1.25 × 36 = 45 A → 45 A (240.6(A));
  // conductors: ampacity ≥ the larger of 36 A and the 45 A OCPD (706.30(B)), with no 240.4(B) next size up.
  // 8 AWG THWN-2: 90 °C 55 A, 75 °C terminal 50 A ≥ 45 A. At 50 °C (46–50 °C row, × 0.82): 45.1 A ≥ 45 A → 8 AWG.
  // At 51 °C (51–55 °C row, × 0.76): 41.8 A < 45 A → 6 AWG (75 × 0.76 = 57 A). An inverter output circuit of
  // 36 A at 51 °C keeps 8 AWG: 41.8 A ≥ 36 A and 240.4(B) lets a 45 A OCPD protect 41.8 A.
  const battery36 = (ambientC: number, nec: string) => calculateDesign(dcCoupled({ ambientC, nec, battery: { maxContinuousCurrentA: 36 } }));
  it.each(EDITIONS)('NEC %s: 50 °C keeps 8 AWG; 51 °C needs 6 AWG; OCPD 45 A; EGC 10 AWG (Table 250.122 ≤ 60 A)', (nec) => {
    const at50 = battery36(50, nec);
    const at51 = battery36(51, nec);
    expect(at50.conductorSchedule[0]).toMatchObject({ circuit: 'Battery (ESS) DC circuit', conductorSize: '8 AWG', ocpdA: 45, egcSize: '10 AWG', maxCurrentA: 36 });
    expect(at51.conductorSchedule[0]).toMatchObject({ conductorSize: '6 AWG', ocpdA: 45 });
    const s = nec === '2017' ? { current: '706.20(A)(1)', conductor: '706.20(B)', ocpd: '706.21(B)' } : { current: '706.30(A)(1)', conductor: '706.30(B)', ocpd: '706.31(B)' };
    expect(checkOf(at50, 'electrical.run.B1.current').ref.section).toBe(s.current);
    expect(checkOf(at50, 'electrical.run.B1.ocpd')).toMatchObject({ value: 45, ref: { section: `${s.ocpd}; 240.6(A)` } });
    expect(checkOf(at50, 'electrical.run.B1.protection')).toMatchObject({ pass: true, limit: { value: 45.1 }, ref: { section: `${s.conductor}; 240.4(D)` } });
  });
  it('the same 36 A on an inverter output circuit at 51 °C keeps 8 AWG (240.4(B) next size up): the ESS rule is stricter', () => {
    const base = load('string-inverter-load-side');
    const r = calculateDesign({ ...base, equipment: { ...base.equipment, inverter: { ...base.equipment.inverter, continuousOutputCurrentA: 36, maxOcpdA: 50 } }, service: { ...base.service, busbarA: 225 }, runs: [{ id: 'R2', from: 'Inverter', to: 'MSP', lengthFt: 10, location: 'exterior', ambientTempC: 51, carries: { kind: 'inverter-output' } }] });
    expect(r.conductorSchedule[0]).toMatchObject({ conductorSize: '8 AWG', ocpdA: 45 });
  });
  it('a DC-coupled battery is not a source at the busbar: 32 A of inverter only, so the 120 % rule fits (1.25 × 32 + 200 = 240)', () => {
    const r = calculateDesign(dcCoupled());
    expect(checkOf(r, 'electrical.interconnection.source-current')).toMatchObject({ value: 32 });
    expect(r.interconnection).toMatchObject({ method: 'load-side-breaker', rule: '120 % rule', panel: 'main-panel' });
    expect(r.storage).toMatchObject({ coupling: 'dc', dcCircuitA: 28, acOutputA: null, nominalVoltageV: 400, energyKwh: 10, backup: null });
  });
  it.each(EDITIONS)('NEC %s: the ESS disconnect check cites 706.7(A)/(D) in 2017, 706.15(A)/(C) from 2020', (nec) => {
    const r = calculateDesign(dcCoupled({ nec }));
    expect(checkOf(r, 'electrical.storage.disconnect').ref.section).toBe(nec === '2017' ? '706.7(A); 706.7(D)' : '706.15(A); 706.15(C)');
  });
  it('refusals: DC coupling without its nameplate current or voltage; a DC battery on micro-inverters; an AC battery run for a DC battery', () => {
    expect(refusal(dcCoupled({ battery: { maxContinuousCurrentA: undefined, nominalVoltageV: undefined } }))).toMatchObject({ code: 'inputs-missing', missing: ['equipment.battery.maxContinuousCurrentA', 'equipment.battery.nominalVoltageV'] });
    const micro = load('microinverters');
    expect(refusal({ ...micro, equipment: { ...micro.equipment, battery: { model: 'B', coupling: 'dc', maxContinuousCurrentA: 20, nominalVoltageV: 48 } } }).code).toBe('configuration-not-supported');
    expect(refusal(dcCoupled({ runs: [{ id: 'B1', from: 'Battery', to: 'Combiner', lengthFt: 10, location: 'exterior', carries: { kind: 'battery' } }] })).message).toMatch(/use carries.kind 'battery-dc'/);
  });
});

// Example 3 (NEC 2023): optimizer inverter 32 A + AC-coupled battery 24 A = 56 A of sources.
function acBackup(backup: object, over: { nec?: string; service?: object; battery?: object; requirements?: object } = {}): any {
  const base = load('battery-supply-side');
  return withNec({
    ...base,
    equipment: { ...base.equipment, battery: { ...base.equipment.battery, ...over.battery } },
    service: { ...base.service, backup, ...over.service },
    requirements: { ...base.requirements, ...over.requirements },
  }, over.nec ?? '2023');
}
const gateway = (over: object = {}) => ({ model: 'Example backup gateway', ratingA: 200, ...over });

describe('whole-home backup: transfer equipment and standby capacity (702.4, 702.5)', () => {
  // 220.87 with no new loads: 1.25 × demand. Battery 2 × 24 = 48 A of standby capacity.
  const measured = (a: number) => ({ method: '220.87', maxDemandA: a, dataPeriod: '12-months', existingRenewableOrPeakShaving: false });
  it.each(EDITIONS)('NEC %s: two 24 A batteries carry 48 A; a 38.4 A demand is 1.25 × 38.4 = 48 A (passes), 38.41 A is 48.0125 A (fails)', (nec) => {
    const at = (a: number) => calculateDesign(acBackup({ kind: 'whole-home', transferEquipment: gateway(), sourcesConnectTo: 'main-panel' }, { nec, battery: { count: 2 }, service: { loadCalculation: measured(a) } }));
    const ok = checkOf(at(38.4), 'electrical.storage.standby-capacity');
    expect(ok).toMatchObject({ value: 48, limit: { value: 48 }, pass: true, ref: { section: nec === '2023' ? '702.4(A)(2)' : '702.4(B)(2)(a)' } });
    expect(checkOf(at(38.41), 'electrical.storage.standby-capacity')).toMatchObject({ pass: false, remedy: 'Add storage capacity, move loads off the backed-up side (partial backup), or use a load management system' });
  });
  it('with load management the managed load is the limit: 48 A passes, 48.5 A fails; cites (b) and 750.30', () => {
    const at = (managedLoadA: number) => checkOf(calculateDesign(acBackup({ kind: 'whole-home', transferEquipment: gateway(), sourcesConnectTo: 'main-panel', loadManagement: true, managedLoadA }, { nec: '2020', battery: { count: 2 } })), 'electrical.storage.standby-capacity');
    expect(at(48)).toMatchObject({ pass: true, ref: { section: '702.4(B)(2)(b); 750.30' } });
    expect(at(48.5).pass).toBe(false);
  });
  it('transfer equipment rated below the service main fails (175 A < 200 A); at 200 A it passes (702.5; 110.3(B))', () => {
    const at = (ratingA: number) => checkOf(calculateDesign(acBackup({ kind: 'whole-home', transferEquipment: gateway({ ratingA }), sourcesConnectTo: 'main-panel', loadManagement: true, managedLoadA: 20 })), 'electrical.storage.transfer-equipment');
    expect(at(200)).toMatchObject({ pass: true, ref: { section: '702.5; 110.3(B)' } });
    expect(at(175)).toMatchObject({ pass: false, limit: { value: 200 } });
  });
  it("sources in the transfer equipment: 705.12 is checked on its busbar, not the main panel's", () => {
    // 56 A of sources, gateway main 200 A: 1.25 × 56 + 200 = 270 ≤ 1.2 × 225 = 270 on a 225 A busbar (fits);
    // on a 200 A busbar 270 > 240: no load-side fit (derate is forbidden by the job, so the supply side).
    const r = (busbarA: number) => calculateDesign(acBackup({ kind: 'whole-home', transferEquipment: gateway({ busbarA, ratingA: 225 }), sourcesConnectTo: 'transfer-equipment', loadManagement: true, managedLoadA: 20 }));
    expect(r(225).interconnection).toMatchObject({ panel: 'transfer-equipment', method: 'load-side-breaker', rule: '120 % rule', busbarA: 225, mainBreakerA: 200 });
    expect(r(200).interconnection).toMatchObject({ panel: 'transfer-equipment', method: 'supply-side-tap' });
  });
  it('whole-home backup without a dwelling load calculation (or load management) is a missing input', () => {
    expect(refusal(acBackup({ kind: 'whole-home', transferEquipment: gateway(), sourcesConnectTo: 'main-panel' }))).toMatchObject({ code: 'inputs-missing', missing: ['service.loadCalculation'] });
    expect(refusal(acBackup({ kind: 'whole-home', transferEquipment: gateway(), sourcesConnectTo: 'transfer-equipment', loadManagement: true, managedLoadA: 20 })).missing).toEqual(['service.backup.transferEquipment.busbarA']);
  });
});

describe('partial backup: the backup loads panel busbar and the main panel back-fed through its supply breaker', () => {
  // 56 A of sources on the backup loads panel (125 A busbar) supplied by a breaker in the main panel.
  // Backup panel: 1.25 × 56 + S ≤ 1.2 × 125 = 150 → S ≤ 80 A (120 % rule, 705.12(B)(2) in 2023).
  // Main panel 225/200: 1.25 × 56 + 200 = 270 ≤ 1.2 × 225 = 270 (120 % rule), back-fed breaker = S.
  const partial = (supplyBreakerA: number, nec = '2023') => calculateDesign(acBackup({
    kind: 'partial', transferEquipment: gateway({ ratingA: 100 }), backupPanel: { busbarA: 125, supplyBreakerA }, sourcesConnectTo: 'backup-panel', backedUpLoadA: 20,
  }, { nec, service: { busbarA: 225 } }));
  it.each(EDITIONS)('NEC %s: an 80 A supply breaker fits both busbars (150 ≤ 150 and 270 ≤ 270); 90 A overloads the backup panel (160 > 150)', (nec) => {
    const ok = partial(80, nec);
    const sec120 = { '2017': '705.12(B)(2)(3)(b)', '2020': '705.12(B)(3)(2)', '2023': '705.12(B)(2)' }[nec];
    expect(checkOf(ok, 'electrical.storage.busbar.backup-panel')).toMatchObject({ value: 150, limit: { value: 150 }, pass: true, ref: { section: sec120 } });
    expect(ok.interconnection).toMatchObject({ panel: 'main-panel', method: 'load-side-breaker', pvBreakerA: 80, busbarA: 225 });
    expect(ok.storage?.busbars).toEqual([{ panel: 'backup-panel', busbarA: 125, mainBreakerA: 80, sourcesA: 56, rule: '120 % rule', section: sec120, value: 150, limit: 150, pass: true }]);
    const over = partial(90, nec);
    expect(checkOf(over, 'electrical.storage.busbar.backup-panel')).toMatchObject({ value: 160, pass: false });
    expect(over.summary.pass).toBe(false);
  });
  it('the main panel is back-fed through a breaker: taps there do not apply, and the report says why', () => {
    const r = partial(80);
    expect(r.interconnection.considered.find((c) => c.method === 'supply-side-tap')).toMatchObject({ allowed: false, reason: 'the backup side is supplied from a breaker in the main panel, which is the connection' });
  });
  it('transfer equipment below its supply breaker fails; the standby capacity is the battery (24 A) against the backed-up load', () => {
    const r = calculateDesign(acBackup({ kind: 'partial', transferEquipment: gateway({ ratingA: 60 }), backupPanel: { busbarA: 125, supplyBreakerA: 80 }, sourcesConnectTo: 'backup-panel', backedUpLoadA: 25 }, { service: { busbarA: 225 } }));
    expect(checkOf(r, 'electrical.storage.transfer-equipment')).toMatchObject({ pass: false, limit: { value: 80 } });
    expect(checkOf(r, 'electrical.storage.standby-capacity')).toMatchObject({ value: 24, limit: { value: 25 }, pass: false });
    expect(r.storage?.backup).toMatchObject({ kind: 'partial', standbyCapacityA: 24, transferredLoadA: 25, pass: false, backupPanel: { busbarA: 125, supplyBreakerA: 80 } });
  });
  it('partial backup without its panel, or without the backed-up load, is a missing input', () => {
    expect(refusal(acBackup({ kind: 'partial', transferEquipment: gateway(), sourcesConnectTo: 'backup-panel', backedUpLoadA: 20 })).missing).toEqual(['service.backup.backupPanel']);
    expect(refusal(acBackup({ kind: 'partial', transferEquipment: gateway(), backupPanel: { busbarA: 125, supplyBreakerA: 80 }, sourcesConnectTo: 'backup-panel' })).missing).toEqual(['service.backup.backedUpLoadA']);
  });
  it('DC-coupled backup capacity is the smaller of the inverter output and the battery DC power at the AC voltage', () => {
    // min(32 A, 28 A × 400 V / 240 V = 46.67 A) = 32 A against a 30 A backed-up load.
    const r = calculateDesign(dcCoupled({ service: { busbarA: 225, backup: { kind: 'partial', transferEquipment: gateway({ ratingA: 100 }), backupPanel: { busbarA: 125, supplyBreakerA: 60 }, sourcesConnectTo: 'backup-panel', backedUpLoadA: 30 } } }));
    expect(checkOf(r, 'electrical.storage.standby-capacity')).toMatchObject({ value: 32, pass: true });
  });
});

describe('the backup feeder (main panel → backup side)', () => {
  // Partial backup, 56 A of sources, 20 A of backed-up load: I = max(56, 20) = 56 A, protected by the supply breaker.
  const feeder = (supplyBreakerA: number) => {
    const base = load('battery-supply-side');
    return calculateDesign({ ...base, service: { ...base.service, busbarA: 225, backup: { kind: 'partial', transferEquipment: gateway({ ratingA: 100 }), backupPanel: { busbarA: 200, supplyBreakerA }, sourcesConnectTo: 'backup-panel', backedUpLoadA: 20 } },
      runs: [{ id: 'F1', from: 'Main service panel', to: 'Backup gateway', lengthFt: 20, location: 'exterior', carries: { kind: 'backup-feeder' } }] });
  };
  it('a 70 A supply breaker carries 1.25 × 56 = 70 A and protects 4 AWG copper (75 °C 85 A); a 60 A breaker fails the 125 %% rule', () => {
    const ok = feeder(70);
    expect(ok.conductorSchedule[0]).toMatchObject({ circuit: 'Backup feeder (main panel → backup side)', conductorSize: '4 AWG', ocpdA: 70, maxCurrentA: 56 });
    expect(checkOf(ok, 'electrical.run.F1.ocpd')).toMatchObject({ pass: true, formula: 'OCPD (given) ≥ 1.25 × I_max' });
    expect(checkOf(feeder(60), 'electrical.run.F1.ocpd')).toMatchObject({ pass: false, value: 60, limit: { value: 70 } });
  });
  it('a backup feeder without a partial backup panel is a missing input', () => {
    const base = load('battery-supply-side');
    expect(refusal({ ...base, runs: [{ id: 'F1', from: 'MSP', to: 'Gateway', lengthFt: 20, location: 'exterior', carries: { kind: 'backup-feeder' } }] })).toMatchObject({ code: 'inputs-missing', missing: ['service.backup.backupPanel'] });
  });
});

describe('properties', () => {
  it('more batteries never lower the standby capacity, and never make a failing backup-panel busbar pass', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 40, max: 100 }), (n, more, supply) => {
      const run = (count: number) => calculateDesign(acBackup({ kind: 'partial', transferEquipment: gateway(), backupPanel: { busbarA: 200, supplyBreakerA: supply }, sourcesConnectTo: 'backup-panel', backedUpLoadA: 20 }, { battery: { count }, service: { busbarA: 400, mainBreakerA: 200 } }));
      const a = run(n);
      const b = run(n + more);
      return b.storage!.backup!.standbyCapacityA >= a.storage!.backup!.standbyCapacityA && (a.storage!.busbars[0].pass || !b.storage!.busbars[0].pass);
    }), { numRuns: 40 });
  });
});
