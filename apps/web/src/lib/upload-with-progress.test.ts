import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClient } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { createMemoryStorage } from './storage.ts';
import { postFormWithProgress, type UploadProgress } from './upload-with-progress.ts';

type Sent = { url: string; headers: Record<string, string> };
type Answer = { status: number; body?: unknown; progress?: [number, number] };

/** A stand-in XMLHttpRequest answering each send with the next scripted answer. */
function fakeXhr(answers: Answer[]) {
  const sent: Sent[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      this.onabort?.();
    }
    send() {
      sent.push({ url: this.url, headers: this.headers });
      const a = answers.shift();
      if (!a) return void queueMicrotask(() => this.onerror?.());
      queueMicrotask(() => {
        if (a.progress) this.upload.onprogress?.({ lengthComputable: true, loaded: a.progress[0], total: a.progress[1] });
        this.status = a.status;
        this.responseText = a.body === undefined ? '' : JSON.stringify(a.body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

function client(opts: { refreshOk?: boolean } = {}) {
  let csrf = 0;
  const fetchFn = (async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.endsWith('/auth/csrf/')) return Response.json({ csrfToken: `csrf-${++csrf}` });
    if (url.endsWith('/auth/token/refresh/') && opts.refreshOk) return Response.json({ access: 'a2', refresh: 'r2' });
    return Response.json({ message: 'Given token not valid for any token type' }, { status: 401 });
  }) as typeof fetch;
  return new ApiClient({ storage: createMemoryStorage({ accessToken: 'a1', refreshToken: 'r1' }), fetch: fetchFn, locks: null });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('postFormWithProgress', () => {
  it('posts under the API base with the bearer and CSRF header, reports progress and resolves the answer', async () => {
    const sent = fakeXhr([{ status: 201, body: [{ id: 'f1' }], progress: [5, 10] }]);
    const progress: UploadProgress[] = [];
    const answer = await postFormWithProgress('/jobs/j1/files', new FormData(), { client: client(), onProgress: (p) => progress.push(p) });
    expect(answer).toEqual([{ id: 'f1' }]);
    expect(progress).toEqual([{ loaded: 5, total: 10 }]);
    expect(sent).toEqual([{ url: '/api/jobs/j1/files', headers: { Accept: 'application/json', Authorization: 'Bearer a1', 'X-CSRFToken': 'csrf-1' } }]);
  });

  it('fetches a new CSRF token once on a CSRF refusal and retries', async () => {
    const sent = fakeXhr([{ status: 403, body: { message: 'CSRF Failed: token expired.' } }, { status: 201, body: { ok: true } }]);
    await expect(postFormWithProgress('/x', new FormData(), { client: client() })).resolves.toEqual({ ok: true });
    expect(sent.map((s) => s.headers['X-CSRFToken'])).toEqual(['csrf-1', 'csrf-2']);
  });

  it('refreshes once on a 401 and retries with the new token', async () => {
    const sent = fakeXhr([{ status: 401, body: { message: 'expired' } }, { status: 200, body: { ok: true } }]);
    await expect(postFormWithProgress('/x', new FormData(), { client: client({ refreshOk: true }) })).resolves.toEqual({ ok: true });
    expect(sent.map((s) => s.headers.Authorization)).toEqual(['Bearer a1', 'Bearer a2']);
  });

  it('turns an error answer into an ApiError with its message, and no answer into the network error', async () => {
    fakeXhr([{ status: 413, body: { message: 'Too large.' } }]);
    const e = await postFormWithProgress('/x', new FormData(), { client: client() }).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).status).toBe(413);
    expect((e as ApiError).message).toBe('Too large.');
    fakeXhr([]);
    const n = await postFormWithProgress('/x', new FormData(), { client: client() }).catch((err: unknown) => err);
    expect((n as ApiError).kind).toBe('network');
  });
});
