// Issue 26, item 4: ASCE 7-22 wind on rooftop solar (§29.4.4 with 7-22's own Figures 30.3-2A–G, Kd in
// the pressure equation, γE on uplift only) and snow (Chapter 7 as revised: no Is, Ct from Tables
// 7.3-2/7.3-3, pm,max of Table 7.3-4, 0.7 S in the ASD combinations). Vectors worked by hand.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { calculateDesign } from '../design.calc.ts';
import { EngineRefusalError } from '../engine-refusal.ts';
import type { Report } from '../report.schema.ts';
import { panelPressure, velocityPressure } from './wind.calc.ts';
import { flatRoofSnow, slopedRoofSnow } from './snow.calc.ts';
import { groundMountSection } from './ground-mount.calc.ts';

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
/** Example 1 (V 115 mph, C, h 20 ft, pg 30 psf, 22° gable) under ASCE 7-22 with a heated roof's Ct entered. */
function ex1in722(site: object = {}, arrays?: object[]): any {
  const base = load('string-inverter-load-side');
  return { ...base, site: { ...base.site, codes: { ...base.site.codes, asce: '7-22' }, thermalFactorCt: 1.1, ...site }, ...(arrays ? { arrays } : {}) };
}

describe('7-22 velocity pressure: Kz from Table 26.11-1, no Kd in qh (Eq. 26.10-1)', () => {
  it('V 115 mph, exposure C, h 20 ft: Kz = 2.41 (20/2460)^(2/9.8) = 0.90262; qh = 0.00256 × 0.90262 × 115² = 30.559 psf', () => {
    const q = velocityPressure('7-22', 'C', 20, 115, 1);
    expect(q.kz).toBeCloseTo(0.90262, 5);
    expect(q.qhPsf).toBeCloseTo(30.559, 3);
    expect(q.pressureKd).toBe(0.85);
  });
  it('exposure B at 30 ft: 2.41 (30/3280)^(2/7.5) = 0.6892 (7-16: 0.7006)', () => {
    expect(velocityPressure('7-22', 'B', 30, 100, 1).kz).toBeCloseTo(0.6892, 4);
  });
});

describe('7-22 §29.4.4: p = qh Kd (GCp)(γE)(γa) with 7-22 Figures 30.3-2A–G at 10 ft²', () => {
  const qh = 30.559; // from the vector above
  it('gable 22° (Figure 30.3-2C), zone 2 −2.5, exposed: 30.559 × 0.85 × 2.5 × 1.5 × 0.8 = 77.925 psf; downward 30.559 × 0.85 × 0.6 × 1.0 × 0.8 = 12.47 → 16 psf', () => {
    const p = panelPressure('7-22', qh, 22, '2', true, 12.3, 'gable', 0.85);
    expect(p).toMatchObject({ figure: 'Figure 30.3-2C', gcpUplift: -2.5, gcpDownward: 0.6, gammaE: 1.5, gammaEDownward: 1, gammaA: 0.8, kd: 0.85, downwardPsf: 16 });
    expect(p.upliftPsf).toBeCloseTo(77.925, 2);
  });
  it('the 7-16 sub-zones read 7-22\'s three zones: 2e, 2n, 2r → zone 2; 3e, 3r → zone 3 (−3.0 at 22°: 93.51 psf)', () => {
    for (const z of ['2e', '2n', '2r'] as const) expect(panelPressure('7-22', qh, 22, z, true, 10, 'gable', 0.85).gcpUplift).toBe(-2.5);
    expect(panelPressure('7-22', qh, 22, '3r', true, 10, 'gable', 0.85).upliftPsf).toBeCloseTo(30.559 * 0.85 * 3.0 * 1.2, 6);
  });
  it('slope bands: zone 3 is −3.6 at 20° (Figure 30.3-2B) and −3.0 at 20.01° (30.3-2C); −2.5 from 27.01° (30.3-2D); 1\' and −3.2 at 7° (30.3-2A)', () => {
    const g = (slope: number, zone: '1\'' | '3') => panelPressure('7-22', qh, slope, zone, true, 10, 'gable', 0.85);
    expect(g(20, '3')).toMatchObject({ figure: 'Figure 30.3-2B', gcpUplift: -3.6 });
    expect(g(20.01, '3')).toMatchObject({ figure: 'Figure 30.3-2C', gcpUplift: -3 });
    expect(g(27.01, '3')).toMatchObject({ figure: 'Figure 30.3-2D', gcpUplift: -2.5, gcpDownward: 0.9 });
    expect(g(7, '3')).toMatchObject({ figure: 'Figure 30.3-2A', gcpUplift: -3.2, gcpDownward: 0.3 });
    expect(g(7, '1\'').gcpUplift).toBe(-0.9);
    expect(g(10, '1\'').gcpUplift).toBe(-2); // 1' exists only up to 7°: zone 1 beyond
  });
  it('hip roofs read 7-22\'s hip figures: 22° zone 2 −2.0 (30.3-2F), downward +0.7; 36° zone 3 interpolated halfway from −2.0 (27°) to −2.4 (45°) = −2.2', () => {
    const h22 = panelPressure('7-22', qh, 22, '2', true, 10, 'hip', 0.85);
    expect(h22).toMatchObject({ figure: 'Figure 30.3-2F', gcpUplift: -2, gcpDownward: 0.7 });
    expect(h22.upliftPsf).toBeCloseTo(30.559 * 0.85 * 2.0 * 1.2, 6);
    const h36 = panelPressure('7-22', qh, 36, '3', true, 10, 'hip', 0.85);
    expect(h36.gcpUplift).toBeCloseTo(-2.2, 10);
    expect(h36.figure).toBe('Figures 30.3-2F and 30.3-2G (interpolated by slope)');
    expect(panelPressure('7-22', qh, 45, '3', true, 10, 'hip', 0.85)).toMatchObject({ figure: 'Figure 30.3-2G', gcpUplift: -2.4 });
  });
  it('the 16 psf minimum on downward pressure, gable 7°–20° (+0.6): 0.85 × 0.6 × 0.8 = 0.408 qh: qh 39.2 → 15.99 → 16; qh 39.3 → 16.034', () => {
    expect(panelPressure('7-22', 39.2, 15, '1', true, 10, 'gable', 0.85).downwardPsf).toBe(16);
    expect(panelPressure('7-22', 39.3, 15, '1', true, 10, 'gable', 0.85).downwardPsf).toBeCloseTo(16.0344, 4);
  });
  it('property: uplift grows with qh and exposed panels never see less uplift than non-exposed ones, on both roof shapes', () => {
    fc.assert(fc.property(fc.double({ min: 5, max: 90, noNaN: true }), fc.double({ min: 0, max: 30, noNaN: true }), fc.double({ min: 0, max: 45, noNaN: true }), fc.constantFrom('gable' as const, 'hip' as const), fc.constantFrom('1' as const, '2' as const, '3' as const), (q, dq, slope, shape, zone) => {
      const a = panelPressure('7-22', q, slope, zone, true, 10, shape, 0.85);
      const b = panelPressure('7-22', q + dq, slope, zone, true, 10, shape, 0.85);
      const n = panelPressure('7-22', q, slope, zone, false, 10, shape, 0.85);
      return b.upliftPsf >= a.upliftPsf - 1e-9 && a.upliftPsf >= n.upliftPsf - 1e-9 && a.downwardPsf === n.downwardPsf;
    }));
  });
});

describe('7-22 through the engine (example 1 under 7-22)', () => {
  it('7-22 is calculated, not refused: qh without Kd; the panels\' pressure with Kd; the Kz, Figure and Kd are printed', () => {
    const r = calculateDesign(ex1in722());
    expect(r.codes.asce).toBe('ASCE 7-22');
    const q = checkOf(r, 'structural.wind.qh');
    expect(q).toMatchObject({ value: 30.559, formula: 'qh = 0.00256 · Kz · Kzt · Ke · V²', ref: { edition: '7-22', section: '§26.10, Eq. 26.10-1, Tables 26.10-1, 26.11-1, 26.9-1' } });
    expect(q.inputs.some((i) => i.name === 'Kd')).toBe(false);
    const up = checkOf(r, 'structural.array.A1.wind-uplift');
    // Full precision: qh = 30.5593 psf → 30.5593 × 0.85 × 2.5 × 1.5 × 0.8 = 77.926 psf.
    expect(up).toMatchObject({ value: 77.926, formula: 'p = max(qh·Kd·|GCp|·γE·γa, p_min)', ref: { section: '§29.4.4, Eq. 29.4-7, Figure 30.3-2C, Figure 29.4-8; Table 26.6-1 (Kd)' } });
    expect(up.inputs).toContainEqual({ name: 'Kd', value: 0.85 });
  });
  it('snow: pf = 0.7 × 1.0 × 1.1 × 30 = 23.1 psf (no Is, Ct entered); slippery panels at 22° with Ct 1.1: Cs = 1 − 12/60 = 0.8 → 18.48 psf; rails carry 0.7 S = 12.936 psf', () => {
    const r = calculateDesign(ex1in722({ riskCategory: 'IV' }));
    expect(checkOf(r, 'structural.array.A1.snow-flat')).toMatchObject({ value: 23.1, formula: 'pf = 0.7 · Ce · Ct · pg', ref: { section: '§7.3, Eq. 7.3-1, Table 7.3-1, Table 7.3-3' } });
    expect(checkOf(r, 'structural.array.A1.snow-flat').inputs).toContainEqual({ name: 'Ct (entered, Table 7.3-3)', value: 1.1 });
    expect(checkOf(r, 'structural.array.A1.snow-panels').value).toBe(18.48);
    const rail = checkOf(r, 'structural.array.A1.rail-span');
    // tributary width 74 / 2 / 12 = 3.0833 ft: 0.7 × 18.48 × 3.0833 = 39.886 plf.
    expect(rail.inputs).toContainEqual({ name: 'S (0.7 ps, ASCE 7-22 §2.4.1)', value: 39.886, unit: 'plf' });
  });
  it('a heated roof under 7-22 needs its Ct (Table 7.3-3); a cold, ventilated roof reads 1.2 from Table 7.3-2', () => {
    expect(refusal(ex1in722({ thermalFactorCt: undefined }))).toMatchObject({ code: 'inputs-missing', missing: ['site.thermalFactorCt'] });
    const vent = calculateDesign(ex1in722({ thermalFactorCt: undefined, thermalCondition: 'cold-ventilated' }));
    expect(checkOf(vent, 'structural.array.A1.snow-flat')).toMatchObject({ value: 25.2 }); // 0.7 × 1.0 × 1.2 × 30
  });
  it('below 15° the minimum snow load needs pm,max (Table 7.3-4): refused without it; with 20 psf, pm = min(pg, 20)', () => {
    const base = load('string-inverter-load-side');
    const flat10 = [{ ...base.arrays[0], roofPitchDeg: 10 }];
    expect(refusal(ex1in722({}, flat10))).toMatchObject({ code: 'inputs-missing', missing: ['site.minimumSnowLoadMaxPsf'] });
    const f = flatRoofSnow('7-22', 30, 'C', 'fully-exposed', 'heated', 'II', { thermalFactorCt: 1.0, minimumSnowLoadMaxPsf: 20 });
    // pf = 0.7 × 0.9 × 1.0 × 30 = 18.9 < pm = 20 → pm governs at 10°.
    expect(f.pfPsf).toBeCloseTo(18.9, 10);
    expect(slopedRoofSnow(f, 10, true, false)).toMatchObject({ psPsf: 20, minimumApplied: true });
    // pg 15 ≤ pm,max: pm = pg = 15 > pf 9.45.
    expect(slopedRoofSnow(flatRoofSnow('7-22', 15, 'C', 'fully-exposed', 'heated', 'II', { thermalFactorCt: 1.0, minimumSnowLoadMaxPsf: 20 }), 10, true, false).psPsf).toBe(15);
  });
  it('7-22-only inputs are refused under another edition (they would be ignored)', () => {
    const base = load('string-inverter-load-side');
    expect(refusal({ ...base, site: { ...base.site, thermalFactorCt: 1.1 } }).code).toBe('configuration-not-supported');
  });
});

describe('7-22 ground mount (Eq. 27.3-2: p = qh Kd G CN; 0.7 S in ASD)', () => {
  it('V 115 mph, C, h 8 ft → Kz at 15 ft 0.8512; qh = 0.00256 × 0.8512 × 115² = 28.818; CN at 20° (2/3 of 15° → 22.5°) = 1.9 + 0.5 · 2/3 = 2.2333; uplift 28.818 × 0.85 × 0.85 × 2.2333 psf', () => {
    const s = groundMountSection({ edition: '7-22', windSpeedMph: 115, exposure: 'C', groundSnowLoadPsf: 30, riskCategory: 'II', unreducedSnowLoad: false, racking: 'R', foundation: 'F', tiltDeg: 20, meanHeightFt: 8, arrayDepthFt: 10, postSpacingFt: 10, postsPerColumn: 2, deadLoadPsf: 3, allowableUpliftLb: 5000, allowableCompressionLb: 5000, allowableLateralLb: 5000 });
    const up = s.checks.find((c) => c.id === 'structural.ground-mount.wind-uplift')!;
    expect(up).toMatchObject({ formula: 'p = qh · Kd · G · CN' });
    expect(up.value).toBeCloseTo(28.818 * 0.85 * 0.85 * (1.9 + 0.5 * 2 / 3), 2);
    expect(s.checks.find((c) => c.id === 'structural.ground-mount.cn')!.ref.section).toMatch(/^Figure 27\.3-4 /);
    expect(s.checks.find((c) => c.id === 'structural.ground-mount.post-compression')!.inputs).toContainEqual(expect.objectContaining({ name: 'S (0.7 ps, ASCE 7-22 ASD)' }));
  });
});
