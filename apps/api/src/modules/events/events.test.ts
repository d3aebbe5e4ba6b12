import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { createContext, type OpenContext } from '../../context.ts';
import { readSse } from '../../test/sse-reader.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { users } from '../../db/schema.ts';
import { createMailer } from '../../platform/mailer.ts';

type Received = { id: number; event: string; data: any };

/** A minimal SSE reader over fetch, so the test sees exactly what a browser's EventSource would. */
async function ticketFor(base: string, token: string): Promise<string> {
  const r = await fetch(`${base}/api/events/ticket`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'x-csrftoken': await t.csrfFor(token) } });
  if (r.status !== 200) throw new Error(`ticket: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { ticket: string }).ticket;
}

/** Opens the stream as the web client does: a ticket first (with the bearer token), then EventSource's GET. */
async function openStream(base: string, token: string, lastEventId?: number) {
  return openWithTicket(base, await ticketFor(base, token), lastEventId);
}

async function openWithTicket(base: string, ticket: string, lastEventId?: number, headers: Record<string, string> = {}) {
  const ctrl = new AbortController();
  if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);
  const res = await fetch(`${base}/api/events?ticket=${encodeURIComponent(ticket)}`, { headers, signal: ctrl.signal });
  const received: Received[] = [];
  const waiters: (() => void)[] = [];
  readSse(res.body!, (e) => {
    received.push({ id: Number(e.id), event: e.event, data: e.data as Received['data'] });
    waiters.splice(0).forEach((w) => w());
  });
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    received,
    async waitFor(n: number, ms = 5000) {
      const end = Date.now() + ms;
      while (received.length < n) {
        if (Date.now() > end) throw new Error(`only ${received.length} of ${n} events arrived`);
        await new Promise<void>((r) => { waiters.push(r); setTimeout(r, 50); });
      }
      return received;
    },
    close: () => ctrl.abort(),
  };
}

let t: TestApp;
let base: string;
let second: FastifyInstance;
let secondCtx: OpenContext;
let secondBase: string;
let userId: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  // A second API instance on the same database: events published by one reach clients of the other.
  secondCtx = await createContext(t.app.ctx.config, {
    database: t.database,
    mailTransport: createMailer({ from: 'x@y.z' }),
    clock: t.clock,
    authSecret: 'test-secret-'.padEnd(48, 'x'),
  });
  second = await buildApp(secondCtx);
  secondBase = await second.listen({ port: 0, host: '127.0.0.1' });
  [{ id: userId }] = (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO.acmeUser))) as [{ id: string }];
});
afterAll(async () => {
  await second?.close();
  await secondCtx?.close();
  await t?.close();
});

describe('GET /api/events', () => {
  it('needs a ticket (or the Authorization header); a token in the URL is not accepted', async () => {
    const res = await fetch(`${base}/api/events`);
    expect(res.status).toBe(401);
    const bad = await fetch(`${base}/api/events?ticket=nope`);
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ message: 'The stream ticket is not valid or has expired.' });
    const inUrl = await fetch(`${base}/api/events?access_token=${encodeURIComponent(await t.tokenOf(DEMO.acmeUser))}`);
    expect(inUrl.status).toBe(401);
    const tooLong = await fetch(`${base}/api/events?ticket=${'x'.repeat(201)}`);
    expect(tooLong.status).toBe(400);
    const badId = await fetch(`${base}/api/events?ticket=abc&last_event_id=-1`);
    expect(badId.status).toBe(400);
    // Other clients may still send the header.
    const header = await openWithTicket(base, '', undefined, { authorization: `Bearer ${await t.tokenOf(DEMO.acmeUser)}` });
    expect(header.status).toBe(200);
    header.close();
  });
  it('delivers the user\'s own events, typed, and not other users\' events', async () => {
    const s = await openStream(base, await t.tokenOf(DEMO.acmeUser));
    expect(s.status).toBe(200);
    expect(s.contentType).toMatch(/text\/event-stream/);
    await new Promise((r) => setTimeout(r, 100));
    const [other] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO.acmeOwner));
    await t.app.ctx.events.publish(other!.id, 'new_message', { text: 'not for you' });
    await t.app.ctx.events.publish(userId, 'cad_generation_initiated', { job_id: 'j1', percent: 65 });
    const got = await s.waitFor(1);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ event: 'cad_generation_initiated', data: { type: 'cad_generation_initiated', payload: { job_id: 'j1', percent: 65 } } });
    s.close();
  });
  it('fans out across API instances through NOTIFY', async () => {
    const s = await openStream(secondBase, await t.tokenOf(DEMO.acmeUser));
    await new Promise((r) => setTimeout(r, 100));
    await t.app.ctx.events.publish(userId, 'new_message', { text: 'hello from instance one' });
    const got = await s.waitFor(1);
    expect(got[0]!.data.payload.text).toBe('hello from instance one');
    s.close();
  });
  it('replays what a reconnecting client missed, from Last-Event-ID, in order and once', async () => {
    const s = await openStream(base, await t.tokenOf(DEMO.acmeUser));
    await new Promise((r) => setTimeout(r, 100));
    const first = await t.app.ctx.events.publish(userId, 'calculations_initiated', { n: 1 });
    await s.waitFor(1);
    s.close();
    await t.app.ctx.events.publish(userId, 'calculations_passed', { n: 2 });
    await t.app.ctx.events.publish(userId, 'cad_generation_passed', { n: 3 });
    const again = await openStream(base, await t.tokenOf(DEMO.acmeUser), first.id);
    const got = await again.waitFor(2);
    expect(got.map((e) => e.data.payload.n)).toEqual([2, 3]);
    await t.app.ctx.events.publish(userId, 'new_message', { n: 4 });
    await again.waitFor(3);
    expect(again.received.map((e) => e.data.payload.n)).toEqual([2, 3, 4]);
    again.close();
  });
});

describe('POST /api/events/ticket', () => {
  it('gives every role a ticket for its own stream; anonymous callers and a missing CSRF header get none', async () => {
    for (const who of Object.values(DEMO)) {
      const r = await t.request('POST', '/api/events/ticket', { token: await t.tokenOf(who) });
      expect(r.statusCode, who).toBe(200);
      expect(r.data).toEqual({ ticket: expect.stringMatching(/^[A-Za-z0-9_-]{40,}$/), expires_in: 30 });
      const s = await openWithTicket(base, r.data.ticket);
      expect(s.status, who).toBe(200);
      s.close();
    }
    expect((await t.request('POST', '/api/events/ticket')).statusCode).toBe(401);
    expect((await t.request('POST', '/api/events/ticket', { token: await t.tokenOf(DEMO.admin), csrf: false })).statusCode).toBe(403);
  });

  it('is single use, whichever API instance it is used on', async () => {
    const ticket = await ticketFor(base, await t.tokenOf(DEMO.acmeUser));
    const s = await openWithTicket(secondBase, ticket);
    expect(s.status).toBe(200);
    s.close();
    expect((await fetch(`${base}/api/events?ticket=${ticket}`)).status).toBe(401);
    expect((await fetch(`${secondBase}/api/events?ticket=${ticket}`)).status).toBe(401);
  });

  it('expires after 30 seconds', async () => {
    const ticket = await ticketFor(base, await t.tokenOf(DEMO.acmeUser));
    t.clock.advance(31_000);
    expect((await fetch(`${base}/api/events?ticket=${ticket}`)).status).toBe(401);
  });

  it('does not open the stream of a user deactivated since', async () => {
    const ticket = await ticketFor(base, await t.tokenOf(DEMO.brightOwner));
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.email, DEMO.brightOwner));
    try {
      expect((await fetch(`${base}/api/events?ticket=${ticket}`)).status).toBe(401);
    } finally {
      await t.database.db.update(users).set({ isActive: true }).where(eq(users.email, DEMO.brightOwner));
      await t.dbChanged();
    }
  });
});

describe('EventBus.publishMany', () => {
  it('stores several users\' events in one go and delivers each to its own stream, across instances', async () => {
    const [other] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO.acmeOwner));
    const mine = await openStream(base, await t.tokenOf(DEMO.acmeUser));
    const theirs = await openStream(secondBase, await t.tokenOf(DEMO.acmeOwner));
    await new Promise((r) => setTimeout(r, 100));
    const big = 'x'.repeat(9000);
    const sent = await t.app.ctx.events.publishMany([
      { userId, type: 'new_message', payload: { n: 'a' } },
      { userId: other!.id, type: 'new_message', payload: { n: 'b' } },
      { userId, type: 'notification', payload: { n: 'c', big } },
    ]);
    expect(sent.map((e) => e.type)).toEqual(['new_message', 'new_message', 'notification']);
    const got = await mine.waitFor(2);
    expect(got.map((e) => e.data.payload.n)).toEqual(['a', 'c']);
    // Over NOTIFY's limit: fetched by id, whole.
    expect(got[1]!.data.payload.big).toHaveLength(9000);
    expect((await theirs.waitFor(1)).map((e) => e.data.payload.n)).toEqual(['b']);
    mine.close();
    theirs.close();
  });
});
