import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { stringMaxVoltage, vocAtTempByCoefficient, maxModulesInSeries } from './voltage.calc.ts';
import { conductorAmpacity, judgeConductor, selectConductorSize, selectEgcSize, type AmpacityConditions } from './conductor.calc.ts';
import { voltageDropPct, sizeForVoltageDrop } from './voltage-drop.calc.ts';
import { sizeConduit } from './conduit.calc.ts';
import { chooseInterconnection, type InterconnectionInput } from './interconnection.calc.ts';
import { standardRatingAtOrAbove } from '../tables/nec-240-6.table.ts';
import { WIRE_SIZES, sizeIndex, type WireSize } from '../tables/wire-sizes.table.ts';
import { installedStranding } from '../tables/nec-chapter-9.table.ts';

const module400 = { vocV: 45.3, vocTempCoeffPctPerC: -0.27, technology: 'crystalline' as const };
const raceway = (ambientC: number, ccc: number): AmpacityConditions => ({ freeAir: false, ambientC, currentCarrying: ccc, insulationC: 90, terminalC: 75 });

describe('690.7 maximum system voltage', () => {
  it('worked example: 10 × 45.3 V at −20 °C with β = −0.27 %/°C is 508.04 V', () => {
    // Voc,max = 45.3 × (1 + (−0.0027)(−20 − 25)) = 45.3 × 1.1215 = 50.804 V; × 10 = 508.04 V.
    const v = stringMaxVoltage(10, module400, -20);
    expect(v.method).toBe('coefficient');
    expect(v.governingV).toBeCloseTo(508.04, 2);
    // Table 690.7(A) for −20 °C is 1.18: 10 × 45.3 × 1.18 = 534.54 V, reported for comparison.
    expect(v.byTableV).toBeCloseTo(534.54, 2);
  });
  it('without a coefficient Table 690.7(A) governs; thin-film without one is refused', () => {
    expect(stringMaxVoltage(12, { vocV: 40, technology: 'crystalline' }, -5).governingV).toBeCloseTo(12 * 40 * 1.12, 9);
    expect(() => stringMaxVoltage(12, { vocV: 40, technology: 'thin-film' }, -5)).toThrow(/coefficient/);
  });
  it('worked example: at most 11 such modules fit under 600 V (11 × 50.804 = 558.8 V; 12 → 609.6 V)', () => {
    expect(maxModulesInSeries(600, vocAtTempByCoefficient(45.3, -0.27, -20))).toBe(11);
  });
  it('property: more modules in series never lowers the string voltage', () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 40 }), fc.double({ min: 5, max: 80, noNaN: true }), fc.double({ min: -0.6, max: 0, noNaN: true }), fc.integer({ min: -40, max: 24 }), fc.boolean(),
      (n, voc, beta, tmin, useTable) => {
        const m = useTable ? { vocV: voc, technology: 'crystalline' as const } : { vocV: voc, vocTempCoeffPctPerC: beta, technology: 'crystalline' as const };
        return stringMaxVoltage(n + 1, m, tmin).governingV >= stringMaxVoltage(n, m, tmin).governingV;
      },
    ));
  });
});

describe('conductor sizing (690.8(B), 705.28(B), 310.15, 110.14(C), 240.4)', () => {
  it('worked example: 32 A inverter output at 34 °C needs 8 AWG THWN-2', () => {
    // 125 %: 40 A > 10 AWG's 35 A (75 °C column) → 8 AWG (50 A). Corrected: 55 × 0.96 = 52.8 A ≥ 32 A.
    // Protection: min(52.8, 50) = 50 A ≥ 40 A breaker.
    const d = { maxCurrentA: 32, ocpdA: 40, conditions: raceway(34, 2) };
    expect(judgeConductor('10', d).continuousOk).toBe(false);
    expect(selectConductorSize(d, '12')).toBe('8');
    expect(conductorAmpacity('8', d.conditions)).toMatchObject({ tableA: 55, correction: 0.96, adjustment: 1, terminalA: 50, ampacityA: 50 });
    expect(conductorAmpacity('8', d.conditions).correctedA).toBeCloseTo(52.8, 10);
  });
  it('worked example: two strings (4 CCC) of 1.25 × 11.14 A on a roof at 1 in. and 34 °C fit 12 AWG', () => {
    // I = 13.925 A; 125 % = 17.41 A ≤ 25 A; corrected 30 × 0.96 × 0.8 = 23.04 A ≥ 13.925 A; no OCPD.
    const d = { maxCurrentA: 13.925, ocpdA: null, conditions: raceway(34, 4) };
    expect(selectConductorSize(d, '12')).toBe('12');
    expect(conductorAmpacity('12', d.conditions).correctedA).toBeCloseTo(23.04, 10);
  });
  it('worked example: the rooftop adder (34 + 33 = 67 °C, factor 0.58) pushes the same strings to 10 AWG', () => {
    // 12 AWG: 30 × 0.58 × 0.8 = 13.92 A < 13.925 A → 10 AWG: 40 × 0.58 × 0.8 = 18.56 A.
    const d = { maxCurrentA: 13.925, ocpdA: null, conditions: raceway(67, 4) };
    expect(selectConductorSize(d, '12')).toBe('10');
  });
  it('240.4(D): a 25 A breaker never protects 12 AWG, whatever its ampacity', () => {
    expect(judgeConductor('12', { maxCurrentA: 15, ocpdA: 25, conditions: raceway(20, 2) }).protectedOk).toBe(false);
  });
  it('250.122(B): EGC grows with the circular-mil ratio when conductors are upsized (40 A, 8 → 4 AWG: 10 → 6 AWG)', () => {
    // 10 AWG (10 380 cmil) × 41 740 / 16 510 = 26 242 cmil → 6 AWG (26 240 cmil is within rounding of the book).
    expect(selectEgcSize(40, '8', '4')).toEqual({ size: '6', base: '10', increased: true });
    expect(selectEgcSize(40, '8', '8')).toEqual({ size: '10', base: '10', increased: false });
    expect(selectEgcSize(200, '12', '12').size).toBe('12');
  });
  it('property: more current never selects a smaller conductor or breaker', () => {
    fc.assert(fc.property(
      fc.double({ min: 0.5, max: 300, noNaN: true }), fc.double({ min: 0, max: 100, noNaN: true }), fc.integer({ min: -10, max: 60 }), fc.integer({ min: 1, max: 12 }), fc.boolean(),
      (i1, extra, ambient, ccc, freeAir) => {
        const i2 = i1 + extra;
        const conditions = { ...raceway(ambient, ccc), freeAir };
        const o1 = standardRatingAtOrAbove(1.25 * i1);
        const o2 = standardRatingAtOrAbove(1.25 * i2);
        if (o2 < o1) return false;
        const s1 = selectConductorSize({ maxCurrentA: i1, ocpdA: o1, conditions }, '12');
        const s2 = selectConductorSize({ maxCurrentA: i2, ocpdA: o2, conditions }, '12');
        if (s2 === null) return true;
        return s1 !== null && sizeIndex(s2) >= sizeIndex(s1);
      },
    ));
  });
  it('property: a hotter ambient never raises ampacity', () => {
    fc.assert(fc.property(
      fc.constantFrom(...WIRE_SIZES), fc.double({ min: -20, max: 90, noNaN: true }), fc.double({ min: 0, max: 60, noNaN: true }), fc.integer({ min: 1, max: 50 }), fc.boolean(), fc.constantFrom(60, 75, 90) as fc.Arbitrary<60 | 75 | 90>,
      (size, t, dt, ccc, freeAir, terminal) => {
        const base = { freeAir, currentCarrying: ccc, insulationC: 90 as const, terminalC: terminal };
        const cool = conductorAmpacity(size, { ...base, ambientC: t });
        const hot = conductorAmpacity(size, { ...base, ambientC: t + dt });
        return hot.ampacityA <= cool.ampacityA && hot.correctedA <= cool.correctedA;
      },
    ));
  });
});

describe('voltage drop (Chapter 9 Table 8)', () => {
  const solid = () => 'solid' as const;
  const inRaceway = (size: WireSize) => installedStranding('THWN-2', size, true, undefined).stranding;
  it('worked example: 40 ft of solid 12 AWG at 10.77 A on a 371.3 V string drops 0.448 %', () => {
    // VD = 2 × 40 × 10.77 × 1.93 (Table 8, solid) / 1000 = 1.663 V; 1.663 / 371.3 = 0.448 %.
    expect(voltageDropPct(40, 10.77, '12', 371.3, solid)).toBeCloseTo(0.4479, 4);
  });
  it('worked example: 150 ft of 10 AWG at 32 A, 240 V is 4.84 %; 3 % needs 6 AWG', () => {
    // 10 AWG solid: 2 × 150 × 32 × 1.21 / 1000 = 11.616 V = 4.84 %; 8 AWG in a raceway is stranded
    // (310.3(C)): 2 × 150 × 32 × 0.778 / 1000 = 7.469 V = 3.11 % > 3 %; 6 AWG 0.491 → 1.96 %.
    expect(voltageDropPct(150, 32, '10', 240, inRaceway)).toBeCloseTo(4.84, 2);
    expect(voltageDropPct(150, 32, '8', 240, inRaceway)).toBeCloseTo(3.112, 3);
    expect(sizeForVoltageDrop(150, 32, 240, 3, '10', inRaceway)).toBe('6');
  });
  it('property: a longer run never lowers voltage drop', () => {
    fc.assert(fc.property(
      fc.double({ min: 1, max: 1000, noNaN: true }), fc.double({ min: 0, max: 1000, noNaN: true }), fc.double({ min: 0.1, max: 400, noNaN: true }), fc.constantFrom(...WIRE_SIZES), fc.double({ min: 100, max: 1000, noNaN: true }),
      (l, dl, i, size, v) => voltageDropPct(l + dl, i, size, v, inRaceway) >= voltageDropPct(l, i, size, v, inRaceway),
    ));
  });
});

describe('conduit fill (Chapter 9 Tables 1, 4, 5)', () => {
  it('worked example: 3 × 8 AWG + 10 AWG THWN-2 = 0.1309 in², fits 1/2 in. EMT at 40 % of 0.304 = 0.1216? no — 3/4 in.', () => {
    // 3 × 0.0366 + 0.0211 = 0.1309 in² > 0.4 × 0.304 = 0.1216 in² (1/2 EMT) → 3/4 EMT (0.2132 in²).
    const r = sizeConduit('EMT', [{ type: 'THWN-2', size: '8', count: 3 }, { type: 'THWN-2', size: '10', count: 1 }], '1/2');
    expect(r.conductorAreaIn2).toBeCloseTo(0.1309, 4);
    expect(r.tradeSize).toBe('3/4');
    expect(r.fillPercent).toBeCloseTo(24.559, 3);
  });
  it('worked example: 4 × 4 AWG + 8 AWG THWN-2 in PVC-80 needs 1-1/4 in.', () => {
    // 4 × 0.0824 + 0.0366 = 0.3662 in²; 1 in. PVC-80 holds 0.4 × 0.688 = 0.2752; 1-1/4 holds 0.4948.
    expect(sizeConduit('PVC-80', [{ type: 'THWN-2', size: '4', count: 4 }, { type: 'THWN-2', size: '8', count: 1 }], '1/2').tradeSize).toBe('1-1/4');
  });
});

describe('interconnection (705.12, 705.11)', () => {
  const base: InterconnectionInput = {
    edition: '2020', occupancy: 'dwelling', sourceCurrentA: 32, mainBreakerA: 200, busbarA: 200, serviceA: 200, panelFeed: 'end-fed',
    serviceConductorAmpacityA: 200, serviceConductorAmpacityAssumed: false, serviceDisconnectMinimumA: 100, serviceDisconnectMinimumRule: '230.79(C)',
    forbids: { tapsNotAllowed: false, supplySideTapsNotAllowed: false, loadSideTapsNotAllowed: false, mbDerateNotAllowed: false },
  };
  it('worked example: 32 A on a 200/200 panel is exactly the 120 % rule (1.25 × 32 + 200 = 240 = 1.2 × 200)', () => {
    const d = chooseInterconnection(base);
    expect(d.pvBreakerA).toBe(40);
    expect(d.chosen).toMatchObject({ method: 'load-side-breaker', rule: '120 % rule', section: '705.12(B)(3)(2)', value: 240, limit: 240 });
  });
  it('worked example: 33 A no longer fits; with a 150 A calculated load the main derates to 175 A (240 − 41.25 = 198.75 → 175 A)', () => {
    const d = chooseInterconnection({ ...base, sourceCurrentA: 33, calculatedLoadA: 150 });
    expect(d.chosen).toMatchObject({ method: 'main-breaker-derate', newMainBreakerA: 175 });
  });
  it('without an Article 220 load the derate is not proposed (230.79), and the supply side is chosen instead', () => {
    const d = chooseInterconnection({ ...base, sourceCurrentA: 33 });
    expect(d.evaluations.find((e) => e.method === 'main-breaker-derate')).toMatchObject({ fits: false, newMainBreakerA: 175 });
    expect(d.evaluations.find((e) => e.method === 'main-breaker-derate')?.reason).toMatch(/needs an Article 220 load calculation/);
    expect(d.chosen?.method).toBe('supply-side-tap');
  });
  it('a derate that is not allowed moves on to the supply side; 2017 cites 705.12(A)', () => {
    const d = chooseInterconnection({ ...base, edition: '2017', sourceCurrentA: 56, forbids: { ...base.forbids, mbDerateNotAllowed: true } });
    expect(d.chosen).toMatchObject({ method: 'supply-side-tap', section: '705.12(A)', value: 70 });
  });
  it('when every method is forbidden or too big the engine says none fits and proposes a panel upgrade', () => {
    const d = chooseInterconnection({ ...base, sourceCurrentA: 56, forbids: { tapsNotAllowed: true, supplySideTapsNotAllowed: false, loadSideTapsNotAllowed: false, mbDerateNotAllowed: true } });
    expect(d.chosen).toBeNull();
    // (200 + 70) / 1.2 = 225 A → a 225 A busbar.
    expect(d.upgradeBusbarA).toBe(225);
  });
  it('a centre-fed panel outside a dwelling gets no 120 % allowance', () => {
    const d = chooseInterconnection({ ...base, occupancy: 'other', panelFeed: 'center-fed' });
    expect(d.evaluations[0]).toMatchObject({ method: 'load-side-breaker', fits: false, rule: '100 % rule' });
  });
  it('a centre-fed panel in a dwelling cites the centre-fed rule', () => {
    const d = chooseInterconnection({ ...base, panelFeed: 'center-fed' });
    expect(d.chosen).toMatchObject({ rule: 'centre-fed panel rule (120 %)', section: '705.12(B)(3)(4)' });
  });
  it('the sum-of-breakers rule fits where 120 % does not (150 A of breakers + 50 A PV ≤ 200 A)', () => {
    const d = chooseInterconnection({ ...base, sourceCurrentA: 40, sumOfBranchBreakersA: 150 });
    expect(d.chosen).toMatchObject({ method: 'load-side-breaker', rule: 'sum-of-breakers rule', value: 200 });
  });
  it('a preferred method that fits is used; one that is forbidden is reported and the next is proposed', () => {
    expect(chooseInterconnection({ ...base, preferredMethod: 'supply-side-tap' }).chosen?.method).toBe('supply-side-tap');
    const d = chooseInterconnection({ ...base, preferredMethod: 'supply-side-tap', forbids: { ...base.forbids, supplySideTapsNotAllowed: true } });
    expect(d.chosen?.method).toBe('load-side-breaker');
    expect(d.preferredRejected).toMatch(/supply-side taps not allowed/);
  });
  it('a derated main below the calculated load does not fit', () => {
    const d = chooseInterconnection({ ...base, sourceCurrentA: 33, calculatedLoadA: 180, forbids: { ...base.forbids, supplySideTapsNotAllowed: true } });
    expect(d.chosen).toBeNull();
  });
});
