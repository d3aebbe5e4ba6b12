import { describe, expect, it } from 'vitest';
import { jobEventNoticeOf } from './job-notifications.rules.ts';

describe('jobEventNoticeOf', () => {
  it.each([
    ['Pending Pre-Check', 'Pending Client', 'support', { audience: 'company', text: 'Needs your answer' }],
    ['Finalized', 'Pending Approval', 'admin', { audience: 'company', text: 'Ready for your review' }],
    ['Pending Design', 'Cancelled', 'admin', { audience: 'company', text: 'Cancelled' }],
    ['Pending Design', 'Cancelled', 'user', { audience: 'staff', text: 'Cancelled by the client' }],
    ['Draft', 'Pending Pre-Check', 'user_admin', { audience: 'staff', text: 'Submitted' }],
    ['Pending Approval', 'Approved', 'user', { audience: 'staff', text: 'Approved by the client' }],
    ['Approved', 'Pending Design Revision', 'user', { audience: 'staff', text: 'Revision requested' }],
    ['Pending Client', 'Pending Design', 'user', { audience: 'staff', text: 'The client answered' }],
    ['Pending Design', 'Pending QC', 'contractor', null],
    ['Pending QC', 'Pending PE', 'admin', null],
    ['Draft', 'Pending Pre-Check', 'admin', null],
  ] as const)('%s → %s by %s', (from, to, role, want) => {
    expect(jobEventNoticeOf(from, to, role)).toEqual(want);
  });
});
