import { describe, it, expect } from 'vitest';
import { ASCE7_16_TABLE_26_10_1, kzFromFormula, kzFor, groundElevationFactor } from './asce7-kz.table.ts';
import { ASCE7_16_GCP, ASCE7_10_GCP, figureForSlope, gammaA, upliftGcp, gcpAt, minimumCcPressurePsf } from './asce7-gcp.table.ts';
import { SNOW_CE, SNOW_CT, SNOW_IS, slopeFactorCs, snowImportance } from './asce7-snow.table.ts';
import { NDS_SPECIFIC_GRAVITY, lagWithdrawalPerInch } from './nds-withdrawal.table.ts';
import { MONOSLOPE_FREE_ROOF_CN, freeRoofCoefficients } from './asce7-free-roof.table.ts';

describe('ASCE 7-16 Table 26.10-1 Kz (h ≤ 60 ft)', () => {
  it.each(ASCE7_16_TABLE_26_10_1.flatMap((r) => (['B', 'C', 'D'] as const).map((e) => [r.zFt, e, r[e]] as const)))(
    'Table 26.10-1: z = %i ft, exposure %s → Kz = %f (the note\'s power law, which the engine uses, within the table\'s two-decimal rounding)', (z, e, kz) => {
      expect(Math.abs(kzFromFormula('7-16', e, z) - kz)).toBeLessThanOrEqual(0.007);
    },
  );
  it('Table 26.10-1 note: below 15 ft Kz is taken at 15 ft (exposure C 0.85)', () => {
    expect(kzFromFormula('7-16', 'C', 10)).toBeCloseTo(kzFromFormula('7-16', 'C', 15), 12);
  });
  it('ASCE 7-10 Table 30.3-1 Case 1: exposure B components and cladding use 0.70 up to 30 ft', () => {
    expect(kzFromFormula('7-10', 'B', 15)).toBeCloseTo(0.7, 2);
    expect(kzFromFormula('7-10', 'C', 15)).toBeCloseTo(0.85, 2);
  });
  it('ASCE 7-22 Table 26.11-1 constants (α 7.5/9.8/11.5, zg 3280/2460/1935 ft, 2.41): B, C, D at 15 ft ≈ 0.57, 0.85, 1.03 like 7-16', () => {
    // 2.41 (15/3280)^(2/7.5) = 0.5729; 2.41 (15/2460)^(2/9.8) = 0.8512; 2.41 (15/1935)^(2/11.5) = 1.0350.
    expect(kzFromFormula('7-22', 'B', 15)).toBeCloseTo(0.5729, 4);
    expect(kzFromFormula('7-22', 'C', 15)).toBeCloseTo(0.8512, 4);
    expect(kzFromFormula('7-22', 'D', 15)).toBeCloseTo(1.0350, 4);
    // The engine uses 7-22's own law: exposure B at 60 ft is 2.41 (60/3280)^(0.26667) = 0.8291, below 7-16's 0.85.
    expect(kzFor('7-22', 'B', 60)).toBeCloseTo(0.8291, 4);
  });
  it('Table 26.9-1 note 2: Ke = e^(−0.0000362 zg): 1000 ft → 0.964; 7-10 has no Ke', () => {
    expect(groundElevationFactor('7-16', 1000)).toBeCloseTo(0.9644, 4);
    expect(groundElevationFactor('7-10', 5000)).toBe(1);
    expect(groundElevationFactor('7-16', undefined)).toBe(1);
  });
});

describe('ASCE 7-16 Figures 30.3-2A–D GCp at 10 ft² (gable, h ≤ 60 ft)', () => {
  const at10 = (slope: number, zone: Parameters<typeof upliftGcp>[1]) => upliftGcp(figureForSlope('7-16', slope), zone, 10);
  it('Figure 30.3-2A (θ ≤ 7°): zone 1′ −0.9, 1 −1.7, 2 −2.3, 3 −3.2; downward +0.3', () => {
    expect([at10(5, "1'"), at10(5, '1'), at10(5, '2'), at10(5, '3')]).toEqual([-0.9, -1.7, -2.3, -3.2]);
    expect(gcpAt(ASCE7_16_GCP[0].downward, 10)).toBe(0.3);
  });
  it('Figure 30.3-2B (7° < θ ≤ 20°): 1 and 2e −2.0, 2n/2r/3e −3.0, 3r −3.6', () => {
    expect([at10(15, '1'), at10(15, '2e'), at10(15, '2n'), at10(15, '3e'), at10(15, '3r')]).toEqual([-2.0, -2.0, -3.0, -3.0, -3.6]);
    expect(at10(15, '2')).toBe(-3.0);
    expect(at10(15, '3')).toBe(-3.6);
  });
  it('Figure 30.3-2C (20° < θ ≤ 27°): 1 −1.5, 2 −2.5, 3r −2.7 at 10 ft² (−3.6 at ≤ 2 ft²)', () => {
    expect(at10(22, '1')).toBe(-1.5);
    expect(at10(22, '2')).toBe(-2.5);
    expect(at10(22, '3r')).toBeCloseTo(-2.7, 2);
    expect(upliftGcp(figureForSlope('7-16', 22), '3r', 2)).toBe(-3.6);
  });
  it('Figure 30.3-2D (27° < θ ≤ 45°): 1 −1.8, 2n −2.0, 3e ≈ −2.49 at 10 ft² (−3.2 at ≤ 2 ft²); downward +0.9', () => {
    expect(at10(30, '1')).toBe(-1.8);
    expect(at10(30, '2n')).toBe(-2.0);
    expect(at10(30, '3e')).toBeCloseTo(-2.493, 3);
    expect(gcpAt(figureForSlope('7-16', 30).downward, 10)).toBe(0.9);
  });
  it('Figure 30.3-2A zone 2 break points reproduce the curve: −1.78 at 100 ft²', () => {
    expect(gcpAt(ASCE7_16_GCP[0].uplift['2']!, 100)).toBeCloseTo(-1.77, 2);
  });
  it('Figure 29.4-8: γa = 0.8 at ≤ 10 ft², 0.6 at 31.6 ft², 0.4 at ≥ 100 ft²', () => {
    expect(gammaA(5)).toBe(0.8);
    expect(gammaA(Math.sqrt(1000))).toBeCloseTo(0.6, 10);
    expect(gammaA(150)).toBe(0.4);
  });
  it('30.2.2 minimum C&C pressure: 16 psf in 7-10, 7-16 and 7-22 (10 psf was 7-05)', () => {
    expect(minimumCcPressurePsf('7-16')).toBe(16);
    expect(minimumCcPressurePsf('7-10')).toBe(16);
    expect(minimumCcPressurePsf('7-22')).toBe(16);
  });
});

describe('ASCE 7-10 Figures 30.4-2A–C GCp at 10 ft²', () => {
  it('30.4-2A: −1.0/−1.8/−2.8, +0.3; 30.4-2B: −0.9/−1.7/−2.6, +0.5; 30.4-2C: −1.0/−1.2/−1.2, +0.9', () => {
    const v = ASCE7_10_GCP.map((f) => [f.uplift['1']!.gcp1, f.uplift['2']!.gcp1, f.uplift['3']!.gcp1, f.downward.gcp1]);
    expect(v).toEqual([[-1.0, -1.8, -2.8, 0.3], [-0.9, -1.7, -2.6, 0.5], [-1.0, -1.2, -1.2, 0.9]]);
  });
});

describe('ASCE 7-16 Chapter 7 snow factors', () => {
  it('Table 7.3-1 Ce: B 0.9/1.0/1.2, C 0.9/1.0/1.1, D 0.8/0.9/1.0 (fully/partially exposed/sheltered)', () => {
    expect(Object.values(SNOW_CE.B)).toEqual([0.9, 1.0, 1.2]);
    expect(Object.values(SNOW_CE.C)).toEqual([0.9, 1.0, 1.1]);
    expect(Object.values(SNOW_CE.D)).toEqual([0.8, 0.9, 1.0]);
  });
  it('Table 7.3-2 Ct: heated 1.0, cold ventilated 1.1, unheated 1.2, freezer 1.3, greenhouse 0.85', () => {
    expect(SNOW_CT).toEqual({ heated: 1.0, 'cold-ventilated': 1.1, unheated: 1.2, freezer: 1.3, greenhouse: 0.85 });
  });
  it('Table 1.5-2 Is: 0.8/1.0/1.1/1.2; 7-22 drops Is', () => {
    expect(SNOW_IS).toEqual({ I: 0.8, II: 1.0, III: 1.1, IV: 1.2 });
    expect(snowImportance('7-22', 'IV')).toBe(1);
  });
  it('Figure 7.4-1 warm roof (Ct ≤ 1.0): slippery 1 − (θ − 5)/65, other 1 − (θ − 30)/40', () => {
    expect(slopeFactorCs(1.0, true, 5)).toBe(1);
    expect(slopeFactorCs(1.0, true, 22)).toBeCloseTo(0.73846, 5);
    expect(slopeFactorCs(1.0, false, 30)).toBe(1);
    expect(slopeFactorCs(1.0, false, 40)).toBeCloseTo(0.75, 10);
    expect(slopeFactorCs(1.0, false, 70)).toBe(0);
  });
  it('Figure 7.4-1 cold roofs: Ct = 1.1 breaks at 10°/37.5°, Ct = 1.2 at 15°/45°', () => {
    expect(slopeFactorCs(1.1, true, 40)).toBeCloseTo(0.5, 10);
    expect(slopeFactorCs(1.1, false, 37.5)).toBe(1);
    expect(slopeFactorCs(1.2, true, 42.5)).toBeCloseTo(0.5, 10);
    expect(slopeFactorCs(1.2, false, 57.5)).toBeCloseTo(0.5, 10);
  });
});

describe('NDS lag screw withdrawal', () => {
  it('Table 12.3.3A G: DF-L 0.50, SP 0.55, HF 0.43, SPF 0.42', () => {
    expect(NDS_SPECIFIC_GRAVITY).toEqual({ 'DF-L': 0.5, SP: 0.55, HF: 0.43, SPF: 0.42 });
  });
  it.each([[0.5, 0.3125, 266], [0.42, 0.3125, 205], [0.43, 0.3125, 212], [0.55, 0.3125, 307], [0.5, 0.375, 305], [0.5, 0.25, 225]])(
    'Table 12.2A: G = %f, D = %f in. → %i lb/in (Eq. 12.2-1 rounded)', (g, d, w) => {
      expect(Math.round(lagWithdrawalPerInch(g, d))).toBe(w);
    },
  );
});

describe('ASCE 7 Figure 27.3-4 (7-10 Figure 27.4-4): monoslope free roof CN', () => {
  it('the figure\'s rows at 0°, 15° and 45° (CNW, CNL; load cases A, B)', () => {
    const row = (t: number) => MONOSLOPE_FREE_ROOF_CN.find((r) => r.theta === t)!;
    expect(row(0).g0.clear).toEqual([[1.2, 0.3], [-1.1, -0.1]]);
    expect(row(0).g0.obstructed).toEqual([[-0.5, -1.2], [-1.1, -0.6]]);
    expect(row(15).g180.clear).toEqual([[1.3, 1.6], [1.8, 0.6]]);
    expect(row(45).g0.clear).toEqual([[-1.6, -1.8], [-2.3, -0.7]]);
    expect(row(45).g180.obstructed).toEqual([[0.8, -0.9], [2.1, 0.4]]);
    expect(MONOSLOPE_FREE_ROOF_CN.map((r) => r.theta)).toEqual([0, 7.5, 15, 22.5, 30, 37.5, 45]);
  });
  it.each([
    // θ, governing uplift, governing down: the largest over load cases, wind directions and flows.
    [0, 1.2, 1.2], [5, 1.2, 1.2], [7.5, 1.7, 1.6], [15, 2.1, 1.8], [30, 2.5, 2.6], [45, 2.3, 2.6],
    [25, 2.4 + 0.1 / 3, 2.2 + 0.4 / 3], [20, 1.9 + 0.5 * 2 / 3, 1.8 + 0.4 * 2 / 3],
  ])('θ = %f° → CN up %f, down %f', (theta, up, down) => {
    const cn = freeRoofCoefficients(theta)!;
    expect(cn.cnUplift).toBeCloseTo(up, 6);
    expect(cn.cnDown).toBeCloseTo(down, 6);
  });
  it('outside 0°–45° the figure does not apply', () => {
    expect(freeRoofCoefficients(46)).toBeNull();
    expect(freeRoofCoefficients(-1)).toBeNull();
  });
});
