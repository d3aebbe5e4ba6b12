// Issue 26, item 6: aluminium conductors — Table 310.16 aluminium columns, 240.4(D)(5)/(6), Table
// 250.122 aluminium column, Chapter 9 Table 8 aluminium resistance for voltage drop, terminations
// identified for aluminium (110.14), the 705.11(B) aluminium minimum. Vectors worked by hand.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { calculateDesign } from '../design.calc.ts';
import { EngineRefusalError } from '../engine-refusal.ts';
import type { Report } from '../report.schema.ts';
import { WIRE_SIZES } from '../tables/wire-sizes.table.ts';

const EDITIONS = ['2017', '2020', '2023'] as const;
function load(name: string): any {
  return JSON.parse(readFileSync(fileURLToPath(new URL(`../../examples/${name}.input.json`, import.meta.url)), 'utf8'));
}
function checkOf(r: Report, id: string) {
  const c = r.sections.flatMap((s) => s.checks).find((x) => x.id === id);
  if (!c) throw new Error(`no check ${id}`);
  return c;
}
/** Example 1 at 30 °C (no correction) with one exterior inverter-output run R2 (2 CCC + N in EMT). */
function inverterRun(amps: number, over: { material?: 'copper' | 'aluminum'; lengthFt?: number; nec?: string; run?: object } = {}): any {
  const base = load('string-inverter-load-side');
  return {
    ...base,
    site: { ...base.site, highAmbientTempC: 30, codes: { ...base.site.codes, nec: over.nec ?? '2020' } },
    equipment: { ...base.equipment, inverter: { ...base.equipment.inverter, continuousOutputCurrentA: amps, maxOcpdA: 60 } },
    service: { ...base.service, busbarA: 225 },
    runs: [{ id: 'R2', from: 'Inverter', to: 'Main service panel', lengthFt: over.lengthFt ?? 10, location: 'exterior', material: over.material ?? 'aluminum', terminalsIdentifiedForAluminum: true, carries: { kind: 'inverter-output' }, ...over.run }],
  };
}
const row = (r: Report) => r.conductorSchedule[0];

describe('Table 310.16 aluminium columns and the 75 °C terminal check (110.14(C))', () => {
  // 8 AWG aluminium: 75 °C 40 A, 90 °C 45 A. 32 A → 1.25 × 32 = 40 A ≤ 40 A and OCPD 40 A ≤ min(45, 40) → 8 AWG AL.
  // 32.01 A → 40.0125 A > 40 A → 6 AWG AL (75 °C 50 A). Copper 8 AWG (75 °C 50 A) carries both.
  it.each(EDITIONS)('NEC %s: 32 A fits 8 AWG aluminium; 32.01 A needs 6 AWG aluminium; copper stays 8 AWG', (nec) => {
    expect(row(calculateDesign(inverterRun(32, { nec })))).toMatchObject({ conductorSize: '8 AWG', conductorType: 'THWN-2 (AL)', material: 'aluminum', ocpdA: 40 });
    expect(row(calculateDesign(inverterRun(32.01, { nec })))).toMatchObject({ conductorSize: '6 AWG', ocpdA: 45 });
    expect(row(calculateDesign(inverterRun(32.01, { nec, material: 'copper' })))).toMatchObject({ conductorSize: '8 AWG', conductorType: 'THWN-2', material: 'copper' });
    const amp = checkOf(calculateDesign(inverterRun(32, { nec })), 'electrical.run.R2.ampacity-continuous');
    expect(amp.inputs).toContainEqual({ name: `${nec === '2017' ? 'Table 310.15(B)(16)' : 'Table 310.16'} 75 °C (aluminum)`, value: 40, unit: 'A' });
  });
  it('240.4(D)(6): 10 AWG aluminium is protected at 25 A at most — 20 A (OCPD 25 A) keeps 10 AWG AL, 20.01 A (OCPD 30 A) needs 8 AWG AL; copper 10 AWG takes 30 A', () => {
    expect(row(calculateDesign(inverterRun(20)))).toMatchObject({ conductorSize: '10 AWG', ocpdA: 25 });
    expect(row(calculateDesign(inverterRun(20.01)))).toMatchObject({ conductorSize: '8 AWG', ocpdA: 30 });
    expect(row(calculateDesign(inverterRun(20.01, { material: 'copper' })))).toMatchObject({ conductorSize: '10 AWG', ocpdA: 30 });
  });
  it('240.4(D)(5): 12 AWG aluminium at most 15 A — 12 A (OCPD 15 A) keeps 12 AWG AL, 12.01 A (OCPD 20 A) needs 10 AWG AL', () => {
    // 12 AWG AL: 75 °C 20 A ≥ 15 A; 1.25 × 12.01 = 15.0125 → 20 A > 15 A (240.4(D)(5)).
    expect(row(calculateDesign(inverterRun(12)))).toMatchObject({ conductorSize: '12 AWG', ocpdA: 15 });
    expect(row(calculateDesign(inverterRun(12.01)))).toMatchObject({ conductorSize: '10 AWG', ocpdA: 20 });
  });
});

describe('Table 250.122 aluminium column and Chapter 9 Table 8 aluminium resistance', () => {
  // 33 A → OCPD 1.25 × 33 = 41.25 → 45 A; 8 AWG AL 75 °C 40 < 41.25 → 6 AWG AL (50 A).
  // VD with 6 AWG AL stranded 0.808 Ω/kft: 2 × L × 33 × 0.808 / 1000 / 240 × 100 = 0.02222 × L %.
  // L = 135 ft: 7.1993 V = 2.9997 % ≤ 3 %; L = 136 ft: 7.2526 V = 3.0219 % → 4 AWG AL (0.508: 4.5599 V = 1.900 %).
  // EGC: 45 A → Table 250.122 aluminium ≤ 60 A → 8 AWG AL; upsized 6 → 4 AWG AL (41 740 / 26 240 = 1.5907):
  // 16 510 × 1.5907 = 26 263 cmil → 6 AWG AL (26 240, within the 0.5 % rounding of Table 8) (250.122(B)).
  it.each(EDITIONS)('NEC %s: 135 ft keeps 6 AWG AL (2.9997 %%); 136 ft goes to 4 AWG AL (1.900 %%) and the EGC grows from 8 to 6 AWG AL', (nec) => {
    const at135 = calculateDesign(inverterRun(33, { nec, lengthFt: 135 }));
    const at136 = calculateDesign(inverterRun(33, { nec, lengthFt: 136 }));
    expect(row(at135)).toMatchObject({ conductorSize: '6 AWG', egcSize: '8 AWG', voltageDropPct: 3 });
    expect(checkOf(at135, 'electrical.run.R2.voltage-drop').inputs).toContainEqual({ name: 'R_75°C (Chapter 9 Table 8, aluminum, stranded)', value: 0.808, unit: 'Ω/kft' });
    expect(checkOf(at135, 'electrical.run.R2.voltage-drop').value).toBe(3);
    expect(row(at136)).toMatchObject({ conductorSize: '4 AWG', egcSize: '6 AWG', voltageDropPct: 1.9 });
    expect(checkOf(at136, 'electrical.run.R2.egc').formula).toBe('Table 250.122, increased by the circular-mil ratio of the upsized conductors (aluminum column)');
  });
  it('the copper run of the same 33 A over 136 ft stays 8 AWG copper (0.778: 2.9 %) with a 10 AWG copper EGC', () => {
    expect(row(calculateDesign(inverterRun(33, { lengthFt: 136, material: 'copper' })))).toMatchObject({ conductorSize: '8 AWG', egcSize: '10 AWG' });
  });
});

describe('terminations, supply-side minimum, refusals', () => {
  it('110.14: aluminium needs terminations identified for it — not stated fails with a remedy; stated passes', () => {
    const notStated = calculateDesign(inverterRun(32, { run: { terminalsIdentifiedForAluminum: undefined } }));
    expect(checkOf(notStated, 'electrical.run.R2.terminals-aluminum')).toMatchObject({ value: 'not stated', pass: false, ref: { section: '110.14' } });
    expect(checkOf(calculateDesign(inverterRun(32)), 'electrical.run.R2.terminals-aluminum')).toMatchObject({ value: 'yes', pass: true });
    expect(calculateDesign(inverterRun(32, { material: 'copper' })).sections.flatMap((s) => s.checks).some((c) => c.id.endsWith('terminals-aluminum'))).toBe(false);
  });
  it.each(EDITIONS)('NEC %s: supply-side tap conductors — 2020/2023 at least 4 AWG aluminium (6 AWG copper); 2017 the 6 AWG aluminium grounded conductor of Table 250.102(C)(1)', (nec) => {
    const base = load('battery-supply-side');
    const r = calculateDesign({ ...base, site: { ...base.site, codes: { ...base.site.codes, nec } }, runs: [{ id: 'R5', from: 'Fused AC disconnect', to: 'Service tap', lengthFt: 6, location: 'exterior', material: 'aluminum', terminalsIdentifiedForAluminum: true, carries: { kind: 'supply-side-tap' } }] });
    // 56 A of sources: 1.25 × 56 = 70 A; 4 AWG AL carries 65 A at 75 °C (< 70 A) → 3 AWG AL (75 A): above the minimum.
    expect(row(r).conductorSize).toBe('3 AWG');
    const small = calculateDesign({ ...base, site: { ...base.site, codes: { ...base.site.codes, nec } }, equipment: { ...base.equipment, battery: undefined }, runs: [{ id: 'R5', from: 'Fused AC disconnect', to: 'Service tap', lengthFt: 6, location: 'exterior', material: 'aluminum', terminalsIdentifiedForAluminum: true, carries: { kind: 'supply-side-tap' } }] });
    // 32 A → 40 A → 8 AWG AL by ampacity; 705.11(B) raises it to 4 AWG AL from 2020; in 2017 the neutral
    // run with the tap is at least 6 AWG AL (Table 250.102(C)(1)) and the run carries one size (issue 25).
    expect(row(small).conductorSize).toBe(nec === '2017' ? '6 AWG' : '4 AWG');
    expect(checkOf(small, 'electrical.run.R5.minimum-size')).toMatchObject({ formula: nec === '2017' ? 'not smaller than 6 AWG aluminium, the grounded conductor run with the tap (Table 250.102(C)(1))' : 'not smaller than 4 AWG aluminium (705.11(B))', pass: true });
  });
  it('aluminium in free air is refused (Table 310.17 aluminium not implemented); a misspelt material is refused by the schema', () => {
    const e = (() => { try { calculateDesign(inverterRun(32, { run: { location: 'free-air' } })); } catch (x) { return x; } return null; })();
    expect(e).toBeInstanceOf(EngineRefusalError);
    expect((e as EngineRefusalError).code).toBe('configuration-not-supported');
    expect(() => calculateDesign(inverterRun(32, { run: { material: 'aluminium' } }))).toThrow(/material/);
  });
  it('property: for the same circuit an aluminium conductor is never smaller than the copper one', () => {
    fc.assert(fc.property(fc.double({ min: 5, max: 150, noNaN: true }), fc.integer({ min: 5, max: 300 }), (amps, lengthFt) => {
      const al = row(calculateDesign(inverterRun(amps, { lengthFt })));
      const cu = row(calculateDesign(inverterRun(amps, { lengthFt, material: 'copper' })));
      const idx = (s: string) => WIRE_SIZES.indexOf(s.split(' ')[0] as (typeof WIRE_SIZES)[number]);
      return idx(al.conductorSize) >= idx(cu.conductorSize);
    }), { numRuns: 60 });
  });
});
