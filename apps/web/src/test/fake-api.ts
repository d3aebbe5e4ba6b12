import { vi } from 'vitest';
import { ACCESS_TOKEN_KEY, CSRF_TOKEN_KEY } from '../lib/token-storage.ts';

/*
 * The API as the browser sees it: `fetch` answers from a table of routes, and every call is kept
 * so a test can read what the screen sent. This is the component's boundary with the server (the
 * app's own ApiClient, endpoints, caches and hooks all run for real); the session has an access
 * token and a CSRF token, as after sign-in.
 */

export type ApiCall = { method: string; path: string; query: URLSearchParams; body: unknown; headers: Record<string, string> };
type Answer = unknown | Response | ((call: ApiCall) => unknown | Response | Promise<unknown | Response>);

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A refusal in the API's error envelope; `fields` go in its args as {field: message}. */
export const refusal = (status: number, message: string, fields?: Record<string, string>) =>
  json(status, { message, ...(fields ? { args: [fields] } : {}) });

/**
 * Installs the fake API. `routes` maps "METHOD /path" (no /api prefix, no query) to an answer: a
 * JSON body, a Response, or a function of the call. A call with no route answers 404, which a test
 * sees as the screen's error state.
 */
export function fakeApi(routes: Record<string, Answer> = {}) {
  localStorage.setItem(ACCESS_TOKEN_KEY, 'test-access');
  localStorage.setItem(CSRF_TOKEN_KEY, 'test-csrf');
  const table = new Map(Object.entries(routes));
  const calls: ApiCall[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    let body: unknown = init?.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        /* not JSON: kept as text */
      }
    }
    const call: ApiCall = { method: init?.method ?? 'GET', path, query: url.searchParams, body, headers: { ...(init?.headers as Record<string, string>) } };
    calls.push(call);
    const answer = table.get(`${call.method} ${path}`);
    if (answer === undefined) return json(404, { message: 'Not found.' });
    const value = typeof answer === 'function' ? await (answer as (c: ApiCall) => unknown)(call) : answer;
    return value instanceof Response ? value.clone() : json(200, value);
  });
  vi.stubGlobal('fetch', fetchFn);
  return {
    calls,
    /** Adds or replaces a route (a later answer of the same call). */
    on(route: string, answer: Answer) {
      table.set(route, answer);
    },
    /** The calls made to one route, oldest first. */
    callsTo(route: string) {
      const [method, path] = route.split(' ');
      return calls.filter((c) => c.method === method && c.path === path);
    },
  };
}
