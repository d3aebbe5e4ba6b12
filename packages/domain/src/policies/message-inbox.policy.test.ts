import { describe, expect, it } from 'vitest';
import { ROLES } from '../roles.ts';
import { maySeeThread, MESSAGE_THREADS } from './messages.policy.ts';
import { mayFilterInboxByAssignee, threadAccessOf } from './message-inbox.policy.ts';

describe('threadAccessOf', () => {
  it.each([
    ['admin', ['client', 'internal'], []],
    ['support', ['client', 'internal'], []],
    ['contractor', ['internal'], ['client']],
    ['user_admin', ['client'], []],
    ['user', ['client'], []],
  ] as const)('%s reads %j on every job it sees, and %j where the client thread is shared', (role, always, whenShared) => {
    expect(threadAccessOf({ id: 'me', role })).toEqual({ always, whenShared });
  });

  it('agrees with maySeeThread on every job the actor sees', () => {
    for (const role of ROLES) {
      const actor = { id: 'me', role, companyIds: ['acme'] };
      const job = { companyId: 'acme', assigneeId: 'me' };
      const access = threadAccessOf(actor);
      for (const contractorAccess of [false, true]) {
        for (const t of MESSAGE_THREADS) {
          const listed = access.always.includes(t) || (contractorAccess && access.whenShared.includes(t));
          expect(listed, `${role} ${t} shared=${contractorAccess}`).toBe(maySeeThread(actor, job, t, { contractorAccess }));
        }
      }
    }
  });
});

describe('mayFilterInboxByAssignee', () => {
  it('is for staff', () => {
    expect(ROLES.map(mayFilterInboxByAssignee)).toEqual([true, true, false, false, false]);
  });
});
