import { describe, expect, it } from 'vitest';
import { hoursText, shiftWindowOf } from './back-office.rules.ts';

describe('back office display rules', () => {
  it('shows hours and minutes', () => {
    expect(hoursText(0.25)).toBe('15 min');
    expect(hoursText(0)).toBe('0 min');
    expect(hoursText(3.46)).toBe('3.5 h');
    expect(hoursText(8)).toBe('8 h');
  });
  it('asks for the last n days as a stable instant (to the minute, so the query key holds still)', () => {
    const a = shiftWindowOf(7, new Date('2026-05-08T12:00:10.500Z'));
    const b = shiftWindowOf(7, new Date('2026-05-08T12:00:40Z'));
    expect(a).toEqual({ start_date: '2026-05-01T12:00:00.000Z' });
    expect(b).toEqual(a);
  });
});
