import type { Role } from '../roles.ts';

/**
 * Who asks: the API's principal and the web's session user both fit (the web passes its
 * companies' ids). Policies read nothing else, so they stay pure and testable by table.
 */
export type Actor = { id: string; role: Role; companyIds: readonly string[] };

/** Whether the actor belongs to the company (client roles act only inside their companies). */
export const belongsTo = (actor: Pick<Actor, 'companyIds'>, companyId: string) => actor.companyIds.includes(companyId);
