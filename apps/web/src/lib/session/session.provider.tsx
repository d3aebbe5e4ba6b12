import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../api-client.ts';
import { notify } from '../notify.ts';
import { pageTitle } from '../page-title.ts';
import { ACCESS_TOKEN_KEY } from '../token-storage.ts';
import { meQueryOptions } from './me.query.ts';
import { SessionContext, type SessionStatus, type SessionValue } from './session.context.ts';

// The backdrop's code loads the first time it is needed (restoring a session, signing out), not in the first load.
const LoadingBackdrop = lazy(async () => ({ default: (await import('../../components/loading-backdrop.tsx')).LoadingBackdrop }));

/**
 * The session of spec §4: logged out → logged in (access and refresh tokens) → logged out.
 * On start a stored access token is checked by fetching the user; success marks logged in,
 * failure clears the session. Login errors and logout clear tokens, user, title and alerts.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<SessionStatus>(() => (apiClient.hasSession() ? 'restoring' : 'signed-out'));
  const [endedByUser, setEndedByUser] = useState(false);
  const [busyMessage, setBusyMessage] = useState<string | null>(null);
  const statusRef = useRef(status);
  statusRef.current = status;

  const clearLocal = useCallback(() => {
    apiClient.tokens.clearTokens();
    queryClient.clear();
    document.title = pageTitle();
  }, [queryClient]);

  // Restore: fetch the user with the stored token (the client refreshes an expired one once).
  useEffect(() => {
    if (status !== 'restoring') return;
    let cancelled = false;
    queryClient.fetchQuery(meQueryOptions()).then(
      () => !cancelled && setStatus('signed-in'),
      () => {
        if (cancelled) return;
        clearLocal();
        setStatus('signed-out');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [status, queryClient, clearLocal]);

  // The client ended the session (no token, refused or invalid tokens): back to /login.
  useEffect(
    () =>
      apiClient.onSessionEnded(({ message }) => {
        if (message) notify(message, { variant: 'error' });
        if (statusRef.current === 'signed-out') return;
        setEndedByUser(false);
        // Let the failing query settle before the cache is dropped.
        queueMicrotask(() => {
          clearLocal();
          setStatus('signed-out');
        });
      }),
    [clearLocal],
  );

  // Another tab signed out or in: follow it.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key !== ACCESS_TOKEN_KEY && e.key !== null) return;
      const has = apiClient.hasSession();
      if (!has && statusRef.current !== 'signed-out') {
        setEndedByUser(true);
        clearLocal();
        setStatus('signed-out');
      } else if (has && statusRef.current === 'signed-out') {
        setStatus('restoring');
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [clearLocal]);

  const me = useQuery({ ...meQueryOptions(), enabled: status === 'signed-in' });

  const signIn = useCallback(
    async (email: string, password: string) => {
      await apiClient.login(email, password);
      try {
        await queryClient.fetchQuery(meQueryOptions());
      } catch (e) {
        clearLocal();
        throw e;
      }
      setEndedByUser(false);
      setStatus('signed-in');
    },
    [queryClient, clearLocal],
  );

  const signOut = useCallback(async () => {
    setBusyMessage('Signing out...');
    try {
      await apiClient.logout();
    } finally {
      setEndedByUser(true);
      clearLocal();
      setStatus('signed-out');
      setBusyMessage(null);
    }
  }, [clearLocal]);

  const busy = status === 'restoring' || busyMessage !== null;
  // Once shown, the backdrop stays mounted so it can fade out.
  const [backdropUsed, setBackdropUsed] = useState(false);
  if (busy && !backdropUsed) setBackdropUsed(true);

  const value = useMemo<SessionValue>(() => {
    const data = status === 'signed-in' ? (me.data ?? null) : null;
    return { status, me: data, user: data?.user ?? null, endedByUser, signIn, signOut };
  }, [status, me.data, endedByUser, signIn, signOut]);

  return (
    <SessionContext.Provider value={value}>
      {children}
      {(busy || backdropUsed) && (
        <Suspense fallback={null}>
          <LoadingBackdrop open={busy} message={busyMessage ?? undefined} />
        </Suspense>
      )}
    </SessionContext.Provider>
  );
}
