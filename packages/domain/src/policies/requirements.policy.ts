import { isInternalStaff, type Role } from '../roles.ts';
import type { RequirementScope } from '../requirements/requirement.schema.ts';
import type { Actor } from './actor.ts';

/*
 * decisions.md roles table, "edit requirements": admin and support every scope, a company admin its
 * own company's scope, contractors and users none. Staff read every scope; everyone else the
 * company scopes of their own companies.
 */

export type ScopeRef = { type: RequirementScope; id: string };

/**
 * Why the actor may not edit the scope's values, or null when it may: `other_company` for a company
 * admin outside its own company scope, `role` for a role that edits no requirements.
 */
export type RequirementsRefusal = 'other_company' | 'role';
export function requirementsEditRefusalOf(actor: Pick<Actor, 'role' | 'companyIds'>, scope: ScopeRef): RequirementsRefusal | null {
  if (isInternalStaff(actor.role)) return null;
  if (actor.role === 'user_admin') return scope.type === 'company' && actor.companyIds.includes(scope.id) ? null : 'other_company';
  return 'role';
}

/** Whether a role edits any requirements at all (requirementsEditRefusalOf decides the scope): staff, a company admin. */
export const mayEverEditRequirements = (role: Role) => isInternalStaff(role) || role === 'user_admin';

export const mayEditRequirements = (actor: Pick<Actor, 'role' | 'companyIds'>, scope: ScopeRef) =>
  requirementsEditRefusalOf(actor, scope) === null;

/** Whether the actor may read a scope (a utility or AHJ scope any signed-in role; a company scope its members and staff). */
export function mayReadRequirements(actor: Pick<Actor, 'role' | 'companyIds'>, scope: ScopeRef): boolean {
  if (scope.type !== 'company' || isInternalStaff(actor.role)) return true;
  return actor.companyIds.includes(scope.id);
}

/** Scope types the requirements page offers: staff every scope; everyone else their companies'. */
export const requirementScopeTypesFor = (role: Role): readonly RequirementScope[] =>
  isInternalStaff(role) ? ['company', 'utility', 'ahj'] : ['company'];
