import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../roles.ts';
import {
  allowedTransitions,
  canTransition,
  CLIENT_EDITABLE,
  CLIENT_STATUSES,
  clientStatusOf,
  editRefusalOf,
  internalStatusesOf,
  isPendingAdmin,
  JOB_STATUSES,
  mayEditInPlace,
  type JobStatus,
  statusBeforePendingClient,
  TRANSITION_TABLE,
} from './workflow.rules.ts';

const tos = (from: JobStatus, role: Role = 'admin', ctx = {}) =>
  allowedTransitions(from, role, ctx).map((t) => t.to).sort();

describe('statuses', () => {
  it('has the 14 internal statuses of spec §4 plus Draft, Approved, Cancelled', () => {
    expect(JOB_STATUSES).toHaveLength(17);
  });
  it.each([
    ['Draft', 'Draft'],
    ['Pending Pre-Check', 'Submitted'],
    ['Pending Client', 'Submitted'],
    ['Pending Approval', 'Submitted'],
    ['Design Completed', 'Submitted'],
    ['Finalized', 'Submitted'],
    ['Waiting on AHJ', 'Submitted'],
    ['Approved', 'Approved'],
    ['Cancelled', 'Cancelled'],
  ] as const)('%s shows as %s', (s, c) => expect(clientStatusOf(s)).toBe(c));
  it('maps each client status back to its internal ones', () => {
    expect(internalStatusesOf('Submitted')).toHaveLength(14);
    expect(internalStatusesOf('Draft')).toEqual(['Draft']);
  });
  it('pending admin is every Pending… but Client and Approval', () => {
    expect(JOB_STATUSES.filter(isPendingAdmin)).toEqual([
      'Pending Pre-Check',
      'Pending Design',
      'Pending Design Revision',
      'Pending QC',
      'Pending Electrical Check',
      'Pending PE',
      'Pending EE',
      'Pending Reinforcements',
      'Pending Wet Stamp',
    ]);
  });
});

describe('transition table (decisions.md)', () => {
  const C = 'Cancelled';
  it.each([
    ['Draft', ['Pending Pre-Check', C]],
    ['Pending Pre-Check', ['Pending Design', 'Pending Client', C]],
    ['Pending Design', ['Pending QC', 'Pending Client', 'Pending Reinforcements', C]],
    ['Pending Design Revision', ['Pending QC', 'Pending Client', C]],
    ['Pending QC', ['Pending Electrical Check', 'Pending PE', 'Pending EE', 'Design Completed', 'Pending Design', C]],
    ['Pending Electrical Check', ['Pending EE', 'Design Completed', 'Pending Design', C]],
    ['Pending PE', ['Pending EE', 'Pending Wet Stamp', 'Pending Reinforcements', 'Design Completed', C]],
    ['Pending EE', ['Pending Wet Stamp', 'Design Completed', C]],
    ['Pending Reinforcements', ['Pending PE', 'Pending Client', C]],
    ['Pending Wet Stamp', ['Design Completed', C]],
    ['Design Completed', ['Finalized', C]],
    ['Finalized', ['Pending Approval', 'Waiting on AHJ', C]],
    ['Waiting on AHJ', ['Pending Approval', 'Pending Design Revision', C]],
    ['Pending Approval', ['Approved', 'Pending Design Revision', C]],
    ['Approved', ['Pending Design Revision']],
    ['Cancelled', []],
  ] as [JobStatus, JobStatus[]][])('staff from %s', (from, expected) => {
    expect(tos(from)).toEqual([...expected].sort());
  });

  it('Pending Client returns to where it came from, and only there', () => {
    expect(tos('Pending Client', 'user', { previousStatus: 'Pending Design' })).toEqual(['Cancelled', 'Pending Design']);
    expect(tos('Pending Client', 'support', { previousStatus: 'Pending Reinforcements' })).toEqual([
      'Cancelled',
      'Pending Reinforcements',
    ]);
    expect(tos('Pending Client', 'user')).toEqual(['Cancelled']);
    // QC never asks the client, so it is no valid origin.
    expect(tos('Pending Client', 'admin', { previousStatus: 'Pending QC' })).toEqual(['Cancelled']);
  });

  it('clients make only the *client* transitions', () => {
    for (const role of ['user', 'user_admin'] as const) {
      expect(tos('Draft', role)).toEqual(['Cancelled', 'Pending Pre-Check']);
      expect(tos('Pending Design', role)).toEqual(['Cancelled']);
      expect(tos('Pending Approval', role)).toEqual(['Approved', 'Cancelled', 'Pending Design Revision']);
      expect(tos('Approved', role)).toEqual(['Pending Design Revision']);
      expect(tos('Waiting on AHJ', role)).toEqual(['Cancelled']);
    }
  });

  it('contractors move staff transitions on assigned jobs only, never cancel or revise', () => {
    expect(tos('Pending Design', 'contractor')).toEqual([]);
    expect(tos('Pending Design', 'contractor', { assignedToActor: true })).toEqual([
      'Pending Client',
      'Pending QC',
      'Pending Reinforcements',
    ]);
    expect(tos('Pending Approval', 'contractor', { assignedToActor: true })).toEqual([]);
    expect(tos('Draft', 'contractor', { assignedToActor: true })).toEqual([]);
  });

  it('names the actions', () => {
    const find = (from: JobStatus, to: JobStatus) => allowedTransitions(from, 'admin', { previousStatus: 'Pending Design' }).find((t) => t.to === to)?.action;
    expect(find('Draft', 'Pending Pre-Check')).toBe('submit');
    expect(find('Pending Design', 'Pending Client')).toBe('ask_client');
    expect(find('Pending Client', 'Pending Design')).toBe('answer');
    expect(find('Pending Approval', 'Approved')).toBe('approve');
    expect(find('Approved', 'Pending Design Revision')).toBe('revision');
    expect(find('Waiting on AHJ', 'Pending Design Revision')).toBe('revision');
    expect(find('Pending QC', 'Cancelled')).toBe('cancel');
    expect(find('Pending QC', 'Pending PE')).toBe('move');
  });

  it('canTransition agrees', () => {
    expect(canTransition('Draft', 'Pending Pre-Check', 'user')).toBe(true);
    expect(canTransition('Draft', 'Approved', 'admin')).toBe(false);
    expect(canTransition('Approved', 'Cancelled', 'admin')).toBe(false);
    expect(canTransition('Pending QC', 'Design Completed', 'user_admin')).toBe(false);
  });

  it('finds the status before Pending Client', () => {
    expect(
      statusBeforePendingClient([
        { from: null, to: 'Draft' },
        { from: 'Draft', to: 'Pending Pre-Check' },
        { from: 'Pending Pre-Check', to: 'Pending Client' },
        { from: 'Pending Client', to: 'Pending Pre-Check' },
        { from: 'Pending Pre-Check', to: 'Pending Design' },
        { from: 'Pending Design', to: 'Pending Client' },
      ]),
    ).toBe('Pending Design');
    expect(statusBeforePendingClient([{ from: null, to: 'Draft' }])).toBeNull();
  });
});

describe('property: walks of allowed actions', () => {
  const rowSet = new Set(TRANSITION_TABLE.map((r) => `${r.from}→${r.to}`));
  // Client-facing moves that make sense to a client: submit, approve, revise, cancel, or no change.
  const clientMoves = new Set([
    'Draft→Submitted',
    'Submitted→Submitted',
    'Submitted→Approved',
    'Approved→Submitted',
    'Draft→Cancelled',
    'Submitted→Cancelled',
  ]);

  it('stay in the table and keep the client-facing status consistent', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ role: fc.constantFrom(...ROLES), assigned: fc.boolean(), pick: fc.nat() }), {
          maxLength: 60,
        }),
        (steps) => {
          let status: JobStatus = 'Draft';
          let beforeClient: JobStatus | null = null;
          for (const { role, assigned, pick } of steps) {
            const options = allowedTransitions(status, role, { previousStatus: beforeClient, assignedToActor: assigned });
            if (options.length === 0) continue;
            const t = options[pick % options.length];
            const row = t.action === 'answer' ? `${status}→previous` : `${status}→${t.to}`;
            expect(rowSet.has(row)).toBe(true);
            if (t.action === 'answer') expect(t.to).toBe(beforeClient);
            if (role === 'user' || role === 'user_admin') expect(t.client).toBe(true);
            if (role === 'contractor') expect(t.client).toBe(false);
            const move = `${clientStatusOf(status)}→${clientStatusOf(t.to)}`;
            expect(clientMoves.has(move)).toBe(true);
            expect(CLIENT_STATUSES).toContain(clientStatusOf(t.to));
            if (t.to === 'Pending Client') beforeClient = status;
            status = t.to;
          }
          expect(JOB_STATUSES).toContain(status);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('editing in place (PUT /jobs)', () => {
  it('a client edits in Draft, Pending Pre-Check and Pending Client only', () => {
    expect(CLIENT_EDITABLE).toEqual(['Draft', 'Pending Pre-Check', 'Pending Client']);
  });
  // status → [admin, support, contractor, user_admin, user]
  const Y = true;
  const N = false;
  const table: [JobStatus, boolean, boolean, boolean, boolean, boolean][] = [
    ['Draft', Y, Y, N, Y, Y],
    ['Pending Pre-Check', Y, Y, N, Y, Y],
    ['Pending Design', Y, Y, N, N, N],
    ['Pending Design Revision', Y, Y, N, N, N],
    ['Pending QC', Y, Y, N, N, N],
    ['Pending Electrical Check', Y, Y, N, N, N],
    ['Pending PE', Y, Y, N, N, N],
    ['Pending EE', Y, Y, N, N, N],
    ['Pending Reinforcements', Y, Y, N, N, N],
    ['Pending Wet Stamp', Y, Y, N, N, N],
    ['Pending Client', Y, Y, N, Y, Y],
    ['Design Completed', Y, Y, N, N, N],
    ['Finalized', Y, Y, N, N, N],
    ['Waiting on AHJ', Y, Y, N, N, N],
    ['Pending Approval', Y, Y, N, N, N],
    ['Approved', Y, Y, N, N, N],
    ['Cancelled', N, N, N, N, N],
  ];
  it('covers every status', () => expect(table.map((r) => r[0]).sort()).toEqual([...JOB_STATUSES].sort()));
  it.each(table)('%s: admin %s, support %s, contractor %s, user_admin %s, user %s', (status, ...expected) => {
    const roles: Role[] = ['admin', 'support', 'contractor', 'user_admin', 'user'];
    expect(roles.map((r) => mayEditInPlace(status, r))).toEqual(expected);
  });
  it('says why not', () => {
    expect(editRefusalOf('Draft', 'user', false)).toBe('inactive');
    expect(editRefusalOf('Cancelled', 'admin')).toBe('cancelled');
    expect(editRefusalOf('Draft', 'contractor')).toBe('role');
    expect(editRefusalOf('Pending Design', 'user_admin')).toBe('with_team');
    expect(editRefusalOf('Pending Client', 'user')).toBeNull();
  });
});
