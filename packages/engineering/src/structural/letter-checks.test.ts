import { describe, expect, it } from 'vitest';
import { groundMountSection } from './ground-mount.calc.ts';
import { wallBatterySection } from './wall-battery.calc.ts';
import { seismicSection } from './seismic.calc.ts';
import { slopeFactorCs } from '../tables/asce7-snow.table.ts';

const byId = (s: { checks: { id: string; value: unknown; pass: boolean | null; inputs: { name: string; value: unknown }[] }[] }, suffix: string) => s.checks.find((c) => c.id.endsWith(suffix))!;

describe('ground-mounted array (ASCE 7 free roof, racking foundation capacities)', () => {
  const base = {
    edition: '7-16' as const, windSpeedMph: 115, exposure: 'C' as const, groundSnowLoadPsf: 5, riskCategory: 'II' as const, unreducedSnowLoad: false,
    racking: 'IronRidge GM', foundation: 'Ground Screw', tiltDeg: 25, meanHeightFt: 6, arrayDepthFt: 13.5, postSpacingFt: 10, postsPerColumn: 2,
    deadLoadPsf: 3.5, allowableUpliftLb: 2500, allowableCompressionLb: 3000, allowableLateralLb: 1000,
  };
  it('worked example: CN at 25° (Figure 27.3-4, 1/3 of 22.5° → 30°) up 2.4 + 0.1/3 = 2.4333 (case B CNW, γ 0°, clear), down 2.2 + 0.4/3 = 2.3333 (case B CNW, γ 180°, clear); qh at 15 ft (Kz 0.849) = 24.4 psf; T = (0.6·p_up·cos25° − 0.6·3.5)·67.5', () => {
    const s = groundMountSection(base);
    const cn = byId(s, '.cn');
    expect(cn.value).toBeCloseTo(2.4333, 3);
    expect(cn.inputs.find((i: { name: string }) => i.name === 'CN down (governing)')!.value).toBeCloseTo(2.3333, 4);
    // h/L = 6 / (13.5 cos 25°) = 0.4904, inside the figure's 0.25–1.0.
    expect(cn.inputs.find((i: { name: string }) => i.name === 'h/L')!.value).toBeCloseTo(6 / (13.5 * Math.cos(25 * Math.PI / 180)), 4);
    // Kz below 15 ft is taken at 15 ft: 2.01 (15/900)^(2/9.5) = 0.8489.
    expect(byId(s, '.qh').value).toBeCloseTo(0.00256 * 0.8489 * 0.85 * 115 * 115, 1);
    const qh = byId(s, '.qh').value as number;
    expect(byId(s, '.wind-uplift').value).toBeCloseTo(qh * 0.85 * (2.4 + 0.1 / 3), 2);
    expect(byId(s, '.wind-down').value).toBeCloseTo(qh * 0.85 * (2.2 + 0.4 / 3), 2);
    const t = (0.6 * qh * 0.85 * (2.4 + 0.1 / 3) * Math.cos(25 * Math.PI / 180) - 0.6 * 3.5) * 67.5;
    expect(byId(s, '.post-uplift').value).toBeCloseTo(t, 1);
    expect(byId(s, '.post-uplift').pass).toBe(true);
  });
  it('refuses what Figure 27.3-4 does not cover: h/L below 0.25 or a tilt above 45°', () => {
    expect(() => groundMountSection({ ...base, meanHeightFt: 2.5 })).toThrow(/h\/L = 0\.20 .* outside ASCE 7-16 Figure 27\.3-4's 0\.25 ≤ h\/L ≤ 1/);
    expect(() => groundMountSection({ ...base, tiltDeg: 50 })).toThrow(/tilt 50° is outside ASCE 7-16 Figure 27\.3-4/);
  });
  it('snow on an unheated open structure: pf = 0.7 · 1.0 · 1.2 · 1.0 · 5 = 4.2 psf, ps = Cs(Ct 1.2, slippery, 25°) · pf', () => {
    const snow = groundMountSection(base).checks.find((c) => c.id.endsWith('.snow'))!;
    expect(snow.inputs.find((i) => i.name === 'pf')!.value).toBeCloseTo(4.2, 6);
    expect(snow.value).toBeCloseTo(slopeFactorCs(1.2, true, 25) * 4.2, 3);
    expect(snow.ref.section).toContain('§7.4');
    expect(groundMountSection({ ...base, edition: '7-10' }).checks.find((c) => c.id.endsWith('.wind-uplift'))!.ref.section).toBe('§27.4.3, Eq. 27.4-3, Figure 27.4-4 (monoslope free roof); §26.9.1 (G)');
  });
  it('fails a post when the foundation is too weak, and unreduced snow uses Cs = 1', () => {
    expect(byId(groundMountSection({ ...base, allowableUpliftLb: 500 }), '.post-uplift').pass).toBe(false);
    const heavy = { ...base, groundSnowLoadPsf: 40, tiltDeg: 40 };
    expect(byId(groundMountSection({ ...heavy, unreducedSnowLoad: true }), '.snow').value as number).toBeGreaterThan(byId(groundMountSection(heavy), '.snow').value as number);
  });
});

describe('wall-mounted battery (NDS 12.2, 12.3, 12.4.1)', () => {
  const b = { model: 'Powerwall 3', weightLb: 286.6, depthIn: 7.6, fasteners: 4, topRowFasteners: 2, rowSpacingIn: 24, species: 'SPF' as const, diameterIn: 0.3125, threadPenetrationIn: 2.5, lateralDesignValueLb: 150 };
  it('worked example: V = 286.6/4 = 71.65 lb ≤ 135 lb; T = 286.6·3.8/(24·2) = 22.69 lb', () => {
    const s = wallBatterySection(b);
    expect(byId(s, '.shear').value).toBeCloseTo(71.65, 2);
    expect(byId(s, '.shear').pass).toBe(true);
    expect(byId(s, '.withdrawal').value).toBeCloseTo(22.689, 2);
    expect(byId(s, '.combined').pass).toBe(true);
  });
  it('fails with too few fasteners', () => {
    expect(byId(wallBatterySection({ ...b, fasteners: 1, lateralDesignValueLb: 100 }), '.shear').pass).toBe(false);
  });
});

describe('seismic: IEBC 10 % rule', () => {
  it('20 modules of 21.5 ft² at 2.8 psf on a 2000 ft² roof of 10 psf: 1204 / 20000 = 6.02 %; on 1000 ft²: 12.04 %, not exempt', () => {
    const w = { arrayDeadPsf: 2.8, arrayAreaFt2: 430, roofDeadPsf: 10, roofAreaFt2: 2000 };
    const ok = seismicSection('2018', 'D', w).checks[0]!;
    expect([ok.value, ok.pass]).toEqual([6.02, true]);
    expect(ok.ref).toEqual({ code: 'IEBC', edition: '2018', section: '503.4, Exception' });
    const over = seismicSection('2015', 'D', { ...w, roofAreaFt2: 1000 }).checks[0]!;
    expect([over.value, over.pass, over.ref.section]).toEqual([12.04, false, '403.4, Exception']);
  });
});
