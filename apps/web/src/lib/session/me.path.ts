/*
 * GET /users/me: the session's user. Its path and cache settings are a module of their own, so the
 * first load can ask for it, and put the answer in the cache, before TanStack Query's hooks arrive.
 */
export const ME_PATH = '/users/me';
/** How long the cached user counts as fresh. */
export const ME_STALE_MS = 60_000;
/** The cached user's key (queryKeys.me). */
export const meQueryKey = () => ['users', 'me'] as const;
