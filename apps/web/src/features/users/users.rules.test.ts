import { describe, expect, it } from 'vitest';
import { assignableRoles, mayEditUser } from './users.rules.ts';

describe('user management in the UI (decisions.md roles table)', () => {
  it('lets admins give any role and company admins only client roles', () => {
    expect(assignableRoles('admin')).toEqual(['admin', 'support', 'contractor', 'user_admin', 'user']);
    expect(assignableRoles('user_admin')).toEqual(['user', 'user_admin']);
    expect(assignableRoles('support')).toEqual([]);
    expect(assignableRoles('user')).toEqual([]);
  });
  it('offers editing where the API allows it', () => {
    const admin = { id: 'a', role: 'admin' as const };
    const owner = { id: 'o', role: 'user_admin' as const };
    expect(mayEditUser(admin, { id: 's', role: 'support' })).toBe(true);
    expect(mayEditUser(owner, { id: 'u', role: 'user' })).toBe(true);
    expect(mayEditUser(owner, { id: 's', role: 'support' })).toBe(false);
    expect(mayEditUser({ id: 's', role: 'support' }, { id: 'u', role: 'user' })).toBe(false);
  });
});
