import type { z } from 'zod';
import { apiClient, type QueryValue } from '../api-client.ts';

/*
 * The endpoints as the web calls them: the path (and query) built from typed parameters, the
 * domain contract of the body sent and the domain contract its answer follows. A fetcher's or a
 * mutation's types are the contracts' types, never a type written again by hand, and a URL is
 * written once, beside its contract. The answer is not parsed again here: the API already
 * serialises it through the same zod schema (its route's response schema).
 *
 * Feature code calls the API only through these helpers; `apiClient` itself is the transport of
 * lib/api and of the session, upload, download and live-event helpers (an ESLint rule keeps it so).
 */

type Query = Record<string, QueryValue>;

/** A GET endpoint: parameters to path and query, and the contract of the answer. */
export type GetEndpoint<P, S extends z.ZodType> = {
  /** The answer's contract; absent where it is named by type only (getEndpointOf). */
  response?: S;
  path: (params: P) => string;
  query?: (params: P) => Query;
  /** false: a signed-out page's call (a public route), made without a session. */
  auth?: boolean;
};

export const getEndpoint = <P, S extends z.ZodType>(
  response: S,
  path: (params: P) => string,
  query?: (params: P) => Query,
  options: { auth?: boolean } = {},
): GetEndpoint<P, S> => ({ response, path, query, ...options });

/**
 * getEndpoint with the answer's contract named by its type only, for the modules every page loads
 * (the session's GET /users/me): importing a contract's schema there would bring zod into the
 * first load, and the answer is not parsed here anyway.
 */
export const getEndpointOf = <S extends z.ZodType>() =>
  <P>(path: (params: P) => string, query?: (params: P) => Query, options: { auth?: boolean } = {}): GetEndpoint<P, S> => ({ path, query, ...options });

/** GET the endpoint with these parameters; the answer is typed by the endpoint's contract. */
export function fetchEndpoint<P, S extends z.ZodType>(endpoint: GetEndpoint<P, S>, params: P, signal?: AbortSignal): Promise<z.output<S>> {
  return apiClient.get<z.output<S>>(endpoint.path(params), { query: endpoint.query?.(params), signal, ...(endpoint.auth === false ? { auth: false } : {}) });
}

export type SendMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A state-changing endpoint: its method, parameters to path (and query), the contract of the body
 * (null: the call sends none) and the contract of the answer. `auth: false` marks the calls of the
 * signed-out pages (sign-up, password reset, email verification, demo request).
 */
export type SendEndpoint<P, B extends z.ZodType | null, S extends z.ZodType> = {
  method: SendMethod;
  path: (params: P) => string;
  query?: (params: P) => Query;
  body: B;
  response: S;
  auth: boolean;
};

export function sendEndpoint<P, B extends z.ZodType | null, S extends z.ZodType>(
  method: SendMethod,
  spec: { path: (params: P) => string; query?: (params: P) => Query; body: B; response: S; auth?: boolean },
): SendEndpoint<P, B, S> {
  return { method, path: spec.path, query: spec.query, body: spec.body, response: spec.response, auth: spec.auth ?? true };
}

/** The body a call of this endpoint takes: the request contract's input shape, or none. */
export type BodyOf<E extends { body: z.ZodType | null }> = E['body'] extends z.ZodType ? z.input<E['body']> : never;

type BodyArgs<B extends z.ZodType | null> = B extends z.ZodType ? [body: z.input<B>] : [];

/** Call the endpoint with these parameters (and body); the answer is typed by its contract. */
export function callEndpoint<P, B extends z.ZodType | null, S extends z.ZodType>(
  endpoint: SendEndpoint<P, B, S>,
  params: P,
  ...[body]: BodyArgs<B>
): Promise<z.output<S>> {
  return apiClient.request<z.output<S>>(endpoint.path(params), {
    method: endpoint.method,
    body,
    query: endpoint.query?.(params),
    auth: endpoint.auth,
  });
}

/** A path segment from an id (ids come from URLs and must not change the path). */
export const seg = (id: string) => encodeURIComponent(id);
