import { describe, expect, it } from 'vitest';
import { countOf, jobsDetailOf } from './analytics.format.ts';

describe('countOf: a count under a KPI reads as English', () => {
  it('uses the singular for one and the plural otherwise, with thousands separators', () => {
    expect(countOf(1, 'cycle', 'cycles')).toBe('1 cycle');
    expect(countOf(0, 'cycle', 'cycles')).toBe('0 cycles');
    expect(countOf(2, 'revision requested', 'revisions requested')).toBe('2 revisions requested');
    expect(countOf(1204, 'cycle', 'cycles')).toBe('1,204 cycles');
  });
});

describe('jobsDetailOf: whose completions and revision requests the Jobs card counts', () => {
  it('names the person or the group where the counts are theirs, and leaves Company Stats plain', () => {
    expect(jobsDetailOf('my', 1, 1)).toBe('By you: 1 completed · 1 revision requested');
    expect(jobsDetailOf('group', 12, 3)).toBe('By the group: 12 completed · 3 revisions requested');
    expect(jobsDetailOf('company', 1200, 0)).toBe('1,200 completed · 0 revisions requested');
  });
});
