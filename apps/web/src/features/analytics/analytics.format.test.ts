import { describe, expect, it } from 'vitest';
import { countOf } from './analytics.format.ts';

describe('countOf: a count under a KPI reads as English', () => {
  it('uses the singular for one and the plural otherwise, with thousands separators', () => {
    expect(countOf(1, 'cycle', 'cycles')).toBe('1 cycle');
    expect(countOf(0, 'cycle', 'cycles')).toBe('0 cycles');
    expect(countOf(2, 'revision requested', 'revisions requested')).toBe('2 revisions requested');
    expect(countOf(1204, 'cycle', 'cycles')).toBe('1,204 cycles');
  });
});
