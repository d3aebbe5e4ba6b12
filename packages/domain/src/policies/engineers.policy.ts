import type { Role } from '../roles.ts';
import type { Actor } from './actor.ts';

/*
 * Engineers (staff PE profiles): like users, admin manages them and support reads them (decisions.md
 * "manage users": admin all, support read); contractors and client roles neither. Signing as an
 * engineer is the engineer's own act: only the account linked to the profile signs with its key.
 */
export const mayReadEngineers = (role: Role) => role === 'admin' || role === 'support';
export const mayManageEngineers = (role: Role) => role === 'admin';
export const maySignAsEngineer = (actor: Pick<Actor, 'id'>, engineer: { userId: string | null }) => engineer.userId !== null && engineer.userId === actor.id;
