import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { INVALID_TOKEN_MESSAGE } from '@sunstamp/domain/constants/auth.constants';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { demoRequests, users } from '../../db/schema.ts';
import { MAX_FAILURES_PER_ACCOUNT, LOGIN_WINDOW_MINUTES } from './auth.service.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });

const linkIn = (text: string) => /http:\/\/sunstamp\.test(\/\S+)/.exec(text)?.[1];

describe('CSRF header', () => {
  it('issues a token on GET /api/auth/csrf/', async () => {
    const res = await t.request('GET', '/api/auth/csrf/');
    expect(res.statusCode).toBe(200);
    expect(res.data.csrfToken).toMatch(/^[\w-]+\.[\w]+\.[\w-]+\.[\w-]+$/);
  });
  it('refuses a state-changing call without the header with 403', async () => {
    const res = await t.request('POST', '/api/auth/login/', { body: { email: DEMO.admin, password: 'x' }, csrf: false });
    expect(res.statusCode).toBe(403);
    expect(res.data.message).toMatch(/CSRF/);
  });
  it('refuses a forged token', async () => {
    const res = await t.request('POST', '/api/auth/login/', {
      body: { email: DEMO.admin, password: 'x' }, csrf: false, headers: { 'x-csrftoken': 'abc.def.ghi' },
    });
    expect(res.statusCode).toBe(403);
  });
  it('accepts a token issued by GET /api/auth/csrf/', async () => {
    const { data } = await t.request('GET', '/api/auth/csrf/');
    const res = await t.request('POST', '/api/auth/login/', {
      body: { email: DEMO.acmeUser, password: 'sunstamp-demo' }, csrf: false, headers: { 'x-csrftoken': data.csrfToken },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('POST /api/auth/login/', () => {
  it('answers an access and a refresh token', async () => {
    const res = await t.request('POST', '/api/auth/login/', { body: { email: 'Support@Sunstamp.test', password: 'sunstamp-demo' } });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.data).sort()).toEqual(['access', 'refresh']);
    expect(res.data.access.split('.')).toHaveLength(3);
  });
  it('refuses a wrong password and an unknown account with the same 401', async () => {
    const a = await t.request('POST', '/api/auth/login/', { body: { email: DEMO.support, password: 'wrong-password' } });
    const b = await t.request('POST', '/api/auth/login/', { body: { email: 'nobody@sunstamp.test', password: 'wrong-password' } });
    expect(a.statusCode).toBe(401);
    expect(b.statusCode).toBe(401);
    expect(a.data).toEqual(b.data);
    expect(a.data.message).toBe('Unable to log in with provided credentials.');
  });
  it.each([
    ['missing fields', {}, ['email', 'password']],
    ['wrong types', { email: 42, password: ['x'] }, ['email', 'password']],
    ['a malformed email', { email: 'not-an-email', password: 'x' }, ['email']],
    ['an overlong password', { email: DEMO.admin, password: 'x'.repeat(300) }, ['password']],
  ])('answers 400 naming each bad field for %s', async (_n, body, fields) => {
    const res = await t.request('POST', '/api/auth/login/', { body });
    expect(res.statusCode).toBe(400);
    const named = (res.data.args as Record<string, string>[]).flatMap((a) => Object.keys(a));
    for (const f of fields) expect(named).toContain(f);
  });
  it('answers 400 for bad JSON', async () => {
    const res = await t.request('POST', '/api/auth/login/', { raw: '{"email": ' });
    expect(res.statusCode).toBe(400);
    expect(res.data.message).toBe('The request body is not valid JSON.');
  });
  it('answers 413 for an oversize body', async () => {
    const res = await t.request('POST', '/api/auth/login/', { raw: JSON.stringify({ email: 'a@b.co', password: 'x', pad: 'y'.repeat(1_100_000) }) });
    expect(res.statusCode).toBe(413);
    expect(res.data.message).toBe('The request body is too large.');
  });
  it('answers 415 for a body that is not JSON', async () => {
    const res = await t.request('POST', '/api/auth/login/', { raw: 'email=a', headers: { 'content-type': 'text/plain' } });
    expect(res.statusCode).toBe(415);
  });
  it(`locks an account out after ${MAX_FAILURES_PER_ACCOUNT} failures with 429, until the window passes`, async () => {
    const email = DEMO.brightOwner;
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
      expect((await t.request('POST', '/api/auth/login/', { body: { email, password: 'nope-nope' } })).statusCode).toBe(401);
    }
    const locked = await t.request('POST', '/api/auth/login/', { body: { email, password: 'sunstamp-demo' } });
    expect(locked.statusCode).toBe(429);
    expect(locked.data.message).toMatch(/Too many failed sign-in attempts/);
    t.clock.advance((LOGIN_WINDOW_MINUTES + 1) * 60_000);
    expect((await t.request('POST', '/api/auth/login/', { body: { email, password: 'sunstamp-demo' } })).statusCode).toBe(200);
  });
  it('limits failures per address across accounts', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    // trustProxy is off, so every inject call shares one address: 20 failures over many accounts lock it.
    for (let i = 0; i < 20; i++) {
      await t.request('POST', '/api/auth/login/', { body: { email: `spray${i}@example.com`, password: 'guess-guess' }, headers });
    }
    const res = await t.request('POST', '/api/auth/login/', { body: { email: DEMO.admin, password: 'sunstamp-demo' }, headers });
    expect(res.statusCode).toBe(429);
    t.clock.advance((LOGIN_WINDOW_MINUTES + 1) * 60_000);
  });
});

describe('tokens', () => {
  it('an access token opens /users/me and expires after 15 minutes', async () => {
    const { access } = await t.login(DEMO.acmeUser);
    expect((await t.request('GET', '/api/users/me', { token: access })).statusCode).toBe(200);
    t.clock.advance(15 * 60_000 + 1000);
    const res = await t.request('GET', '/api/users/me', { token: access });
    expect(res.statusCode).toBe(401);
    expect(res.data.message).toBe(INVALID_TOKEN_MESSAGE);
  });
  it.each([
    ['garbage', 'not-a-jwt'],
    ['an unsigned token', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4Iiwicm9sZSI6ImFkbWluIiwidHlwZSI6ImFjY2VzcyJ9.'],
  ])('refuses %s as a bearer token with the silent-logout message', async (_n, token) => {
    const res = await t.request('GET', '/api/users/me', { token });
    expect(res.statusCode).toBe(401);
    expect(res.data.message).toBe(INVALID_TOKEN_MESSAGE);
  });
  it('refuses a token signed with another key', async () => {
    const forged = await new SignJWT({ role: 'admin', type: 'access' })
      .setProtectedHeader({ alg: 'HS256' }).setSubject('00000000-0000-0000-0000-000000000000')
      .setExpirationTime('1h').sign(new TextEncoder().encode('another-secret-another-secret-another'));
    expect((await t.request('GET', '/api/users/me', { token: forged })).statusCode).toBe(401);
  });
  it('refuses a refresh token used as a bearer token (wrong type)', async () => {
    const { refresh } = await t.login(DEMO.acmeUser);
    expect((await t.request('GET', '/api/users/me', { token: refresh })).statusCode).toBe(401);
  });
  it('answers 401 without credentials', async () => {
    const res = await t.request('GET', '/api/users/me');
    expect(res.statusCode).toBe(401);
    expect(res.data.message).toBe('Authentication credentials were not provided.');
  });
});

describe('POST /api/auth/token/refresh/', () => {
  it('rotates: a new pair each time, the old refresh token no longer works', async () => {
    const first = await t.login(DEMO.acmeOwner);
    const r1 = await t.request('POST', '/api/auth/token/refresh/', { body: { refresh: first.refresh } });
    expect(r1.statusCode).toBe(200);
    expect(r1.data.refresh).not.toBe(first.refresh);
    expect((await t.request('GET', '/api/users/me', { token: r1.data.access })).statusCode).toBe(200);
    const r2 = await t.request('POST', '/api/auth/token/refresh/', { body: { refresh: r1.data.refresh } });
    expect(r2.statusCode).toBe(200);
  });
  it('a reused refresh token revokes its whole family', async () => {
    const first = await t.login(DEMO.acmeOwner);
    const r1 = await t.request('POST', '/api/auth/token/refresh/', { body: { refresh: first.refresh } });
    const reuse = await t.request('POST', '/api/auth/token/refresh/', { body: { refresh: first.refresh } });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.data.message).toBe(INVALID_TOKEN_MESSAGE);
    // The thief's copy is dead, and so is the legitimate newer token of the same family.
    const next = await t.request('POST', '/api/auth/token/refresh/', { body: { refresh: r1.data.refresh } });
    expect(next.statusCode).toBe(401);
    // Another session of the same user is untouched.
    const other = await t.login(DEMO.acmeOwner);
    expect((await t.request('POST', '/api/auth/token/refresh/', { body: { refresh: other.refresh } })).statusCode).toBe(200);
  });
  it('has an absolute lifetime that rotation does not extend', async () => {
    let { refresh } = await t.login(DEMO.support);
    for (let day = 0; day < 31; day += 6) {
      t.clock.advance(6 * 24 * 3600_000);
      const r = await t.request('POST', '/api/auth/token/refresh/', { body: { refresh } });
      if (day + 6 < 30) {
        expect(r.statusCode).toBe(200);
        refresh = r.data.refresh;
      } else {
        expect(r.statusCode).toBe(401);
      }
    }
  });
  it('refuses unknown, empty and wrong-typed refresh tokens', async () => {
    expect((await t.request('POST', '/api/auth/token/refresh/', { body: { refresh: 'nope' } })).statusCode).toBe(401);
    expect((await t.request('POST', '/api/auth/token/refresh/', { body: { refresh: '' } })).statusCode).toBe(400);
    expect((await t.request('POST', '/api/auth/token/refresh/', { body: { refresh: 12 } })).statusCode).toBe(400);
    expect((await t.request('POST', '/api/auth/token/refresh/', { body: {} })).statusCode).toBe(400);
  });
});

describe('POST /api/auth/token/verify/ and /api/auth/logout/', () => {
  it('verifies access and refresh tokens, refuses others', async () => {
    const pair = await t.login(DEMO.acmeUser);
    expect((await t.request('POST', '/api/auth/token/verify/', { body: { token: pair.access } })).statusCode).toBe(200);
    expect((await t.request('POST', '/api/auth/token/verify/', { body: { token: pair.refresh } })).statusCode).toBe(200);
    const bad = await t.request('POST', '/api/auth/token/verify/', { body: { token: 'x.y.z' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.data.message).toBe('Token is invalid or expired');
    expect((await t.request('POST', '/api/auth/token/verify/', { body: {} })).statusCode).toBe(400);
  });
  it('logout revokes the refresh token', async () => {
    const pair = await t.login(DEMO.acmeUser);
    const out = await t.request('POST', '/api/auth/logout/', { token: pair.access, body: { refresh: pair.refresh } });
    expect(out.statusCode).toBe(200);
    expect((await t.request('POST', '/api/auth/token/refresh/', { body: { refresh: pair.refresh } })).statusCode).toBe(401);
  });
  it('logout needs a signed-in user', async () => {
    expect((await t.request('POST', '/api/auth/logout/', { body: {} })).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('mails a single-use link valid one hour that sets a new password', async () => {
    // The other tests sign in as this user with the demo password, before or after this one.
    const { passwordHash } = (await t.database.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.email, DEMO.acmeUser)))[0]!;
    try {
      await resetsThePassword();
    } finally {
      await t.database.db.update(users).set({ passwordHash }).where(eq(users.email, DEMO.acmeUser));
      await t.dbChanged();
    }
  });
  async function resetsThePassword() {
    const before = t.outbox().length;
    const res = await t.request('POST', '/api/auth/password-reset/', { body: { email: DEMO.acmeUser } });
    expect(res.statusCode).toBe(200);
    const mail = t.outbox().slice(before).find((m) => m.to.includes(DEMO.acmeUser));
    expect(mail?.subject).toBe('Reset your Sunstamp password');
    const link = linkIn(mail!.text)!;
    const [, , uid, token] = link.split('/');
    expect(link).toMatch(/^\/password-reset\/[0-9a-f-]{36}\/[\w-]+$/);

    const weak = await t.request('POST', '/api/auth/password-reset/confirm/', { body: { uid, token, password: 'short' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.data.args[0]).toHaveProperty('password');
    const common = await t.request('POST', '/api/auth/password-reset/confirm/', { body: { uid, token, password: 'password123' } });
    expect(common.statusCode).toBe(400);
    expect(common.data.message).toMatch(/too common/);

    const ok = await t.request('POST', '/api/auth/password-reset/confirm/', { body: { uid, token, password: 'a-new-long-passphrase' } });
    expect(ok.data).toEqual({ first_password: false, detail: 'Your password has been reset. You can sign in now.' });
    expect(ok.statusCode).toBe(200);
    expect((await t.request('POST', '/api/auth/login/', { body: { email: DEMO.acmeUser, password: 'a-new-long-passphrase' } })).statusCode).toBe(200);
    const again = await t.request('POST', '/api/auth/password-reset/confirm/', { body: { uid, token, password: 'another-long-passphrase' } });
    expect(again.statusCode).toBe(400);
    expect(again.data.message).toBe('This link is invalid or has expired. Request a new one.');
  }
  it('a link older than an hour no longer works', async () => {
    const before = t.outbox().length;
    await t.request('POST', '/api/auth/password-reset/', { body: { email: DEMO.support } });
    const [, , uid, token] = linkIn(t.outbox()[before]!.text)!.split('/');
    t.clock.advance(61 * 60_000);
    const res = await t.request('POST', '/api/auth/password-reset/confirm/', { body: { uid, token, password: 'a-new-long-passphrase' } });
    expect(res.statusCode).toBe(400);
  });
  it('answers the same for an unknown address and sends nothing', async () => {
    const before = t.outbox().length;
    const res = await t.request('POST', '/api/auth/password-reset/', { body: { email: 'ghost@nowhere.test' } });
    expect(res.statusCode).toBe(200);
    expect(t.outbox().length).toBe(before);
  });
  it('refuses a bad email and a token for another user', async () => {
    expect((await t.request('POST', '/api/auth/password-reset/', { body: { email: 'nope' } })).statusCode).toBe(400);
    const res = await t.request('POST', '/api/auth/password-reset/confirm/', {
      body: { uid: '00000000-0000-0000-0000-000000000000', token: 'abc', password: 'a-new-long-passphrase' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('email verification', () => {
  it('mails a link that confirms the address once', async () => {
    await t.database.db.update(users).set({ verifiedEmail: false }).where(eq(users.email, DEMO.contractor));
    await t.dbChanged();
    const token = await t.tokenOf(DEMO.contractor);
    const before = t.outbox().length;
    expect((await t.request('POST', '/api/auth/verify-email/resend/', { token })).statusCode).toBe(200);
    const link = linkIn(t.outbox()[before]!.text)!;
    expect(link).toMatch(/^\/verify-email\/[\w-]+$/);
    const key = link.split('/')[2];
    expect((await t.request('POST', '/api/auth/verify-email/', { body: { key } })).statusCode).toBe(200);
    const me = await t.request('GET', '/api/users/me', { token: await t.tokenOf(DEMO.contractor) });
    expect(me.data.user.verifiedEmail).toBe(true);
    expect((await t.request('POST', '/api/auth/verify-email/', { body: { key } })).statusCode).toBe(400);
    expect((await t.request('POST', '/api/auth/verify-email/', { body: {} })).statusCode).toBe(400);
  });
});

describe('POST /api/request-demo/', () => {
  it('stores the request and mails staff', async () => {
    const before = t.outbox().length;
    const res = await t.request('POST', '/api/request-demo/', {
      body: { name: 'Pat Roofer', email: 'pat@roofs.test', company: 'Roofs Inc', message: 'We do 40 jobs a month.' },
    });
    expect(res.statusCode).toBe(201);
    const rows = await t.database.db.select().from(demoRequests).where(eq(demoRequests.email, 'pat@roofs.test'));
    expect(rows).toHaveLength(1);
    const mail = t.outbox()[before]!;
    expect(mail.to).toContain('sales@sunstamp.test');
    expect(mail.subject).toBe('Demo request from Roofs Inc');
  });
  it('refuses incomplete requests with 400', async () => {
    const res = await t.request('POST', '/api/request-demo/', { body: { name: '', email: 'x' } });
    expect(res.statusCode).toBe(400);
    const named = (res.data.args as Record<string, string>[]).flatMap((a) => Object.keys(a));
    expect(named).toEqual(expect.arrayContaining(['name', 'email', 'company']));
  });
});
