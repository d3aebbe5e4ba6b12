// Issue 25 (plan sets part 2, electrical): what the engine refuses and how it sizes the supply side.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { calculateDesign } from './design.calc.ts';
import { EngineRefusalError } from './engine-refusal.ts';

function load(name: string): any {
  return JSON.parse(readFileSync(fileURLToPath(new URL(`../examples/${name}.input.json`, import.meta.url)), 'utf8'));
}
function refusal(f: () => unknown): EngineRefusalError {
  try { f(); } catch (e) { if (e instanceof EngineRefusalError) return e; throw e; }
  throw new Error('not refused');
}

describe('3. impossible service equipment is refused, never solved by another interconnection', () => {
  it('a 400 A main on a 100 A busbar is refused (it used to land on a supply-side tap)', () => {
    const base = load('string-inverter-load-side');
    const e = refusal(() => calculateDesign({ ...base, service: { ...base.service, busbarA: 100, mainBreakerA: 400 } }));
    expect(e.code).toBe('service-equipment-invalid');
    expect(e.message).toMatch(/main breaker \(400 A\) is larger than the busbar it protects \(100 A\)/);
  });
  it('a rating outside NEC 240.6(A) is refused by name', () => {
    const base = load('string-inverter-load-side');
    const e = refusal(() => calculateDesign({ ...base, service: { ...base.service, busbarA: 210, mainBreakerA: 200 } }));
    expect(e.code).toBe('service-equipment-invalid');
    expect(e.message).toMatch(/service\.busbarA = 210 A is not a standard ampere rating/);
  });
  it('real panels still calculate: equal ratings, a larger busbar', () => {
    const base = load('string-inverter-load-side');
    for (const [busbarA, mainBreakerA] of [[200, 200], [225, 200], [125, 100]]) {
      expect(calculateDesign({ ...base, service: { ...base.service, busbarA, mainBreakerA } }).interconnection.busbarA).toBe(busbarA);
    }
  });
});

describe('4. supply-side connection: a supply-side bonding jumper by Table 250.102(C)(1), the neutral, the edition\'s minimum', () => {
  const tapJob = (nec: string) => {
    const base = load('battery-supply-side');
    return calculateDesign({ ...base, site: { ...base.site, codes: { ...base.site.codes, nec } } });
  };
  const checksOf = (r: ReturnType<typeof calculateDesign>) => r.sections.flatMap((s) => s.checks);
  it.each(['2017', '2020', '2023'])('NEC %s: the tap row is bonded with an SSBJ from Table 250.102(C)(1), with a neutral, and has no Table 250.122 EGC', (nec) => {
    const r = tapJob(nec);
    const row = r.conductorSchedule.find((x) => x.circuit === 'Supply-side tap conductors')!;
    expect(row.conductors).toBe('2 + N + SSBJ');
    // 4 AWG copper ungrounded (≤ 2 AWG) → 8 AWG copper jumper.
    expect(row.conductorSize).toBe('4 AWG');
    expect(row.egcSize).toBe('8 AWG SSBJ');
    const all = checksOf(r);
    const j = all.find((c) => c.id === `electrical.run.${row.runId}.bonding-jumper`)!;
    expect(j).toMatchObject({ value: '8 AWG', ref: { section: '250.102(C)(1)' } });
    expect(all.find((c) => c.id === `electrical.run.${row.runId}.neutral`)).toMatchObject({ pass: true, limit: { value: '8 AWG' } });
    expect(all.find((c) => c.id === `electrical.run.${row.runId}.egc`)).toBeUndefined();
    // The other AC runs keep their Table 250.122 EGC.
    expect(r.conductorSchedule.filter((x) => x.runId !== row.runId && !/string/i.test(x.circuit)).every((x) => x.conductors.endsWith('EGC'))).toBe(true);
  });
  it('2020 and 2023 hold the tap conductors to 6 AWG copper (705.11(B)); 2017 to the 8 AWG neutral of Table 250.102(C)(1)', () => {
    for (const nec of ['2020', '2023']) {
      const r = tapJob(nec);
      const min = checksOf(r).find((c) => /\.minimum-size$/.test(c.id))!;
      expect(min).toMatchObject({ pass: true, ref: { section: '705.11(B)' } });
      expect(min.formula).toMatch(/6 AWG copper/);
    }
    const m17 = checksOf(tapJob('2017')).find((c) => /\.minimum-size$/.test(c.id))!;
    expect(m17).toMatchObject({ pass: true, ref: { section: '250.102(C)(1)' } });
    expect(m17.formula).toMatch(/8 AWG copper, the grounded conductor/);
  });
  it('a small tap (Garcia: 10 AWG by ampacity) is sized up to the edition\'s minimum, its neutral passing', () => {
    const base = load('battery-supply-side');
    const small = { ...base, equipment: { ...base.equipment, battery: undefined, inverter: { ...base.equipment.inverter, continuousOutputCurrentA: 16, ratedOutputW: 3800, maxOcpdA: 20 } }, runs: base.runs.filter((r: any) => r.carries.kind !== 'battery').map((r: any) => (r.carries.includeBattery ? { ...r, carries: { kind: 'inverter-output' } } : r)) };
    for (const [nec, size] of [['2017', '8 AWG'], ['2020', '6 AWG'], ['2023', '6 AWG']]) {
      const r = calculateDesign({ ...small, site: { ...small.site, codes: { ...small.site.codes, nec } } });
      const row = r.conductorSchedule.find((x) => x.circuit === 'Supply-side tap conductors')!;
      expect([nec, row.conductorSize]).toEqual([nec, size]);
      expect(checksOf(r).find((c) => c.id === `electrical.run.${row.runId}.neutral`)).toMatchObject({ pass: true });
    }
  });
  it('Table 250.102(C)(1) rows: copper and aluminium columns', async () => {
    const { supplySideBondingJumper } = await import('./tables/nec-250-102.table.ts');
    expect(['10', '6', '2', '1', '1/0', '2/0', '3/0', '4/0', '350', '400', '600'].map((s) => supplySideBondingJumper(s as never, 'copper')))
      .toEqual(['8', '8', '8', '6', '6', '4', '4', '2', '2', '1/0', '1/0']);
    expect(['6', '1/0', '2/0', '3/0', '4/0', '250', '300', '500', '600'].map((s) => supplySideBondingJumper(s as never, 'aluminum')))
      .toEqual(['6', '6', '4', '4', '2', '2', '1/0', '1/0', '3/0']);
  });
});

describe('4. the runs match the interconnection', () => {
  it('a supply-side connection chosen by the engine without tap conductors fails with the remedy (it used to print inverter-output conductors with an EGC)', () => {
    const base = load('battery-supply-side');
    const runs = base.runs.map((r: any) => (r.carries.kind === 'supply-side-tap' ? { ...r, carries: { kind: 'inverter-output', includeBattery: true } } : r));
    const r = calculateDesign({ ...base, runs });
    expect(r.interconnection.method).toBe('supply-side-tap');
    const c = r.sections.flatMap((s) => s.checks).find((x) => x.id === 'electrical.interconnection.tap-conductors')!;
    expect(c).toMatchObject({ pass: false, value: 'supply-side connection without tap conductors' });
    expect(r.summary.pass).toBe(false);
  });
  it('tap conductors under a load-side breaker fail too; the matching example has no such check', () => {
    const base = load('string-inverter-load-side');
    const runs = base.runs.map((r: any, i: number) => (i === base.runs.length - 1 ? { ...r, carries: { kind: 'supply-side-tap' } } : r));
    const r = calculateDesign({ ...base, runs });
    expect(r.interconnection.method).not.toBe('supply-side-tap');
    expect(r.sections.flatMap((s) => s.checks).find((x) => x.id === 'electrical.interconnection.tap-conductors')).toMatchObject({ pass: false });
    expect(calculateDesign(load('battery-supply-side')).sections.flatMap((s) => s.checks).find((x) => x.id === 'electrical.interconnection.tap-conductors')).toBeUndefined();
  });
});

describe('1. an ordered interconnection is drawn as ordered or fails with the reason', () => {
  it('a PV breaker ordered where the 120 % rule fails: the method check fails naming why, never a silent tap', () => {
    const base = load('battery-supply-side');
    const runs = base.runs.map((r: any) => (r.carries.kind === 'supply-side-tap' ? { ...r, carries: { kind: 'inverter-output', includeBattery: true } } : r));
    const ordered = calculateDesign({ ...base, runs, service: { ...base.service, preferredMethod: 'load-side-breaker', preferredMethodIsOrder: true } });
    const m = ordered.sections.flatMap((s) => s.checks).find((c) => c.id === 'electrical.interconnection.method')!;
    expect(m.pass).toBe(false);
    expect(m.remedy).toMatch(/^The ordered load-side-breaker does not fit \(/);
    // As a preference (not an order) the engine still proposes the next method, as before.
    const preferred = calculateDesign({ ...base, service: { ...base.service, preferredMethod: 'load-side-breaker' } });
    expect(preferred.sections.flatMap((s) => s.checks).find((c) => c.id === 'electrical.interconnection.method')!.pass).toBe(true);
  });
  it('an order that fits passes', () => {
    const base = load('string-inverter-load-side');
    const r = calculateDesign({ ...base, service: { ...base.service, preferredMethod: 'load-side-breaker', preferredMethodIsOrder: true } });
    expect(r.sections.flatMap((s) => s.checks).find((c) => c.id === 'electrical.interconnection.method')!.pass).toBe(true);
  });
});

describe('the options not used say why (the calculations sheet prints it)', () => {
  it('a supply-side tap ordered where a PV breaker would fit: the breaker "fits, not used: the job orders" the tap; a derate where the main already fits is "not needed"', () => {
    const base = load('string-inverter-load-side');
    const runs = base.runs.map((r: any, i: number) => (i === base.runs.length - 1 ? { ...r, carries: { kind: 'supply-side-tap' } } : r));
    const r = calculateDesign({ ...base, runs, service: { ...base.service, busbarA: 225, preferredMethod: 'supply-side-tap', preferredMethodIsOrder: true } });
    expect(r.interconnection.method).toBe('supply-side-tap');
    const note = (m: string) => r.sections.flatMap((s) => s.checks).find((c) => c.id === `electrical.interconnection.${m}`)!.notes![0];
    expect(note('load-side-breaker')).toMatch(/^Fits, not used: the job orders supply-side-tap: /);
    expect(note('main-breaker-derate')).toMatch(/^Not needed: the existing 200 A main is already within what the busbar allows \(at most [\d.]+ A\): no derate to make$/);
    expect(note('supply-side-tap')).toMatch(/^Selected: /);
    // as a preference, not an order, a fitting earlier method is chosen, and the tap is "fits, not needed"
    const preferred = calculateDesign({ ...base, service: { ...base.service, busbarA: 225 } });
    expect(preferred.interconnection.method).toBe('load-side-breaker');
    expect(preferred.sections.flatMap((s) => s.checks).find((c) => c.id === 'electrical.interconnection.supply-side-tap')!.notes![0]).toMatch(/^Fits, not needed: /);
  });
});

describe('1. an ordered derate that is not needed keeps the main (the PV breaker fits), with a note', () => {
  it('load-side breaker, main kept, method check passing', () => {
    const base = load('string-inverter-load-side');
    const r = calculateDesign({ ...base, service: { ...base.service, busbarA: 225, preferredMethod: 'main-breaker-derate', preferredMethodIsOrder: true } });
    expect(r.interconnection).toMatchObject({ method: 'load-side-breaker', mainBreakerA: 200 });
    const m = r.sections.flatMap((s) => s.checks).find((c) => c.id === 'electrical.interconnection.method')!;
    expect(m.pass).toBe(true);
    expect(m.notes).toContain('A main breaker derate was ordered, but the PV breaker fits without one: the main breaker is kept');
  });
});
