import { lazy, StrictMode, Suspense } from 'react';
import { RouterProvider } from 'react-router';
import { requestMeEarly, SessionProvider } from '../lib/session/session.provider.tsx';
import { preloadOpening, router } from './router.tsx';
import { ThemeModeProvider } from './theme-mode.provider.tsx';

// Toasts (notistack) load beside the first page, not before it.
const Toaster = lazy(async () => ({ default: (await import('./toaster.tsx')).Toaster }));

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
        </SessionProvider>
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </ThemeModeProvider>
    </StrictMode>
  );
}
