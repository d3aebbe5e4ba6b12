// Issue 26, item 8: NEC Article 220 dwelling load calculations (220.82, 220.83, 220.87) as a check the
// interconnection and derate logic use. Every vector is worked by hand from the code text beside it;
// the numbers and percentages are the same in 2017, 2020 and 2023, so each runs in all three editions.
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
/** Example 1 (200 A busbar and main) with an inverter of `inverterA` and the given load calculation. */
function job(loadCalculation: unknown, opts: { nec?: string; inverterA?: number; service?: object; site?: object } = {}): any {
  const base = load('string-inverter-load-side');
  return {
    ...base,
    site: { ...base.site, ...opts.site, codes: { ...base.site.codes, nec: opts.nec ?? '2020' } },
    equipment: { ...base.equipment, inverter: { ...base.equipment.inverter, continuousOutputCurrentA: opts.inverterA ?? 32, maxOcpdA: 50 } },
    service: { ...base.service, ...(loadCalculation ? { loadCalculation } : {}), ...opts.service },
  };
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

// A 2000 ft² dwelling with two small-appliance and one laundry circuit, a 12 kW range, 5 kW dryer,
// 4.5 kW water heater, 1.2 kW dishwasher, 0.9 kW disposal; 5 kVA of air conditioning and 10 kW of
// electric space heating in three separately controlled units.
const dwelling82 = {
  method: '220.82', floorAreaFt2: 2000, smallApplianceCircuits: 2, laundryCircuits: 1,
  appliances: [{ name: 'Range', va: 12000 }, { name: 'Dryer', va: 5000 }, { name: 'Water heater', va: 4500 }, { name: 'Dishwasher', va: 1200 }, { name: 'Disposal', va: 900 }],
  heatingAndCooling: { airConditioningVa: 5000, spaceHeatingVa: 10000, spaceHeatingUnits: 3 },
};

describe('220.82 optional method (dwelling unit)', () => {
  it.each(EDITIONS)('NEC %s worked example: general 34 100 VA → 10 000 + 0.4 × 24 100 = 19 640 VA; heating 0.65 × 10 000 = 6 500 VA governs (C)(4); 26 140 VA / 240 V = 108.917 A', (nec) => {
    // (B)(1) 2000 × 3 = 6000; (B)(2) 3 × 1500 = 4500; (B)(3) 12000 + 5000 + 4500 + 1200 + 900 = 23600 → 34 100 VA.
    // (A) 10 000 + 0.4 × (34 100 − 10 000) = 19 640 VA. (C): (1) 5000; (4) 3 units < 4 → 0.65 × 10 000 = 6500.
    const r = calculateDesign(job(dwelling82, { nec }));
    expect(checkOf(r, 'electrical.load.general')).toMatchObject({ value: 34100, ref: { section: '220.82(B)' } });
    expect(checkOf(r, 'electrical.load.general-demand')).toMatchObject({ value: 19640, ref: { section: '220.82(A)' } });
    expect(checkOf(r, 'electrical.load.heating-cooling')).toMatchObject({ value: 6500, notes: ['Governing: (C)(4) space heating, fewer than four separately controlled units, at 65 %'] });
    expect(checkOf(r, 'electrical.load.total')).toMatchObject({ value: 108.917, unit: 'A' });
    expect(r.loadCalculation).toMatchObject({ method: '220.82', totalVa: 26140, totalA: 108.917, serviceRatingA: 200, pass: true, ref: { edition: nec, section: '220.82' } });
    expect(checkOf(r, 'electrical.load.service')).toMatchObject({ pass: true, limit: { value: 200 }, ref: { section: '220.82; 230.79' } });
  });
  it('(C)(4)/(C)(5) boundary: three separately controlled units take 65 % (6 500 VA), four take 40 % (4 000 VA) and the 5 000 VA air conditioning governs', () => {
    const four = calculateDesign(job({ ...dwelling82, heatingAndCooling: { ...dwelling82.heatingAndCooling, spaceHeatingUnits: 4 } }));
    expect(checkOf(four, 'electrical.load.heating-cooling')).toMatchObject({ value: 5000, notes: ['Governing: (C)(1) air conditioning and cooling at 100 %'] });
    expect(four.loadCalculation?.totalVa).toBe(24640);
  });
  it('(C)(3): heat pump 4 000 VA + 0.65 × 10 000 VA supplementary = 10 500 VA; interlocked compressor not added → 6 500 VA; (C)(2) without supplementary heat: 4 000 VA', () => {
    const hp = (over: object) => checkOf(calculateDesign(job({ ...dwelling82, heatingAndCooling: { heatPumpVa: 4000, ...over } })), 'electrical.load.heating-cooling').value;
    expect(hp({ heatPumpSupplementalHeatVa: 10000 })).toBe(10500);
    expect(hp({ heatPumpSupplementalHeatVa: 10000, heatPumpCompressorInterlocked: true })).toBe(6500);
    expect(hp({})).toBe(4000);
  });
  it('(A) boundary at 10 kVA: 10 000 VA of general load is taken whole; 10 001 VA adds 0.4 VA', () => {
    // 1000 ft² (3000) + 3 circuits (4500) + 2500 appliance = 10 000; + 1 VA → 10 000.4.
    const at = (va: number) => checkOf(calculateDesign(job({ method: '220.82', floorAreaFt2: 1000, smallApplianceCircuits: 2, laundryCircuits: 1, appliances: [{ name: 'Appliance', va }] })), 'electrical.load.general-demand').value;
    expect(at(2500)).toBe(10000);
    expect(at(2501)).toBe(10000.4);
  });
  it('220.82(A) needs service conductors of 100 A or more: refused on a 90 A service', () => {
    const e = refusal(job(dwelling82, { service: { mainBreakerA: 90, busbarA: 100 } }));
    expect(e.code).toBe('load-calculation-not-applicable');
    expect(e.message).toMatch(/100 A or more \(220\.82\(A\)\); this service has 90 A/);
  });
  it('space heating without its number of separately controlled units is a missing input, named by path', () => {
    const e = refusal(job({ ...dwelling82, heatingAndCooling: { spaceHeatingVa: 10000 } }));
    expect(e.code).toBe('inputs-missing');
    expect(e.missing).toEqual(['service.loadCalculation.heatingAndCooling.spaceHeatingUnits']);
  });
  it('a dwelling calculation on a non-dwelling is refused; so is a 480 V service', () => {
    expect(refusal(job(dwelling82, { site: { occupancy: 'other' } })).code).toBe('load-calculation-not-applicable');
    expect(refusal(job(dwelling82, { service: { nominalVoltageV: 480 } })).message).toMatch(/120\/240 V or 208Y\/120 V 3-wire/);
  });
  it('missing required fields are refused by the schema with their path (floor area, circuits)', () => {
    expect(() => calculateDesign(job({ method: '220.82', smallApplianceCircuits: 2, laundryCircuits: 1 }))).toThrow(/floorAreaFt2/);
    expect(() => calculateDesign(job({ method: '220.82', floorAreaFt2: 1000, smallApplianceCircuits: 1, laundryCircuits: 1 }))).toThrow(/smallApplianceCircuits/);
  });
});

describe('220.83 existing dwelling unit', () => {
  const existing = {
    method: '220.83', floorAreaFt2: 1800, smallApplianceCircuits: 2, laundryCircuits: 1,
    appliances: [{ name: 'Range', va: 10000 }, { name: 'Dryer', va: 5000 }, { name: 'Water heater', va: 4500 }],
  };
  it.each(EDITIONS)('NEC %s (A), nothing added to heating or cooling: 1800 × 3 + 4500 + 19 500 + existing AC 3 600 = 33 000 VA → 8 000 + 0.4 × 25 000 = 18 000 VA = 75 A', (nec) => {
    const r = calculateDesign(job({ ...existing, appliances: [...existing.appliances, { name: 'Existing air conditioner', va: 3600 }] }, { nec }));
    expect(checkOf(r, 'electrical.load.general')).toMatchObject({ value: 33000, ref: { section: '220.83(A)' } });
    expect(checkOf(r, 'electrical.load.general-demand')).toMatchObject({ value: 18000 });
    expect(r.loadCalculation).toMatchObject({ method: '220.83(A)', totalVa: 18000, totalA: 75 });
  });
  it.each(EDITIONS)('NEC %s (B), air conditioning added: other loads 29 400 VA → 8 000 + 0.4 × 21 400 = 16 560 VA; + the larger of AC 6 000 and heating 8 000 at 100 % = 24 560 VA = 102.333 A', (nec) => {
    const r = calculateDesign(job({ ...existing, addedHeatingOrCooling: { airConditioningVa: 6000, spaceHeatingVa: 8000 } }, { nec }));
    expect(checkOf(r, 'electrical.load.general-demand')).toMatchObject({ value: 16560, ref: { section: '220.83(B)' } });
    expect(checkOf(r, 'electrical.load.heating-cooling')).toMatchObject({ value: 8000 });
    expect(r.loadCalculation).toMatchObject({ method: '220.83(B)', totalVa: 24560, totalA: 102.333 });
  });
  it('boundary at 8 kVA: 8 000 VA is taken whole; 8 001 VA adds 0.4 VA', () => {
    // 1000 ft² (3000) + 3 circuits (4500) + 500 = 8000.
    const at = (va: number) => checkOf(calculateDesign(job({ method: '220.83', floorAreaFt2: 1000, smallApplianceCircuits: 2, laundryCircuits: 1, appliances: [{ name: 'Appliance', va }] })), 'electrical.load.general-demand').value;
    expect(at(500)).toBe(8000);
    expect(at(501)).toBe(8000.4);
  });
});

describe('220.87 measured maximum demand', () => {
  const measured = { method: '220.87', dataPeriod: '12-months', existingRenewableOrPeakShaving: false, newLoads: [{ name: 'EV charger', va: 7200 }] };
  it.each(EDITIONS)('NEC %s: 80 A of demand over 12 months + a 7 200 VA EV charger: 1.25 × 80 + 7200 / 240 = 130 A', (nec) => {
    const r = calculateDesign(job({ ...measured, maxDemandA: 80 }, { nec }));
    expect(checkOf(r, 'electrical.load.measured')).toMatchObject({ value: 130, ref: { section: '220.87(1), (2)' } });
    expect(checkOf(r, 'electrical.load.service')).toMatchObject({ value: 130, pass: true, ref: { section: '220.87(2); 230.79' } });
  });
  it('the same demand given in kW: 19.2 kW / 240 V = 80 A → 130 A; the 30-day exception is cited as such', () => {
    const r = calculateDesign(job({ ...measured, maxDemandKw: 19.2, dataPeriod: '30-days' }));
    expect(checkOf(r, 'electrical.load.measured')).toMatchObject({ value: 130, ref: { section: '220.87(1) Exception; 220.87(2)' } });
  });
  it('boundary at a 175 A derated main (33 A inverter on 200/200): 140 A of demand is 1.25 × 140 = 175 A and the derate fits; 140.01 A is 175.0125 A and it does not', () => {
    const at = (a: number) => calculateDesign(job({ ...measured, newLoads: [], maxDemandA: a }, { inverterA: 33 }));
    const fits = at(140);
    expect(fits.interconnection).toMatchObject({ method: 'main-breaker-derate', mainBreakerA: 175 });
    expect(checkOf(fits, 'electrical.load.service')).toMatchObject({ value: 175, limit: { value: 175 }, pass: true, title: 'Calculated load within the service rating (derated main breaker)' });
    const over = at(140.01);
    expect(over.interconnection.method).toBe('supply-side-tap');
    expect(checkOf(over, 'electrical.load.service')).toMatchObject({ value: 175.013, limit: { value: 200 }, pass: true });
  });
  it('refused where the service has a renewable source or peak-load shaving; refused with neither or both demand figures', () => {
    expect(refusal(job({ ...measured, maxDemandA: 80, existingRenewableOrPeakShaving: true })).code).toBe('load-calculation-not-applicable');
    const none = refusal(job({ ...measured }));
    expect(none).toMatchObject({ code: 'inputs-missing', missing: ['service.loadCalculation.maxDemandA', 'service.loadCalculation.maxDemandKw'] });
    expect(refusal(job({ ...measured, maxDemandA: 80, maxDemandKw: 19.2 })).code).toBe('inputs-missing');
    expect(() => calculateDesign(job({ method: '220.87', maxDemandA: 80, dataPeriod: '12-months' }))).toThrow(/existingRenewableOrPeakShaving/);
  });
});

describe('the load calculation drives the main breaker derate (705.12 with 230.79)', () => {
  // Example 1's 200 A busbar and main with a 33 A inverter: 1.25 × 33 + 200 = 241.25 > 240 (120 % rule);
  // derate: 240 − 41.25 = 198.75 → 175 A (240.6(A)). The derated main must carry the calculated load.
  // 220.82 with only general load G: 10 000 + 0.4 (G − 10 000) = 175 × 240 = 42 000 VA at G = 90 000 VA.
  const general = (applianceVa: number) => ({ method: '220.82', floorAreaFt2: 2000, smallApplianceCircuits: 2, laundryCircuits: 1, appliances: [{ name: 'Appliances', va: applianceVa }] });
  it.each(EDITIONS)('NEC %s: G = 6000 + 4500 + 79 500 = 90 000 VA → 42 000 VA = 175.000 A: the derate to 175 A is chosen and the service check passes', (nec) => {
    const r = calculateDesign(job(general(79500), { nec, inverterA: 33 }));
    expect(r.interconnection).toMatchObject({ method: 'main-breaker-derate', mainBreakerA: 175 });
    expect(checkOf(r, 'electrical.load.service')).toMatchObject({ value: 175, limit: { value: 175 }, pass: true });
    expect(checkOf(r, 'electrical.interconnection.main-breaker-derate').inputs).toContainEqual({ name: 'calculated load (220.82)', value: 175, unit: 'A' });
  });
  it.each(EDITIONS)('NEC %s: 10 VA more (42 004 VA = 175.017 A) and the derate no longer fits: the supply side is chosen, the service (200 A) still carries the load', (nec) => {
    const r = calculateDesign(job(general(79510), { nec, inverterA: 33 }));
    expect(r.interconnection.method).toBe('supply-side-tap');
    expect(r.interconnection.considered.find((c) => c.method === 'main-breaker-derate')?.reason).toMatch(/derated main 175 A is below the calculated load 175.02 A \(230\.79\)/);
    expect(checkOf(r, 'electrical.load.service')).toMatchObject({ limit: { value: 200 }, pass: true });
  });
  it('without any load calculation the derate is not proposed and the report says what to enter', () => {
    const r = calculateDesign(job(undefined, { inverterA: 33, service: { preferredMethod: 'main-breaker-derate' } }));
    expect(r.interconnection.method).toBe('supply-side-tap');
    const note = checkOf(r, 'electrical.interconnection.method').notes?.[0] ?? '';
    expect(note).toMatch(/Preferred method rejected \(main-breaker-derate: a derate to 175 A needs an Article 220 load calculation \(220\.82, 220\.83 or 220\.87\) showing the dwelling's load within 175 A/);
    expect(r.loadCalculation).toBeNull();
  });
  it('a calculated load given as a number still works, but not together with a calculation', () => {
    expect(calculateDesign(job(undefined, { inverterA: 33, service: { calculatedLoadA: 150 } })).interconnection.method).toBe('main-breaker-derate');
    expect(refusal(job(general(1000), { service: { calculatedLoadA: 150 } })).message).toMatch(/not both/);
  });
  it('a load above the service fails the service check with a remedy', () => {
    // 220.87: 1.25 × 170 = 212.5 A > 200 A.
    const r = calculateDesign(job({ method: '220.87', maxDemandA: 170, dataPeriod: '12-months', existingRenewableOrPeakShaving: false }));
    expect(checkOf(r, 'electrical.load.service')).toMatchObject({ value: 212.5, pass: false, remedy: 'Upgrade the service, or reduce or manage the loads (750.30 energy management)' });
    expect(r.summary.pass).toBe(false);
  });
});

describe('properties', () => {
  it('adding a load never lowers the calculated load (220.82, 220.83, 220.87)', () => {
    const loads = fc.array(fc.integer({ min: 0, max: 20000 }), { maxLength: 5 });
    fc.assert(fc.property(loads, fc.integer({ min: 0, max: 20000 }), fc.integer({ min: 500, max: 5000 }), fc.constantFrom('220.82', '220.83', '220.87'), (vas, extra, area, method) => {
      const items = vas.map((va, i) => ({ name: `L${i}`, va }));
      const make = (list: typeof items) => method === '220.87'
        ? { method, maxDemandA: 60, dataPeriod: '12-months', existingRenewableOrPeakShaving: false, newLoads: list }
        : { method, floorAreaFt2: area, smallApplianceCircuits: 2, laundryCircuits: 1, appliances: list };
      const a = calculateDesign(job(make(items))).loadCalculation!.totalVa;
      const b = calculateDesign(job(make([...items, { name: 'more', va: extra }]))).loadCalculation!.totalVa;
      return b >= a - 1e-9;
    }), { numRuns: 60 });
  });
  it('a chosen derate never leaves the main below the calculated load', () => {
    fc.assert(fc.property(fc.integer({ min: 33, max: 50 }), fc.integer({ min: 40, max: 200 }), (inverterA, demandA) => {
      const r = calculateDesign(job({ method: '220.87', maxDemandA: demandA, dataPeriod: '12-months', existingRenewableOrPeakShaving: false }, { inverterA }));
      return r.interconnection.method !== 'main-breaker-derate' || r.interconnection.mainBreakerA >= 1.25 * demandA - 1e-9;
    }), { numRuns: 60 });
  });
});
