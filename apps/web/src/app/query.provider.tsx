import type { ReactNode } from 'react';
import { loadQueryClient } from '../lib/query-client.loader.ts';
import { preloadable } from '../lib/preloadable.ts';

// TanStack Query's provider and the client load together, the first time a part of the app under
// <WithQueries> renders (or a signed-in first load asks for them early: router.tsx preloadOpening);
// the Suspense boundary above (the page's or the layout's) shows meanwhile.
const Provider = preloadable(async () => {
  const [client, { QueryClientProvider }] = await Promise.all([loadQueryClient(), import('@tanstack/react-query')]);
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
});

/** Asks for the provider's code and the client before the first render that needs them. */
export const preloadQueries = () => Provider.preload();

/** Gives the routes under it the app's QueryClient (the same one everywhere: one cache). */
export function WithQueries({ children }: { children: ReactNode }) {
  return <Provider>{children}</Provider>;
}
