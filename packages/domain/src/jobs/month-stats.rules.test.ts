import { describe, expect, it } from 'vitest';
import { jobActionOfTransition, monthKey, monthStatsDelta } from './month-stats.rules.ts';

describe('month stats', () => {
  it.each([
    ['Pending Approval', 'Approved', 1, 0],
    ['Pending QC', 'Design Completed', 1, 0],
    ['Pending EE', 'Design Completed', 1, 0],
    ['Approved', 'Pending Design Revision', 0, 1],
    ['Pending Approval', 'Pending Design Revision', 0, 1],
    ['Waiting on AHJ', 'Pending Design Revision', 0, 1],
    ['Design Completed', 'Finalized', 0, 0],
    ['Pending QC', 'Pending PE', 0, 0],
    ['Approved', 'Approved', 0, 0],
  ] as const)('%s → %s counts %d completed, %d revisions', (from, to, jobsCompleted, revisions) => {
    expect(monthStatsDelta(from, to)).toEqual({ jobsCompleted, revisions });
  });
});

describe('jobActionOfTransition', () => {
  it.each([
    ['Draft', 'Pending Pre-Check', 'submitted'],
    ['Pending Design', 'Pending Client', 'pending_client'],
    ['Pending Client', 'Pending Design', 'pending_rae'],
    ['Finalized', 'Pending Approval', 'pending_approval'],
    ['Pending Approval', 'Approved', 'approved'],
    ['Approved', 'Pending Design Revision', 'revision'],
    ['Pending QC', 'Cancelled', 'cancelled'],
    ['Pending QC', 'Pending PE', null],
    ['Design Completed', 'Finalized', null],
  ] as const)('%s → %s is %s', (from, to, action) => {
    expect(jobActionOfTransition(from, to)).toBe(action);
  });
});

describe('month keys', () => {
  it('are the UTC year and month of the instant', () => {
    expect(monthKey(new Date('2026-11-23T09:00:00Z'))).toBe('2026-11');
    expect(monthKey(new Date('2026-12-31T23:59:59.999Z'))).toBe('2026-12');
    expect(monthKey(new Date('2027-01-01T00:00:00-05:00'))).toBe('2027-01');
  });
});
