import { ROLES, isClientRole, isInternalStaff, type Role } from '../roles.ts';
import type { Actor } from './actor.ts';

/*
 * decisions.md roles table, "manage users": admin all, support read, a company admin its own
 * companies' users (never staff roles), contractors and users none. Anyone sees themself.
 */
export type UserAccess = 'manage_all' | 'read_all' | 'manage_own_companies' | 'none';
export function userAccessOf(role: Role): UserAccess {
  if (role === 'admin') return 'manage_all';
  if (role === 'support') return 'read_all';
  if (role === 'user_admin') return 'manage_own_companies';
  return 'none';
}

/** Who opens the user list (and the Users section). */
export const mayListUsers = (role: Role) => userAccessOf(role) !== 'none';

/** Who invites and edits users at all (which ones: `mayManageUser`, `assignableRolesFor`). */
export const mayManageUsers = (role: Role) => role === 'admin' || role === 'user_admin';

/** Who filters the user list to admins only (an admin's tool). */
export const mayListAdminsOnly = (role: Role) => role === 'admin';

/** The client roles: they belong to client companies and a company admin may give them. */
export const CLIENT_ROLES = ['user', 'user_admin'] as const satisfies readonly Role[];

/** Roles the actor may give: an admin any, a company admin the client roles only. */
export function assignableRolesFor(role: Role): readonly Role[] {
  if (role === 'admin') return ROLES;
  if (role === 'user_admin') return CLIENT_ROLES;
  return [];
}

/** Whether the actor may give this role. */
export const mayAssignRole = (actorRole: Role, role: Role) => assignableRolesFor(actorRole).includes(role);

/** Whether a new or edited user of this role must belong to a company. */
export const needsCompany = (role: Role) => isClientRole(role);

/**
 * Whether the actor may edit this user: an admin anyone; a company admin themself and client-role
 * users (the API also checks the user is in one of its companies); nobody else.
 */
export function mayManageUser(actor: Pick<Actor, 'id' | 'role'>, target: { id: string; role: Role }): boolean {
  if (actor.role === 'admin') return true;
  if (actor.role === 'user_admin') return actor.id === target.id || isClientRole(target.role);
  return false;
}

/** Whether a company admin's edit keeps the target's memberships outside its companies (only its own are its business). */
export const editsOwnCompaniesOnly = (role: Role) => role === 'user_admin';

/**
 * Which users the actor sees: every user (undefined), those in the given companies, or only themself ([]).
 */
export function userCompanyScopeOf(actor: Actor, targetId?: string): readonly string[] | undefined {
  if (isInternalStaff(actor.role) || (targetId !== undefined && actor.id === targetId)) return undefined;
  return actor.role === 'user_admin' ? actor.companyIds : [];
}
