import { describe, expect, it } from 'vitest';
import { allowedTransitions } from '@sunstamp/domain/jobs/workflow.rules';
import { intakeModeOf, mayEditJob, tasksSummaryOf, transitionsFor, withUnit } from './jobs.rules.ts';

describe('mayEditJob: the API\'s answer, which knows the internal status', () => {
  it('follows may_edit, whatever the shown status', () => {
    expect(mayEditJob({ may_edit: true })).toBe(true);
    expect(mayEditJob({ may_edit: false })).toBe(false);
  });
});

describe('transitionsFor without the API\'s list', () => {
  it('uses the domain table for an internal status and offers nothing for a client-facing one', () => {
    expect(transitionsFor({ status: 'Pending Approval' }, 'admin').map((t) => t.to)).toEqual(
      allowedTransitions('Pending Approval', 'admin').map((t) => t.to),
    );
    expect(transitionsFor({ status: 'Submitted' }, 'user')).toEqual([]);
  });
});

describe('intakeModeOf', () => {
  it.each([
    [null, 'draft'],
    ['Draft', 'draft'],
    ['Pending Pre-Check', 'edit'],
    ['Pending Client', 'edit'],
  ] as const)('%s → %s', (status, mode) => {
    expect(intakeModeOf(status ? { status } : null)).toBe(mode);
  });
});

describe('tasksSummaryOf', () => {
  it('counts completed tasks and names failed ones first', () => {
    expect(tasksSummaryOf([])).toBe('—');
    expect(tasksSummaryOf([{ status: 'completed' }, { status: '' }])).toBe('1 of 2 completed');
    expect(tasksSummaryOf([{ status: 'failed' }, { status: 'in_progress' }, { status: 'completed' }])).toBe('1 failed · 1 of 3 completed');
  });
});

describe('withUnit: a value and its unit as the job page shows them', () => {
  it('closes up degrees and percent, spaces other units, and leaves a value without unit alone', () => {
    expect(withUnit('26.6', '°')).toBe('26.6°');
    expect(withUnit('55', '%')).toBe('55%');
    expect(withUnit('24', 'in')).toBe('24 in');
    expect(withUnit('200', 'A')).toBe('200 A');
    expect(withUnit('Asphalt Shingle', undefined)).toBe('Asphalt Shingle');
  });
});
