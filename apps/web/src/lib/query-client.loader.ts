import type { QueryClient } from '@tanstack/react-query';
import { notify } from './notify.ts';

/*
 * The app's one QueryClient, created the first time something needs it: a signed-in session, or a
 * page with a form or a query. TanStack Query is not part of the first load of the pages that need
 * none (the home page and the content pages, signed out).
 */
let loading: Promise<QueryClient> | null = null;
let loaded: QueryClient | null = null;

export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('./query-client.ts').then(({ createQueryClient }) => (loaded = createQueryClient(notify)));
  return loading;
}

/** The client if it has been created, else null (nothing cached yet, so nothing to clear). */
export const loadedQueryClient = (): QueryClient | null => loaded;
