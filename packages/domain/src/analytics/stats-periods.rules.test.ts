import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, foldDays, isIsoDate, periodsOf, periodStartOf, STATS_INTERVALS } from './stats-periods.rules.ts';
import { intersectVisible, statsTabsFor } from './stats-access.rules.ts';
import { percentileCont } from './stats-metrics.ts';

describe('report periods (spec §9 frequencies)', () => {
  it('starts each period where PostgreSQL would (date_trunc; date_bin 14 days from a Monday)', () => {
    expect(periodStartOf('2026-03-04', 'weekly', '2026-01-01')).toBe('2026-03-02'); // Wednesday → Monday
    expect(periodStartOf('2026-03-01', 'weekly', '2026-01-01')).toBe('2026-02-23'); // Sunday → Monday before
    expect(periodStartOf('2001-01-14', 'biweekly', '2001-01-01')).toBe('2001-01-01');
    expect(periodStartOf('2001-01-15', 'biweekly', '2001-01-01')).toBe('2001-01-15');
    expect(periodStartOf('2000-12-31', 'biweekly', '2000-01-01')).toBe('2000-12-18');
    expect(periodStartOf('2026-08-19', 'quarterly', '2026-01-01')).toBe('2026-07-01');
    expect(periodStartOf('2026-06-30', 'biannually', '2026-01-01')).toBe('2026-01-01');
    expect(periodStartOf('2026-07-01', 'biannually', '2026-01-01')).toBe('2026-07-01');
    expect(periodStartOf('2026-12-31', 'yearly', '2026-01-01')).toBe('2026-01-01');
    expect(periodStartOf('2026-12-31', 'all', '2026-05-05')).toBe('2026-05-05');
  });

  it('clips the first and last period to the range and keeps empty ones', () => {
    expect(periodsOf('2026-01-15', '2026-04-10', 'monthly')).toEqual([
      { start: '2026-01-15', end: '2026-01-31' },
      { start: '2026-02-01', end: '2026-02-28' },
      { start: '2026-03-01', end: '2026-03-31' },
      { start: '2026-04-01', end: '2026-04-10' },
    ]);
    expect(periodsOf('2024-01-01', '2024-12-31', 'biannually')).toEqual([
      { start: '2024-01-01', end: '2024-06-30' },
      { start: '2024-07-01', end: '2024-12-31' },
    ]);
    expect(periodsOf('2026-03-05', '2026-03-05', 'yearly')).toEqual([{ start: '2026-03-05', end: '2026-03-05' }]);
  });

  it('periods tile the range exactly, for every interval (property)', () => {
    const day = fc.integer({ min: 0, max: 3000 }).map((n) => addDays('2020-01-01', n));
    fc.assert(fc.property(day, fc.integer({ min: 0, max: 800 }), fc.constantFrom(...STATS_INTERVALS), (start, len, interval) => {
      const end = addDays(start, len);
      const ps = periodsOf(start, end, interval);
      expect(ps[0]!.start).toBe(start);
      expect(ps.at(-1)!.end).toBe(end);
      for (let i = 1; i < ps.length; i++) expect(ps[i]!.start).toBe(addDays(ps[i - 1]!.end, 1));
      for (const p of ps) expect(p.start <= p.end).toBe(true);
      // Every day lands in the period its own periodStartOf names (or the clipped first one).
      const folded = foldDays(ps, [{ day: end, key: 'n', count: 1 }, { day: start, key: 'n', count: 1 }]);
      expect([...folded.values()].reduce((a, m) => a + (m.get('n') ?? 0), 0)).toBe(2);
    }), { numRuns: 300 });
  });

  it('folds days outside the range nowhere', () => {
    const ps = periodsOf('2026-03-01', '2026-03-31', 'weekly');
    const m = foldDays(ps, [{ day: '2026-02-28', key: 'x', count: 5 }, { day: '2026-03-03', key: 'x', count: 2 }]);
    expect(m.get('2026-03-02')!.get('x')).toBe(2);
    expect([...m.values()].reduce((a, v) => a + (v.get('x') ?? 0), 0)).toBe(2);
  });

  it('knows a real date', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-2-1')).toBe(false);
  });
});

describe('analytics access and percentiles', () => {
  it('tabs per role (decisions.md)', () => {
    expect(statsTabsFor('admin')).toEqual(['my', 'group', 'company']);
    expect(statsTabsFor('support')).toEqual(['my', 'group', 'company']);
    expect(statsTabsFor('user_admin')).toEqual(['my', 'company']);
    expect(statsTabsFor('user')).toEqual(['my']);
    expect(statsTabsFor('contractor')).toEqual(['my']);
  });
  it('an asked list never widens to everything', () => {
    expect(intersectVisible(['a', 'b'], ['b'])).toEqual(['b']);
    expect(intersectVisible(['a'], ['b'])).toEqual([]);
    expect(intersectVisible(undefined, ['b'])).toEqual(['b']);
    expect(intersectVisible(undefined, undefined)).toBeUndefined();
    expect(intersectVisible(['a', 'a'], undefined)).toEqual(['a']);
  });
  it('percentile_cont interpolates like PostgreSQL', () => {
    expect(percentileCont([4, 7, 10], 0.9)).toBeCloseTo(9.4);
    expect(percentileCont([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(percentileCont([5], 0.9)).toBe(5);
    expect(percentileCont([], 0.5)).toBeNull();
  });
});
