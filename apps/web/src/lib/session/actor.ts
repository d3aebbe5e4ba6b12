import type { Actor } from '@sunstamp/domain/policies/actor';
import type { SessionUser } from '@sunstamp/domain/contracts/users';
import { useSessionUser } from './session.context.ts';

/*
 * The web asks the same policies the API enforces (packages/domain/src/policies): this turns the
 * session user into the policies' Actor. The UI only hides what the API refuses; the API decides.
 */
export const actorOf = (user: Pick<SessionUser, 'id' | 'role' | 'companies'>): Actor => ({
  id: user.id,
  role: user.role,
  companyIds: user.companies.map((c) => c.id),
});

/** The signed-in user as a policy actor (pages behind the auth guard). */
export function useActor(): Actor {
  return actorOf(useSessionUser());
}
