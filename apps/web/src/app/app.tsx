import { lazy, StrictMode, Suspense, useState } from 'react';
import { RouterProvider } from 'react-router';
import { requestMeEarly, SessionProvider } from '../lib/session/session.provider.tsx';
import { useSession } from '../lib/session/session.context.ts';
import { preloadOpening, router } from './router.tsx';
import { ThemeModeProvider } from './theme-mode.provider.tsx';

// Toasts (notistack) load beside the first page, not before it: once a stored session has been
// restored (or found gone), so its chunks do not take the browser's connections from the layout's.
// A toast asked for meanwhile waits for it (lib/notify.ts).
const Toaster = lazy(async () => ({ default: (await import('./toaster.tsx')).Toaster }));
function DeferredToaster() {
  const { status } = useSession();
  // Mounted once and for good: a later restore (another tab signed in) keeps the toasts on screen.
  const [wanted, setWanted] = useState(false);
  if (!wanted && status !== 'restoring') setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

// A signed-in first load asks for the session's user, then its opening page's code, at once.
requestMeEarly();
const openingReady = preloadOpening(window.location.pathname);

/** Providers, outermost first: theme, session, routes (the data cache under them); the toaster beside them. */
export function App() {
  return (
    <StrictMode>
      <ThemeModeProvider>
        {/* TanStack Query's provider is given by the routes that use it (router.tsx, WithQueries). */}
        <SessionProvider ready={openingReady}>
          <RouterProvider router={router} />
          <DeferredToaster />
        </SessionProvider>
      </ThemeModeProvider>
    </StrictMode>
  );
}
