import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod';
import { apiClient } from '../api-client.ts';
import { callEndpoint, fetchEndpoint, getEndpoint, seg, sendEndpoint, type BodyOf } from './endpoint.ts';

// The endpoints go through the app's real client; only the network (fetch) is replaced.
type Sent = { url: string; method: string; headers: Record<string, string>; body: string | undefined };
let sent: Sent[];
let answer: { status: number; body: unknown };

beforeEach(() => {
  sent = [];
  answer = { status: 200, body: { ok: true } };
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    sent.push({ url, method: init.method ?? 'GET', headers: init.headers as Record<string, string>, body: init.body as string | undefined });
    const text = answer.status === 204 ? null : JSON.stringify(answer.body);
    return Promise.resolve(new Response(text, { status: answer.status }));
  });
  apiClient.tokens.setTokens({ access: 'access-1', refresh: 'refresh-1' });
  apiClient.tokens.setCsrf('csrf-1');
});

afterEach(() => {
  vi.unstubAllGlobals();
  apiClient.tokens.clearTokens();
});

const ZThing = z.object({ id: z.string(), name: z.string() });
const ZThingBody = z.object({ name: z.string().trim().min(1), tags: z.array(z.string()).default([]) });

describe('typed endpoints', () => {
  it('GET: the path from the parameters, the query without empty values, the answer as sent', async () => {
    const things = getEndpoint(ZThing.array(), (q: { company: string; search?: string }) => `/companies/${seg(q.company)}/things`, (q) => ({ search: q.search }));
    answer = { status: 200, body: [{ id: 't1', name: 'Panel' }] };
    const got = await fetchEndpoint(things, { company: 'a/b', search: undefined });
    expect(got).toEqual([{ id: 't1', name: 'Panel' }]);
    expectTypeOf(got).toEqualTypeOf<{ id: string; name: string }[]>();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/companies/a%2Fb/things');
    expect(sent[0]!.method).toBe('GET');
    expect(sent[0]!.headers.Authorization).toBe('Bearer access-1');
  });

  it('PUT with a body: the method, the JSON body, the bearer and CSRF headers', async () => {
    const save = sendEndpoint('PUT', { path: (id: string) => `/things/${seg(id)}`, body: ZThingBody, response: ZThing });
    // The body is the contract's input: `tags` has a default, so it may be left out.
    expectTypeOf<BodyOf<typeof save>>().toEqualTypeOf<{ name: string; tags?: string[] | undefined }>();
    answer = { status: 200, body: { id: 't1', name: 'Panel' } };
    const got = await callEndpoint(save, 't1', { name: 'Panel' });
    expect(got.name).toBe('Panel');
    expect(sent[0]).toMatchObject({ url: '/api/things/t1', method: 'PUT', body: '{"name":"Panel"}' });
    expect(sent[0]!.headers).toMatchObject({ Authorization: 'Bearer access-1', 'X-CSRFToken': 'csrf-1', 'Content-Type': 'application/json' });
  });

  it('a body-less call sends an empty JSON object; a 204 answers null', async () => {
    const remove = sendEndpoint('DELETE', { path: (id: string) => `/things/${seg(id)}`, body: null, response: z.null() });
    answer = { status: 204, body: null };
    await expect(callEndpoint(remove, 't1')).resolves.toBeNull();
    expect(sent[0]).toMatchObject({ url: '/api/things/t1', method: 'DELETE', body: '{}' });
  });

  it('a signed-out call (auth: false) goes out without a session and carries no bearer', async () => {
    apiClient.tokens.clearTokens();
    const ended = vi.fn();
    const off = apiClient.onSessionEnded(ended);
    const ask = sendEndpoint('POST', { path: () => '/request-demo/', body: ZThingBody, response: z.object({ ok: z.boolean() }), auth: false });
    await expect(callEndpoint(ask, undefined, { name: 'Ada' })).resolves.toEqual({ ok: true });
    off();
    expect(ended).not.toHaveBeenCalled();
    expect(sent[0]!.headers.Authorization).toBeUndefined();
  });

  it('a call that needs a session ends it when there is none, and sends nothing', async () => {
    apiClient.tokens.clearTokens();
    const save = sendEndpoint('POST', { path: () => '/things', body: ZThingBody, response: ZThing });
    await expect(callEndpoint(save, undefined, { name: 'x' })).rejects.toMatchObject({ status: 401 });
    expect(sent).toEqual([]);
  });
});
