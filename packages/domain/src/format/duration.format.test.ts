import { describe, expect, it } from 'vitest';
import { formatWorkDuration, formatWorkDurationMs } from './duration.format.ts';

describe('formatWorkDuration (8-hour day)', () => {
  it.each([
    [17, '2d 1h'],
    [8, '1d'],
    [16, '2d'],
    [7.5, '7h 30m'],
    [0.5, '30m'],
    [9.25, '1d 1h 15m'],
    [0, '0m'],
    [0.001, '0m'],
    [-17, '-2d 1h'],
    [40, '5d'],
  ])('%d h → %s', (hours, expected) => {
    expect(formatWorkDuration(hours)).toBe(expected);
  });
  it('takes another day length', () => expect(formatWorkDuration(25, 24)).toBe('1d 1h'));
  it('takes milliseconds', () => expect(formatWorkDurationMs(17 * 3_600_000)).toBe('2d 1h'));
});
