import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROLES, isClientRole } from '../roles.ts';
import { JOB_STATUSES, allowedTransitions, isPendingAdmin, type JobStatus } from './workflow.rules.ts';
import { actionKindFor, isWaitingOn, requestNoteOf, sideOfRole, statusesWaitingOn, waitingOnOf } from './action-needed.rules.ts';

const status = fc.constantFrom(...JOB_STATUSES);
const role = fc.constantFrom(...ROLES);

describe('waitingOnOf: who must act next', () => {
  it.each([
    ['Pending Client', 'client'],
    ['Pending Approval', 'client'],
    ['Pending Pre-Check', 'team'],
    ['Pending Design', 'team'],
    ['Pending Reinforcements', 'team'],
    ['Draft', null],
    ['Waiting on AHJ', null],
    ['Design Completed', null],
    ['Finalized', null],
    ['Approved', null],
    ['Cancelled', null],
  ] as const)('%s waits on %s', (s, side) => {
    expect(waitingOnOf(s)).toBe(side);
  });

  it('the team side is exactly "pending admin" (decisions.md)', () => {
    fc.assert(fc.property(status, (s) => (waitingOnOf(s) === 'team') === isPendingAdmin(s)));
  });

  it('the two sides partition the statuses that wait on someone, in workflow order', () => {
    const client = statusesWaitingOn('client');
    const team = statusesWaitingOn('team');
    expect(client).toEqual(['Pending Client', 'Pending Approval']);
    expect(client.filter((s) => team.includes(s))).toEqual([]);
    expect(team).toEqual(JOB_STATUSES.filter(isPendingAdmin));
  });
});

describe('actionKindFor: what the reader must do', () => {
  it('a job waits on a role exactly when the role has an action on it', () => {
    fc.assert(fc.property(status, role, (s, r) => (actionKindFor(s, r) !== null) === isWaitingOn(s, r)));
  });

  it('a client answers Pending Client and reviews Pending Approval; the team works on pending-admin jobs', () => {
    expect(actionKindFor('Pending Client', 'user')).toBe('answer');
    expect(actionKindFor('Pending Approval', 'user_admin')).toBe('review');
    expect(actionKindFor('Pending Client', 'admin')).toBeNull();
    expect(actionKindFor('Pending QC', 'support')).toBe('work');
    expect(actionKindFor('Pending QC', 'contractor')).toBe('work');
    expect(actionKindFor('Pending QC', 'user')).toBeNull();
  });

  it('whenever a client is asked to act, the transition table gives the client a move out of that status', () => {
    fc.assert(
      fc.property(status, fc.constantFrom('user', 'user_admin' as const), (s, r) => {
        const kind = actionKindFor(s, r);
        if (!kind) return true;
        const moves = allowedTransitions(s, r, { previousStatus: 'Pending Design' }).map((t) => t.action);
        return kind === 'answer' ? moves.includes('answer') : moves.includes('approve') && moves.includes('revision');
      }),
    );
  });

  it('each role acts for one side: clients for the client, staff and contractors for the team', () => {
    for (const r of ROLES) expect(sideOfRole(r)).toBe(isClientRole(r) ? 'client' : 'team');
  });
});

describe('requestNoteOf: the request the client acts on', () => {
  const at = (n: number) => new Date(Date.UTC(2026, 0, 1, n));
  it('is the note of the latest entry into Pending Client', () => {
    const h = [
      { to: 'Pending Pre-Check' as JobStatus, note: null, at: at(1) },
      { to: 'Pending Client' as JobStatus, note: 'old question', at: at(2) },
      { to: 'Pending Design' as JobStatus, note: null, at: at(3) },
      { to: 'Pending Client' as JobStatus, note: '  Which roof is it? ', at: at(4) },
      { to: null, note: 'an edit', at: at(5) },
    ];
    expect(requestNoteOf('Pending Client', h)).toEqual({ note: 'Which roof is it?', at: at(4) });
  });
  it('is null for a status that carries no request, and its note null when staff wrote none', () => {
    const h = [{ to: 'Pending Approval' as JobStatus, note: '', at: at(1) }];
    expect(requestNoteOf('Pending Approval', h)).toEqual({ note: null, at: at(1) });
    expect(requestNoteOf('Pending Design', h)).toBeNull();
  });
  it('never answers the note of an earlier stay when the last status change went elsewhere', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ to: fc.option(status, { nil: null }), note: fc.option(fc.string(), { nil: null }) }), { maxLength: 12 }), (rows) => {
        const h = rows.map((r, i) => ({ ...r, at: at(i) }));
        const last = [...h].reverse().find((r) => r.to !== null);
        const s = last?.to ?? 'Pending Client';
        const got = requestNoteOf(s, h);
        if (got === null) return true;
        return last !== undefined && got.at.getTime() === last.at.getTime();
      }),
    );
  });
});
