// Issue 29, item 1: the sign-in limit cannot be turned on the owner. Strangers' failures never
// block a device or address that signed in to the account before; strangers are slowed down
// progressively; a completed password reset lifts every count. Runs on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../test-app.ts';
import { MAX_FAILURES_PER_ACCOUNT, STRANGER_MAX_DELAY_MINUTES } from '../../modules/auth/auth.service.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });

const PASSWORD = 'sunstamp-demo';

async function signIn(email: string, password: string, ip: string, cookie?: string) {
  const res = await t.app.inject({
    method: 'POST', url: '/api/auth/login/', remoteAddress: ip,
    headers: {
      'content-type': 'application/json', 'x-csrftoken': t.app.ctx.signer.issueCsrf(), ...(cookie ? { cookie } : {}),
    },
    payload: JSON.stringify({ email, password }),
  });
  await t.ctx.queue.drain();
  return res;
}

/** The `name=value` of the known-device cookie a successful sign-in set. */
function deviceCookieOf(res: Awaited<ReturnType<typeof signIn>>): string {
  const header = res.headers['set-cookie'];
  const line = (Array.isArray(header) ? header : [header ?? ''])[0]!;
  expect(line).toMatch(/^ss_kd_\w+=[\w-]+\.\w+\.[\w-]+; Max-Age=\d+; Path=\/api\/auth\/login\/; HttpOnly; SameSite=Strict/);
  return line.split(';')[0]!;
}

async function strangersGuess(email: string, times: number, ipBase: string) {
  const codes: number[] = [];
  for (let i = 0; i < times; i++) codes.push((await signIn(email, `wrong-guess-${i}`, `${ipBase}.${i + 1}`)).statusCode);
  return codes;
}

describe('strangers cannot lock the owner out', () => {
  it('after strangers spend the account\'s free failures, the owner\'s known device and known address still sign in', async () => {
    const email = DEMO.acmeUser;
    const first = await signIn(email, PASSWORD, '198.51.100.10');
    expect(first.statusCode).toBe(200);
    const device = deviceCookieOf(first);

    // Strangers from many addresses: the free failures, then the slow-down answers 429.
    expect(await strangersGuess(email, MAX_FAILURES_PER_ACCOUNT, '203.0.113')).toEqual(Array(MAX_FAILURES_PER_ACCOUNT).fill(401));
    const stranger = await signIn(email, PASSWORD, '203.0.113.99');
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().message).toMatch(/^Too many failed sign-in attempts\. Please wait 1 minute and try again, or reset your password\.$/);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);

    // The known address (no cookie) and the known device from a brand-new address both get in.
    expect((await signIn(email, PASSWORD, '198.51.100.10')).statusCode).toBe(200);
    expect((await signIn(email, PASSWORD, '192.0.2.77', device)).statusCode).toBe(200);
    // The owner signing in gave the strangers no fresh guesses.
    expect((await signIn(email, 'still-guessing', '203.0.113.98')).statusCode).toBe(429);
  });

  it('100 simultaneous strangers\' guesses: at most the free failures are checked, and the owner\'s device signs in at the same moment', async () => {
    const email = DEMO.acmeOwner;
    const device = deviceCookieOf(await signIn(email, PASSWORD, '198.51.100.20'));
    const answers = await Promise.all([
      ...Array.from({ length: 100 }, (_, i) => signIn(email, `guess-${i}`, `203.0.114.${(i % 250) + 1}`)),
      signIn(email, PASSWORD, '192.0.2.20', device),
    ]);
    const owner = answers.pop()!;
    expect(owner.statusCode).toBe(200);
    expect(answers.filter((a) => a.statusCode === 401).length).toBeLessThanOrEqual(MAX_FAILURES_PER_ACCOUNT);
    expect(answers.filter((a) => a.statusCode === 429).length).toBeGreaterThanOrEqual(100 - MAX_FAILURES_PER_ACCOUNT);
    expect(answers.every((a) => [401, 429].includes(a.statusCode))).toBe(true);
  });

  it('a known device\'s own failures count apart, and lock only that device for the window', async () => {
    const email = DEMO.support;
    const device = deviceCookieOf(await signIn(email, PASSWORD, '198.51.100.30'));
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
      expect((await signIn(email, `typo-${i}`, '192.0.2.30', device)).statusCode).toBe(401);
    }
    expect((await signIn(email, PASSWORD, '192.0.2.30', device)).statusCode).toBe(429);
    // Strangers were not touched by the device's typos: they still have their free failures.
    expect((await signIn(email, PASSWORD, '203.0.115.1')).statusCode).toBe(200);
  });

  it('a forged or foreign device cookie counts as a stranger', async () => {
    const email = DEMO.brightOwner;
    // Another account's own device cookie, from the address it signs in from in the first test (known or
    // not, never slowed down there), so the files' tests pass in any order: the contractor, once used here,
    // is left slowed down by the progressive-delay test below.
    const mine = deviceCookieOf(await signIn(DEMO.acmeUser, PASSWORD, '198.51.100.10'));
    await strangersGuess(email, MAX_FAILURES_PER_ACCOUNT, '203.0.116');
    const [name, value] = mine.split('=') as [string, string];
    const forged = `${t.app.ctx.signer.knownDeviceCookieName((await idOf(email)))}=${value}`;
    expect((await signIn(email, PASSWORD, '192.0.2.40', mine)).statusCode).toBe(429);
    expect((await signIn(email, PASSWORD, '192.0.2.40', forged)).statusCode).toBe(429);
    expect((await signIn(email, PASSWORD, '192.0.2.40', `${name}=${value.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))}`)).statusCode).toBe(429);
  });
});

async function idOf(email: string) {
  const { users } = await import('../../db/schema.ts');
  const { eq } = await import('drizzle-orm');
  const [u] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return u!.id;
}

describe('strangers are slowed down progressively', () => {
  it('waits of 1, 2, 4, 8, then 15 minutes between strangers\' guesses, each told in Retry-After', async () => {
    const email = DEMO.contractor;
    await strangersGuess(email, MAX_FAILURES_PER_ACCOUNT, '203.0.117');
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      const refused = await signIn(email, 'guess', `203.0.118.${i + 1}`);
      expect(refused.statusCode).toBe(429);
      const seconds = Number(refused.headers['retry-after']);
      waits.push(Math.round(seconds / 60));
      t.clock.advance(seconds * 1000 - 2000);
      expect((await signIn(email, 'guess', `203.0.118.${i + 1}`)).statusCode).toBe(429);
      t.clock.advance(3000);
      expect((await signIn(email, `guess-${i}`, `203.0.118.${i + 1}`)).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, STRANGER_MAX_DELAY_MINUTES, STRANGER_MAX_DELAY_MINUTES]);
  });
});

describe('a completed password reset lifts the lock', () => {
  it('the new password signs in from an unknown address at once', async () => {
    const email = DEMO.admin;
    await strangersGuess(email, MAX_FAILURES_PER_ACCOUNT, '203.0.119');
    expect((await signIn(email, PASSWORD, '192.0.2.50')).statusCode).toBe(429);
    const before = t.outbox().length;
    expect((await t.request('POST', '/api/auth/password-reset/', { body: { email } })).statusCode).toBe(200);
    const link = /http:\/\/sunstamp\.test(\/\S+)/.exec(t.outbox().slice(before).find((m) => m.to.includes(email))!.text)![1]!;
    const [, , uid, token] = link.split('/');
    const reset = await t.request('POST', '/api/auth/password-reset/confirm/', { body: { uid, token, password: 'a-fresh-long-passphrase' } });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(email, 'a-fresh-long-passphrase', '192.0.2.50')).statusCode).toBe(200);
  });
});
