import { isClientRole, type Role } from '../roles.ts';
import type { Actor } from './actor.ts';

/*
 * Engineers (staff PE profiles): like users, admin manages them and support reads them (decisions.md
 * "manage users": admin all, support read); contractors and client roles neither. Signing as an
 * engineer is the engineer's own act: only the account linked to the profile signs with its key.
 */
export const mayReadEngineers = (role: Role) => role === 'admin' || role === 'support';
export const mayManageEngineers = (role: Role) => role === 'admin';
export const maySignAsEngineer = (actor: Pick<Actor, 'id'>, engineer: { userId: string | null }) => engineer.userId !== null && engineer.userId === actor.id;

/** The engineer facts the sealing rules read. */
export interface SealingEngineer { name: string; userId: string | null; sealAuthorisedAt: Date | string | null }

export type SealAuthority = { ok: true; onAuthorisation: boolean } | { ok: false; message: string };

/**
 * Who may apply an engineer's seal (issue 23, docs/architecture.md "Seals"): the engineer through
 * their own account, or an admin on the engineer's recorded standing authorisation. Never a
 * contractor or a client; support prepares documents and does not seal.
 */
/** Whether a role ever applies a seal (as an engineer's own account, or an admin on authorisation): never a contractor or a client. */
export const mayEverSeal = (role: Role) => !isClientRole(role) && role !== 'contractor';

export function sealAuthorityOf(actor: Pick<Actor, 'id' | 'role'>, engineer: SealingEngineer): SealAuthority {
  if (!mayEverSeal(actor.role)) {
    return { ok: false, message: 'Only a registered engineer seals documents: contractors and clients never do.' };
  }
  if (engineer.userId !== null && engineer.userId === actor.id) return { ok: true, onAuthorisation: false };
  if (actor.role === 'admin') {
    if (engineer.sealAuthorisedAt) return { ok: true, onAuthorisation: true };
    return { ok: false, message: `${engineer.name} has not authorised an admin to seal in their name: ${engineer.name} seals from their own account, or records a standing authorisation on the Engineers page.` };
  }
  return { ok: false, message: `Support prepares documents; only ${engineer.name} seals them, from the account linked on the Engineers page.` };
}

/**
 * Whether the Seal action is offered at all: an admin (who seals on an engineer's standing
 * authorisation, or as the engineer when the admin account is theirs), or the account of a
 * registered engineer. Support without an engineer profile prepares and is not offered Seal.
 */
export const mayOfferSeal = (role: Role, isEngineerAccount: boolean) => mayEverSeal(role) && (role === 'admin' || isEngineerAccount);

/** Upload an engineer's seal and signature images and register their certificates: an admin, or the engineer's own account. */
export const mayManageEngineerCredentials = (actor: Pick<Actor, 'id' | 'role'>, engineer: { userId: string | null }) =>
  actor.role === 'admin' || (engineer.userId !== null && engineer.userId === actor.id);

/** Grant or revoke the standing authorisation: the engineer's own account, or an admin recording the engineer's written authorisation. */
export const mayRecordSealAuthorisation = mayManageEngineerCredentials;
