import type { Actor } from '@sunstamp/domain/policies/actor';
import { jobVisibilityOf } from '@sunstamp/domain/policies/jobs.policy';
import { companyScopeOf } from '@sunstamp/domain/policies/companies.policy';
import { userCompanyScopeOf } from '@sunstamp/domain/policies/users.policy';
import { catalogueRefusalOf, mayEditCatalogue, type CatalogueArea } from '@sunstamp/domain/policies/catalogue.policy';
import type { FastifyRequest } from 'fastify';
import type { Role } from '@sunstamp/domain/roles';
import { forbidden, notFound } from './errors.ts';

/*
 * The API's one door to the domain policies (packages/domain/src/policies): services ask a policy
 * and hand its answer here, which turns it into the error envelope's 403 or 404, or into the
 * visibility scope a repository's WHERE clause takes. decisions.md: a record a role may not see
 * answers 404 (its id leaks nothing); an action refused on a record it sees answers 403.
 */

/** 403 unless the policy allows the action. */
export function requireAllowed(allowed: boolean, message?: string): void {
  if (!allowed) throw forbidden(message);
}

/**
 * A route's preValidation hook: 403 before the body is validated when the caller's role can never
 * do what the route does, so a client sending a bad body to a staff route learns "forbidden", not
 * the schema's complaints (issue 29). The service still decides on the record itself. Runs after
 * the auth hook, which answered 401 to a signed-out caller already.
 */
export function roleGate(allowed: (role: Role) => boolean, message?: string) {
  return async (req: FastifyRequest) => {
    const role = req.principal?.role as Role | undefined;
    if (role) requireAllowed(allowed(role), message);
  };
}

/** roleGate for a catalogue area's writes, with the catalogue's refusal. */
export const catalogueGate = (area: CatalogueArea) => roleGate((role) => mayEditCatalogue(role, area), catalogueRefusalOf(area));

/** 404 unless the policy lets the caller see the record. */
export function requireVisible(visible: boolean): void {
  if (!visible) throw notFound();
}

/** 403 with the catalogue's refusal unless the role edits this area of reference data. */
export function requireCatalogueEdit(actor: Pick<Actor, 'role'>, area: CatalogueArea): void {
  requireAllowed(mayEditCatalogue(actor.role, area), catalogueRefusalOf(area));
}

/** The jobs a caller sees, as the jobs repository filters them. */
export type JobScope =
  | { kind: 'all' }
  | { kind: 'assigned'; userId: string }
  | { kind: 'companies'; companyIds: string[] };

export function jobScopeOf(actor: Actor): JobScope {
  switch (jobVisibilityOf(actor.role)) {
    case 'all':
      return { kind: 'all' };
    case 'assigned':
      return { kind: 'assigned', userId: actor.id };
    case 'own_companies':
      return { kind: 'companies', companyIds: [...actor.companyIds] };
  }
}

/** The companies a caller sees: undefined for every company, else the ids a repository filters on. */
export const visibleCompanyIdsOf = (actor: Actor): string[] | undefined => {
  const ids = companyScopeOf(actor);
  return ids && [...ids];
};

/**
 * The users a caller sees, as company ids their memberships must meet: undefined for every user,
 * [] for nobody but a named target that is the caller.
 */
export const visibleUserCompanyIdsOf = (actor: Actor, targetId?: string): string[] | undefined => {
  const ids = userCompanyScopeOf(actor, targetId);
  return ids && [...ids];
};
