import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@sunstamp/domain/roles';
import { AppError } from './errors.ts';
import { jobScopeOf, requireAllowed, requireCatalogueEdit, requireVisible, visibleCompanyIdsOf, visibleUserCompanyIdsOf } from './access.ts';

const actor = (role: Role) => ({ id: `u-${role}`, role, companyIds: role === 'user' || role === 'user_admin' ? ['c1'] : [] });

function statusOf(fn: () => void): number | null {
  try {
    fn();
    return null;
  } catch (e) {
    if (e instanceof AppError) return e.status;
    throw e;
  }
}

describe('access', () => {
  it('turns a refusal into 403 and an unseen record into 404', () => {
    expect(statusOf(() => requireAllowed(true))).toBeNull();
    expect(statusOf(() => requireAllowed(false))).toBe(403);
    expect(statusOf(() => requireVisible(true))).toBeNull();
    expect(statusOf(() => requireVisible(false))).toBe(404);
  });

  it.each(ROLES)('catalogue edits for %s follow the roles table', (role) => {
    const staff = role === 'admin' || role === 'support';
    expect(statusOf(() => requireCatalogueEdit(actor(role), 'ahjs'))).toBe(staff ? null : 403);
    expect(statusOf(() => requireCatalogueEdit(actor(role), 'option_lists'))).toBe(role === 'admin' ? null : 403);
  });

  it('gives the catalogue refusal messages the API always sent', () => {
    expect(() => requireCatalogueEdit(actor('support'), 'codes')).toThrow('Only an admin can change this list.');
    expect(() => requireCatalogueEdit(actor('user'), 'utilities')).toThrow('Only Sunstamp staff can change this.');
  });

  it('builds the job, company and user scopes per role', () => {
    expect(ROLES.map((r) => jobScopeOf(actor(r)))).toEqual([
      { kind: 'all' },
      { kind: 'all' },
      { kind: 'assigned', userId: 'u-contractor' },
      { kind: 'companies', companyIds: ['c1'] },
      { kind: 'companies', companyIds: ['c1'] },
    ]);
    expect(ROLES.map((r) => visibleCompanyIdsOf(actor(r)))).toEqual([undefined, undefined, [], ['c1'], ['c1']]);
    expect(ROLES.map((r) => visibleUserCompanyIdsOf(actor(r), 'someone'))).toEqual([undefined, undefined, [], ['c1'], []]);
    expect(ROLES.map((r) => visibleUserCompanyIdsOf(actor(r), `u-${r}`))).toEqual(ROLES.map(() => undefined));
  });
});
