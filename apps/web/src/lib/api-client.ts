import type { TokenPair } from '@sunstamp/domain/contracts/auth';
import { CSRF_HEADER, INVALID_TOKEN_MESSAGE } from '@sunstamp/domain/constants/auth.constants';
import { UNAUTHORIZED_NO_TOKEN_MESSAGE } from '@sunstamp/domain/constants/messages.constants';
import { ApiError, messageForErrorBody, networkError } from './api-error.ts';
import { browserStorage, type KeyValueStorage } from './storage.ts';
import { createTokenStore, type TokenStore } from './token-storage.ts';

/** Why the client ended the session; the app then clears the user and shows /login. */
export type SessionEndReason =
  /** An authenticated call with no access token: the catalogue message is shown. */
  | 'no-token'
  /** The server refused the tokens ("Given token not valid…"): a silent logout. */
  | 'invalid-token'
  /** A 401 with no refresh token to try, or a refresh the server refused for another reason. */
  | 'refresh-failed';

export type SessionEndedEvent = { reason: SessionEndReason; message?: string };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export type RequestOptions = {
  method?: HttpMethod;
  /** JSON body (or FormData, sent as is). */
  body?: unknown;
  /** Query-string values; undefined and null are left out, lists are sent as JSON. */
  query?: Record<string, QueryValue>;
  /** Needs a signed-in user (default true). Public calls still carry a token when there is one. */
  auth?: boolean;
  responseType?: 'json' | 'blob';
  signal?: AbortSignal;
};

type LockManagerLike = { request<T>(name: string, cb: () => Promise<T>): Promise<T> };

export type ApiClientOptions = {
  baseUrl?: string;
  storage?: KeyValueStorage;
  fetch?: typeof fetch;
  /** Web Locks: serialise token refreshes across tabs (rotation makes a double refresh fatal). */
  locks?: LockManagerLike | null;
};

const STATE_CHANGING = new Set<HttpMethod>(['POST', 'PUT', 'PATCH', 'DELETE']);
const CSRF_FAILURE_PREFIX = 'CSRF Failed';

type RawResult = { status: number; ok: boolean; body: unknown };
type RefreshOutcome = 'refreshed' | 'no-refresh-token' | 'rejected' | 'invalid-token';

export function isCsrfFailure(status: number, body: unknown): boolean {
  return (
    status === 403 &&
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { message?: unknown }).message === 'string' &&
    (body as { message: string }).message.startsWith(CSRF_FAILURE_PREFIX)
  );
}

export function isInvalidTokenReply(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as { message?: unknown }).message === INVALID_TOKEN_MESSAGE
  );
}

export function buildQueryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    params.set(k, Array.isArray(v) ? JSON.stringify(v) : String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/**
 * The one way the web talks to the API (spec §7): bearer token and CSRF header on every call,
 * one refresh-and-retry on a 401, the catalogue messages of spec §8 on failure.
 */
export class ApiClient {
  readonly tokens: TokenStore;
  /** Where the API answers ('/api' by default), without a trailing slash. */
  readonly baseUrl: string;
  private readonly fetchFn: typeof fetch;
  private readonly locks: LockManagerLike | null;
  private refreshing: Promise<RefreshOutcome> | null = null;
  private csrfLoading: Promise<string> | null = null;
  private sessionEndedListeners = new Set<(e: SessionEndedEvent) => void>();

  constructor(options: ApiClientOptions = {}) {
    this.baseUrl = (options.baseUrl ?? '/api').replace(/\/$/, '');
    this.tokens = createTokenStore(options.storage ?? browserStorage());
    this.fetchFn = options.fetch ?? ((...args) => globalThis.fetch(...args));
    this.locks = options.locks === undefined ? defaultLocks() : options.locks;
  }

  /** Called when the client ends the session (the app clears the user and shows /login). */
  onSessionEnded(listener: (e: SessionEndedEvent) => void): () => void {
    this.sessionEndedListeners.add(listener);
    return () => this.sessionEndedListeners.delete(listener);
  }

  hasSession(): boolean {
    return !!this.tokens.getAccess();
  }

  get<T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) {
    return this.request<T>(path, { ...options, method: 'GET' });
  }
  post<T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) {
    return this.request<T>(path, { ...options, method: 'POST', body });
  }
  put<T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) {
    return this.request<T>(path, { ...options, method: 'PUT', body });
  }
  patch<T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) {
    return this.request<T>(path, { ...options, method: 'PATCH', body });
  }
  delete<T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) {
    return this.request<T>(path, { ...options, method: 'DELETE' });
  }

  /** The CSRF token, fetched once and kept in localStorage; `force` fetches a new one. */
  ensureCsrf(force = false): Promise<string> {
    const kept = this.tokens.getCsrf();
    if (kept && !force) return Promise.resolve(kept);
    this.csrfLoading ??= (async () => {
      // With the bearer: the API binds the token to the session (a signed-out one works only signed out).
      const r = await this.send('/auth/csrf/', { method: 'GET' }, true);
      const token = (r.body as { csrfToken?: unknown } | null)?.csrfToken;
      if (!r.ok || typeof token !== 'string') {
        throw new ApiError({ status: r.status, message: messageForErrorBody(r.body), body: r.body });
      }
      this.tokens.setCsrf(token);
      return token;
    })().finally(() => {
      this.csrfLoading = null;
    });
    return this.csrfLoading;
  }

  async request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const method = options.method ?? 'GET';
    const auth = options.auth ?? true;
    if (auth && !this.tokens.getAccess()) {
      this.endSession({ reason: 'no-token', message: UNAUTHORIZED_NO_TOKEN_MESSAGE });
      throw new ApiError({ status: 401, message: UNAUTHORIZED_NO_TOKEN_MESSAGE, kind: 'no-token', silent: true });
    }
    if (STATE_CHANGING.has(method)) await this.ensureCsrf();

    let r = await this.send(path, options, true);
    if (isCsrfFailure(r.status, r.body)) {
      // The kept token expired or came from another server secret: fetch a new one, retry once.
      await this.ensureCsrf(true);
      r = await this.send(path, options, true);
    }
    if (r.status === 401 && auth) {
      const outcome = await this.refresh();
      if (outcome === 'refreshed') r = await this.send(path, options, true);
      if (r.status === 401 || outcome !== 'refreshed') {
        const invalid = outcome === 'invalid-token' || (outcome === 'refreshed' && isInvalidTokenReply(r.body));
        this.endSession({ reason: invalid ? 'invalid-token' : 'refresh-failed' });
        throw new ApiError({
          status: 401,
          message: messageForErrorBody(r.body),
          kind: 'session-ended',
          body: r.body,
          silent: true,
        });
      }
    }
    if (!r.ok) {
      throw new ApiError({ status: r.status, message: messageForErrorBody(r.body), body: r.body });
    }
    return r.body as T;
  }

  /** Signs in and keeps the token pair. */
  async login(email: string, password: string): Promise<TokenPair> {
    const pair = await this.request<TokenPair>('/auth/login/', {
      method: 'POST',
      body: { email, password },
      auth: false,
    });
    this.tokens.setTokens(pair);
    // The CSRF token fetched signed out does not work for the new session: fetch one for it
    // (a failure here is retried by the first state-changing call).
    this.tokens.clearCsrf();
    await this.ensureCsrf(true).catch(() => undefined);
    return pair;
  }

  /** Revokes the refresh token on the server (best effort) and forgets both tokens. */
  async logout(): Promise<void> {
    const refresh = this.tokens.getRefresh();
    const access = this.tokens.getAccess();
    try {
      if (access) {
        // Sent directly: a failure here must not start another refresh or end-of-session round.
        await this.ensureCsrf();
        await this.send('/auth/logout/', { method: 'POST', body: refresh ? { refresh } : {} }, true);
      }
    } catch {
      /* signing out locally is what matters */
    } finally {
      this.tokens.clearTokens();
    }
  }

  /**
   * One refresh at a time in this tab (concurrent 401s share it) and, with Web Locks, across
   * tabs: presenting a rotated refresh token revokes the whole family (decisions.md).
   */
  refresh(): Promise<RefreshOutcome> {
    this.refreshing ??= this.runRefresh().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async runRefresh(): Promise<RefreshOutcome> {
    const seen = this.tokens.getRefresh();
    if (!seen) return 'no-refresh-token';
    const work = async (): Promise<RefreshOutcome> => {
      const current = this.tokens.getRefresh();
      if (!current) return 'no-refresh-token';
      // Another tab rotated while we waited for the lock: its new pair is already stored.
      if (current !== seen) return 'refreshed';
      await this.ensureCsrf();
      let r = await this.send('/auth/token/refresh/', { method: 'POST', body: { refresh: current } }, false);
      if (isCsrfFailure(r.status, r.body)) {
        await this.ensureCsrf(true);
        r = await this.send('/auth/token/refresh/', { method: 'POST', body: { refresh: current } }, false);
      }
      if (r.ok) {
        this.tokens.setTokens(r.body as TokenPair);
        return 'refreshed';
      }
      return isInvalidTokenReply(r.body) ? 'invalid-token' : 'rejected';
    };
    return this.locks ? this.locks.request('sunstamp-token-refresh', work) : work();
  }

  private endSession(event: SessionEndedEvent) {
    this.tokens.clearTokens();
    for (const l of this.sessionEndedListeners) l(event);
  }

  /** One HTTP exchange; no retries. A fetch that never answers becomes the no-response error. */
  private async send(path: string, options: RequestOptions, withBearer: boolean): Promise<RawResult> {
    const method = options.method ?? 'GET';
    const headers: Record<string, string> = { Accept: 'application/json' };
    const access = this.tokens.getAccess();
    if (withBearer && access) headers.Authorization = `Bearer ${access}`;
    const csrf = this.tokens.getCsrf();
    if (csrf) headers[CSRF_HEADER] = csrf;
    let body: BodyInit | undefined;
    if (options.body !== undefined) {
      if (typeof FormData !== 'undefined' && options.body instanceof FormData) {
        body = options.body;
      } else {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(options.body);
      }
    } else if (STATE_CHANGING.has(method)) {
      // Fastify refuses an empty body sent as JSON; send an empty object instead.
      headers['Content-Type'] = 'application/json';
      body = '{}';
    }

    let res: Response;
    try {
      res = await this.fetchFn(`${this.baseUrl}${path}${buildQueryString(options.query)}`, {
        method,
        headers,
        body,
        signal: options.signal,
        credentials: 'same-origin',
      });
    } catch (e) {
      if ((e as { name?: string })?.name === 'AbortError') throw e;
      throw networkError();
    }
    let parsed: unknown = null;
    if (res.ok && options.responseType === 'blob') {
      parsed = await res.blob();
    } else if (res.status !== 204) {
      const text = await res.text().catch(() => '');
      if (text) {
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = res.ok ? text : null;
        }
      }
    }
    return { status: res.status, ok: res.ok, body: parsed };
  }
}

function defaultLocks(): LockManagerLike | null {
  const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
  return nav?.locks ?? null;
}

/** The app's client, over the browser's localStorage and fetch. */
export const apiClient = new ApiClient();
