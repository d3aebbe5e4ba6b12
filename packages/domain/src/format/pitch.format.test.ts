import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { degreesToPiFactor, degreesToRise, piFactorToDegrees, riseToDegrees } from './pitch.format.ts';

describe('pitch', () => {
  it.each([
    [0, 0],
    [45, 0.25],
    [90, 0.5],
    [180, 1],
    [26, 26 / 180],
  ])('%d° ↔ %d·π', (deg, factor) => {
    expect(degreesToPiFactor(deg)).toBeCloseTo(factor, 12);
    expect(piFactorToDegrees(factor)).toBeCloseTo(deg, 12);
  });
  it.each([
    [0, 0],
    [6, 26.565051],
    [12, 45],
    [4, 18.434949],
  ])('%d/12 → %d°', (rise, deg) => {
    expect(riseToDegrees(rise)).toBeCloseTo(deg, 5);
    expect(degreesToRise(deg)).toBeCloseTo(rise, 5);
  });
  it('round-trips', () => {
    fc.assert(
      fc.property(fc.double({ min: -720, max: 720, noNaN: true }), (d) => {
        expect(piFactorToDegrees(degreesToPiFactor(d))).toBeCloseTo(d, 9);
      }),
    );
  });
});
