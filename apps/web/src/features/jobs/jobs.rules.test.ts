import { describe, expect, it } from 'vitest';
import { CLIENT_EDITABLE, JOB_STATUSES, type JobStatus } from '@sunstamp/domain/jobs/workflow.rules';
import { intakeModeOf, mayEditJob } from './jobs.rules.ts';

const job = (status: JobStatus, is_active = true) => ({ status, is_active });

describe('mayEditJob: the API\'s rule, from the domain', () => {
  it.each(JOB_STATUSES.map((s) => [s]))('a client in %s edits only in the domain\'s CLIENT_EDITABLE statuses', (s) => {
    expect(mayEditJob(job(s), 'user')).toBe(CLIENT_EDITABLE.includes(s));
    expect(mayEditJob(job(s), 'user_admin')).toBe(CLIENT_EDITABLE.includes(s));
  });
  it('offers the intake to a client in Pending Pre-Check and Pending Client, not once design started', () => {
    expect(mayEditJob(job('Pending Pre-Check'), 'user')).toBe(true);
    expect(mayEditJob(job('Pending Client'), 'user_admin')).toBe(true);
    expect(mayEditJob(job('Pending Design'), 'user')).toBe(false);
  });
  it('never for a contractor, a cancelled or a deactivated job', () => {
    expect(mayEditJob(job('Pending Design'), 'contractor')).toBe(false);
    expect(mayEditJob(job('Cancelled'), 'admin')).toBe(false);
    expect(mayEditJob(job('Draft', false), 'user')).toBe(false);
    expect(mayEditJob(job('Pending QC'), 'support')).toBe(true);
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
