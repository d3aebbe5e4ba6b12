import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NO_RESPONSE_MESSAGE, UNKNOWN_ERROR_MESSAGE } from '@sunstamp/domain/constants/messages.constants';
import { dropPrerendered } from '../lib/prerendered.ts';

/** A page's code failed to load: after a deploy, an open tab asks for chunks that are gone. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Failed to fetch/i.test(
    message,
  );
}

/**
 * Why a page's code could not be loaded. The same browser error means two things: a new
 * deployment removed the chunk an open tab asks for (the server answers), or the server or the
 * network is down (nothing answers). `probe` is whether the server answered a health check.
 */
export type ChunkFailure = 'outage' | 'updated' | 'checking';
export function chunkFailureOf(online: boolean, probe: 'ok' | 'failed' | 'pending'): ChunkFailure {
  if (!online || probe === 'failed') return 'outage';
  return probe === 'ok' ? 'updated' : 'checking';
}

/** Whether the server answers now (GET /api/health, uncached, 5 s at most). */
async function serverAnswers(): Promise<boolean> {
  try {
    const r = await fetch('/api/health', { cache: 'no-store', signal: AbortSignal.timeout(5000) });
    return r.ok;
  } catch {
    return false;
  }
}

const TITLES: Record<ChunkFailure, string> = {
  outage: 'No response received',
  updated: 'Sunstamp has been updated',
  checking: 'Loading the page failed',
};
const TEXTS: Record<ChunkFailure, string> = {
  outage: NO_RESPONSE_MESSAGE,
  updated: 'Reload the page to get the latest version.',
  checking: 'Checking the connection to Sunstamp…',
};

/** The router's last resort: a page threw while rendering (or its code could not be loaded). */
export function RouteErrorPage() {
  const error = useRouteError();
  // A page that fails before it renders: the error shows instead of the server's prerender.
  useLayoutEffect(() => dropPrerendered(), []);
  const chunk = isChunkLoadError(error);
  const [probe, setProbe] = useState<'ok' | 'failed' | 'pending'>('pending');
  useEffect(() => {
    if (!chunk) return;
    let live = true;
    void serverAnswers().then((ok) => live && setProbe(ok ? 'ok' : 'failed'));
    return () => {
      live = false;
    };
  }, [chunk]);
  const failure = chunk ? chunkFailureOf(typeof navigator === 'undefined' || navigator.onLine, probe) : null;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const props: RouteErrorViewProps = {
    title: failure ? TITLES[failure] : notFound ? 'Page not found' : 'Something went wrong',
    text: failure ? TEXTS[failure] : UNKNOWN_ERROR_MESSAGE,
    alert: failure === 'outage',
  };
  return (
    <Suspense fallback={<PlainRouteErrorView {...props} />}>
      <RouteErrorView {...props} />
    </Suspense>
  );
}

export type RouteErrorViewProps = { title: string; text: string; alert: boolean };

// The page's MUI view loads only when an error shows (it is not part of the first load). When its
// own code cannot be loaded either (the server is down, or a deployment removed it), the plain view
// below stays: same words, same two actions.
const RouteErrorView = lazy(() =>
  import('./route-error.view.tsx').then(
    (m) => ({ default: m.RouteErrorView }),
    () => ({ default: PlainRouteErrorView }),
  ),
);

/** The error page without MUI (styled by prerender.css), shown until or instead of the MUI view. */
function PlainRouteErrorView({ title, text, alert }: RouteErrorViewProps) {
  return (
    <div className="pre pre-error">
      <div>
        <h1>{title}</h1>
        <p role={alert ? 'alert' : undefined}>{text}</p>
        <p>
          <button type="button" className="pre-btn" onClick={() => window.location.reload()}>
            Reload
          </button>
          <a href="/jobs">Go to jobs</a>
        </p>
      </div>
    </div>
  );
}
