import { lazy, type ReactNode } from 'react';
import { loadQueryClient } from '../lib/query-client.loader.ts';

// TanStack Query's provider and the client load together, the first time a part of the app under
// <WithQueries> renders; the Suspense boundary above (the page's or the layout's) shows meanwhile.
const Provider = lazy(async () => {
  const [client, { QueryClientProvider }] = await Promise.all([loadQueryClient(), import('@tanstack/react-query')]);
  return { default: ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider> };
});

/** Gives the routes under it the app's QueryClient (the same one everywhere: one cache). */
export function WithQueries({ children }: { children: ReactNode }) {
  return <Provider>{children}</Provider>;
}
