import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { MeResponse } from '@sunstamp/domain/contracts/users';
import { apiClient } from '../api-client.ts';
import { notify } from '../notify.ts';
import { pageTitle } from '../page-title.ts';
import { loadedQueryClient, loadQueryClient } from '../query-client.loader.ts';
import { ACCESS_TOKEN_KEY } from '../token-storage.ts';
import { ME_PATH, ME_STALE_MS, meQueryKey } from './me.path.ts';
import { SessionContext, type SessionStatus, type SessionValue } from './session.context.ts';

/**
 * GET /users/me through the app's query cache (TanStack Query and the client load on first use).
 * The request leaves at once, beside the cache's code, instead of after it; its answer is what the
 * cache then holds.
 */
async function fetchMeCached(): Promise<MeResponse> {
  const request = takeEarlyMe() ?? apiClient.get<MeResponse>(ME_PATH);
  // Awaited below; this only keeps an early refusal from being reported as unhandled meanwhile.
  request.catch(() => undefined);
  const client = await loadQueryClient();
  return client.fetchQuery({ queryKey: meQueryKey(), queryFn: () => request, staleTime: ME_STALE_MS });
}

/** Whether this browser holds a session to restore (a stored access token), before any request. */
export const hasStoredSession = (): boolean => apiClient.hasSession();

let earlyMe: Promise<MeResponse> | null = null;
const takeEarlyMe = () => {
  const request = earlyMe;
  earlyMe = null;
  return request;
};

/**
 * Called once as the app starts (app.tsx): with a stored session, GET /users/me leaves before the
 * first render, ahead of the code the page will ask for (the browser's six connections serve
 * requests in the order asked), and the session's restore takes its answer.
 */
export function requestMeEarly() {
  if (!hasStoredSession()) return;
  earlyMe = apiClient.get<MeResponse>(ME_PATH);
  earlyMe.catch(() => undefined);
}

// The backdrop's code loads the first time it is needed (restoring a session, signing out), not in the first load.
const LoadingBackdrop = lazy(async () => ({ default: (await import('../../components/loading-backdrop.tsx')).LoadingBackdrop }));

/**
 * The session of spec §4: logged out → logged in (access and refresh tokens) → logged out.
 * On start a stored access token is checked by fetching the user; success marks logged in,
 * failure clears the session. Login errors and logout clear tokens, user, title and alerts.
 */
// eslint-disable-next-line max-lines-per-function -- the session's effects (restore, client-ended session, other tabs, cached user) and its signIn/signOut share the status ref and clearLocal, which the context value exposes together
export function SessionProvider({ children, ready }: { children: ReactNode; /** Code the first signed-in render needs (router.tsx preloadOpening): a restored session is declared once it has arrived too. */ ready?: Promise<unknown> }) {
  const [status, setStatus] = useState<SessionStatus>(() => (apiClient.hasSession() ? 'restoring' : 'signed-out'));
  const [endedByUser, setEndedByUser] = useState(false);
  const [busyMessage, setBusyMessage] = useState<string | null>(null);
  // The user's GET /users/me, set together with the status so a signed-in render always has it.
  const [meData, setMeData] = useState<MeResponse | null>(null);
  const statusRef = useRef(status);
  statusRef.current = status;

  const clearLocal = useCallback(() => {
    apiClient.tokens.clearTokens();
    loadedQueryClient()?.clear();
    setMeData(null);
    document.title = pageTitle();
  }, []);

  // Restore: fetch the user with the stored token (the client refreshes an expired one once).
  useEffect(() => {
    if (status !== 'restoring') return;
    let cancelled = false;
    Promise.all([fetchMeCached(), ready]).then(
      ([me]) => {
        if (cancelled) return;
        setMeData(me);
        setStatus('signed-in');
      },
      () => {
        if (cancelled) return;
        clearLocal();
        setStatus('signed-out');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [status, clearLocal, ready]);

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

  // While signed in, follow the cached user (refetched when stale, invalidated after a profile change).
  useEffect(() => {
    if (status !== 'signed-in') return;
    let cancelled = false;
    let unsubscribe = () => {};
    void Promise.all([loadQueryClient(), import('@tanstack/react-query'), import('./me.query.ts')]).then(
      ([client, { QueryObserver }, { meQueryOptions }]) => {
        if (cancelled) return;
        const observer = new QueryObserver(client, meQueryOptions());
        unsubscribe = observer.subscribe((result) => {
          if (result.data) setMeData(result.data);
        });
      },
    );
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, [status]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      await apiClient.login(email, password);
      let me: MeResponse;
      try {
        me = await fetchMeCached();
      } catch (e) {
        clearLocal();
        throw e;
      }
      setMeData(me);
      setEndedByUser(false);
      setStatus('signed-in');
    },
    [clearLocal],
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
    const data = status === 'signed-in' ? meData : null;
    return { status, me: data, user: data?.user ?? null, endedByUser, signIn, signOut };
  }, [status, meData, endedByUser, signIn, signOut]);

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
