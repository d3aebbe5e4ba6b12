import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../roles.ts';
import { mayEverSeal, mayOfferSeal, sealAuthorityOf } from './engineers.policy.ts';

describe('who seals, role by role (issue 23)', () => {
  const engineer = (userId: string | null, authorised: boolean) => ({ name: 'Dana', userId, sealAuthorisedAt: authorised ? '2026-01-05' : null });
  // [ever seals, offered Seal without a profile, offered Seal as an engineer's account,
  //  seals as the engineer's own account, seals on the engineer's authorisation, seals without it]
  const rows: Record<Role, [boolean, boolean, boolean, boolean, boolean, boolean]> = {
    admin: [true, true, true, true, true, false],
    support: [true, false, true, true, false, false],
    contractor: [false, false, false, false, false, false],
    user_admin: [false, false, false, false, false, false],
    user: [false, false, false, false, false, false],
  };
  for (const role of ROLES) {
    it(role, () => {
      const me = { id: 'me', role };
      expect([
        mayEverSeal(role), mayOfferSeal(role, false), mayOfferSeal(role, true),
        sealAuthorityOf(me, engineer('me', false)).ok, sealAuthorityOf(me, engineer('other', true)).ok, sealAuthorityOf(me, engineer(null, false)).ok,
      ]).toEqual(rows[role]);
    });
  }
  it('names what is missing when it refuses', () => {
    expect(sealAuthorityOf({ id: 'me', role: 'contractor' }, engineer('me', true))).toEqual({ ok: false, message: 'Only a registered engineer seals documents: contractors and clients never do.' });
    expect(sealAuthorityOf({ id: 'me', role: 'admin' }, engineer(null, false))).toMatchObject({ ok: false, message: expect.stringContaining('has not authorised an admin') });
    expect(sealAuthorityOf({ id: 'me', role: 'support' }, engineer('other', true))).toMatchObject({ ok: false, message: expect.stringContaining('Support prepares documents') });
    expect(sealAuthorityOf({ id: 'me', role: 'admin' }, engineer('other', true))).toEqual({ ok: true, onAuthorisation: true });
  });
});
