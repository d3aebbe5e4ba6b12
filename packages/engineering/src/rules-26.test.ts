// Issue 26, "Rules still wrong" 1–3: hand-derived vectors at the boundary each rule moves, in every
// edition where the rule differs, with the derivation and the code text it comes from beside each.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { calculateDesign } from './design.calc.ts';
import type { Report } from './report.schema.ts';
import { panelPressure } from './structural/wind.calc.ts';

const EDITIONS = ['2017', '2020', '2023'] as const;
function load(name: string): any {
  return JSON.parse(readFileSync(fileURLToPath(new URL(`../examples/${name}.input.json`, import.meta.url)), 'utf8'));
}
function checkOf(r: Report, id: string) {
  const c = r.sections.flatMap((s) => s.checks).find((x) => x.id === id);
  if (!c) throw new Error(`no check ${id}`);
  return c;
}
const withNec = (input: any, nec: string) => ({ ...input, site: { ...input.site, codes: { ...input.site.codes, nec } } });

// ---------------------------------------------------------------------------------------------
describe('1. 690.45: EGC of a PV circuit without an OCPD is read at a device rated per 690.9(B), 2017 as 2020/2023', () => {
  // 2017 690.45: "Where no overcurrent protective device is used in the circuit, an assumed overcurrent
  // device rated in accordance with 690.9(B) shall be used when applying Table 250.122." (2014 said
  // "rated at the PV maximum circuit current"; that wording is not in any edition the engine supports.)
  // One string S1 on its own rooftop run (3 in. above the roof, 30 °C: no correction), no string OCPD
  // (one string cannot be back-fed, 690.9(A)).
  const oneString = (iscA: number, nec: string) => {
    const base = load('string-inverter-load-side');
    return calculateDesign(withNec({
      ...base,
      site: { ...base.site, highAmbientTempC: 30 },
      equipment: { ...base.equipment, module: { ...base.equipment.module, iscA } },
      runs: [{ id: 'R1', from: 'Roof junction box', to: 'Inverter', lengthFt: 20, location: 'rooftop-raceway', heightAboveRoofIn: 3, carries: { kind: 'strings', ids: ['S1'] } }],
    }, nec));
  };
  it.each(EDITIONS)('NEC %s: Isc 9.60 A → I_max 12.00 A → 1.25 × 12 = 15 A device → 14 AWG (Table 250.122 ≤ 15 A)', (nec) => {
    const egc = checkOf(oneString(9.6, nec), 'electrical.run.R1.egc');
    expect(egc.inputs[0]).toMatchObject({ value: 15 });
    expect(egc).toMatchObject({ value: '14 AWG', ref: { section: '250.122, 690.45' } });
  });
  it.each(EDITIONS)('NEC %s: Isc 9.61 A → I_max 12.0125 A → 15.016 A → 20 A device (240.6(A)) → 12 AWG (the 2014 basis, 12.0125 A, gave 14 AWG)', (nec) => {
    const egc = checkOf(oneString(9.61, nec), 'electrical.run.R1.egc');
    expect(egc.inputs[0]).toMatchObject({ name: 'assumed OCPD (690.9(B): 1.25 × I_max, next standard rating)', value: 20 });
    expect(egc.value).toBe('12 AWG');
  });
  it('property: the assumed device, and so the EGC, never shrinks as the string current grows (every edition alike)', () => {
    const order = ['14', '12', '10', '8', '6', '4'];
    fc.assert(fc.property(fc.double({ min: 5, max: 14, noNaN: true }), fc.double({ min: 0, max: 3, noNaN: true }), fc.constantFrom(...EDITIONS), (isc, more, nec) => {
      const a = checkOf(oneString(isc, nec), 'electrical.run.R1.egc');
      const b = checkOf(oneString(isc + more, nec), 'electrical.run.R1.egc');
      return order.indexOf(String(b.value).split(' ')[0]) >= order.indexOf(String(a.value).split(' ')[0]);
    }), { numRuns: 40 });
  });
});

// ---------------------------------------------------------------------------------------------
describe('2. ASCE 7-16 §29.4.4: γE = 1.5 on uplift of exposed panels only; downward pressure uses 1.0', () => {
  // 29.4.4: "γE = array edge factor = 1.5 for uplift loads on panels that are exposed and within a
  // distance 1.5Lp from the end of a row at an exposed edge of the array; 1.0 elsewhere for uplift
  // loads and for all downward loads." Zone 2 at 22° (Figure 30.3-2C), A = 10 ft²:
  // GCp uplift −2.5; GCp down = 0.7 − 0.4 × log(10/2)/log(100/2) = 0.7 − 0.4 × 0.41141 = 0.53544; γa = 0.8.
  // Downward p = qh × 0.53544 × 1.0 × 0.8 = 0.428350 qh, reaching the 16 psf minimum at qh = 37.352 psf.
  it('qh 37.35 psf: 0.42835 × 37.35 = 15.999 → the 16 psf minimum governs (with γE 1.5 it would have been 24.0 psf)', () => {
    expect(panelPressure('7-16', 37.35, 22, '2', true, 10)).toMatchObject({ downwardPsf: 16, gammaEDownward: 1 });
  });
  it('qh 37.36 psf: downward 0.42835 × 37.36 = 16.003 psf; uplift 37.36 × 2.5 × 1.5 × 0.8 = 112.08 psf (exposed)', () => {
    const p = panelPressure('7-16', 37.36, 22, '2', true, 10);
    expect(p.downwardPsf).toBeCloseTo(16.0032, 3);
    expect(p.upliftPsf).toBeCloseTo(112.08, 6);
    expect(p.gammaE).toBe(1.5);
  });
  it('non-exposed panels: uplift 37.36 × 2.5 × 1.0 × 0.8 = 74.72 psf; downward unchanged (16.003 psf)', () => {
    const p = panelPressure('7-16', 37.36, 22, '2', false, 10);
    expect(p.upliftPsf).toBeCloseTo(74.72, 6);
    expect(p.downwardPsf).toBeCloseTo(16.0032, 3);
  });
  it('property: downward pressure does not depend on the exposed flag; uplift of exposed panels is 1.5 × non-exposed above the minimum', () => {
    fc.assert(fc.property(fc.double({ min: 5, max: 80, noNaN: true }), fc.double({ min: 8, max: 45, noNaN: true }), fc.double({ min: 1, max: 30, noNaN: true }), (qh, slope, area) => {
      const e = panelPressure('7-16', qh, slope, '2', true, area);
      const n = panelPressure('7-16', qh, slope, '2', false, area);
      return e.downwardPsf === n.downwardPsf && e.upliftPsf >= n.upliftPsf && (n.upliftPsf <= 16 || Math.abs(e.upliftPsf - 1.5 * n.upliftPsf) < 1e-9);
    }));
  });
  it('through the engine (example 1, qh 25.95 psf): downward 25.954 × 0.53544 × 0.8 = 11.12 → 16 psf; the check prints γE = 1.0', () => {
    const r = calculateDesign(load('string-inverter-load-side'));
    const down = checkOf(r, 'structural.array.A1.wind-down');
    expect(down.value).toBe(16);
    expect(down.inputs).toContainEqual({ name: 'γE (downward: always 1.0)', value: 1 });
    expect(checkOf(r, 'structural.array.A1.wind-uplift').inputs).toContainEqual({ name: 'γE (exposed panels, uplift)', value: 1.5 });
  });
});

// ---------------------------------------------------------------------------------------------
describe('3. Rapid-shutdown placard section by edition', () => {
  // 2017 690.56(C)(1) "Rapid Shutdown Type": (a) systems that shut down the array and the conductors
  // leaving it, (b) systems that shut down only the conductors leaving the array; (C)(3) the switch.
  // 2020 690.56(C) is the placard itself; (C)(1) is "Buildings with More Than One Rapid Shutdown Type"
  // (a plan view with dotted boundaries), (C)(2) the switch. 2023 moved both to 690.12(D), (D)(2).
  const placard = (nec: string, device?: 'array-boundary') => {
    const base = load('string-inverter-load-side');
    const r = calculateDesign(withNec(device ? { ...base, equipment: { ...base.equipment, rapidShutdownDevice: device } } : base, nec));
    return r.labels.find((l) => l.purpose === 'rapid-shutdown-placard')!;
  };
  it('2017: 690.56(C)(1)(a) for module-level shutdown, 690.56(C)(1)(b) for array-boundary-only shutdown', () => {
    expect(placard('2017').ref.section).toBe('690.56(C)(1)(a)');
    expect(placard('2017', 'array-boundary')).toMatchObject({ ref: { section: '690.56(C)(1)(b)' } });
    expect(placard('2017', 'array-boundary').lines).toContain('CONDUCTORS IN ARRAY REMAIN ENERGIZED IN SUNLIGHT');
  });
  it('2020: the placard is 690.56(C), never 690.56(C)(1)', () => {
    expect(placard('2020').ref.section).toBe('690.56(C)');
    expect(placard('2020', 'array-boundary').ref.section).toBe('690.56(C)');
  });
  it('2023: 690.12(D)', () => {
    expect(placard('2023').ref.section).toBe('690.12(D)');
  });
});

// ---------------------------------------------------------------------------------------------
describe('Unknown input fields are refused, never ignored (issue 26, the aluminium finding)', () => {
  // A field the engine does not know (a misspelling, or a feature it does not have) used to be dropped
  // by the parser and the job calculated as if it were absent: an aluminium run was sized as copper.
  const base = load('string-inverter-load-side');
  const issuesOf = (input: unknown): string[] => {
    try {
      calculateDesign(input);
    } catch (e) {
      const issues = (e as { issues?: Array<{ code: string; path: PropertyKey[]; keys?: string[] }> }).issues;
      if (issues) return issues.map((i) => `${i.code} ${i.path.map(String).join('.')} ${(i.keys ?? []).join(',')}`.trim());
      throw e;
    }
    throw new Error('accepted');
  };
  it('an unknown key on a run (conductorMaterial) is refused with its path', () => {
    expect(issuesOf({ ...base, runs: [{ ...base.runs[2], conductorMaterial: 'aluminium' }] })).toEqual(['unrecognized_keys runs.0 conductorMaterial']);
  });
  it('unknown keys are refused at every level: site, site.codes, equipment.module, arrays[].framing, service, requirements, the root', () => {
    expect(issuesOf({ ...base, site: { ...base.site, windSpeed: 115 } })).toEqual(['unrecognized_keys site windSpeed']);
    expect(issuesOf({ ...base, site: { ...base.site, codes: { ...base.site.codes, cec: '2021' } } })).toEqual(['unrecognized_keys site.codes cec']);
    expect(issuesOf({ ...base, equipment: { ...base.equipment, module: { ...base.equipment.module, material: 'x' } } })).toEqual(['unrecognized_keys equipment.module material']);
    expect(issuesOf({ ...base, arrays: [{ ...base.arrays[0], framing: { ...base.arrays[0].framing, lumberGrade: 'No. 2' } }] })).toEqual(['unrecognized_keys arrays.0.framing lumberGrade']);
    expect(issuesOf({ ...base, service: { ...base.service, upgrade: true } })).toEqual(['unrecognized_keys service upgrade']);
    expect(issuesOf({ ...base, requirements: { ...base.requirements, aluminum: true } })).toEqual(['unrecognized_keys requirements aluminum']);
    expect(issuesOf({ ...base, notes: 'x' })).toEqual(['unrecognized_keys  notes']);
  });
});
