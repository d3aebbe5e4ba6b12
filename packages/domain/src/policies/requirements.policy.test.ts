import { describe, expect, it } from 'vitest';
import { ROLES } from '../roles.ts';
import { mayEditCompany, mayEverEditCompany } from './companies.policy.ts';
import { mayEditRequirements, mayEverEditRequirements, requirementScopeTypesFor } from './requirements.policy.ts';

describe('who edits a scope (decisions.md roles table)', () => {
    const scope = (type: 'company' | 'utility' | 'ahj', id = 'c1') => ({ type, id });
  it('admin and support edit every scope', () => {
    for (const role of ['admin', 'support'] as const) {
      for (const t of ['company', 'utility', 'ahj'] as const) expect(mayEditRequirements({ role, companyIds: [] }, scope(t, 'x'))).toBe(true);
    }
  });
  it('a company admin edits only its own company', () => {
    const u = { role: 'user_admin' as const, companyIds: ['c1'] };
    expect(mayEditRequirements(u, scope('company'))).toBe(true);
    expect(mayEditRequirements(u, scope('company', 'other'))).toBe(false);
    expect(mayEditRequirements(u, scope('utility'))).toBe(false);
    expect(mayEditRequirements(u, scope('ahj'))).toBe(false);
  });
  it('users and contractors edit nothing', () => {
    for (const role of ['user', 'contractor'] as const) {
      for (const t of ['company', 'utility', 'ahj'] as const) expect(mayEditRequirements({ role, companyIds: ['c1'] }, scope(t))).toBe(false);
    }
  });
  it('staff open every scope type; others their companies only', () => {
    expect(requirementScopeTypesFor('admin')).toEqual(['company', 'utility', 'ahj']);
    expect(requirementScopeTypesFor('support')).toEqual(['company', 'utility', 'ahj']);
    expect(requirementScopeTypesFor('user_admin')).toEqual(['company']);
    expect(requirementScopeTypesFor('user')).toEqual(['company']);
  });
});

describe('mayEverEditRequirements and mayEverEditCompany agree with the record policies (route gates, issue 29 item 4)', () => {
  for (const role of ROLES) {
    it(role, () => {
      // A role passes the gate exactly when some scope or company of its own would be editable.
      const actor = { role, companyIds: ['c1'] };
      const someScope = (['company', 'ahj', 'utility'] as const).some((type) => mayEditRequirements(actor, { type, id: 'c1' }));
      expect(mayEverEditRequirements(role)).toBe(someScope);
      expect(mayEverEditCompany(role)).toBe(mayEditCompany(actor, 'c1'));
    });
  }
});
