import { describe, expect, it } from 'vitest';
import type { Role } from '../roles.ts';
import { mayManageConversation, maySeeThread, threadsFor } from './messages.policy.ts';

const job = { companyId: 'acme', assigneeId: 'drafter' };
const actor = (id: string, role: Role, companyIds: string[] = []) => ({ id, role, companyIds });

describe('messages policy', () => {
  //                                                       client thread (closed to contractor / shared)  internal
  it.each([
    ['admin', actor('a', 'admin'), ['client', 'internal'], ['client', 'internal']],
    ['support', actor('s', 'support'), ['client', 'internal'], ['client', 'internal']],
    ['assigned contractor', actor('drafter', 'contractor'), ['internal'], ['client', 'internal']],
    ['other contractor', actor('x', 'contractor'), [], []],
    ['company admin of the job', actor('o', 'user_admin', ['acme']), ['client'], ['client']],
    ['user of the job', actor('u', 'user', ['acme']), ['client'], ['client']],
    ['another company', actor('b', 'user_admin', ['bright']), [], []],
  ] as const)('%s sees %j, or %j once staff share the client thread', (_, who, closed, shared) => {
    expect(threadsFor(who, job, { contractorAccess: false })).toEqual(closed);
    expect(threadsFor(who, job, { contractorAccess: true })).toEqual(shared);
  });

  it('never lets a client role into the internal thread', () => {
    for (const role of ['user', 'user_admin'] as const) {
      expect(maySeeThread(actor('u', role, ['acme']), job, 'internal', { contractorAccess: true })).toBe(false);
    }
  });

  it('lets only staff close, reopen and share', () => {
    expect((['admin', 'support', 'contractor', 'user_admin', 'user'] as const).map(mayManageConversation)).toEqual([true, true, false, false, false]);
  });
});
