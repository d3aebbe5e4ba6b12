import { createContext, useContext } from 'react';
import type { MeResponse, SessionUser } from '@sunstamp/domain/contracts/users';

/** Where the session is: restoring a stored token on start, signed in, or signed out. */
export type SessionStatus = 'restoring' | 'signed-in' | 'signed-out';

export type SessionValue = {
  status: SessionStatus;
  /** The signed-in user (null unless status is signed-in). */
  user: SessionUser | null;
  me: MeResponse | null;
  /** The user signed out themselves: /login then forgets the page they were on. */
  endedByUser: boolean;
  signIn: (email: string, password: string) => Promise<void>;
  signOut: () => Promise<void>;
};

export const SessionContext = createContext<SessionValue | null>(null);

export function useSession(): SessionValue {
  const v = useContext(SessionContext);
  if (!v) throw new Error('useSession must be used inside SessionProvider');
  return v;
}

/** For pages behind the auth guard, where a user always exists. */
export function useSessionUser(): SessionUser {
  const { user } = useSession();
  if (!user) throw new Error('useSessionUser used outside a signed-in page');
  return user;
}
