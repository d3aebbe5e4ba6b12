import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ seed: false }); });
afterAll(async () => { await t?.close(); });

describe('platform', () => {
  it('GET /api/health answers {"status":"ok"} once the database is open', async () => {
    const res = await t.request('GET', '/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual({ status: 'ok' });
  });
  it('accepts paths with or without the trailing slash', async () => {
    expect((await t.request('GET', '/api/health/')).statusCode).toBe(200);
    expect((await t.request('GET', '/api/auth/csrf')).statusCode).toBe(200);
  });
  it('serves OpenAPI 3.1 with the routes and their schemas, and a docs page', async () => {
    const res = await t.request('GET', '/api/openapi.json');
    expect(res.statusCode).toBe(200);
    expect(res.data.openapi).toBe('3.1.0');
    for (const p of ['/api/auth/login/', '/api/auth/token/refresh/', '/api/users/me', '/api/users', '/api/companies', '/api/states', '/api/events']) {
      expect(Object.keys(res.data.paths)).toContain(p);
    }
    expect(res.data.paths['/api/auth/login/'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toMatch(/swagger/i);
  });
  it('sends the security headers', async () => {
    const res = await t.request('GET', '/api/health');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
    // Errors and unknown paths carry them too.
    for (const r of [await t.request('GET', '/api/no-such-thing'), await t.request('GET', '/api/jobs')]) {
      expect(r.statusCode).toBeGreaterThanOrEqual(400);
      expect(r.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(String(r.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    }
  });
  it('answers unknown API paths with the 404 envelope, signed in or not', async () => {
    const res = await t.request('GET', '/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.data).toEqual({ message: 'Not found.' });
    expect((await t.request('DELETE', '/api/no-such-thing')).statusCode).toBe(404);
  });
  it('refuses NUL characters anywhere in a request with 400 (PostgreSQL text cannot hold them)', async () => {
    const body = await t.request('POST', '/api/auth/login/', { body: { email: 'a@b.co', password: 'x\u0000y' } });
    expect(body.statusCode).toBe(400);
    expect(body.data.message).toMatch(/NUL/);
    const query = await t.request('GET', '/api/health?x=%00');
    expect(query.statusCode).toBe(400);
  });
  it('never leaks internals on a 500', async () => {
    const query = t.app.ctx.database.query;
    t.app.ctx.database.query = async () => { throw new Error('connection string postgres://secret@db'); };
    try {
      const res = await t.request('GET', '/api/health');
      expect(res.statusCode).toBe(503);
      expect(res.body).not.toMatch(/secret/);
    } finally {
      // The other tests of this file share the app, in any order.
      t.app.ctx.database.query = query;
    }
  });
});
