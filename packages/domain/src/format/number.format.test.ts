import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatThousands, roundTo, roundToStep } from './number.format.ts';

describe('roundTo', () => {
  it.each([
    [1.005, 2, 1.01],
    [1.004, 2, 1],
    [2.675, 2, 2.68],
    [-2.675, 2, -2.68],
    [-0.001, 2, 0],
    [123.456, 0, 123],
    [0.5, 0, 1],
    [-0.5, 0, -1],
    [1e21, 2, 1e21],
    [26.565051177, 2, 26.57],
  ])('roundTo(%d, %d) = %d', (v, d, expected) => {
    expect(roundTo(v, d)).toBe(expected);
  });
  it('defaults to two decimals', () => expect(roundTo(3.14159)).toBe(3.14));
  it('passes NaN through', () => expect(roundTo(Number.NaN)).toBeNaN());
});

describe('roundToStep', () => {
  it.each([
    [7.3, 0.25, 7.25],
    [7.38, 0.25, 7.5],
    [0.3, 0.1, 0.3],
    [0.15, 0.1, 0.2],
    [12, 5, 10],
    [13, 5, 15],
    [-13, 5, -15],
    [1.23456, 0.001, 1.235],
  ])('roundToStep(%d, %d) = %d', (v, step, expected) => {
    expect(roundToStep(v, step)).toBe(expected);
  });
  it('refuses a non-positive step', () => {
    expect(() => roundToStep(1, 0)).toThrow(RangeError);
    expect(() => roundToStep(1, -1)).toThrow(RangeError);
  });
  it('always lands within half a step', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.constantFrom(0.1, 0.25, 0.5, 1, 5, 12), (v, step) => {
        const r = roundToStep(v, step);
        expect(Math.abs(r - v)).toBeLessThanOrEqual(step / 2 + 1e-6);
      }),
    );
  });
});

describe('formatThousands', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [1234567.891, '1,234,567.89'],
    [-43560, '-43,560'],
    [1234.5, '1,234.5'],
    [-0.001, '0'],
  ])('%d → %s', (v, expected) => {
    expect(formatThousands(v)).toBe(expected);
  });
  it('takes decimal bounds', () => {
    expect(formatThousands(1234.5, 2, 2)).toBe('1,234.50');
    expect(formatThousands(1234.5678, 0)).toBe('1,235');
  });
});
