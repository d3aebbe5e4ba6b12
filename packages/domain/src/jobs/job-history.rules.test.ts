import { describe, expect, it } from 'vitest';
import { ALL_JOB_EVENT_LABELS } from '../constants/job-events.constants.ts';
import { editEventOf, historyEventOf } from './job-history.rules.ts';
import { TRANSITION_TABLE } from './workflow.rules.ts';

describe('history events of a move', () => {
  it.each([
    ['submit', 'Draft', 'Pending Pre-Check', 'submitted'],
    ['approve', 'Pending Approval', 'Approved', 'approved'],
    ['cancel', 'Pending Design', 'Cancelled', 'cancelled'],
    ['revision', 'Approved', 'Pending Design Revision', 'revision'],
    ['ask_client', 'Pending Design', 'Pending Client', 'pending_client'],
    ['move', 'Design Completed', 'Pending Approval', 'pending_approval'],
    ['answer', 'Pending Client', 'Pending Design', 'pending_rae'],
    ['move', 'Pending Design', 'Pending QC', 'status_changed'],
    ['move', 'Pending QC', 'Design Completed', 'status_changed'],
  ] as const)('%s %s → %s writes %s', (action, from, to, event) => {
    expect(historyEventOf(action, from, to)).toBe(event);
  });
  it('every transition of the table writes a labelled event', () => {
    expect(TRANSITION_TABLE.length).toBeGreaterThan(0);
    for (const t of TRANSITION_TABLE) {
      // 'previous' (back from Pending Client) lands on a status that waits on staff.
      const to = t.to === 'previous' ? 'Pending Design' : t.to;
      expect(ALL_JOB_EVENT_LABELS[historyEventOf(t.action, t.from, to)]).toBeTruthy();
    }
  });
  it('an edit of a draft is drafted, of anything later edited', () => {
    expect(editEventOf('Draft')).toBe('drafted');
    expect(editEventOf('Pending Design')).toBe('edited');
  });
});
