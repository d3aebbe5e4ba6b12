import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EngineRefusalError } from '../engine-refusal.ts';
import { WIRE_SIZES, type WireSize } from '../tables/wire-sizes.table.ts';
import { CSA_TABLE_1_COPPER, CSA_TABLE_2_COPPER, CSA_TABLE_4_ALUMINUM } from '../tables/csa-c22-1.table.ts';
import { NEC_310_16_ALUMINUM, NEC_310_16_COPPER, NEC_310_17_COPPER } from '../tables/nec-310-16.table.ts';
import {
  awgAreaMm2, csaAllowableAmpacity, csaAmbientFactor, csaConductorCountFactor, csaFreeAirGroupFactor, csaMaxContinuousLoadA, csaOvercurrentProtects, csaSelectConductor, csaTableAmpacity,
  CSA_C22_1_NOT_IMPLEMENTED,
  type CsaAmpacityInput,
} from './csa-conductor.calc.ts';

/*
 * Issue 26 item 5: CSA C22.1 (Canadian Electrical Code, Part I) conductor rules. Every expected value
 * is derived by hand from the table values cited in tables/csa-c22-1.table.ts (25th ed., 2021); the
 * 2024 (26th ed.) values are not in a stored source and are refused, so each rule is checked per
 * edition: a number for 2021, a refusal for 2024.
 */

function refusal(f: () => unknown): EngineRefusalError {
  try { f(); } catch (e) { if (e instanceof EngineRefusalError) return e; throw e; }
  throw new Error('expected a refusal');
}

const base: CsaAmpacityInput = {
  edition: '2021', material: 'copper', size: '10', insulationC: 90, terminationC: 75, ambientC: 30, currentCarryingConductors: 3, installation: 'raceway-or-cable',
};

describe('Tables 2 and 4 (Rule 4-004), 2021', () => {
  it('reads the transcribed rows (spot values at the ends and the 75 °C column)', () => {
    // Table 2 copper: 14 AWG 15/20/25; 10 AWG 90 °C 40; 4/0 75 °C 230; 600 kcmil 90 °C 475.
    expect(csaTableAmpacity('2021', 'copper', '14', 60)).toBe(15);
    expect(csaTableAmpacity('2021', 'copper', '10', 90)).toBe(40);
    expect(csaTableAmpacity('2021', 'copper', '4/0', 75)).toBe(230);
    expect(csaTableAmpacity('2021', 'copper', '600', 90)).toBe(475);
    // Table 4 aluminium: 12 AWG 15/20/25; 6 AWG 75 °C 50; 4/0 90 °C 205.
    expect(csaTableAmpacity('2021', 'aluminum', '12', 75)).toBe(20);
    expect(csaTableAmpacity('2021', 'aluminum', '6', 75)).toBe(50);
    expect(csaTableAmpacity('2021', 'aluminum', '4/0', 90)).toBe(205);
  });
  it('Table 4 has no 14 AWG row: refused, not read from copper', () => {
    expect(refusal(() => csaTableAmpacity('2021', 'aluminum', '14', 75)).message).toMatch(/Table 4 has no row for 14/);
  });
  it('every row rises with size and with the temperature column (monotonic tables)', () => {
    for (const t of [CSA_TABLE_2_COPPER, CSA_TABLE_4_ALUMINUM]) {
      const rows = WIRE_SIZES.map((s) => t[s]).filter((r) => r !== undefined);
      for (let i = 0; i < rows.length; i++) {
        expect(rows[i]![60]).toBeLessThan(rows[i]![75]);
        expect(rows[i]![75]).toBeLessThan(rows[i]![90]);
        if (i > 0) for (const c of [60, 75, 90] as const) expect(rows[i]![c]).toBeGreaterThan(rows[i - 1]![c]);
      }
    }
  });
  it('harmonised with the NEC since 2012 (electricalindustry.ca): the transcribed Tables 2 and 4 equal NEC Table 310.16 row for row, so Table 1 is NEC 310.17 copper', () => {
    for (const s of WIRE_SIZES) {
      expect(CSA_TABLE_2_COPPER[s], `Table 2 ${s}`).toEqual(NEC_310_16_COPPER[s]);
      expect(CSA_TABLE_4_ALUMINUM[s], `Table 4 ${s}`).toEqual(NEC_310_16_ALUMINUM[s]);
      expect(CSA_TABLE_1_COPPER[s], `Table 1 ${s}`).toEqual(NEC_310_17_COPPER[s]);
    }
  });
  it('2024 (26th ed.): refused, naming the tables that could not be checked', () => {
    const e = refusal(() => csaTableAmpacity('2024', 'copper', '10', 90));
    expect(e.code).toBe('electrical-code-not-supported');
    expect(e.message).toMatch(/CSA C22.1-2024.*Tables 2, 4, 5A and 5C/);
  });
});

describe('Table 5A (ambient above 30 °C), boundaries', () => {
  it('≤ 30 °C: 1.00, no credit for a cool ambient', () => {
    expect(csaAmbientFactor('2021', 30, 90).factor).toBe(1);
    expect(csaAmbientFactor('2021', -20, 60).factor).toBe(1);
  });
  it('just above 30 °C takes the 35 °C row; between rows the higher ambient', () => {
    expect(csaAmbientFactor('2021', 30.1, 90)).toEqual({ factor: 0.96, row: 35 });
    expect(csaAmbientFactor('2021', 35, 75)).toEqual({ factor: 0.94, row: 35 });
    expect(csaAmbientFactor('2021', 35.5, 75)).toEqual({ factor: 0.88, row: 40 });
    expect(csaAmbientFactor('2021', 50, 60)).toEqual({ factor: 0.58, row: 50 });
  });
  it('past a column\'s last factor the conductor may not be used: 60 °C above 55 °C, 75 °C above 70 °C, 90 °C above 80 °C', () => {
    expect(csaAmbientFactor('2021', 55, 60).factor).toBe(0.41);
    expect(refusal(() => csaAmbientFactor('2021', 56, 60)).code).toBe('configuration-not-supported');
    expect(csaAmbientFactor('2021', 70, 75).factor).toBe(0.33);
    expect(refusal(() => csaAmbientFactor('2021', 71, 75)).message).toMatch(/75 °C conductor at 71 °C/);
    expect(csaAmbientFactor('2021', 80, 90).factor).toBe(0.41);
    expect(refusal(() => csaAmbientFactor('2021', 80.5, 90)).code).toBe('configuration-not-supported');
  });
  it('property: the factor never rises with the ambient (each column)', () => {
    fc.assert(fc.property(fc.double({ min: -40, max: 80, noNaN: true }), fc.double({ min: 0, max: 40, noNaN: true }), (t, dt) => {
      const f = (x: number) => { try { return csaAmbientFactor('2021', x, 90).factor; } catch { return 0; } };
      expect(f(t + dt)).toBeLessThanOrEqual(f(t));
    }));
  });
});

describe('Table 5C (more than three conductors), boundaries', () => {
  it.each([[1, 1], [3, 1], [4, 0.8], [6, 0.8], [7, 0.7], [24, 0.7], [25, 0.6], [42, 0.6], [43, 0.5], [100, 0.5]])('%i conductors → %f', (n, f) => {
    expect(csaConductorCountFactor('2021', n)).toBe(f);
  });
  it('no conductors, or a fraction: refused', () => {
    expect(refusal(() => csaConductorCountFactor('2021', 0)).code).toBe('configuration-not-supported');
    expect(refusal(() => csaConductorCountFactor('2021', 2.5)).code).toBe('configuration-not-supported');
  });
});

describe('Rule 4-004 with Rule 4-006(1) terminations', () => {
  it('10 AWG Cu RW90, 75 °C terminals, 40 °C, 4 conductors: 40 × 0.91 × 0.80 = 29.12 A (below the 35 A termination limit)', () => {
    const r = csaAllowableAmpacity({ ...base, ambientC: 40, currentCarryingConductors: 4 });
    expect(r).toMatchObject({ table: 'Table 2', baseA: 40, ambientFactor: 0.91, countFactor: 0.8, correctedA: 29.12, terminationLimitA: 35, ampacityA: 29.12 });
    expect(r.steps.join(' ')).toMatch(/Table 5A, 40 °C row.*Table 5C.*Rule 4-006\(1\)/);
  });
  it('8 AWG Cu RW90, 75 °C terminals, 30 °C, 3 conductors: 55 A corrected, limited to the 75 °C column, 50 A', () => {
    expect(csaAllowableAmpacity({ ...base, size: '8' }).ampacityA).toBe(50);
  });
  it('60 °C terminals limit to the 60 °C column even for 90 °C insulation: 10 AWG → 30 A', () => {
    expect(csaAllowableAmpacity({ ...base, terminationC: 60 }).ampacityA).toBe(30);
  });
  it('terminals rated above the insulation: the insulation column governs (75 °C insulation, 90 °C terminals, 10 AWG → 35 A)', () => {
    expect(csaAllowableAmpacity({ ...base, insulationC: 75, terminationC: 90 }).ampacityA).toBe(35);
  });
  it('6 AWG Al RW90, 75 °C terminals, 45 °C, 2 conductors: 55 × 0.87 = 47.85 A (Table 4)', () => {
    const r = csaAllowableAmpacity({ ...base, material: 'aluminum', size: '6', ambientC: 45, currentCarryingConductors: 2 });
    expect(r).toMatchObject({ table: 'Table 4', baseA: 55, correctedA: 47.85, terminationLimitA: 50, ampacityA: 47.85 });
  });
  it('unmarked terminals (Rule 4-006(2)) and aluminium in free air (Table 3) are refused by name', () => {
    expect(refusal(() => csaAllowableAmpacity({ ...base, terminationC: undefined })).message).toMatch(/4-006\(2\), is not implemented/);
    expect(refusal(() => csaAllowableAmpacity({ ...base, material: 'aluminum', installation: 'free-air' })).message).toMatch(/Table 3 \(aluminium single conductors in free air\)/);
  });
  it('Table 1 (free air) with Table 5B: 10 AWG Cu RW90, 75 °C terminals, two conductors touching: 55 × 0.90 = 49.5 A; spaced ≥ 25 %: 55 A, limited to 50 A', () => {
    expect(csaAllowableAmpacity({ ...base, installation: 'free-air', currentCarryingConductors: 2 })).toMatchObject({ table: 'Table 1', baseA: 55, countFactor: 0.9, ampacityA: 49.5 });
    expect(csaAllowableAmpacity({ ...base, installation: 'free-air', currentCarryingConductors: 2, spacedAtLeast25Pct: true }).ampacityA).toBe(50);
  });
  it('2024 refused', () => {
    expect(refusal(() => csaAllowableAmpacity({ ...base, edition: '2024' })).code).toBe('electrical-code-not-supported');
  });
  it('property: the ampacity never rises with the ambient or the number of conductors, and never falls with size', () => {
    const sizes = WIRE_SIZES.filter((s) => s !== '14') as WireSize[];
    fc.assert(fc.property(
      fc.integer({ min: 0, max: sizes.length - 2 }), fc.integer({ min: 10, max: 70 }), fc.integer({ min: 0, max: 10 }), fc.integer({ min: 1, max: 30 }), fc.integer({ min: 0, max: 20 }),
      fc.constantFrom('copper' as const, 'aluminum' as const),
      (si, t, dt, n, dn, material) => {
        const a = (size: WireSize, amb: number, cnt: number) => csaAllowableAmpacity({ ...base, material, size, ambientC: amb, currentCarryingConductors: cnt }).ampacityA;
        expect(a(sizes[si]!, t + dt, n)).toBeLessThanOrEqual(a(sizes[si]!, t, n));
        expect(a(sizes[si]!, t, n + dn)).toBeLessThanOrEqual(a(sizes[si]!, t, n));
        expect(a(sizes[si + 1]!, t, n)).toBeGreaterThanOrEqual(a(sizes[si]!, t, n));
      },
    ));
  });
});

describe('Table 5B (2–4 single conductors in free air, spaced < 25 %), boundaries', () => {
  it.each([[1, 1], [2, 0.9], [3, 0.85], [4, 0.8]])('%i conductors → %f', (n, f) => {
    expect(csaFreeAirGroupFactor('2021', n, false)).toBe(f);
  });
  it('spaced at least 25 %: 1.00 for any number; five or more touching: refused (Table 5D not implemented); 2024 refused', () => {
    expect(csaFreeAirGroupFactor('2021', 6, true)).toBe(1);
    expect(refusal(() => csaFreeAirGroupFactor('2021', 5, false)).message).toMatch(/Table 5B covers 2 to 4/);
    expect(refusal(() => csaFreeAirGroupFactor('2024', 2, false)).code).toBe('electrical-code-not-supported');
  });
});

describe('Rule 8-104 continuous loading', () => {
  it('80 %-rated device (Subrule 6), raceway: min(80 % of 40 A, 80 % of 50 A) = 32 A', () => {
    expect(csaMaxContinuousLoadA({ ampacityA: 50, ocpdA: 40, ocpdContinuousPct: 80, installation: 'raceway-or-cable' })).toEqual({ limitA: 32, conductorPct: 80, subrule: '8-104(6)' });
  });
  it('100 %-rated device (Subrule 5), raceway: min(40 A, 100 % of 50 A) = 40 A; conductors govern when smaller: 100 % of 35 A', () => {
    expect(csaMaxContinuousLoadA({ ampacityA: 50, ocpdA: 40, ocpdContinuousPct: 100, installation: 'raceway-or-cable' }).limitA).toBe(40);
    expect(csaMaxContinuousLoadA({ ampacityA: 35, ocpdA: 40, ocpdContinuousPct: 100, installation: 'raceway-or-cable' }).limitA).toBe(35);
  });
  it('single conductors (free air): 85 % (Subrule 5(b)) and 70 % (Subrule 6(b)) of the ampacity', () => {
    expect(csaMaxContinuousLoadA({ ampacityA: 100, ocpdA: 100, ocpdContinuousPct: 100, installation: 'free-air' }).limitA).toBe(85);
    expect(csaMaxContinuousLoadA({ ampacityA: 100, ocpdA: 100, ocpdContinuousPct: 80, installation: 'free-air' }).limitA).toBe(70);
  });
});

describe('Rule 14-104 (rating of overcurrent devices), 2021', () => {
  // Rule text: 25th-edition transcription of Section 14 ("CEC s.14", 14-104 1) and 2)). Subrule 2): 15/20/30 A
  // for 14/12/10 AWG copper, 15/25 A for 12/10 AWG aluminium; Subrule 1): not above the allowable ampacity,
  // the Table 13 allowance of 1) a) not applied (Table 13 not in a stored source).
  const p = { edition: '2021' as const, material: 'copper' as const };
  it.each([
    // size, metal, ampacity, device, protects, max, subrule — derived from the two subrules above
    ['14', 'copper', 25, 15, true, 15, '14-104(2)'],
    ['14', 'copper', 25, 20, false, 15, '14-104(2)'],
    ['12', 'copper', 30, 20, true, 20, '14-104(2)'],
    ['12', 'copper', 30, 25, false, 20, '14-104(2)'],
    ['10', 'copper', 40, 30, true, 30, '14-104(2)'],
    ['10', 'copper', 40, 35, false, 30, '14-104(2)'],
    ['12', 'aluminum', 25, 15, true, 15, '14-104(2)'],
    ['12', 'aluminum', 25, 20, false, 15, '14-104(2)'],
    ['10', 'aluminum', 35, 25, true, 25, '14-104(2)'],
    ['10', 'aluminum', 35, 30, false, 25, '14-104(2)'],
  ] as const)('Subrule 2): %s AWG %s (ampacity %i A), %i A device → protects %s, at most %i A (%s)', (size, material, ampacityA, ocpdA, protects, max, subrule) => {
    expect(csaOvercurrentProtects({ ...p, material, size, ampacityA, ocpdA })).toMatchObject({ protects, maxOcpdA: max, subrule });
  });
  it('Subrule 2) is a ceiling, not a floor: 10 AWG Cu corrected to 24 A is held to 24 A by Subrule 1) (a 25 A device fails, 20 A passes)', () => {
    expect(csaOvercurrentProtects({ ...p, size: '10', ampacityA: 24, ocpdA: 25 })).toMatchObject({ protects: false, maxOcpdA: 24, subrule: '14-104(1)', smallConductorLimitA: 30 });
    expect(csaOvercurrentProtects({ ...p, size: '10', ampacityA: 24, ocpdA: 20 }).protects).toBe(true);
  });
  it('Subrule 1) at the boundary, 8 AWG (no Subrule 2) value): 50 A ampacity carries a 50 A device, not a 60 A one — no next-higher rating from Table 13', () => {
    expect(csaOvercurrentProtects({ ...p, size: '8', ampacityA: 50, ocpdA: 50 })).toMatchObject({ protects: true, subrule: '14-104(1)', smallConductorLimitA: null });
    const r = csaOvercurrentProtects({ ...p, size: '8', ampacityA: 50, ocpdA: 60 });
    expect(r.protects).toBe(false);
    expect(r.step).toMatch(/Table 13 allowance of 14-104\(1\)\(a\) is not applied/);
  });
  it('2024 (26th ed.): refused naming Rule 14-104; a non-positive rating is refused', () => {
    expect(refusal(() => csaOvercurrentProtects({ ...p, edition: '2024', size: '10', ampacityA: 40, ocpdA: 30 })).message).toMatch(/CSA C22.1-2024.*Rule 14-104/);
    expect(refusal(() => csaOvercurrentProtects({ ...p, size: '10', ampacityA: 40, ocpdA: 0 })).code).toBe('configuration-not-supported');
  });
  it('property: a device the rule accepts never exceeds the ampacity, and a smaller device is accepted too (monotonic)', () => {
    fc.assert(fc.property(
      fc.constantFrom(...(['14', '12', '10', '8', '6', '4', '1/0'] as const)), fc.constantFrom('copper' as const, 'aluminum' as const),
      fc.double({ min: 1, max: 300, noNaN: true }), fc.double({ min: 1, max: 300, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }),
      (size, material, ampacityA, ocpdA, k) => {
        const r = csaOvercurrentProtects({ edition: '2021', material, size, ampacityA, ocpdA });
        if (r.protects) {
          expect(ocpdA).toBeLessThanOrEqual(ampacityA);
          const smaller = Math.max(0.01, ocpdA * k);
          expect(csaOvercurrentProtects({ edition: '2021', material, size, ampacityA, ocpdA: smaller }).protects).toBe(true);
        }
      },
    ));
  });
});

describe('what stays refused for a CSA C22.1 job names its reason and source', () => {
  it('each Section 64 part is listed with the rule it would need, and none is given a number the sources do not confirm', () => {
    const text = CSA_C22_1_NOT_IMPLEMENTED.join(' | ');
    for (const rule of [/Rule 64-202/, /Rule 64-112/, /Rule 64-218/, /Section 64 and Section 84 warning signs/]) expect(text).toMatch(rule);
    expect(text).toMatch(/ebmag\.com/);
    expect(text).toMatch(/hespv\.ca/);
  });
});

describe('conductor selection (Rules 4-004, 4-006, 8-104, 14-104)', () => {
  const sel = { edition: '2021' as const, material: 'copper' as const, insulationC: 90 as const, terminationC: 75 as const, ambientC: 30, currentCarryingConductors: 3, installation: 'raceway-or-cable' as const, ocpdContinuousPct: 80 as const };
  it('a 24 A inverter output on a 30 A 80 %-rated breaker: 12 AWG (25 A < 30 A device) is passed over, 10 AWG (35 A; 80 % = 28 A ≥ 24 A), 5.26 mm²', () => {
    const c = csaSelectConductor({ ...sel, continuousLoadA: 24, ocpdA: 30 });
    expect(c).toMatchObject({ size: '10', ampacityA: 35, continuousLimitA: 24, rule: '8-104(6)', areaMm2: 5.26, label: '10 AWG (5.26 mm²)' });
  });
  it('boundary: 28 A on a 35 A breaker — 10 AWG is protected above its 30 A small-conductor value, so 8 AWG (50 A, 8.37 mm²)', () => {
    expect(csaSelectConductor({ ...sel, continuousLoadA: 28, ocpdA: 35 })).toMatchObject({ size: '8', areaMm2: 8.37 });
  });
  it('boundary: 16 A on a 20 A breaker fits 12 AWG exactly (25 A × 80 % = 20 A ≥ 16 A; 20 A device ≤ 20 A, Rule 14-104(2)); 14 AWG is limited to 15 A', () => {
    const c = csaSelectConductor({ ...sel, continuousLoadA: 16, ocpdA: 20 });
    expect(c.size).toBe('12');
    expect(c.protection).toMatchObject({ protects: true, maxOcpdA: 20, subrule: '14-104(2)' });
    expect(c.steps.at(-1)).toMatch(/20 A device ≤ 20 A: 12 AWG copper may not be protected above 20 A \(Rule 14-104\(2\)\)/);
  });
  it('aluminium: 20 A on a 25 A breaker — 12 AWG Al (25 A at 90 °C, 20 A at 75 °C terminals) fails 14-104(2) (15 A), 10 AWG Al (30 A; 25 A ≤ 25 A) is chosen', () => {
    expect(csaSelectConductor({ ...sel, material: 'aluminum', continuousLoadA: 20, ocpdA: 25 })).toMatchObject({ size: '10', ampacityA: 30, protection: { maxOcpdA: 25, subrule: '14-104(2)' } });
  });
  it('boundary at 80 % of the conductor: 40 A on a 50 A breaker at 40 °C, 4 conductors — 8 AWG 55 × 0.91 × 0.8 = 40.04 A < 50 A device, so 6 AWG (75 × 0.728 = 54.6 A)', () => {
    const c = csaSelectConductor({ ...sel, ambientC: 40, currentCarryingConductors: 4, continuousLoadA: 40, ocpdA: 50 });
    expect(c).toMatchObject({ size: '6', correctedA: 54.6, ampacityA: 54.6 });
  });
  it('free air, 100 %-rated 30 A device (Subrule 5(b), 85 %): 10 AWG Cu RW90, 60 °C terminals, 55 °C, four touching: 55 × 0.76 × 0.80 = 33.44 A, 85 % = 28.42 A — carries 28 A, not 28.5 A (then 8 AWG)', () => {
    const fa = { ...sel, installation: 'free-air' as const, terminationC: 60 as const, ambientC: 55, currentCarryingConductors: 4, ocpdContinuousPct: 100 as const, ocpdA: 30 };
    expect(csaSelectConductor({ ...fa, continuousLoadA: 28 })).toMatchObject({ size: '10', table: 'Table 1', ampacityA: 33.44, continuousLimitA: 28.42, rule: '8-104(5)' });
    expect(csaSelectConductor({ ...fa, continuousLoadA: 28.5 }).size).toBe('8');
  });
  it('a load above 80 % of the device is refused naming Rule 8-104(6)', () => {
    expect(refusal(() => csaSelectConductor({ ...sel, continuousLoadA: 24.5, ocpdA: 30 })).message).toMatch(/8-104\(6\).*24.5 A exceeds 80 % of the 30 A/);
  });
  it('property: a larger continuous load never selects a smaller conductor', () => {
    // The device is sized at 125 % of the load (the 80 % device's own limit), so it rises with the load too.
    fc.assert(fc.property(fc.double({ min: 1, max: 250, noNaN: true }), fc.double({ min: 0, max: 50, noNaN: true }), (load, d) => {
      const pick = (l: number) => WIRE_SIZES.indexOf(csaSelectConductor({ ...sel, continuousLoadA: l, ocpdA: l * 1.25 + 0.01 }).size);
      expect(pick(load + d)).toBeGreaterThanOrEqual(pick(load));
    }));
  });
});

describe('metric cross-sections (from the AWG definition)', () => {
  it.each([['14', 2.08], ['12', 3.31], ['10', 5.26], ['8', 8.37], ['6', 13.3], ['1/0', 53.48], ['4/0', 107.22], ['250', 126.68]] as const)('%s → %f mm²', (s, mm2) => {
    expect(awgAreaMm2(s)).toBeCloseTo(mm2, 1);
  });
});
