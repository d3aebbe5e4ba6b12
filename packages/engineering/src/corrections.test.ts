// Hand-derived vectors for the six rule families an engineering review corrected, and its "Also" list. Each vector sits
// at a boundary (just passing / just failing) in every edition where the rule differs; the
// derivation is in the comment beside it, with the table or section it comes from.
import { describe, it, expect } from 'vitest';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { calculateDesign } from './design.calc.ts';
import { EngineRefusalError } from './engine-refusal.ts';
import type { Report } from './report.schema.ts';
import { formatReportText } from './report-text.format.ts';
import { chooseInterconnection, type InterconnectionInput } from './electrical/interconnection.calc.ts';
import { evaluateStringOcpd } from './electrical/string-ocpd.calc.ts';
import { stringMaxVoltage } from './electrical/voltage.calc.ts';
import { panelPressure } from './structural/wind.calc.ts';
import { installedStranding } from './tables/nec-chapter-9.table.ts';

const EDITIONS = ['2017', '2020', '2023'] as const;
const examplePath = (name: string, kind: 'input' | 'report') => fileURLToPath(new URL(`../examples/${name}.${kind}.json`, import.meta.url));
function load(name: string): any {
  return JSON.parse(readFileSync(examplePath(name, 'input'), 'utf8'));
}
function checkOf(r: Report, id: string) {
  const c = r.sections.flatMap((s) => s.checks).find((x) => x.id === id);
  if (!c) throw new Error(`no check ${id}`);
  return c;
}
function hasCheck(r: Report, id: string): boolean {
  return r.sections.flatMap((s) => s.checks).some((x) => x.id === id);
}
const withNec = (input: any, nec: string) => ({ ...input, site: { ...input.site, codes: { ...input.site.codes, nec } } });

/** Example 1 reduced to one run, 30 °C ambient (Table 310.15(B)(1) factor 1.00) so the numbers stay hand-checkable. */
function oneRun(run: object, over: { requirements?: object; site?: object } = {}): any {
  const base = load('string-inverter-load-side');
  return { ...base, site: { ...base.site, highAmbientTempC: 30, ...over.site }, runs: [run], requirements: { ...base.requirements, ...over.requirements } };
}

// ---------------------------------------------------------------------------------------------
describe('1. Chapter 9 Table 8: the column of the conductor installed (solid or stranded)', () => {
  it('picks the column: PV Wire stranded always; 8 AWG and larger stranded in a raceway; 14–10 AWG solid unless declared', () => {
    expect(installedStranding('PV-WIRE', '12', false, undefined)).toMatchObject({ stranding: 'stranded', reason: 'pv-wire-listing' });
    expect(installedStranding('PV-WIRE', '12', false, 'solid')).toMatchObject({ stranding: 'stranded', conflict: true });
    expect(installedStranding('THWN-2', '8', true, undefined)).toMatchObject({ stranding: 'stranded', reason: 'raceway-8-awg-and-larger' });
    expect(installedStranding('THWN-2', '10', true, undefined)).toMatchObject({ stranding: 'solid' });
    expect(installedStranding('THWN-2', '10', true, 'stranded')).toMatchObject({ stranding: 'stranded', reason: 'declared' });
    expect(installedStranding('USE-2', '8', false, 'solid')).toMatchObject({ stranding: 'solid', conflict: false });
  });

  it.each(EDITIONS)('NEC %s: 32 A inverter output, 8 AWG THWN-2 in conduit, 3-percent limit: 144 ft stays 8 AWG, 145 ft goes to 6 AWG', (nec) => {
    // 8 AWG in a raceway is stranded (310.106(C) 2017, 310.3(C) 2020/2023): Table 8 stranded 0.778 Ω/kft.
    // VD = 2 × L × 32 × 0.778 / 1000 / 240 × 100: L = 144 → 7.1700 V = 2.9875 % ≤ 3 % (keeps 8 AWG);
    // L = 145 → 7.2198 V = 3.0083 % > 3 % → upsized to 6 AWG (0.491: 4.5565 V = 1.899 %).
    // With the solid column (0.764) 145 ft would have passed at 2.954 %: this is the boundary the rule moves.
    const run = (lengthFt: number) => ({ id: 'R2', from: 'Inverter', to: 'Main service panel', lengthFt, location: 'exterior', carries: { kind: 'inverter-output' } });
    const r144 = calculateDesign(withNec(oneRun(run(144)), nec));
    const r145 = calculateDesign(withNec(oneRun(run(145)), nec));
    expect(r144.conductorSchedule[0].conductorSize).toBe('8 AWG');
    expect(checkOf(r144, 'electrical.run.R2.voltage-drop')).toMatchObject({ value: 2.988, pass: true });
    expect(checkOf(r144, 'electrical.run.R2.voltage-drop').inputs).toContainEqual({ name: 'R_75°C (Chapter 9 Table 8, stranded)', value: 0.778, unit: 'Ω/kft' });
    expect(checkOf(r144, 'electrical.run.R2.voltage-drop').ref.section).toContain(nec === '2017' ? '310.106(C)' : '310.3(C)');
    expect(r145.conductorSchedule[0].conductorSize).toBe('6 AWG');
    expect(checkOf(r145, 'electrical.run.R2.voltage-drop').value).toBe(1.899);
  });

  it.each(EDITIONS)('NEC %s: PV Wire (12 AWG, free air) is stranded: 261 ft passes the 3-percent limit, 262 ft fails', (nec) => {
    // String: Imp 10.77 A at 10 × 37.13 = 371.3 V; PV Wire stranded 1.98 Ω/kft (Table 8).
    // L = 261: 2 × 261 × 10.77 × 1.98 / 1000 = 11.1314 V = 2.998 % ≤ 3 %.
    // L = 262: 11.1741 V = 3.009 % > 3 % (the solid 1.93 would give 2.934 % and pass).
    const run = (lengthFt: number) => ({ id: 'R0', from: 'Modules', to: 'Junction box', lengthFt, location: 'free-air', carries: { kind: 'strings', ids: ['S1'] } });
    const opts = { requirements: { upsizeForVoltageDrop: false } };
    expect(checkOf(calculateDesign(withNec(oneRun(run(261), opts), nec)), 'electrical.run.R0.voltage-drop')).toMatchObject({ value: 2.998, pass: true });
    expect(checkOf(calculateDesign(withNec(oneRun(run(262), opts), nec)), 'electrical.run.R0.voltage-drop')).toMatchObject({ value: 3.009, pass: false });
  });

  it('12 AWG THWN-2 in conduit: solid 1.93 Ω/kft unless the run declares stranded (1.98 Ω/kft)', () => {
    // 40 ft, 10.77 A, 371.3 V: solid 2 × 40 × 10.77 × 1.93 / 1000 = 1.6629 V = 0.448 %;
    // stranded × 1.98 = 1.7060 V = 0.459 %.
    const run = (stranding?: 'stranded') => ({ id: 'R1', from: 'JB', to: 'Inverter', lengthFt: 40, location: 'rooftop-raceway', heightAboveRoofIn: 3, carries: { kind: 'strings', ids: ['S1'] }, ...(stranding ? { stranding } : {}) });
    expect(checkOf(calculateDesign(oneRun(run())), 'electrical.run.R1.voltage-drop').value).toBe(0.448);
    expect(checkOf(calculateDesign(oneRun(run('stranded'))), 'electrical.run.R1.voltage-drop').value).toBe(0.459);
  });

  it.each(EDITIONS)('NEC %s: a run declared solid where 8 AWG goes in a raceway fails the stranding check', (nec) => {
    const r = calculateDesign(withNec(oneRun({ id: 'R2', from: 'Inverter', to: 'MSP', lengthFt: 10, location: 'exterior', stranding: 'solid', carries: { kind: 'inverter-output' } }), nec));
    expect(checkOf(r, 'electrical.run.R2.stranding')).toMatchObject({ pass: false, ref: { section: nec === '2017' ? '310.106(C)' : '310.3(C)' } });
  });
});

// ---------------------------------------------------------------------------------------------
const ic = (over: Partial<InterconnectionInput>): InterconnectionInput => ({
  edition: '2020', occupancy: 'dwelling', sourceCurrentA: 32, mainBreakerA: 200, busbarA: 200, serviceA: 100, panelFeed: 'end-fed',
  serviceConductorAmpacityA: 100, serviceConductorAmpacityAssumed: false, serviceDisconnectMinimumA: 100, serviceDisconnectMinimumRule: '230.79(C)',
  preferredMethod: 'supply-side-tap',
  // A derate needs an Article 220 load (issue 26); 50 A is below every derated main these vectors reach.
  calculatedLoadA: 50,
  forbids: { tapsNotAllowed: false, supplySideTapsNotAllowed: false, loadSideTapsNotAllowed: false, mbDerateNotAllowed: false },
  ...over,
});
const supplySide = (x: InterconnectionInput) => chooseInterconnection(x).evaluations.find((e) => e.method === 'supply-side-tap')!;

describe('2. Supply-side connections: 705.12(A) (2017) vs 705.11(A) (2020, 2023)', () => {
  it('NEC 2017: Σ source OCPD ≤ service rating: 80 A of sources fits a 100 A service, 80.01 A does not', () => {
    // 1.25 × 80 = 100 → 100 A OCPD (240.6(A)) ≤ 100 A; 1.25 × 80.01 = 100.01 → 110 A > 100 A.
    expect(supplySide(ic({ edition: '2017', sourceCurrentA: 80 }))).toMatchObject({ fits: true, value: 100, limit: 100, section: '705.12(A)' });
    expect(supplySide(ic({ edition: '2017', sourceCurrentA: 80.01 }))).toMatchObject({ fits: false, value: 110, section: '705.12(A)' });
  });
  it.each(['2020', '2023'] as const)('NEC %s: Σ continuous output current ≤ service conductor ampacity: 100 A fits 100 A conductors, 100.01 A does not', (edition) => {
    // 705.11(A): compare the currents themselves (no 125 %, no OCPD rounding) with the conductors' ampacity.
    expect(supplySide(ic({ edition, sourceCurrentA: 100 }))).toMatchObject({ fits: true, value: 100, limit: 100, section: '705.11(A)' });
    expect(supplySide(ic({ edition, sourceCurrentA: 100.01 }))).toMatchObject({ fits: false, section: '705.11(A)' });
  });
  it('the same 90 A of sources on a 100 A service: refused in 2017 (OCPD 112.5 → 125 A > 100 A), allowed in 2020/2023 (90 A ≤ 100 A)', () => {
    expect(supplySide(ic({ edition: '2017', sourceCurrentA: 90 })).fits).toBe(false);
    expect(supplySide(ic({ edition: '2020', sourceCurrentA: 90 })).fits).toBe(true);
    expect(supplySide(ic({ edition: '2023', sourceCurrentA: 90 })).fits).toBe(true);
  });
  it('2020: the service conductors, not the service rating, are the limit (80 A conductors on a 100 A service refuse 90 A)', () => {
    expect(supplySide(ic({ edition: '2020', sourceCurrentA: 90, serviceA: 100, serviceConductorAmpacityA: 80 }))).toMatchObject({ fits: false, limit: 80 });
  });
  it.each(EDITIONS)('NEC %s through the engine: example 3 (56 A of sources) on a 200 A service with 55 A / 56 A service conductors', (nec) => {
    // 2017: 70 A OCPD ≤ 200 A regardless of conductors. 2020/2023: 56 A ≤ 56 A fits, 56 A > 55 A does not.
    const base = load('battery-supply-side');
    const at = (amp: number) => calculateDesign(withNec({ ...base, service: { ...base.service, serviceConductorAmpacityA: amp } }, nec));
    const r56 = at(56);
    const r55 = at(55);
    expect(r56.interconnection.method).toBe('supply-side-tap');
    if (nec === '2017') {
      expect(r55.interconnection).toMatchObject({ method: 'supply-side-tap', ref: { section: '705.12(A)' } });
      expect(checkOf(r55, 'electrical.interconnection.supply-side-tap')).toMatchObject({ value: 70, limit: { value: 200 } });
    } else {
      expect(checkOf(r56, 'electrical.interconnection.supply-side-tap')).toMatchObject({ value: 56, limit: { value: 56 }, ref: { section: '705.11(A)' } });
      expect(r55.interconnection.method).toBeNull();
      expect(r55.interconnection.considered.find((c) => c.method === 'supply-side-tap')?.reason).toMatch(/exceeds the service conductors' ampacity \(55 A\)/);
    }
  });
});

// ---------------------------------------------------------------------------------------------
describe('3. A derated main is never below a legal service disconnect (230.79(C)/(D))', () => {
  const derate = (x: InterconnectionInput) => chooseInterconnection(x).evaluations.find((e) => e.method === 'main-breaker-derate')!;
  const noPreference = { preferredMethod: undefined };
  it('one-family dwelling, 125 A busbar and main: 40 A of sources derates to 100 A; 40.1 A would need 90 A < 100 A and is refused', () => {
    // Load side: 1.25 × 40 + 125 = 175 > 1.2 × 125 = 150 (no fit). Derate: 150 − 50 = 100 → 100 A ≥ 100 A (230.79(C)).
    // 40.1 A: 150 − 50.125 = 99.875 → 90 A (240.6(A)) < 100 A: no derate.
    expect(chooseInterconnection(ic({ ...noPreference, sourceCurrentA: 40, busbarA: 125, mainBreakerA: 125 })).chosen).toMatchObject({ method: 'main-breaker-derate', newMainBreakerA: 100 });
    const d = derate(ic({ ...noPreference, sourceCurrentA: 40.1, busbarA: 125, mainBreakerA: 125 }));
    expect(d).toMatchObject({ fits: false, value: 90 });
    expect(d.reason).toMatch(/below the 100 A minimum service disconnect \(230\.79\(C\)\)/);
  });
  it('other occupancies: the floor is 60 A (230.79(D)): 72 A of sources derates to 60 A, 72.1 A is refused', () => {
    // 150 − 1.25 × 72 = 60 → 60 A ≥ 60 A; 150 − 90.125 = 59.875 → 50 A < 60 A.
    const other = { ...noPreference, occupancy: 'other' as const, busbarA: 125, mainBreakerA: 125, serviceDisconnectMinimumA: 60, serviceDisconnectMinimumRule: '230.79(D)' };
    expect(derate(ic({ ...other, sourceCurrentA: 72 }))).toMatchObject({ fits: true, newMainBreakerA: 60 });
    expect(derate(ic({ ...other, sourceCurrentA: 72.1 }))).toMatchObject({ fits: false, value: 50 });
  });
  it('the reviewed case: a 100 A one-family panel with supply-side refused gets no derate proposal and the report says why', () => {
    // 120 − 1.25 × 60 = 45 A: the old engine proposed a 45 A main. Now nothing fits; a busbar upgrade is proposed.
    const d = chooseInterconnection(ic({ ...noPreference, sourceCurrentA: 60, busbarA: 100, mainBreakerA: 100, forbids: { tapsNotAllowed: false, supplySideTapsNotAllowed: true, loadSideTapsNotAllowed: false, mbDerateNotAllowed: false } }));
    expect(d.chosen).toBeNull();
    expect(d.evaluations.find((e) => e.method === 'main-breaker-derate')?.reason).toMatch(/45 A would be below the 100 A minimum/);
  });
  it.each(EDITIONS)('NEC %s through the engine: dwelling → 100 A floor; oneFamilyDwelling false → 60 A floor', (nec) => {
    // Example 1 with a 125/125 panel and supply side forbidden; inverter 40 A → derate to 100 A (fits);
    // inverter 41 A → 150 − 51.25 = 98.75 → 90 A: refused for a one-family dwelling, accepted with the 60 A floor.
    const base = load('string-inverter-load-side');
    const at = (amps: number, oneFamilyDwelling?: boolean) => calculateDesign(withNec({
      ...base,
      equipment: { ...base.equipment, inverter: { ...base.equipment.inverter, continuousOutputCurrentA: amps, maxOcpdA: 60 } },
      service: { ...base.service, mainBreakerA: 125, busbarA: 125, calculatedLoadA: 50, ...(oneFamilyDwelling === undefined ? {} : { oneFamilyDwelling }) },
      requirements: { ...base.requirements, supplySideTapsNotAllowed: true },
    }, nec));
    expect(at(40).interconnection).toMatchObject({ method: 'main-breaker-derate', mainBreakerA: 100 });
    const refused = at(41);
    expect(refused.interconnection.method).toBeNull();
    expect(refused.interconnection.considered.find((c) => c.method === 'main-breaker-derate')?.reason).toMatch(/230\.79\(C\)/);
    expect(at(41, false).interconnection).toMatchObject({ method: 'main-breaker-derate', mainBreakerA: 90 });
  });
});

// ---------------------------------------------------------------------------------------------
describe('4. Module-level electronics inputs: module Voc at T_min ≤ the input maximum (690.7(A), 110.3(B))', () => {
  const micro = (over: { tMin: number; limit: number; coefficient?: boolean }, nec: string) => {
    const base = load('microinverters');
    const module = { ...base.equipment.module };
    if (over.coefficient === false) delete module.vocTempCoeffPctPerC;
    return calculateDesign(withNec({
      ...base,
      site: { ...base.site, designMinTempC: over.tMin },
      equipment: { ...base.equipment, module, inverter: { ...base.equipment.inverter, maxDcInputVoltageV: over.limit } },
    }, nec));
  };
  it.each(EDITIONS)('NEC %s micro-inverter, coefficient −0.27 per °C, 50 V input: −13 °C passes (49.948 V), −14 °C fails (50.070 V)', (nec) => {
    // 45.3 × (1 + 0.0027 × (25 − (−13))) = 45.3 × 1.1026 = 49.948 V ≤ 50; at −14 °C: 45.3 × 1.1053 = 50.070 V > 50.
    expect(checkOf(micro({ tMin: -13, limit: 50 }, nec), 'electrical.micro.module-voltage')).toMatchObject({ value: 49.948, pass: true, ref: { section: '690.7(A)(1); 110.3(B)' } });
    expect(checkOf(micro({ tMin: -14, limit: 50 }, nec), 'electrical.micro.module-voltage')).toMatchObject({ value: 50.07, pass: false });
  });
  it.each(EDITIONS)('NEC %s micro-inverter without a coefficient, 51 V input: −5 °C passes (× 1.12 = 50.736 V), −6 °C fails (× 1.14 = 51.642 V)', (nec) => {
    // Table 690.7(A): −1 to −5 °C → 1.12; −6 to −10 °C → 1.14.
    expect(checkOf(micro({ tMin: -5, limit: 51, coefficient: false }, nec), 'electrical.micro.module-voltage')).toMatchObject({ value: 50.736, pass: true });
    expect(checkOf(micro({ tMin: -6, limit: 51, coefficient: false }, nec), 'electrical.micro.module-voltage')).toMatchObject({ value: 51.642, pass: false });
  });
  it('without the input limit the micro report still prints the module Voc at T_min, as a computed value', () => {
    const base = load('microinverters');
    const { maxDcInputVoltageV: _omit, ...inverter } = base.equipment.inverter;
    const r = calculateDesign({ ...base, equipment: { ...base.equipment, inverter } });
    expect(checkOf(r, 'electrical.micro.module-voltage')).toMatchObject({ value: 49.336, pass: null, limit: null });
  });
  it.each(EDITIONS)('NEC %s module-level rapid shutdown device, 50 V input: −13 °C passes, −14 °C fails', (nec) => {
    const base = load('string-inverter-load-side');
    const at = (tMin: number) => calculateDesign(withNec({ ...base, site: { ...base.site, designMinTempC: tMin }, equipment: { ...base.equipment, rapidShutdownDeviceMaxInputVoltageV: 50 } }, nec));
    expect(checkOf(at(-13), 'electrical.mlpe.module-voltage')).toMatchObject({ value: 49.948, pass: true });
    expect(checkOf(at(-14), 'electrical.mlpe.module-voltage')).toMatchObject({ value: 50.07, pass: false });
    expect(hasCheck(calculateDesign(base), 'electrical.mlpe.module-voltage')).toBe(false);
  });
  it.each(EDITIONS)('NEC %s optimizer input, 50 V: −13 °C passes, −14 °C fails (same derivation as the micro-inverter)', (nec) => {
    const base = load('battery-supply-side');
    const at = (tMin: number) => calculateDesign(withNec({ ...base, site: { ...base.site, designMinTempC: tMin }, equipment: { ...base.equipment, optimizer: { ...base.equipment.optimizer, maxInputVoltageV: 50 } } }, nec));
    expect(checkOf(at(-13), 'electrical.string.S1.optimizer-input')).toMatchObject({ value: 49.948, pass: true });
    expect(checkOf(at(-14), 'electrical.string.S1.optimizer-input')).toMatchObject({ value: 50.07, pass: false });
  });
});

// ---------------------------------------------------------------------------------------------
describe('5. 690.9 string overcurrent protection', () => {
  it('boundary: 2 strings of I_max 20 A on a 20 A series fuse need none; I_max 20.0125 A needs one, and 30 A > 20 A cannot protect the module', () => {
    // Isc 16 A → I_max = 1.25 × 16 = 20 A (690.8(A)(1)); back-feed (2 − 1) × 20 = 20 ≤ 20 → no OCPD (690.9(A)).
    // Isc 16.01 → 20.0125 A > 20 → OCPD required: 1.25 × 20.0125 = 25.02 → 30 A (690.9(B), 240.6(A)) > 20 A series fuse → fails.
    expect(evaluateStringOcpd(2, 20, 20)).toMatchObject({ backfeedA: 20, required: false, ocpdA: null, ocpdWithinSeriesFuse: true });
    expect(evaluateStringOcpd(2, 1.25 * 16.01, 20)).toMatchObject({ required: true, ocpdA: 30, ocpdWithinSeriesFuse: false });
  });
  it('three strings of 11.14 A Isc on a 20 A series fuse: 2 × 13.925 = 27.85 A > 20 A → 20 A string fuses (1.25 × 13.925 = 17.4 → 20 A ≤ 20 A)', () => {
    expect(evaluateStringOcpd(3, 13.925, 20)).toMatchObject({ backfeedA: 27.85, required: true, ocpdA: 20, ocpdWithinSeriesFuse: true });
    expect(evaluateStringOcpd(2, 13.925, 20)).toMatchObject({ required: false });
    expect(evaluateStringOcpd(1, 100, 1)).toMatchObject({ required: false, backfeedA: 0 });
  });
  it('property: more strings in parallel never removes a fuse requirement, and never lowers the back-fed current', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 10 }), fc.double({ min: 0.5, max: 40, noNaN: true }), fc.double({ min: 1, max: 60, noNaN: true }), (n, more, iMax, fuse) => {
      const a = evaluateStringOcpd(n, iMax, fuse);
      const b = evaluateStringOcpd(n + more, iMax, fuse);
      return b.backfeedA >= a.backfeedA && (!a.required || b.required);
    }));
  });

  // Example 1 with Isc 13 A modules (series fuse 25 A), one string entry of n in parallel on a 10 ft
  // raceway run at 30 °C, 3 in. above the roof (no adder).
  const parallelStrings = (n: number, nec: string) => {
    const base = load('string-inverter-load-side');
    return calculateDesign(withNec({
      ...base,
      site: { ...base.site, highAmbientTempC: 30 },
      equipment: { ...base.equipment, module: { ...base.equipment.module, iscA: 13, maxSeriesFuseA: 25 } },
      arrays: [{ ...base.arrays[0], moduleCount: 10 * n }],
      strings: [{ id: 'S1', arrayId: 'A1', modulesInSeries: 10, parallel: n }],
      runs: [{ id: 'R1', from: 'Roof junction box', to: 'Inverter', lengthFt: 10, location: 'rooftop-raceway', heightAboveRoofIn: 3, carries: { kind: 'strings', ids: ['S1'] } }],
    }, nec));
  };
  it.each(EDITIONS)('NEC %s: 3 parallel strings need 25 A fuses, which push the conductors to 10 AWG (240.4(D)) and size the EGC on 25 A', (nec) => {
    // I_max = 1.25 × 13 = 16.25 A; back-feed 2 × 16.25 = 32.5 A > 25 A → OCPD 1.25 × 16.25 = 20.31 → 25 A ≤ 25 A.
    // 12 AWG: 30 × 1.00 × 0.8 (6 CCC, Table 310.15(C)(1)) = 24 A ≥ 16.25 A and 25 A (75 °C) ≥ 20.31 A, but
    // 240.4(D) limits 12 AWG to 20 A < 25 A → 10 AWG (40 × 0.8 = 32 A; 240.4(D) 30 A ≥ 25 A).
    // EGC: Table 250.122 at 25 A → 10 AWG (the assumed-OCPD basis 16.25 A would have given 12 AWG).
    const r = parallelStrings(3, nec);
    expect(checkOf(r, 'electrical.string.S1.ocpd')).toMatchObject({ value: 25, pass: true, limit: { value: 25 } });
    expect(r.conductorSchedule[0]).toMatchObject({ conductorSize: '10 AWG', egcSize: '10 AWG', ocpdA: 25 });
    expect(checkOf(r, 'electrical.run.R1.protection')).toMatchObject({ pass: true, value: 25 });
  });
  it.each(EDITIONS)('NEC %s: 2 parallel strings need none (16.25 A ≤ 25 A): 12 AWG, EGC on the assumed 16.25 A → 12 AWG', (nec) => {
    const r = parallelStrings(2, nec);
    expect(checkOf(r, 'electrical.string.S1.ocpd')).toMatchObject({ value: 'not required', pass: true });
    expect(r.conductorSchedule[0]).toMatchObject({ conductorSize: '12 AWG', egcSize: '12 AWG', ocpdA: null });
  });
  it('strings combined on a combined run count as paralleled: three single strings combined need fuses on their home runs', () => {
    // S1–S3 each parallel 1, combined on R2 → n = 3 at the combiner; I_max 13.925 A, back-feed 27.85 A > 20 A → 20 A fuses.
    const base = load('string-inverter-load-side');
    const r = calculateDesign({
      ...base,
      arrays: [{ ...base.arrays[0], moduleCount: 30 }],
      strings: [1, 2, 3].map((i) => ({ id: `S${i}`, arrayId: 'A1', modulesInSeries: 10 })),
      runs: [
        { id: 'R1', from: 'Modules', to: 'Combiner', lengthFt: 20, location: 'rooftop-raceway', heightAboveRoofIn: 3, carries: { kind: 'strings', ids: ['S1', 'S2', 'S3'] } },
        { id: 'R2', from: 'Combiner', to: 'Inverter', lengthFt: 30, location: 'exterior', carries: { kind: 'strings', ids: ['S1', 'S2', 'S3'], combined: true } },
      ],
    });
    for (const id of ['S1', 'S2', 'S3']) expect(checkOf(r, `electrical.string.${id}.ocpd`)).toMatchObject({ value: 20, pass: true });
    expect(r.conductorSchedule.find((x) => x.runId === 'R1')?.ocpdA).toBe(20);
    expect(r.conductorSchedule.find((x) => x.runId === 'R2')?.ocpdA).toBeNull();
  });
  // 690.45: an unfused PV DC circuit reads Table 250.122 at an assumed device rated per 690.9(B), in
  // 2017 as in 2020/2023 (issue 26: the 2014 "rated at I_max" wording is not 2017's). Example 1's R1
  // carries two strings of I_max = 1.25 × 11.14 A = 13.925 A (690.8(A)(1)), each on its own input, no fuse.
  it.each(EDITIONS)('690.45, NEC %s: assumed device 1.25 × 13.925 = 17.4 → 20 A → 12 AWG EGC (Table 250.122)', (nec) => {
    const base = load('string-inverter-load-side');
    const egc = checkOf(calculateDesign(withNec(base, nec)), 'electrical.run.R1.egc');
    expect(egc).toMatchObject({ value: '12 AWG', pass: true });
    expect(egc.inputs[0]).toMatchObject({ name: 'assumed OCPD (690.9(B): 1.25 × I_max, next standard rating)', value: 20 });
  });
  it.each(EDITIONS)('NEC %s: a PV DC run upsized for voltage drop keeps its Table 250.122 EGC: 690.45 waives the 250.122(B) increase', (nec) => {
    // A 400 ft rooftop run of one 10-module string: the ampacity size is 12 AWG (see the 2-string vector:
    // 16.25 A needs 12 AWG at 0.8 adjustment), voltage drop pushes it larger. 690.45 waives the
    // proportional increase, so the EGC stays the Table 250.122 size of the assumed device.
    const base = load('string-inverter-load-side');
    const r = calculateDesign(withNec({
      ...base,
      site: { ...base.site, highAmbientTempC: 30 },
      arrays: [{ ...base.arrays[0], moduleCount: 10 }],
      strings: [{ id: 'S1', arrayId: 'A1', modulesInSeries: 10 }],
      runs: [{ id: 'R1', from: 'Modules', to: 'Inverter', lengthFt: 400, location: 'rooftop-raceway', heightAboveRoofIn: 3, carries: { kind: 'strings', ids: ['S1'] } }],
    }, nec));
    const row = r.conductorSchedule[0];
    expect(row.conductorSize).not.toBe('12 AWG');
    expect(row.egcSize).toBe('12 AWG');
    expect(checkOf(r, 'electrical.run.R1.egc').notes).toEqual(['Not increased for the voltage-drop upsizing of PV DC conductors (690.45)']);
  });
  it('the 690.9 check cites 690.9(A) and, when a fuse is required, 690.9(B) and 240.6(A)', () => {
    expect(checkOf(parallelStrings(3, '2023'), 'electrical.string.S1.ocpd').ref.section).toBe('690.9(A); 690.9(B); 240.6(A)');
    expect(checkOf(parallelStrings(2, '2023'), 'electrical.string.S1.ocpd').ref.section).toBe('690.9(A)');
  });
});

// ---------------------------------------------------------------------------------------------
describe('6. Components-and-cladding minimum (§30.2.2): 16 psf in ASCE 7-10 and 7-16', () => {
  it('7-10, zone 1 at 18° (Figure 30.4-2B, GCp −0.9 / +0.5): qh 17.7 → 15.93 psf → 16 psf; qh 17.8 → 16.02 psf', () => {
    expect(panelPressure('7-10', 17.7, 18, '1', true, 13)).toMatchObject({ upliftPsf: 16, minimumPsf: 16 });
    expect(panelPressure('7-10', 17.8, 18, '1', true, 13).upliftPsf).toBeCloseTo(16.02, 10);
    // Downward: 0.5 × 31.9 = 15.95 → 16; 0.5 × 32.1 = 16.05.
    expect(panelPressure('7-10', 31.9, 18, '1', true, 13).downwardPsf).toBe(16);
    expect(panelPressure('7-10', 32.1, 18, '1', true, 13).downwardPsf).toBeCloseTo(16.05, 10);
  });
  it('7-16, zone 1 at 15° (Figure 30.3-2B, −2.0 at ≤ 20 ft²), exposed: qh × 2.0 × 1.5 × 0.8: qh 6.6 → 15.84 → 16 psf; qh 6.7 → 16.08 psf', () => {
    expect(panelPressure('7-16', 6.6, 15, '1', true, 10).upliftPsf).toBe(16);
    expect(panelPressure('7-16', 6.7, 15, '1', true, 10).upliftPsf).toBeCloseTo(16.08, 10);
  });
  it('through the engine (example 2, ASCE 7-10): downward wind 0.5 × 21.95 = 10.98 psf is raised to the 16 psf minimum', () => {
    const r = calculateDesign(load('microinverters'));
    expect(checkOf(r, 'structural.array.A1.wind-down')).toMatchObject({ value: 16 });
    expect(checkOf(r, 'structural.array.A1.wind-down').inputs).toContainEqual({ name: 'minimum', value: 16, unit: 'psf' });
  });
});

// ---------------------------------------------------------------------------------------------
describe('Also: labels keyed by edition', () => {
  const base = load('string-inverter-load-side');
  const labelsAt = (nec: string) => calculateDesign(withNec(base, nec)).labels.map((l) => [l.id, l.purpose, l.ref.section]);
  it('2017: 690.53, 690.54, 690.56(C)(1)(a), 690.56(C)(3), 705.12(B)(2)(3)(b)', () => {
    expect(labelsAt('2017')).toEqual([
      ['label.690-53', 'dc-max-voltage', '690.53'], ['label.690-54', 'ac-output-rating', '690.54'],
      ['label.690-56-c', 'rapid-shutdown-placard', '690.56(C)(1)(a)'], ['label.690-56-c-switch', 'rapid-shutdown-switch', '690.56(C)(3)'],
      ['label.705-12-120', 'backfed-breaker', '705.12(B)(2)(3)(b)'],
      ['label.690-13-b', 'pv-system-disconnect', '690.13(B)'], ['label.705-10', 'power-source-directory', '705.10'],
    ]);
  });
  it('2020: 690.53, 690.54, 690.56(C), 690.56(C)(2), 705.12(B)(3)(2)', () => {
    expect(labelsAt('2020')).toEqual([
      ['label.690-53', 'dc-max-voltage', '690.53'], ['label.690-54', 'ac-output-rating', '690.54'],
      ['label.690-56-c', 'rapid-shutdown-placard', '690.56(C)'], ['label.690-56-c-switch', 'rapid-shutdown-switch', '690.56(C)(2)'],
      ['label.705-12-120', 'backfed-breaker', '705.12(B)(3)(2)'],
      ['label.690-13-b', 'pv-system-disconnect', '690.13(B)'], ['label.705-10', 'power-source-directory', '705.10'],
    ]);
  });
  it('2023: DC voltage under 690.7(D), no 690.54, rapid-shutdown marking under 690.12(D)', () => {
    expect(labelsAt('2023')).toEqual([
      ['label.690-7-d', 'dc-max-voltage', '690.7(D)'],
      ['label.690-12-d', 'rapid-shutdown-placard', '690.12(D)'], ['label.690-12-d-switch', 'rapid-shutdown-switch', '690.12(D)(2)'],
      ['label.705-12-120', 'backfed-breaker', '705.12(B)(2)'],
      ['label.690-13-b', 'pv-system-disconnect', '690.13(B)'], ['label.705-10', 'power-source-directory', '705.10'],
    ]);
  });
  it('a derated main carries the back-fed breaker label under the busbar section only (not 230.79)', () => {
    const r = calculateDesign({ ...base, equipment: { ...base.equipment, inverter: { ...base.equipment.inverter, continuousOutputCurrentA: 33, maxOcpdA: 50 } }, service: { ...base.service, calculatedLoadA: 120 } });
    expect(r.interconnection.method).toBe('main-breaker-derate');
    expect(r.labels.find((l) => l.purpose === 'backfed-breaker')?.ref.section).toBe('705.12(B)(3)(2)');
  });
});

describe('Also: refusals with a clear message', () => {
  const base = load('string-inverter-load-side');
  const refusal = (input: unknown): EngineRefusalError => {
    try {
      calculateDesign(input);
    } catch (e) {
      if (e instanceof EngineRefusalError) return e;
      throw e;
    }
    throw new Error('not refused');
  };
  it('a CEC job (dwg_electrical_code = CEC) is refused: CEC is the California Electrical Code here, never read as Canadian', () => {
    const e = refusal({ ...base, site: { ...base.site, codes: { ...base.site.codes, electricalCode: 'CEC' } } });
    expect(e.code).toBe('electrical-code-not-supported');
    expect(e.message).toMatch(/"CEC" is the California Electrical Code/);
    expect(e.message).toMatch(/CSA C22.1-2021 or CSA C22.1-2024/);
  });
  // Issue 26 item 5: the Canadian code is its own key. Its conductor rules are implemented
  // (electrical/csa-conductor.test.ts); Section 64 is not, so the design is refused naming each part.
  const csa = (codes: Record<string, unknown>) => ({ ...base, site: { ...base.site, codes: { ...base.site.codes, ...codes } } });
  it.each(['2021', '2024'] as const)('a CSA C22.1-%s job is refused naming what is not implemented, with no NEC section in its place', (edition) => {
    const e = refusal(csa({ electricalCode: 'CSA C22.1', csa: edition }));
    expect(e.code).toBe('electrical-code-not-supported');
    expect(e.message).toMatch(new RegExp(`Canadian Electrical Code, CSA C22.1-${edition} \\(${edition === '2021' ? '25th' : '26th'} ed.\\)`));
    for (const part of [/Section 64 PV source and output circuit currents/, /Rule 64-202/, /Rule 64-112/, /Rule 64-218/, /warning signs/, /Table 3 \(aluminium single conductors in free air\)/]) expect(e.message).toMatch(part);
    expect(e.message).toMatch(/Rule 14-104 conductor protection/);
    expect(e.message).not.toMatch(/\b(690|705|310)\.\d/);
    if (edition === '2024') expect(e.message).toMatch(/2021 edition only: the 2024 table values and Rule 14-104 text are not confirmed/);
  });
  it('a CSA C22.1 job without its edition names the input; a CSA edition on an NEC job is refused', () => {
    const e = refusal(csa({ electricalCode: 'CSA C22.1' }));
    expect(e.code).toBe('inputs-missing');
    expect(e.missing).toEqual(['site.codes.csa']);
    expect(refusal(csa({ electricalCode: 'NEC', csa: '2021' })).message).toMatch(/site.codes.csa \(CSA C22.1-2021\) is given but the electrical code is NEC/);
  });
  it('below −40 °C without a Voc coefficient there is no Table 690.7(A) factor: refused; −40 °C itself uses 1.25', () => {
    const crystalline = { vocV: 40, technology: 'crystalline' as const };
    expect(stringMaxVoltage(10, crystalline, -40).governingV).toBeCloseTo(10 * 40 * 1.25, 9);
    expect(() => stringMaxVoltage(10, crystalline, -40.5)).toThrow(/below -40 °C, the coldest row of Table 690.7\(A\)/);
    const { vocTempCoeffPctPerC: _omit, ...module } = base.equipment.module;
    const e = refusal({ ...base, site: { ...base.site, designMinTempC: -41 }, equipment: { ...base.equipment, module } });
    expect(e.code).toBe('voc-below-table');
    // With a coefficient the string voltage is still calculated at −45 °C: 45.3 × (1 + 0.0027 × 70) = 53.862 V per module.
    expect(stringMaxVoltage(1, { ...crystalline, vocV: 45.3, vocTempCoeffPctPerC: -0.27 }, -45).governingV).toBeCloseTo(53.8617, 4);
  });
  it('the command line prints the refusal and exits 2', () => {
    const dir = mkdtempSync(join(tmpdir(), 'eng-refusal-'));
    const file = join(dir, 'cec.json');
    writeFileSync(file, JSON.stringify({ ...base, site: { ...base.site, codes: { ...base.site.codes, electricalCode: 'CSA C22.1', csa: '2021' } } }));
    const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
    const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));
    const out = spawnSync(tsx, [cli, file], { encoding: 'utf8' });
    expect(out.status).toBe(2);
    expect(out.stderr).toMatch(/^refused: This job uses the Canadian Electrical Code/);
  }, 60_000); // a child process that compiles TypeScript: slow on a loaded 2-core machine
});

describe('Also: --text prints full check titles', () => {
  it('no title is cut to a column width', () => {
    const r = calculateDesign(load('battery-supply-side'));
    const text = formatReportText(r);
    for (const c of r.sections.flatMap((s) => s.checks)) expect(text).toContain(c.title);
  });
});
