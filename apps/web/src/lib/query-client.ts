import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { errorMessageOf, isApiError } from './api-error.ts';
import type { Notify } from './notify.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silentError?: boolean };
    mutationMeta: { silentError?: boolean };
  }
}

/** Whether a failed call should be toasted: not when already handled (silent logout) or opted out. */
export function shouldToastError(error: unknown, meta?: { silentError?: boolean }): boolean {
  if (meta?.silentError) return false;
  if (isApiError(error) && error.silent) return false;
  if ((error as { name?: string })?.name === 'AbortError') return false;
  return true;
}

/** Retry only what may pass on a second try: no answer, or a 5xx. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (!isApiError(error)) return false;
  return error.kind === 'network' || error.status >= 500;
}

export function createQueryClient(notify: Notify) {
  const report = (error: unknown, meta?: { silentError?: boolean }) => {
    if (shouldToastError(error, meta)) notify(errorMessageOf(error), { variant: 'error' });
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => report(error, query.meta) }),
    mutationCache: new MutationCache({ onError: (error, _v, _c, mutation) => report(error, mutation.meta) }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
