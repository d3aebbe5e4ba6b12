import { describe, expect, it } from 'vitest';
import { activeStepOf, formatDay, nextStepOf, reasonOf, todayOf } from './wet-stamp.rules.ts';

describe('the wet stamp card', () => {
  it('the active step is the next one to record', () => {
    expect((['pending', 'stamped', 'shipped', 'delivered'] as const).map(activeStepOf)).toEqual([0, 1, 2, 3]);
    expect(nextStepOf('pending')).toEqual({ state: 'stamped', label: 'Mark stamped' });
    expect(nextStepOf('stamped')?.state).toBe('shipped');
    expect(nextStepOf('shipped')?.state).toBe('delivered');
    expect(nextStepOf('delivered')).toBeNull();
  });

  it('says why the job has one', () => {
    expect(reasonOf({ by_service: true, requirement: null })).toBe('Ordered as the Wet Stamp service.');
    expect(reasonOf({ by_service: false, requirement: { value: '3 Copies', copies: 3, source: 'ahj' } })).toBe('The AHJ\'s Wet Stamps requirement asks for 3 copies.');
    expect(reasonOf({ by_service: true, requirement: { value: '1 Copy', copies: 1, source: 'company' } }))
      .toBe('Ordered as the Wet Stamp service; the company\'s Wet Stamps requirement asks for 1 copy.');
  });

  it('a delivery date is that day in any time zone; today is the browser\'s', () => {
    expect(formatDay('2026-11-27')).toBe('Nov 27, 2026');
    expect(formatDay('soon')).toBe('soon');
    expect(todayOf(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
