import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { calculateDesign } from './design.calc.ts';
import { ZReport, type Report } from './report.schema.ts';
import { formatReportText } from './report-text.format.ts';

const examples = ['string-inverter-load-side', 'microinverters', 'battery-supply-side', 'dc-battery-backup-7-22'] as const;
function load(name: string, kind: 'input' | 'report'): any {
  return JSON.parse(readFileSync(fileURLToPath(new URL(`../examples/${name}.${kind}.json`, import.meta.url)), 'utf8'));
}
function find(r: Report, id: string) {
  const c = r.sections.flatMap((s) => s.checks).find((x) => x.id === id);
  if (!c) throw new Error(`no check ${id}`);
  return c;
}

describe('worked examples in packages/engineering/examples', () => {
  it.each(examples)('%s: the report matches the checked-in expected report', (name) => {
    expect(calculateDesign(load(name, 'input'))).toEqual(load(name, 'report'));
  });
  it.each(examples)('%s: the report validates against ZReport', (name) => {
    expect(() => ZReport.parse(calculateDesign(load(name, 'input')))).not.toThrow();
  });

  it('example 1 (string inverter, load-side breaker): hand-checked values', () => {
    const r = calculateDesign(load('string-inverter-load-side', 'input'));
    // 10 × 45.3 × (1 + 0.0027 × 45) = 508.04 V ≤ 600 V.
    expect(find(r, 'electrical.string.S1.voltage')).toMatchObject({ value: 508.039, pass: true, limit: { value: 600 } });
    // 1.25 × 32 + 200 = 240 ≤ 1.2 × 200: 40 A breaker under the 120 % rule, NEC 2020 705.12(B)(3)(2).
    expect(r.interconnection).toMatchObject({ method: 'load-side-breaker', rule: '120 % rule', pvBreakerA: 40, ref: { section: '705.12(B)(3)(2)' } });
    // Inverter output: 8 AWG THWN-2, 10 AWG EGC, 3/4" EMT, 40 A.
    expect(r.conductorSchedule.find((x) => x.runId === 'R2')).toMatchObject({ conductorSize: '8 AWG', egcSize: '10 AWG', raceway: '3/4" EMT', ocpdA: 40 });
    // qh = 25.95 psf; zone 2 at 22°: 25.95 × 2.5 × 1.5 × 0.8 = 77.86 psf.
    expect(find(r, 'structural.array.A1.wind-uplift').value).toBe(77.862);
    expect(r.labels.find((l) => l.id === 'label.705-12-120')?.lines).toContain('DO NOT RELOCATE THIS OVERCURRENT DEVICE');
    expect(r.summary).toMatchObject({ pass: true, systemDcKw: 8, systemAcKw: 7.6 });
  });

  it('example 2 (micro-inverters): 2 × 12 units of 1.21 A → 20 A branches, 40 A PV breaker', () => {
    const r = calculateDesign(load('microinverters', 'input'));
    // 12 × 1.21 = 14.52 A; 1.25 × 14.52 = 18.15 → 20 A ≤ 20 A maximum.
    expect(find(r, 'electrical.branch.B1.units')).toMatchObject({ value: 20, pass: true });
    // 24 × 1.21 = 29.04 A; 1.25 × 29.04 = 36.3 → 40 A; 200 + 36.3 = 236.3 ≤ 240.
    expect(r.interconnection).toMatchObject({ method: 'load-side-breaker', pvBreakerA: 40, ref: { edition: '2017', section: '705.12(B)(2)(3)(b)' } });
    // 6.96 kW AC is under the 10 kW AC-disconnect threshold the requirement sets.
    expect(r.equipment.acDisconnect.required).toBe(false);
    expect(r.labels.some((l) => l.id === 'label.690-53')).toBe(false);
  });

  it('example 3 (battery, supply-side tap): derate forbidden → supply side with a 100 A fused disconnect and 70 A fuses', () => {
    const r = calculateDesign(load('battery-supply-side', 'input'));
    // Sources 32 + 24 = 56 A; 1.25 × 56 = 70 A; 200 + 70 = 270 > 240, derate not allowed.
    expect(r.interconnection).toMatchObject({ method: 'supply-side-tap', fusedDisconnect: true, fuseA: 70, disconnectA: 100, ref: { section: '705.11(A)' } });
    expect(r.interconnection.considered.find((c) => c.method === 'main-breaker-derate')).toMatchObject({ allowed: false });
    expect(r.conductorSchedule.find((x) => x.runId === 'R5')).toMatchObject({ conductorSize: '4 AWG', conductors: '2 + N + SSBJ', egcSize: '8 AWG SSBJ', raceway: '1" PVC-40' });
    expect(find(r, 'electrical.run.R5.minimum-size')).toMatchObject({ pass: true, ref: { section: '705.11(B)' } });
  });
});

describe('edition differences: the same input under NEC 2017 and 2023', () => {
  const input = load('battery-supply-side', 'input');
  const at = (nec: string) => calculateDesign({ ...input, site: { ...input.site, codes: { ...input.site.codes, nec } } });
  const r17 = at('2017');
  const r23 = at('2023');
  it('the supply-side connection is 705.12(A) in 2017 and 705.11(A) in 2023', () => {
    expect(r17.interconnection.ref?.section).toBe('705.12(A)');
    expect(r23.interconnection.ref?.section).toBe('705.11(A)');
  });
  it('2023 calls the string circuit a "PV string circuit", 2017 a "PV source circuit"', () => {
    expect(r17.conductorSchedule[0].circuit).toBe('PV source circuit');
    expect(r23.conductorSchedule[0].circuit).toBe('PV string circuit');
  });
  it('DC voltage label: 2017 690.53 labels voltage, current and converter current; 2023 690.7(D) only the maximum DC voltage', () => {
    expect(r17.labels.find((l) => l.id === 'label.690-53')?.lines).toEqual(['PHOTOVOLTAIC DC POWER SOURCE', 'MAXIMUM VOLTAGE: 480 V', 'MAXIMUM CIRCUIT CURRENT: 15 A', 'MAXIMUM RATED OUTPUT CURRENT OF DC-TO-DC CONVERTER: 15 A']);
    expect(r23.labels.find((l) => l.id === 'label.690-7-d')).toMatchObject({ purpose: 'dc-max-voltage', ref: { section: '690.7(D)' }, lines: ['MAXIMUM DC VOLTAGE OF PV SYSTEM', '480 V'] });
    expect(r23.labels.some((l) => l.ref.section.startsWith('690.53') || l.ref.section.startsWith('690.54') || l.ref.section.startsWith('690.56'))).toBe(false);
  });
  it('the 6 AWG minimum for supply-side conductors exists from 2020; 2017 holds the tap to its 8 AWG grounded conductor (Table 250.102(C)(1), issue 25)', () => {
    expect(find(r17, 'electrical.run.R5.minimum-size')).toMatchObject({ pass: true, ref: { section: '250.102(C)(1)' }, formula: 'not smaller than 8 AWG copper, the grounded conductor run with the tap (Table 250.102(C)(1))' });
    expect(find(r23, 'electrical.run.R5.minimum-size')).toMatchObject({ pass: true, ref: { section: '705.11(B)' } });
  });
  it('ampacity tables are cited by each edition’s number', () => {
    expect(find(r17, 'electrical.run.R1.ampacity-corrected').inputs.map((i) => i.name)).toContain('correction (Table 310.15(B)(2)(a))');
    expect(find(r23, 'electrical.run.R1.ampacity-corrected').inputs.map((i) => i.name)).toContain('correction (Table 310.15(B)(1)(1))');
    expect(find(r17, 'electrical.run.R2.ampacity-continuous').ref.section).toBe('690.8(B)(1); 110.14(C)(1)');
    expect(find(r23, 'electrical.run.R2.ampacity-continuous').ref.section).toBe('705.28(B)(1); 110.14(C)(1)');
  });
});

describe('failed checks say what to change', () => {
  const base = load('string-inverter-load-side', 'input');
  it('too many modules in series: the remedy gives the most that fit', () => {
    const r = calculateDesign({ ...base, arrays: [{ ...base.arrays[0], moduleCount: 12 }, { ...base.arrays[1], moduleCount: 12 }], strings: [{ id: 'S1', modulesInSeries: 12 }, { id: 'S2', modulesInSeries: 12 }] });
    // 12 × 50.804 = 609.6 V > 600 V; 600 / 50.804 = 11.8 → 11.
    expect(find(r, 'electrical.string.S1.voltage')).toMatchObject({ pass: false, remedy: 'Use at most 11 modules in series' });
    expect(r.summary.pass).toBe(false);
    expect(r.summary.failures.map((f) => f.id)).toContain('electrical.string.S1.voltage');
  });
  it('rail overstressed: the remedy proposes closer attachments', () => {
    const r = calculateDesign({ ...base, arrays: [{ ...base.arrays[0], windZone: '3', attachmentSpacingIn: 72 }, base.arrays[1]] });
    const c = find(r, 'structural.array.A1.rail-span');
    expect(c.pass).toBe(false);
    expect(c.remedy).toMatch(/^Closer attachments: at most \d+ in\. on centre/);
  });
  it('an undersized wire-size override fails with the conductor that would fit', () => {
    const r = calculateDesign({ ...base, requirements: { ...base.requirements, wireSizes: { ac: '10' } } });
    expect(find(r, 'electrical.run.R2.ampacity-continuous')).toMatchObject({ pass: false, remedy: 'Use 8 AWG or larger' });
  });
  it('a stress analysis requirement refuses the 5 % method; Forte exports the member input instead', () => {
    const r = calculateDesign({ ...base, requirements: { ...base.requirements, stressAnalysis: true } });
    expect(find(r, 'structural.array.A1.method')).toMatchObject({ pass: false });
    const f = calculateDesign({ ...base, site: { ...base.site, structuralMethod: 'forte' } });
    expect(f.structuralExports.map((e) => [e.arrayId, e.tool])).toEqual([['A1', 'Forte'], ['A2', 'Forte']]);
    expect(f.structuralExports[0].input).toMatchObject({ memberType: 'Roof rafter', size: '2x6', spacingIn: 24, horizontalSpansFt: [12.5] });
    const s = calculateDesign({ ...base, site: { ...base.site, structuralMethod: 'skyciv' } });
    expect(s.structuralExports[0]).toMatchObject({ tool: 'SkyCiv', input: { units: 'imperial' } });
  });
  it('no rapid shutdown equipment on a string inverter fails 690.12', () => {
    const r = calculateDesign({ ...base, equipment: { ...base.equipment, rapidShutdownDevice: 'none' } });
    expect(find(r, 'electrical.rapid-shutdown')).toMatchObject({ pass: false, ref: { section: '690.12(B)' } });
  });
  it('invalid input is refused by the schema', () => {
    expect(() => calculateDesign({ ...base, site: { ...base.site, exposure: 'E' } })).toThrow();
  });
});

describe('text rendering', () => {
  it('prints every section, the schedule and the labels', () => {
    const text = formatReportText(calculateDesign(load('string-inverter-load-side', 'input')));
    expect(text).toContain('== Conductor and OCPD schedule ==');
    expect(text).toContain('PASS Interconnection method');
    expect(text).toContain('[690.54]');
    // Full check titles in the runs section, never cut to a column width.
    expect(text).toContain('R1 PV source circuit (Roof junction box → Inverter): maximum circuit current');
    expect(text).toContain('R2 Inverter output circuit (Inverter → AC disconnect): ampacity after correction and adjustment');
  });

  it('example 4 (DC-coupled hybrid inverter, partial backup, 220.83, aluminium feeder, NEC 2023 / ASCE 7-22): hand-checked values', () => {
    const r = calculateDesign(load('dc-battery-backup-7-22', 'input'));
    expect(r.summary.pass).toBe(true);
    // 220.83(A): 2100 × 3 + 3 × 1500 + 27 700 = 38 500 VA → 8 000 + 0.4 × 30 500 = 20 200 VA → 84.167 A ≤ 200 A.
    expect(r.loadCalculation).toMatchObject({ method: '220.83(A)', totalVa: 20200, totalA: 84.167, serviceRatingA: 200, pass: true });
    // Only the hybrid inverter (32 A) is a source: main panel 1.25 × 32 + 200 = 240 ≤ 240 through the 60 A backup supply breaker;
    // backup loads panel 40 + 60 = 100 ≤ 125 (100 % rule); standby min(32, 25 × 400 / 240 = 41.7) = 32 A ≥ 25 A.
    expect(r.interconnection).toMatchObject({ panel: 'main-panel', method: 'load-side-breaker', rule: '120 % rule', pvBreakerA: 60 });
    expect(r.storage).toMatchObject({ coupling: 'dc', dcCircuitA: 25, backup: { kind: 'partial', standbyCapacityA: 32, transferredLoadA: 25, pass: true }, busbars: [{ panel: 'backup-panel', rule: '100 % rule', value: 100, limit: 125, pass: true }] });
    // Backup feeder on a 60 A breaker in aluminium: 6 AWG AL (50 A) cannot be protected at 60 A; 4 AWG AL (65 A → 70 A) can.
    expect(r.conductorSchedule.find((x) => x.runId === 'R3')).toMatchObject({ conductorSize: '4 AWG', conductorType: 'XHHW-2 (AL)', egcSize: '8 AWG', ocpdA: 60 });
    // ASCE 7-22: qh = 0.00256 × 2.41 (22/3280)^(2/7.5) × 120² = 23.39 psf; hip 30°, zone 3: −2.0 − (0.4 × 3/18) = −2.0667;
    // 23.39 × 0.85 × 2.0667 × 1.5 × 0.8 = 49.31 psf. Snow: 0.7 × 1.0 × 1.17 × 40 = 32.76; Cs = 1 − 15/55 → 23.825 psf.
    expect(find(r, 'structural.wind.qh').value).toBe(23.39);
    expect(find(r, 'structural.array.A1.wind-uplift').value).toBe(49.306);
    expect(find(r, 'structural.array.A1.snow-panels').value).toBe(23.825);
  });
});
