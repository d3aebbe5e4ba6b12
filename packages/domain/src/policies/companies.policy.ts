import { ROLES, isClientRole, isInternalStaff, type Role } from '../roles.ts';
import type { Actor } from './actor.ts';

/*
 * Companies follow the job row of the roles table: staff see every company, everyone else the
 * companies they belong to. Admins create companies and choose the support contact; a company admin
 * edits its own company's contact details.
 */

/** The companies the actor sees: every one (undefined) or its own. */
export const companyScopeOf = (actor: Pick<Actor, 'role' | 'companyIds'>): readonly string[] | undefined =>
  isInternalStaff(actor.role) ? undefined : actor.companyIds;

export const mayCreateCompany = (role: Role) => role === 'admin';

export function mayEditCompany(actor: Pick<Actor, 'role' | 'companyIds'>, companyId: string): boolean {
  if (actor.role === 'admin') return true;
  return actor.role === 'user_admin' && actor.companyIds.includes(companyId);
}

/** Whether a role edits any company at all (mayEditCompany decides which): an admin, a company admin. */
export const mayEverEditCompany = (role: Role) => role === 'admin' || role === 'user_admin';

/** The staff support contact of a company is an admin's choice. */
export const mayChooseSupportContact = (role: Role) => role === 'admin';

/** Who may be a company's support contact: internal staff. */
export const mayBeSupportContact = (role: Role) => isInternalStaff(role);

/** Groups of companies are a staff tool. */
export const mayListGroups = (role: Role) => isInternalStaff(role);

/** Who opens the Companies section (and lists every company). */
export const mayListAllCompanies = (role: Role) => isInternalStaff(role);

/** The roles a support contact is chosen from. */
export const SUPPORT_CONTACT_ROLES: readonly Role[] = ROLES.filter(mayBeSupportContact);

/** Groups (Group Stats): the admin creates, renames and fills them; staff read them. */
export const mayManageGroups = (role: Role) => role === 'admin';
/** A group gathers the people who work on jobs: staff and contractors, never a client role. */
export const mayBeGroupMember = (role: Role) => !isClientRole(role);
/** Who is on shift now and the shift log: staff business. */
export const maySeeShifts = (role: Role) => isInternalStaff(role);
/** Contact messages and demo requests from the public site: staff read them in the back office. */
export const mayReadInbound = (role: Role) => isInternalStaff(role);
