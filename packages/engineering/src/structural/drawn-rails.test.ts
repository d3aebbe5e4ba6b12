import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { calculateDesign } from '../design.calc.ts';
import type { Check, Report } from '../report.schema.ts';
import { railAllowances } from './structural.calc.ts';

/*
 * The rail checks on the rails as drawn (issue 24 finding 1): the longest drawn span, the longest
 * drawn cantilever (≤ 40 % of the allowed span unless the maker gives a limit) and the fewest
 * attachments on a rail, each naming the governing rail; the lag takes the largest drawn tributary length.
 */

const base = JSON.parse(readFileSync(new URL('../../examples/string-inverter-load-side.input.json', import.meta.url), 'utf8'));
const find = (r: Report, id: string): Check => {
  const c = r.sections.flatMap((s) => s.checks).find((x) => x.id === id);
  if (!c) throw new Error(`no check ${id}`);
  return c;
};
const input = (name: string, c: Check) => c.inputs.find((i) => i.name === name)?.value;
const withRails = (rails: unknown[], rail: Record<string, unknown> = {}) => ({
  ...base, arrays: [{ ...base.arrays[0], rails, rail: { ...(base.arrays[0].rail ?? {}), ...rail } }, base.arrays[1]],
});

describe('rail checks on the drawn rails', () => {
  const allow = railAllowances(base).A1!;

  it('the allowance: cantilever 40 % of the allowed span', () => {
    expect(allow.maxSpanIn).toBeGreaterThan(24);
    expect(allow.maxCantileverIn).toBeCloseTo(0.4 * allow.maxSpanIn, 6);
  });

  it('takes the longest drawn span and cantilever and names their rails', () => {
    const r = calculateDesign(withRails([
      { id: 'P1-R1', attachments: 3, spansIn: [48, 48], cantileversIn: [10, 12] },
      { id: 'P1-R2', attachments: 3, spansIn: [24, 48], cantileversIn: [20, 4] },
    ]));
    const span = find(r, 'structural.array.A1.rail-span');
    expect(input('span', span)).toBe(4);
    expect(input('governing rail', span)).toBe('P1-R1');
    expect(span.pass).toBe(true);
    const cant = find(r, 'structural.array.A1.rail-cantilever');
    expect(cant).toMatchObject({ value: 20, unit: 'in', pass: true });
    expect(input('governing rail', cant)).toBe('P1-R2');
    expect(cant.limit!.value).toBeCloseTo(allow.maxCantileverIn, 2);
    expect(find(r, 'structural.array.A1.rail-attachments')).toMatchObject({ value: 3, pass: true });
    // the middle attachment of P1-R1 carries 24 + 24 in. (more than P1-R2's end: 20 + 12 in.)
    const lag = find(r, 'structural.array.A1.lag-withdrawal');
    expect(input('tributary rail length', lag)).toBeCloseTo(4, 3);
    expect(input('governing rail', lag)).toBe('P1-R1');
  });

  it('a drawn 47 in cantilever on a 48 in span fails the cantilever check, naming the rail', () => {
    const r = calculateDesign(withRails([{ id: 'P2-R5', attachments: 2, spansIn: [48], cantileversIn: [47, 6] }]));
    const c = find(r, 'structural.array.A1.rail-cantilever');
    expect(c.pass).toBe(false);
    expect(c.remedy).toMatch(/^Rail P2-R5/);
    expect(r.summary.pass).toBe(false);
  });

  it('a rail held by one attachment fails', () => {
    const r = calculateDesign(withRails([{ id: 'P1-R1', attachments: 1, spansIn: [], cantileversIn: [20, 20] }]));
    expect(find(r, 'structural.array.A1.rail-attachments')).toMatchObject({ value: 1, pass: false });
  });

  it('a span past the maker\'s limit fails even where the moment would pass; the maker\'s cantilever replaces the 40 %', () => {
    const r = calculateDesign(withRails([{ id: 'P1-R1', attachments: 2, spansIn: [48], cantileversIn: [10, 10] }], { maxSpanIn: 40, maxCantileverIn: 8 }));
    expect(find(r, 'structural.array.A1.rail-span').pass).toBe(false);
    const c = find(r, 'structural.array.A1.rail-cantilever');
    expect(c.limit!.value).toBe(8);
    expect(c.pass).toBe(false);
  });

  it('spans and attachments must agree', () => {
    expect(() => calculateDesign(withRails([{ id: 'P1-R1', attachments: 3, spansIn: [48], cantileversIn: [10, 10] }]))).toThrow(/one span fewer/);
  });
});

describe('the attachment decides the hold-down check', () => {
  const rails = [{ id: 'P1-R1', attachments: 3, spansIn: [48, 48], cantileversIn: [10, 12] }];
  const withAttachment = (attachment: Record<string, unknown>) => ({ ...base, arrays: [{ ...base.arrays[0], rails, attachment }, base.arrays[1]] });
  const ids = (r: Report) => r.sections.flatMap((s) => s.checks.map((c) => c.id)).filter((id) => id.startsWith('structural.array.A1.'));

  it('a tile hook is lagged into the rafter: lag withdrawal', () => {
    expect(ids(calculateDesign(withAttachment({ kind: 'tile-hook' })))).toContain('structural.array.A1.lag-withdrawal');
  });

  it('a seam clamp does not penetrate: no lag check, the maker\'s allowable uplift instead (refused without it)', () => {
    const r = calculateDesign(withAttachment({ kind: 'seam-clamp', allowableUpliftLb: 500 }));
    expect(ids(r)).not.toContain('structural.array.A1.lag-withdrawal');
    expect(find(r, 'structural.array.A1.attachment-uplift')).toMatchObject({ unit: 'lb', limit: { value: 500 } });
    expect(() => calculateDesign(withAttachment({ kind: 'seam-clamp' }))).toThrow(/allowable uplift per attachment/);
  });

  it('ballast: a ballast calculation instead of rails and lags, and its weight in the added load', () => {
    const light = calculateDesign({ ...base, arrays: [{ ...base.arrays[0], attachment: { kind: 'ballast', ballastPsf: 4.5 } }, base.arrays[1]] });
    const b = find(light, 'structural.array.A1.ballast');
    expect(b.pass).toBe(false);
    expect(b.limit!.relation).toBe('>=');
    expect(ids(light)).not.toContain('structural.array.A1.rail-span');
    expect(ids(light)).not.toContain('structural.array.A1.lag-withdrawal');
    const heavy = calculateDesign({ ...base, arrays: [{ ...base.arrays[0], attachment: { kind: 'ballast', ballastPsf: (b.limit!.value as number) + 1 } }, base.arrays[1]] });
    expect(find(heavy, 'structural.array.A1.ballast').pass).toBe(true);
    expect(find(heavy, 'structural.array.A1.added-load').value as number).toBeGreaterThan(find(light, 'structural.array.A1.added-load').value as number);
  });
});
