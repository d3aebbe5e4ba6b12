import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import type { Role } from '@sunstamp/domain/roles';
import { isInternalStaff } from '@sunstamp/domain/roles';
import { catalogueRefusalOf, mayEditCatalogue, type CatalogueArea } from '@sunstamp/domain/policies/catalogue.policy';
import { mayChangeSettings } from '@sunstamp/domain/policies/app.policy';
import { mayCreateCompany, mayEverEditCompany, mayManageGroups } from '@sunstamp/domain/policies/companies.policy';
import { mayEverEditRequirements } from '@sunstamp/domain/policies/requirements.policy';
import { mayEverSeal, mayManageEngineers } from '@sunstamp/domain/policies/engineers.policy';
import { mayWorkOnSomeJobs } from '@sunstamp/domain/policies/jobs.policy';
import { mayManageUsers } from '@sunstamp/domain/policies/users.policy';
import { roleGate } from './access.ts';

/*
 * Role before body, for every route (issue 29, item 4): a caller whose role can never do what a
 * route does gets 403 before its body is validated, so a client learns "forbidden", not the
 * schema's complaints. The table names each route whose refusal depends on the role alone, with the
 * same policy its service asks; the service still decides on the record (a contractor's own job,
 * a company admin's own company). Routes whose answer depends on the record for every role (a
 * user's own profile, a message's author, a client's status moves) are not here.
 * route-matrix.test.ts sends a bad body as every client the matrix refuses, on every route.
 */
type Gate = { allowed: (role: Role) => boolean; message: string };

const STAFF = 'Only Sunstamp staff do this.';
const WORK = 'Only our design team and the contractor assigned to a job do this.';
const catalogue = (area: CatalogueArea): Gate => ({ allowed: (role) => mayEditCatalogue(role, area), message: catalogueRefusalOf(area) });
const work: Gate = { allowed: mayWorkOnSomeJobs, message: WORK };
const staff: Gate = { allowed: isInternalStaff, message: STAFF };

export const ROLE_GATES: Readonly<Record<string, Gate>> = {
  // A job's work: staff, and a contractor on its assigned jobs (the service checks the job).
  'POST /api/jobs/:id/assign': work,
  'POST /api/jobs/:id/unassign': work,
  'PUT /api/jobs/:id/cad-fields': work,
  'POST /api/jobs/:id/design/auto-layout': work,
  'POST /api/jobs/:id/deliverables': work,
  'PUT /api/jobs/:id/tasks/:service': work,
  'POST /api/jobs/:id/generate-letters': work,
  'POST /api/jobs/:id/recalculate-url': work,
  // Staff's alone.
  'POST /api/jobs/:id/deactivate': staff,
  'POST /api/jobs/:id/release': staff,
  'PATCH /api/jobs/:id/wet-stamp': staff,
  'PATCH /api/jobs/:id/conversation': staff,
  // Reference data and settings.
  'POST /api/ahjs': catalogue('ahjs'),
  'PUT /api/ahjs/:id': catalogue('ahjs'),
  'POST /api/utilities': catalogue('utilities'),
  'PUT /api/utilities/:id': catalogue('utilities'),
  'POST /api/equipment': catalogue('equipment'),
  'PUT /api/equipment/:id': catalogue('equipment'),
  'POST /api/option-lists/:key/items': catalogue('option_lists'),
  'PUT /api/option-lists/:key/items/:id': catalogue('option_lists'),
  'PUT /api/codes/:type': catalogue('codes'),
  'POST /api/site-alerts': catalogue('site_alerts'),
  'PUT /api/site-alerts/:id': catalogue('site_alerts'),
  'POST /api/content/items': { allowed: (role) => mayEditCatalogue(role, 'blog') || mayEditCatalogue(role, 'help'), message: catalogueRefusalOf('help') },
  'PUT /api/settings/structural-span': { allowed: mayChangeSettings, message: 'Only an admin changes the settings.' },
  'PUT /api/settings/time-zone': { allowed: mayChangeSettings, message: 'Only an admin changes the time zone of document dates.' },
  // People, companies, engineers.
  'POST /api/users': { allowed: mayManageUsers, message: 'Only an admin or a company admin invites users.' },
  'POST /api/companies': { allowed: mayCreateCompany, message: 'Only an admin creates companies.' },
  'PUT /api/companies/:id': { allowed: mayEverEditCompany, message: 'Only an admin or the company\'s admin edits a company.' },
  'PUT /api/requirements/:scope_type/:scope_id': { allowed: mayEverEditRequirements, message: 'Only our team or a company admin edits requirements.' },
  'PATCH /api/requirements/:scope_type/:scope_id': { allowed: mayEverEditRequirements, message: 'Only our team or a company admin edits requirements.' },
  'POST /api/groups': { allowed: mayManageGroups, message: 'Only an admin manages groups.' },
  'PUT /api/groups/:id': { allowed: mayManageGroups, message: 'Only an admin manages groups.' },
  'POST /api/engineers': { allowed: mayManageEngineers, message: 'Only an admin manages engineers.' },
  'PUT /api/engineers/:id': { allowed: mayManageEngineers, message: 'Only an admin manages engineers.' },
  'PUT /api/engineers/:id/seal-authorisation': { allowed: mayEverSeal, message: 'Only an admin or the engineer records a seal authorisation.' },
};

/** Adds each table row's gate to its route as it is registered (call before the routes are). */
export function installRoleGates(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const gate = ROLE_GATES[`${method} ${route.url}`];
      if (!gate) continue;
      const before = route.preValidation ? (Array.isArray(route.preValidation) ? route.preValidation : [route.preValidation]) : [];
      route.preValidation = [roleGate(gate.allowed, gate.message) as preValidationHookHandler, ...before];
    }
  });
}
