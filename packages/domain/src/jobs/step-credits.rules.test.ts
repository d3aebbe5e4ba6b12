import { describe, expect, it } from 'vitest';
import { creditedPeople, stepCredits, type CreditHistoryRow } from './step-credits.rules.ts';

const move = (actorId: string, fromStatus: string, toStatus: string, event = 'status_changed'): CreditHistoryRow => ({ event, actorId, fromStatus, toStatus });
const assign = (actorId: string, assignee: string): CreditHistoryRow => ({ event: 'assigned', actorId, fromStatus: null, toStatus: null, data: { assignee_id: assignee } });

describe('stepCredits', () => {
  it('credits the assigned drafter with the design, not the support user who moved the status', () => {
    const rows = [
      move('client', 'Draft', 'Pending Pre-Check', 'submitted'),
      move('support', 'Pending Pre-Check', 'Pending Design'),
      assign('support', 'drafter'),
      move('support', 'Pending Design', 'Pending QC'),
      move('admin', 'Pending QC', 'Pending PE'),
      move('engineer', 'Pending PE', 'Design Completed'),
    ];
    expect(stepCredits(rows)).toEqual({ design: 'drafter', qc: 'admin', stamp: 'engineer' });
    expect(creditedPeople(stepCredits(rows))).toEqual(['drafter', 'admin', 'engineer']);
  });
  it('without an assignee the mover designed; a move to the client or back to design is not a step done', () => {
    const rows = [
      move('support', 'Pending Design', 'Pending Client', 'pending_client'),
      move('client', 'Pending Client', 'Pending Design'),
      move('drafter', 'Pending Design', 'Pending QC'),
      move('support', 'Pending QC', 'Pending Design'),
      move('drafter2', 'Pending Design', 'Pending QC'),
      move('support', 'Pending QC', 'Design Completed'),
    ];
    expect(stepCredits(rows)).toEqual({ design: 'drafter2', qc: 'support', stamp: null });
  });
  it('a revision starts a new cycle', () => {
    const rows = [
      assign('support', 'drafter'),
      move('support', 'Pending Design', 'Pending QC'),
      move('support', 'Pending QC', 'Design Completed'),
      move('client', 'Pending Approval', 'Pending Design Revision', 'revision'),
      { event: 'unassigned', actorId: 'support', fromStatus: null, toStatus: null },
    ];
    expect(stepCredits(rows)).toEqual({ design: null, qc: null, stamp: null });
    expect(stepCredits([...rows, move('drafter3', 'Pending Design Revision', 'Pending QC')]).design).toBe('drafter3');
  });
});
