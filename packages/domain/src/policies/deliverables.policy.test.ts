import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../roles.ts';
import { isHiddenDeliverable, mayMarkDeliverables, mayReleaseDeliverables, maySeeUnreleasedDeliverables, mayWithdrawSealed } from './deliverables.policy.ts';

describe('deliverables policy, role by role', () => {
  const rows: Record<Role, { markAssigned: boolean; markOther: boolean; release: boolean; seeUnreleased: boolean }> = {
    admin: { markAssigned: true, markOther: true, release: true, seeUnreleased: true },
    support: { markAssigned: true, markOther: true, release: true, seeUnreleased: true },
    contractor: { markAssigned: true, markOther: false, release: false, seeUnreleased: true },
    user_admin: { markAssigned: false, markOther: false, release: false, seeUnreleased: false },
    user: { markAssigned: false, markOther: false, release: false, seeUnreleased: false },
  };
  for (const role of ROLES) {
    it(role, () => {
      const me = { id: 'me', role };
      expect(mayMarkDeliverables(me, { assigneeId: 'me' })).toBe(rows[role].markAssigned);
      expect(mayMarkDeliverables(me, { assigneeId: 'other' })).toBe(rows[role].markOther);
      expect(mayReleaseDeliverables(role)).toBe(rows[role].release);
      expect(maySeeUnreleasedDeliverables(role)).toBe(rows[role].seeUnreleased);
      for (const state of ['draft', 'sealed']) expect(isHiddenDeliverable(role, state)).toBe(!rows[role].seeUnreleased);
      expect(isHiddenDeliverable(role, 'released')).toBe(false);
      expect(isHiddenDeliverable(role, null)).toBe(false);
    });
  }
});

describe('withdrawing a sealed document, role by role', () => {
  // [any sealed document, one carrying the seal of an engineer whose account this is]
  const rows: Record<Role, [boolean, boolean]> = {
    admin: [true, true], support: [false, true], contractor: [false, false], user_admin: [false, false], user: [false, false],
  };
  for (const role of ROLES) {
    it(role, () => {
      const me = { id: 'me', role };
      expect([mayWithdrawSealed(me, ['someone', null]), mayWithdrawSealed(me, ['someone', 'me'])]).toEqual(rows[role]);
    });
  }
});
