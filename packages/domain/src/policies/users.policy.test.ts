import { describe, expect, it } from 'vitest';
import { assignableRolesFor, mayManageUser } from './users.policy.ts';

describe('user management (decisions.md roles table)', () => {
  it('lets admins give any role and company admins only client roles', () => {
    expect(assignableRolesFor('admin')).toEqual(['admin', 'support', 'contractor', 'user_admin', 'user']);
    expect(assignableRolesFor('user_admin')).toEqual(['user', 'user_admin']);
    expect(assignableRolesFor('support')).toEqual([]);
    expect(assignableRolesFor('user')).toEqual([]);
  });
  it('offers editing where the API allows it', () => {
    const admin = { id: 'a', role: 'admin' as const };
    const owner = { id: 'o', role: 'user_admin' as const };
    expect(mayManageUser(admin, { id: 's', role: 'support' })).toBe(true);
    expect(mayManageUser(owner, { id: 'u', role: 'user' })).toBe(true);
    expect(mayManageUser(owner, { id: 's', role: 'support' })).toBe(false);
    expect(mayManageUser({ id: 's', role: 'support' }, { id: 'u', role: 'user' })).toBe(false);
  });
});
