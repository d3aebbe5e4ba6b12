import { describe, expect, it } from 'vitest';
import { INVALID_TOKEN_MESSAGE } from '@sunstamp/domain/constants/auth.constants';
import {
  NO_RESPONSE_MESSAGE,
  NO_RESPONSE_STATUS,
  UNAUTHORIZED_NO_TOKEN_MESSAGE,
  UNKNOWN_ERROR_MESSAGE,
} from '@sunstamp/domain/constants/messages.constants';
import { ApiClient, buildQueryString, type SessionEndedEvent } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { createMemoryStorage } from './storage.ts';

type Call = { url: string; method: string; headers: Record<string, string>; body?: string };
type Handler = (call: Call) => Response | Promise<Response> | 'network-error';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fake API: a CSRF endpoint, a refresh endpoint with rotation and reuse detection, and routes. */
function setup(opts: { access?: string; refresh?: string; csrf?: string; routes?: Record<string, Handler> } = {}) {
  const storage = createMemoryStorage({
    ...(opts.access ? { accessToken: opts.access } : {}),
    ...(opts.refresh ? { refreshToken: opts.refresh } : {}),
    ...(opts.csrf ? { csrfToken: opts.csrf } : {}),
  });
  const calls: Call[] = [];
  let csrfIssued = 0;
  const validRefresh = new Set<string>(opts.refresh ? [opts.refresh] : []);
  let rotation = 0;
  const routes: Record<string, Handler> = {
    'GET /api/auth/csrf/': () => json(200, { csrfToken: `csrf-${++csrfIssued}` }),
    'POST /api/auth/token/refresh/': (c) => {
      const { refresh } = JSON.parse(c.body ?? '{}');
      if (!validRefresh.delete(refresh)) return json(401, { message: INVALID_TOKEN_MESSAGE });
      rotation++;
      validRefresh.add(`refresh-${rotation}`);
      return json(200, { access: `access-${rotation}`, refresh: `refresh-${rotation}` });
    },
    ...opts.routes,
  };
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const call: Call = { url, method: init?.method ?? 'GET', headers: { ...(init?.headers as Record<string, string>) }, body: init?.body as string | undefined };
    calls.push(call);
    const path = url.split('?')[0];
    const handler = routes[`${call.method} ${path}`];
    if (!handler) return json(404, { message: 'Not found.' });
    const r = await handler(call);
    if (r === 'network-error') throw new TypeError('Failed to fetch');
    return r;
  }) as typeof fetch;
  const client = new ApiClient({ storage, fetch: fetchFn, locks: null });
  const ended: SessionEndedEvent[] = [];
  client.onSessionEnded((e) => ended.push(e));
  return { client, storage, calls, ended };
}

const bearerOk = (token: string, body: unknown = { ok: true }): Handler => (c) =>
  c.headers.Authorization === `Bearer ${token}` ? json(200, body) : json(401, { message: INVALID_TOKEN_MESSAGE });

describe('ApiClient', () => {
  it('sends the bearer token on every call and the CSRF header, fetching the CSRF token once', async () => {
    const { client, calls } = setup({ access: 'a1', refresh: 'r1', routes: { 'PUT /api/users/me': bearerOk('a1'), 'GET /api/users/me': bearerOk('a1') } });
    await client.put('/users/me', { firstName: 'Ann' });
    await client.put('/users/me', { firstName: 'Bob' });
    await client.get('/users/me');
    expect(calls.filter((c) => c.url.endsWith('/auth/csrf/'))).toHaveLength(1);
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.every((c) => c.headers['X-CSRFToken'] === 'csrf-1' && c.headers.Authorization === 'Bearer a1')).toBe(true);
    expect(puts[0].headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(puts[0].body!)).toEqual({ firstName: 'Ann' });
    expect(calls.at(-1)!.headers.Authorization).toBe('Bearer a1');
  });

  it('refetches the CSRF token once on a CSRF failure and retries', async () => {
    let n = 0;
    const { client, calls, storage } = setup({
      access: 'a1',
      csrf: 'stale',
      routes: {
        'POST /api/things': (c) =>
          c.headers['X-CSRFToken'] === 'stale' ? json(403, { message: 'CSRF Failed: CSRF token missing or incorrect.' }) : json(201, { n: ++n }),
      },
    });
    await expect(client.post('/things', {})).resolves.toEqual({ n: 1 });
    expect(storage.getItem('csrfToken')).toBe('csrf-1');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/things', 'GET /api/auth/csrf/', 'POST /api/things']);
  });

  it('on a 401 refreshes once, stores the rotated pair and retries', async () => {
    const { client, storage, ended } = setup({ access: 'expired', refresh: 'r0', routes: { 'GET /api/users/me': bearerOk('access-1', { me: 1 }) } });
    await expect(client.get('/users/me')).resolves.toEqual({ me: 1 });
    expect(storage.getItem('accessToken')).toBe('access-1');
    expect(storage.getItem('refreshToken')).toBe('refresh-1');
    expect(ended).toEqual([]);
  });

  it('shares one refresh between concurrent 401s (a second refresh would reuse a rotated token)', async () => {
    const { client, calls } = setup({
      access: 'expired',
      refresh: 'r0',
      routes: { 'GET /api/a': bearerOk('access-1'), 'GET /api/b': bearerOk('access-1'), 'GET /api/c': bearerOk('access-1') },
    });
    await Promise.all([client.get('/a'), client.get('/b'), client.get('/c')]);
    expect(calls.filter((c) => c.url.endsWith('/token/refresh/'))).toHaveLength(1);
  });

  it('logs out silently when the refresh token is refused as invalid', async () => {
    const { client, storage, ended } = setup({ access: 'expired', refresh: 'already-rotated', routes: { 'GET /api/users/me': bearerOk('never') } });
    const err = (await client.get('/users/me').catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.silent).toBe(true);
    expect(err.kind).toBe('session-ended');
    expect(ended).toEqual([{ reason: 'invalid-token' }]);
    expect(storage.getItem('accessToken')).toBeNull();
    expect(storage.getItem('refreshToken')).toBeNull();
  });

  it('ends the session when there is no refresh token to try', async () => {
    const { client, ended } = setup({ access: 'expired', routes: { 'GET /api/users/me': bearerOk('never') } });
    await expect(client.get('/users/me')).rejects.toMatchObject({ status: 401, silent: true });
    expect(ended).toEqual([{ reason: 'refresh-failed' }]);
  });

  it('refuses an authenticated call without an access token with the catalogue message', async () => {
    const { client, calls, ended } = setup();
    await expect(client.get('/users/me')).rejects.toMatchObject({ message: UNAUTHORIZED_NO_TOKEN_MESSAGE, kind: 'no-token' });
    expect(calls).toHaveLength(0);
    expect(ended).toEqual([{ reason: 'no-token', message: UNAUTHORIZED_NO_TOKEN_MESSAGE }]);
  });

  it('does not refresh or end the session for a public call (a failed login)', async () => {
    const { client, ended, calls } = setup({
      routes: { 'POST /api/auth/login/': () => json(401, { message: 'Unable to log in with provided credentials.' }) },
    });
    await expect(client.login('a@b.test', 'x')).rejects.toMatchObject({ status: 401, message: 'Unable to log in with provided credentials.', silent: false });
    expect(ended).toEqual([]);
    expect(calls.some((c) => c.url.includes('refresh'))).toBe(false);
  });

  it('keeps the pair from a successful login', async () => {
    const { client, storage } = setup({ routes: { 'POST /api/auth/login/': () => json(200, { access: 'A', refresh: 'R' }) } });
    await client.login('a@b.test', 'pw');
    expect([storage.getItem('accessToken'), storage.getItem('refreshToken')]).toEqual(['A', 'R']);
  });

  it('reports no response as the catalogue message with status 500', async () => {
    const { client } = setup({ access: 'a', routes: { 'GET /api/x': () => 'network-error' } });
    await expect(client.get('/x')).rejects.toMatchObject({ message: NO_RESPONSE_MESSAGE, status: NO_RESPONSE_STATUS, kind: 'network' });
  });

  it('reads the server message from the envelope, else the unknown-error text', async () => {
    const { client } = setup({
      access: 'a',
      routes: {
        'GET /api/conflict': () => json(409, { message: 'Already exists.', args: [{ email: 'That email is taken.' }] }),
        'GET /api/html': () => new Response('<h1>Bad gateway</h1>', { status: 502 }),
      },
    });
    await expect(client.get('/conflict')).rejects.toMatchObject({ status: 409, message: 'That email is taken.' });
    await expect(client.get('/html')).rejects.toMatchObject({ status: 502, message: UNKNOWN_ERROR_MESSAGE });
  });

  it('revokes the refresh token on logout and forgets the tokens even when that fails', async () => {
    const { client, storage, calls } = setup({ access: 'a', refresh: 'r', routes: { 'POST /api/auth/logout/': () => 'network-error' } });
    await client.logout();
    const logout = calls.find((c) => c.url.endsWith('/auth/logout/'))!;
    expect(JSON.parse(logout.body!)).toEqual({ refresh: 'r' });
    expect(storage.getItem('accessToken')).toBeNull();
    expect(storage.getItem('refreshToken')).toBeNull();
  });
});

describe('buildQueryString', () => {
  it('leaves out empty values and sends lists as JSON', () => {
    expect(buildQueryString({ a: 'x y', b: undefined, c: null, d: '', e: 2, f: true, g: ['id1', 'id2'] })).toBe(
      '?a=x+y&e=2&f=true&g=%5B%22id1%22%2C%22id2%22%5D',
    );
    expect(buildQueryString({})).toBe('');
  });
});
