import type { TokenPair } from '@sunstamp/domain/contracts/auth';
import type { KeyValueStorage } from './storage.ts';

/** Keys of spec §7: the tokens live in localStorage under these names. */
export const ACCESS_TOKEN_KEY = 'accessToken';
export const REFRESH_TOKEN_KEY = 'refreshToken';
export const CSRF_TOKEN_KEY = 'csrfToken';

export type TokenStore = ReturnType<typeof createTokenStore>;

export function createTokenStore(storage: KeyValueStorage) {
  return {
    getAccess: () => storage.getItem(ACCESS_TOKEN_KEY),
    getRefresh: () => storage.getItem(REFRESH_TOKEN_KEY),
    setTokens(pair: TokenPair) {
      storage.setItem(ACCESS_TOKEN_KEY, pair.access);
      storage.setItem(REFRESH_TOKEN_KEY, pair.refresh);
    },
    clearTokens() {
      storage.removeItem(ACCESS_TOKEN_KEY);
      storage.removeItem(REFRESH_TOKEN_KEY);
    },
    getCsrf: () => storage.getItem(CSRF_TOKEN_KEY),
    setCsrf: (token: string) => storage.setItem(CSRF_TOKEN_KEY, token),
    clearCsrf: () => storage.removeItem(CSRF_TOKEN_KEY),
  };
}
