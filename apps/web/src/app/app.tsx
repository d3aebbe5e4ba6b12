import { lazy, StrictMode, Suspense } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { SessionProvider } from '../lib/session/session.provider.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { notify } from '../lib/notify.ts';
import { router } from './router.tsx';
import { ThemeModeProvider } from './theme-mode.provider.tsx';

const queryClient = createQueryClient(notify);

// Toasts (notistack) load beside the first page, not before it.
const Toaster = lazy(async () => ({ default: (await import('./toaster.tsx')).Toaster }));

/** Providers, outermost first: theme, data cache, session, routes; the toaster beside them. */
export function App() {
  return (
    <StrictMode>
      <ThemeModeProvider>
        <QueryClientProvider client={queryClient}>
          <SessionProvider>
            <RouterProvider router={router} />
          </SessionProvider>
        </QueryClientProvider>
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </ThemeModeProvider>
    </StrictMode>
  );
}
