import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { rafterCheck, type MemberInput } from './member.calc.ts';
import { roofingDeadLoadOf, SHEATHING_DEAD_LOAD } from '../tables/roofing-dead-load.table.ts';
import { lumberValues } from '../tables/nds-lumber.table.ts';
import { calculateDesign } from '../design.calc.ts';
import { isEngineRefusal } from '../engine-refusal.ts';

/*
 * The rafter member check (NDS 2018) and the roof dead loads (ASCE 7 Table C3-1) against values worked
 * out by hand, each derivation in the comments (issue 24, finding 3).
 */

const base: MemberInput = {
  size: '2x6', spacingIn: 24, spansIn: [144], pitchDeg: 0, species: 'DF-L', grade: 'no2',
  roofDeadPsf: 4, pvDeadPsf: 3, snowPsf: 20, roofSnowPsf: 20, roofLivePsf: 20, coveredIn: 144, windDownPsf: 0,
};

describe('rafter member check (NDS 2018), hand-derived', () => {
  it('2x6 DF-L No. 2 @ 24 in., 12 ft flat span, 20 psf snow: D + S governs and fails bending', () => {
    const r = rafterCheck(base)!;
    // Dressed 1.5 × 5.5 in. (Table 1A): S = 1.5·5.5²/6 = 7.5625 in³, I = 1.5·5.5³/12 = 20.797 in⁴, A = 8.25 in².
    expect(r.sectionModulusIn3).toBeCloseTo(7.5625, 4);
    expect(r.inertiaIn4).toBeCloseTo(20.7969, 3);
    // Own weight: 34 pcf (C3-2, Douglas fir) × 8.25/144 ft² = 1.9479 plf over 2 ft spacing = 0.9740 psf.
    expect(r.selfWeightPsf).toBeCloseTo(0.974, 3);
    // D = 4 + 0.974 + 3 = 7.974 psf → 15.948 plf; S = 20 psf → 40 plf; D + S = 55.948 plf.
    // M = 55.948 · 12² / 8 = 1007.06 lb-ft; fb = 1007.06 · 12 / 7.5625 = 1598.0 psi.
    const ds = r.combinations.find((c) => c.name === 'D + S')!;
    expect(ds.moment).toBeCloseTo(1007.06, 1);
    expect(ds.fb).toBeCloseTo(1598.0, 0);
    // F'b = Fb · CD · CF · Cr = 900 · 1.15 · 1.3 · 1.15 = 1547.3 psi (Table 4A; CD snow 1.15; CF 2x6 1.3; Cr 1.15).
    expect(ds.fbAllow).toBeCloseTo(1547.325, 3);
    expect(r.governing.name).toBe('D + S');
    expect(r.governing.fb > r.governing.fbAllow).toBe(true);
    // Dead alone: M = 15.948 · 18 = 287.06 lb-ft, fb = 455.5 psi ≤ 900 · 0.9 · 1.3 · 1.15 = 1210.95 psi.
    const d = r.combinations.find((c) => c.name === 'D')!;
    expect(d.fb).toBeCloseTo(455.5, 0);
    expect(d.fbAllow).toBeCloseTo(1210.95, 2);
    // Shear: V = 55.948 · 6 = 335.69 lb; fv = 1.5 · 335.69 / 8.25 = 61.03 psi ≤ Fv · CD = 180 · 1.15 = 207 psi.
    expect(ds.fv).toBeCloseTo(61.03, 1);
    expect(ds.fvAllow).toBeCloseTo(207, 6);
    // Snow deflection: 5 · (40/12) · 144⁴ / (384 · 1.6e6 · 20.797) = 0.5609 in ≤ 144/180 = 0.8 in.
    expect(r.liveDeflectionIn).toBeCloseTo(0.5609, 3);
    expect(r.liveLimitIn).toBeCloseTo(0.8, 6);
    // Dead adds 5 · (15.948/12) · 144⁴ / (384 · 1.6e6 · 20.797) = 0.2236 in: total 0.7845 ≤ 144/120 = 1.2 in.
    expect(r.totalDeflectionIn).toBeCloseTo(0.7845, 3);
  });

  it('roof live load only outside the array: a 4 ft patch bounds the moment', () => {
    // Array covers 96 of 144 in.: a = 4 ft of the 12 ft span carries Lr = 20 psf · 2 ft = 40 plf.
    // M_Lr ≤ w a (2L − a) / 8 = 40 · 4 · 20 / 8 = 400 lb-ft; with D's 287.06: 687.06 lb-ft → fb = 1090.2 psi.
    // F'b = 900 · 1.25 (CD roof live) · 1.3 · 1.15 = 1681.9 psi. No snow: D + Lr governs (0.648 against D's 0.376).
    const r = rafterCheck({ ...base, snowPsf: 0, roofSnowPsf: 0, coveredIn: 96 })!;
    expect(r.uncoveredIn).toBe(48);
    const lr = r.combinations.find((c) => c.name.startsWith('D + Lr'))!;
    expect(lr.moment).toBeCloseTo(687.06, 1);
    expect(lr.fb).toBeCloseTo(1090.2, 0);
    expect(lr.fbAllow).toBeCloseTo(1681.875, 3);
    expect(r.governing.name).toBe('D + Lr (outside the array)');
    // Patch deflection at mid-span: w a (8L³ − 4La² + a³) / (384 E I), w = 40/12 pli, a = 48, L = 144:
    // 3.3333 · 48 · (23,887,872 − 1,327,104 + 110,592) / (384 · 1.6e6 · 20.797) = 0.2840 in.
    expect(r.liveDeflectionIn).toBeCloseTo(0.284, 3);
  });

  it('a fully covered member carries no roof live load (ASCE 7 §4.17)', () => {
    const r = rafterCheck({ ...base, snowPsf: 0, roofSnowPsf: 0 })!;
    const d = r.combinations.find((c) => c.name === 'D')!;
    expect(r.combinations.find((c) => c.name.startsWith('D + Lr'))!.moment).toBeCloseTo(d.moment, 9);
  });

  it('Southern Pine: Table 4B Fb by width, CF already in it; over 24 in. on centre no repetitive factor', () => {
    // SP No. 2 2x8: Fb = 925 psi (Table 4B), CF = 1.0; at 32 in. o.c. Cr = 1.0 (NDS 4.3.9 is for ≤ 24 in.).
    // F'b (D + S) = 925 · 1.15 = 1063.75 psi.
    const r = rafterCheck({ ...base, size: '2x8', species: 'SP', spacingIn: 32 })!;
    expect(r.cf).toBe(1);
    expect(r.cr).toBe(1);
    expect(r.combinations.find((c) => c.name === 'D + S')!.fbAllow).toBeCloseTo(1063.75, 6);
    expect(lumberValues('SP', 'select-structural', '2x8')).toBeUndefined();
  });

  it('a sloped member: dead load / cos θ, deflection over cos² θ', () => {
    // 30° pitch, no snow, no live (covered): wD = 7.974 / cos 30° · 2 = 18.415 plf; M = 18.415 · 18 = 331.5 lb-ft.
    const r = rafterCheck({ ...base, pitchDeg: 30, snowPsf: 0, roofSnowPsf: 0 })!;
    expect(r.combinations.find((c) => c.name === 'D')!.moment).toBeCloseTo(331.5, 0);
    expect(r.slopedSpanIn).toBeCloseTo(144 / Math.cos(Math.PI / 6), 6);
  });
});

describe('roof dead loads (ASCE 7 Table C3-1)', () => {
  it('by roofing, with the row cited; names as the catalogue or the job write them', () => {
    expect(roofingDeadLoadOf('asphalt_shingle')).toMatchObject({ psf: 2, source: 'ASCE 7 Table C3-1, asphalt shingles' });
    expect(roofingDeadLoadOf('Concrete Tile')).toMatchObject({ psf: 16, source: 'ASCE 7 Table C3-1, cement tile' });
    expect(roofingDeadLoadOf('clay_tile')?.psf).toBe(12);
    expect(roofingDeadLoadOf('tpo_membrane')?.psf).toBe(0.7);
    expect(roofingDeadLoadOf('standing_seam_24ga')?.psf).toBe(2.5);
    expect(roofingDeadLoadOf('asphalt-shingle')?.psf).toBe(2);
    expect(roofingDeadLoadOf('thatch')).toBeUndefined();
    // Plywood 0.4 psf per 1/8 in.: 1/2 in. = 4 × 0.4 = 1.6 psf.
    expect(SHEATHING_DEAD_LOAD.psf).toBe(1.6);
  });

  const example = () => JSON.parse(readFileSync(fileURLToPath(new URL('../../examples/string-inverter-load-side.input.json', import.meta.url)), 'utf8'));
  const checkOf = (r: ReturnType<typeof calculateDesign>, id: string) => r.sections.flatMap((s) => s.checks).find((c) => c.id === id)!;

  it('the report prints the roofing, sheathing and framing it adds up; concrete tile is 16 psf, not a hidden 10', () => {
    const input = example();
    input.arrays = input.arrays.map((a: Record<string, unknown>) => ({ ...a, roofMaterial: 'concrete_tile', attachment: { kind: 'tile-hook' } }));
    const r = calculateDesign(input);
    const c = checkOf(r, 'structural.array.A1.roof-dead-load');
    // 16 (cement tile) + 1.6 (sheathing) + 34 pcf · 8.25 in² / 144 / 2 ft = 0.974 (2x6 @ 24) = 18.574 psf.
    expect(c.value).toBeCloseTo(18.574, 3);
    expect(c.inputs.map((i) => i.name)).toEqual(['concrete tile (ASCE 7 Table C3-1, cement tile)', 'sheathing (ASCE 7 Table C3-1, plywood 0.4 psf per 1/8 in.)', '2x6 framing, own weight (ASCE 7 Table C3-2)']);
    expect(checkOf(r, 'structural.array.A1.added-load').inputs[0]).toMatchObject({ name: 'roof dead load', value: 18.574 });
  });

  it('a roofing outside the table is refused asking for the roof dead load; entered, it is printed as entered', () => {
    const input = example();
    input.arrays = input.arrays.map((a: Record<string, unknown>) => ({ ...a, roofMaterial: 'thatch' }));
    try {
      calculateDesign(input);
      expect.unreachable();
    } catch (e) {
      expect(isEngineRefusal(e) && e.message).toMatch(/roofing "thatch" is not in the roof dead load table .*enter the roof dead load/);
    }
    input.arrays = input.arrays.map((a: Record<string, unknown>) => ({ ...a, roofDeadLoadPsf: 9, framing: { ...(a.framing as object), verified: ['roof-dead-load', 'size'] } }));
    const c = checkOf(calculateDesign(input), 'structural.array.A1.roof-dead-load');
    expect(c.inputs[0]).toMatchObject({ name: 'roofing and sheathing (verified, entered)', value: 9 });
  });

  it('no structural check rests on a house rule; framing facts say assumed or verified', () => {
    const input = example();
    input.arrays[0].framing = { ...input.arrays[0].framing, verified: ['size', 'spacing'] };
    const r = calculateDesign(input);
    const structural = r.sections.filter((s) => s.id.startsWith('structural')).flatMap((s) => s.checks);
    expect(structural.filter((c) => c.ref.code === 'Sunstamp').map((c) => c.id)).toEqual([]);
    const bending = checkOf(r, 'structural.array.A1.member-bending');
    expect(bending.ref.code).toBe('NDS');
    expect(bending.inputs.slice(0, 5).map((i) => i.name)).toEqual(['member (verified)', 'spacing (verified)', 'longest horizontal span (assumed)', 'species (assumed)', 'grade (assumed)']);
    expect(bending.inputs.find((i) => i.name === 'species (assumed)')?.value).toBe('Douglas Fir-Larch');
    for (const f of ['C_D', 'C_F', 'C_r', "F'b"]) expect(bending.inputs.some((i) => i.name === f), f).toBe(true);
    expect(checkOf(r, 'structural.array.A1.member-deflection').ref).toMatchObject({ code: 'IBC', section: expect.stringContaining('Table 1604.3') });
  });
});
