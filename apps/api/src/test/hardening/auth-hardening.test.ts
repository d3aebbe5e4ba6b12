// Findings of an attack on the API: the tests that would have caught each auth and
// framework finding. Runs on PGlite, and on PostgreSQL in the api-postgres project.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { createTestApp, DEMO, type TestApp } from '../test-app.ts';
import { refreshTokens, users } from '../../db/schema.ts';
import {
  MAX_DEMO_REQUESTS_PER_HOUR, MAX_FAILURES_PER_ACCOUNT, MAX_FAILURES_PER_ADDRESS, MAX_RESET_MAILS_PER_HOUR,
} from '../../modules/auth/auth.service.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });

async function signIn(email: string, password: string, ip: string) {
  return t.app.inject({
    method: 'POST', url: '/api/auth/login/', remoteAddress: ip,
    headers: { 'content-type': 'application/json', 'x-csrftoken': t.app.ctx.signer.issueCsrf() },
    payload: JSON.stringify({ email, password }),
  });
}

describe('login rate limit under concurrency (defect 1)', () => {
  it(`100 simultaneous guesses at one account: at most ${MAX_FAILURES_PER_ACCOUNT} are checked, the right password among them or not`, async () => {
    // The right password last: before the fix it was reached and verified.
    const guesses = Array.from({ length: 100 }, (_, i) => (i === 99 ? 'sunstamp-demo' : `wrong-guess-${i}`));
    const answers = await Promise.all(guesses.map((g) => signIn(DEMO.support, g, '10.17.0.1')));
    const counts = new Map<number, number>();
    for (const a of answers) counts.set(a.statusCode, (counts.get(a.statusCode) ?? 0) + 1);
    const verified = (counts.get(401) ?? 0) + (counts.get(200) ?? 0);
    expect(verified, JSON.stringify([...counts])).toBeLessThanOrEqual(MAX_FAILURES_PER_ACCOUNT);
    expect(counts.get(429)).toBeGreaterThanOrEqual(100 - MAX_FAILURES_PER_ACCOUNT);
    expect([...counts.keys()].every((s) => [200, 401, 429].includes(s))).toBe(true);
  });

  it(`100 simultaneous sign-ins to different accounts from one address: at most ${MAX_FAILURES_PER_ADDRESS} are checked`, async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => signIn(`nobody-${i}@spray.test`, 'wrong-password', '10.17.0.2')),
    );
    const verified = answers.filter((a) => a.statusCode === 401).length;
    expect(verified).toBeLessThanOrEqual(MAX_FAILURES_PER_ADDRESS);
    expect(answers.filter((a) => a.statusCode === 429).length).toBeGreaterThanOrEqual(100 - MAX_FAILURES_PER_ADDRESS);
  });

  it('a success does not count as a failure', async () => {
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT + 2; i++) {
      expect((await signIn(DEMO.brightOwner, 'sunstamp-demo', '10.17.0.3')).statusCode).toBe(200);
    }
  });
});

describe('CSRF and auth hooks test the matched route, and the CSRF token is bound to the session (defect 7)', () => {
  it.each(['//api/auth/password-reset/', '/%61pi/auth/password-reset/', '/api//auth/password-reset/'])(
    '%s without a CSRF header is refused like /api/…',
    async (url) => {
      const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '{"email":"a@b.test"}' });
      expect([403, 404]).toContain(res.statusCode);
      expect(res.json()).toHaveProperty('message');
      if (res.statusCode === 403) expect(res.json().message).toMatch(/CSRF/);
    },
  );

  it('a token fetched signed out, or for another session, does not work for a signed-in call', async () => {
    const mine = await t.tokenOf(DEMO.acmeUser);
    const other = await t.tokenOf(DEMO.brightOwner);
    const call = (csrf: string) => t.app.inject({
      method: 'PUT', url: '/api/users/me/onboard-finished', headers: { authorization: `Bearer ${mine}`, 'x-csrftoken': csrf },
    });
    const anon = (await t.request('GET', '/api/auth/csrf/')).data.csrfToken as string;
    expect((await call(anon)).statusCode).toBe(403);
    expect((await call(await t.csrfFor(other))).statusCode).toBe(403);
    const bound = await t.app.inject({ method: 'GET', url: '/api/auth/csrf/', headers: { authorization: `Bearer ${mine}` } });
    expect((await call(bound.json().csrfToken)).statusCode).toBe(200);
    // Signed-out calls (sign-in) take any token the server issued.
    expect((await t.app.inject({
      method: 'POST', url: '/api/auth/login/', headers: { 'content-type': 'application/json', 'x-csrftoken': bound.json().csrfToken },
      payload: JSON.stringify({ email: DEMO.acmeUser, password: 'sunstamp-demo' }),
    })).statusCode).toBe(200);
  });

  it('the session of a signed-in pair is its refresh family: its CSRF token survives a refresh', async () => {
    const pair = await t.login(DEMO.acmeOwner);
    const csrf = (await t.app.inject({ method: 'GET', url: '/api/auth/csrf/', headers: { authorization: `Bearer ${pair.access}` } })).json().csrfToken;
    const next = await t.request('POST', '/api/auth/token/refresh/', { body: { refresh: pair.refresh } });
    const res = await t.app.inject({
      method: 'PUT', url: '/api/users/me/onboard-finished', headers: { authorization: `Bearer ${next.data.access}`, 'x-csrftoken': csrf },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('tokens (defect 7)', () => {
  const secret = () => new TextEncoder().encode('test-secret-'.padEnd(48, 'x'));
  async function sub(email: string) {
    const [u] = await t.database.db.select().from(users).where(eq(users.email, email));
    return u!.id;
  }

  it('an access token without exp is refused', async () => {
    const forever = await new SignJWT({ role: 'admin', type: 'access' })
      .setProtectedHeader({ alg: 'HS256' }).setSubject(await sub(DEMO.admin)).setIssuedAt().sign(secret());
    expect((await t.request('GET', '/api/users/me', { token: forever })).statusCode).toBe(401);
    expect((await t.request('POST', '/api/auth/token/verify/', { body: { token: forever } })).statusCode).toBe(401);
  });

  it('an access token whose exp is far in the future is refused', async () => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const long = await new SignJWT({ role: 'admin', type: 'access' })
      .setProtectedHeader({ alg: 'HS256' }).setSubject(await sub(DEMO.admin)).setIssuedAt(now).setExpirationTime(now + 365 * 86400).sign(secret());
    expect((await t.request('GET', '/api/users/me', { token: long })).statusCode).toBe(401);
  });

  it('verify and refresh agree on a refresh token unused for 8 days', async () => {
    const pair = await t.login(DEMO.contractor);
    t.clock.advance(8 * 24 * 3600_000);
    const verify = await t.request('POST', '/api/auth/token/verify/', { body: { token: pair.refresh } });
    const refresh = await t.request('POST', '/api/auth/token/refresh/', { body: { refresh: pair.refresh } });
    expect(refresh.statusCode).toBe(401);
    expect(verify.statusCode).toBe(401);
  });

  it('verify accepts a fresh refresh token, refuses it once rotated', async () => {
    const pair = await t.login(DEMO.contractor);
    expect((await t.request('POST', '/api/auth/token/verify/', { body: { token: pair.refresh } })).statusCode).toBe(200);
    await t.request('POST', '/api/auth/token/refresh/', { body: { refresh: pair.refresh } });
    expect((await t.request('POST', '/api/auth/token/verify/', { body: { token: pair.refresh } })).statusCode).toBe(401);
    const rows = await t.database.db.select().from(refreshTokens);
    expect(rows.length).toBeGreaterThan(0);
  });
});

describe('mail throttles (defect 7)', () => {
  it(`30 password-reset requests for one account send at most ${MAX_RESET_MAILS_PER_HOUR} mails, and every answer is the same`, async () => {
    const before = t.outbox().length;
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await t.request('POST', '/api/auth/password-reset/', { body: { email: DEMO.acmeUser } }));
    expect(new Set(answers.map((a) => `${a.statusCode} ${a.body}`)).size).toBe(1);
    const mails = t.outbox().slice(before).filter((m) => m.to.includes(DEMO.acmeUser));
    expect(mails.length).toBe(MAX_RESET_MAILS_PER_HOUR);
    const unknown = await t.request('POST', '/api/auth/password-reset/', { body: { email: 'ghost-17@nowhere.test' } });
    expect(`${unknown.statusCode} ${unknown.body}`).toBe(`${answers[0]!.statusCode} ${answers[0]!.body}`);
  });

  it(`demo requests: at most 3 a day per address and ${MAX_DEMO_REQUESTS_PER_HOUR} an hour in all mail staff`, async () => {
    const before = t.outbox().length;
    const send = (i: number, email: string) => t.request('POST', '/api/request-demo/', { body: { name: `N${i}`, email, company: `C${i}` } });
    const same = [];
    for (let i = 0; i < 5; i++) same.push((await send(i, 'one.person@demo.test')).statusCode);
    expect(same).toEqual([201, 201, 201, 429, 429]);
    const spread = [];
    for (let i = 0; i < 25; i++) spread.push((await send(i, `p${i}@demo.test`)).statusCode);
    expect(spread.filter((s) => s === 201).length).toBe(MAX_DEMO_REQUESTS_PER_HOUR - 3);
    expect(t.outbox().length - before).toBe(MAX_DEMO_REQUESTS_PER_HOUR);
    const limited = await send(99, 'late@demo.test');
    expect(limited.statusCode).toBe(429);
    expect(Object.keys(limited.data)).toEqual(['message']);
  });
});

describe('framework errors in the envelope, never echoing the path (defect 7)', () => {
  let port = 0;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });

  /** One raw HTTP exchange: the status and the body of the answer. */
  function raw(request: string): Promise<{ status: number; body: string; text: string }> {
    return new Promise((resolve, reject) => {
      // Written without ending our side: the server closes after answering (Connection: close).
      const s = net.connect(port, '127.0.0.1', () => s.write(request));
      let text = '';
      s.on('data', (d) => { text += d.toString('latin1'); });
      s.on('error', (e) => (text ? undefined : reject(e)));
      s.on('close', () => {
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
        resolve({ status, body: text.split('\r\n\r\n').slice(1).join('\r\n\r\n'), text });
      });
    });
  }

  const SECRET_PATH = 'zz-secret-path-zz';
  it.each([
    ['431, headers too large', `GET /api/${SECRET_PATH} HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20000)}\r\n\r\n`, 431],
    ['400, a malformed request line', `GET /api/${SECRET_PATH} HTTP/9.9 junk\r\nHost: x\r\n\r\n`, 400],
    ['400, a bad URL escape', `GET /api/jobs/%E0%A4%A/${SECRET_PATH} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`, 400],
    ['414, a path parameter past its length', `GET /api/jobs/${SECRET_PATH}${'a'.repeat(200)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`, 414],
    ['404, an unknown API route', `GET /api/${SECRET_PATH} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`, 404],
  ])('%s', async (_label, request, status) => {
    const res = await raw(request);
    expect(res.status).toBe(status);
    const body = res.body.includes('\r\n') && /^[0-9a-f]+\r\n/.test(res.body) ? res.body.split('\r\n')[1]! : res.body;
    const json = JSON.parse(body);
    expect(Object.keys(json)).toEqual(['message']);
    expect(typeof json.message).toBe('string');
    expect(res.text).not.toContain(SECRET_PATH);
  });

  it('HEAD /api/events answers with the headers', async () => {
    const token = await t.tokenOf(DEMO.acmeUser);
    const res = await raw(`HEAD /api/events HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`);
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/content-type: text\/event-stream/i);
  });
});
