import { describe, expect, it } from 'vitest';
import { ROLES } from '../roles.ts';
import { mayMoveWetStamp, maySeeWetStampActors } from './wet-stamps.policy.ts';

describe('wet stamps, per role (admin, support, contractor, user_admin, user)', () => {
  it('our team records the steps', () => {
    expect(ROLES.map(mayMoveWetStamp)).toEqual([true, true, false, false, false]);
  });
  it('a client reads the steps without the names of who made them', () => {
    expect(ROLES.map(maySeeWetStampActors)).toEqual([true, true, true, false, false]);
  });
});
