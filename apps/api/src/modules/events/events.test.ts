import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { users } from '../../db/schema.ts';
import { createMailer } from '../../platform/mailer.ts';

type Received = { id: number; event: string; data: any };

/** A minimal SSE reader over fetch, so the test sees exactly what a browser's EventSource would. */
async function openStream(base: string, token: string, lastEventId?: number) {
  const ctrl = new AbortController();
  const headers: Record<string, string> = {};
  if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);
  const res = await fetch(`${base}/api/events?access_token=${encodeURIComponent(token)}`, { headers, signal: ctrl.signal });
  const received: Received[] = [];
  const waiters: (() => void)[] = [];
  (async () => {
    const reader = res.body!.getReader();
    const dec = new TextDecoder();
    let buf = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += dec.decode(value, { stream: true });
        let i: number;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const f = Object.fromEntries(block.split('\n').filter((l) => !l.startsWith(':')).map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]));
          if (f.data) {
            received.push({ id: Number(f.id), event: f.event!, data: JSON.parse(f.data) });
            waiters.splice(0).forEach((w) => w());
          }
        }
      }
    } catch { /* aborted */ }
  })();
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
let secondBase: string;
let userId: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  // A second API instance on the same database: events published by one reach clients of the other.
  second = await buildApp({
    config: t.app.ctx.config,
    database: t.database,
    mailer: createMailer({ from: 'x@y.z' }),
    clock: t.clock,
    authSecret: 'test-secret-'.padEnd(48, 'x'),
  });
  secondBase = await second.listen({ port: 0, host: '127.0.0.1' });
  [{ id: userId }] = (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO.acmeUser))) as [{ id: string }];
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

describe('GET /api/events', () => {
  it('needs a valid token', async () => {
    const res = await fetch(`${base}/api/events`);
    expect(res.status).toBe(401);
    const bad = await fetch(`${base}/api/events?access_token=nope`);
    expect(bad.status).toBe(401);
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
