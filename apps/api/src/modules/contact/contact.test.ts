import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { CONTACT_MAILS_PER_HOUR, CONTACT_PER_ADDRESS_PER_HOUR, ZContactMessageList, ZDemoRequestList } from '@sunstamp/domain/contracts/contact';
import { contactMessages } from '../../db/schema.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';

/*
 * The public Contact us form (stored, mailed to staff through the queue, honeypot, per-address
 * limit that holds under a burst) and the back office's lists of contact messages and demo
 * requests (staff only), with bad inputs.
 */

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ logger: { level: 'error' } }); }, 120_000);
afterAll(async () => { await t?.close(); });

/** POST /api/contact from a given address (the limit counts per address). */
async function send(body: unknown, ip: string) {
  const res = await t.app.inject({
    method: 'POST', url: '/api/contact', remoteAddress: ip,
    headers: { 'content-type': 'application/json', 'x-csrftoken': await t.csrfFor(undefined) },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
  await t.ctx.queue.drain(30_000);
  return Object.assign(res, { data: res.json() as any });
}
const good = (over: Record<string, unknown> = {}) => ({ name: 'Robin Vale', company: 'Vale Roofing', email: 'Robin@Vale.test', message: 'Do you stamp ground mounts in Ohio?', ...over });
const rowsFrom = (email: string) => t.database.db.select().from(contactMessages).where(eq(contactMessages.email, email));

describe('POST /api/contact', () => {
  it('stores the message and mails staff, who can answer by replying', async () => {
    const before = t.outbox().length;
    const res = await send(good(), '203.0.113.10');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.data.detail).toBe('Thank you! Your message is with our team; we answer on business days.');
    const [row] = await rowsFrom('robin@vale.test');
    expect(row).toMatchObject({ name: 'Robin Vale', company: 'Vale Roofing', message: 'Do you stamp ground mounts in Ohio?', ip: '203.0.113.10' });
    const mail = t.outbox().slice(before).find((m) => m.subject.startsWith('Contact form'))!;
    expect(mail.subject).toBe('Contact form: Robin Vale (Vale Roofing)');
    expect(mail.text).toContain('Do you stamp ground mounts in Ohio?');
    expect(mail.raw).toMatch(/^Reply-To: robin@vale\.test/mi);
  });

  it('drops what a robot sends (the hidden field filled) while answering as usual', async () => {
    const before = t.outbox().length;
    const res = await send(good({ email: 'bot@spam.test', website: 'http://spam.test' }), '203.0.113.11');
    expect(res.statusCode).toBe(201);
    expect(await rowsFrom('bot@spam.test')).toEqual([]);
    expect(t.outbox().length).toBe(before);
  });

  it('refuses what is missing or too long with 400 naming the field, and malformed JSON with 400', async () => {
    const res = await send({ name: ' ', email: 'not-an-email', message: '' }, '203.0.113.12');
    expect(res.statusCode).toBe(400);
    const named = (res.data.args as Record<string, string>[]).flatMap((a) => Object.keys(a));
    expect(named).toEqual(expect.arrayContaining(['name', 'email', 'message']));
    expect((await send(good({ message: 'x'.repeat(5001) }), '203.0.113.12')).statusCode).toBe(400);
    expect((await send(good({ company: 7 }), '203.0.113.12')).statusCode).toBe(400);
    expect((await send('{"name": ', '203.0.113.12')).statusCode).toBe(400);
    expect((await send([], '203.0.113.12')).statusCode).toBe(400);
  });

  it(`takes ${CONTACT_PER_ADDRESS_PER_HOUR} an hour from one address, even when they arrive at once; another address still gets through; an hour later the first again`, async () => {
    const ip = '198.51.100.7';
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => send(good({ email: `burst${i}@vale.test` }), ip)));
    const codes = burst.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(CONTACT_PER_ADDRESS_PER_HOUR);
    expect(codes.filter((c) => c === 429)).toHaveLength(12 - CONTACT_PER_ADDRESS_PER_HOUR);
    expect(burst.find((r) => r.statusCode === 429)!.data.message).toBe('We have received several messages from you already. Please try again in an hour, or write to us by email.');
    expect((await t.database.db.select().from(contactMessages).where(eq(contactMessages.ip, ip))).length).toBe(CONTACT_PER_ADDRESS_PER_HOUR);
    expect((await send(good({ email: 'other@vale.test' }), '198.51.100.8')).statusCode).toBe(201);
    t.clock.advance(3601_000);
    expect((await send(good({ email: 'later@vale.test' }), ip)).statusCode).toBe(201);
  });

  it(`mails staff at most ${CONTACT_MAILS_PER_HOUR} messages an hour from everyone together, then one notice; all are stored (issue 29)`, async () => {
    t.clock.advance(3601_000);
    const before = t.outbox().length;
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => send(good({ email: `flood${i}@vale.test`, message: `Flood ${i}` }), `192.0.2.${i + 1}`)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(40).fill(201));
    const mails = t.outbox().slice(before);
    expect(mails.filter((m) => m.subject.startsWith('Contact form: Robin Vale'))).toHaveLength(CONTACT_MAILS_PER_HOUR);
    expect(mails.filter((m) => m.subject === 'Contact form: more messages than usual')).toHaveLength(1);
    expect(mails).toHaveLength(CONTACT_MAILS_PER_HOUR + 1);
    const stored = await t.database.db.select().from(contactMessages).where(like(contactMessages.email, 'flood%'));
    expect(stored).toHaveLength(40);
    // An hour later staff get mails again.
    t.clock.advance(3601_000);
    const next = t.outbox().length;
    expect((await send(good({ email: 'after@vale.test' }), '192.0.2.200')).statusCode).toBe(201);
    expect(t.outbox().slice(next).map((m) => m.subject)).toEqual(['Contact form: Robin Vale (Vale Roofing)']);
  });
});

describe('GET /api/contact-messages and /api/demo-requests (the back office)', () => {
  it('staff read them newest first, paged; the text comes back exactly as sent', async () => {
    const xss = '<img src=x onerror=alert(1)> [link](javascript:alert(1))';
    // Messages of its own to page through (the other tests may run after this one).
    for (const n of [1, 2]) expect((await send(good({ email: `older${n}@vale.test` }), `203.0.113.4${n}`)).statusCode).toBe(201);
    t.clock.advance(1000); // newer than everything sent before
    expect((await send(good({ email: 'xss@vale.test', message: xss }), '203.0.113.40')).statusCode).toBe(201);
    expect((await t.request('POST', '/api/request-demo/', { body: { name: 'Pat Roofer', email: 'pat@roofs.test', company: 'Roofs Inc' } })).statusCode).toBe(201);
    for (const who of [DEMO.admin, DEMO.support]) {
      const list = await t.request('GET', '/api/contact-messages?page_size=2', { token: await t.tokenOf(who) });
      expect(list.statusCode, list.body).toBe(200);
      const body = ZContactMessageList.parse(list.data);
      expect(body.results).toHaveLength(2);
      expect(body.count).toBeGreaterThan(2);
      expect(body.results[0]).toMatchObject({ email: 'xss@vale.test', message: xss });
      const demos = ZDemoRequestList.parse((await t.request('GET', '/api/demo-requests', { token: await t.tokenOf(who) })).data);
      expect(demos.results[0]).toMatchObject({ name: 'Pat Roofer', company: 'Roofs Inc', phone: null });
    }
  });

  it('refuses everyone else: clients and the contractor 403, signed out 401; a bad page 400', async () => {
    for (const url of ['/api/contact-messages', '/api/demo-requests']) {
      for (const who of [DEMO.contractor, DEMO.acmeOwner, DEMO.acmeUser, DEMO.brightOwner]) {
        expect((await t.request('GET', url, { token: await t.tokenOf(who) })).statusCode, `${who} ${url}`).toBe(403);
      }
      expect((await t.request('GET', url)).statusCode).toBe(401);
      for (const q of ['page=0', 'page_size=100000', 'page=abc']) {
        expect((await t.request('GET', `${url}?${q}`, { token: await t.tokenOf(DEMO.admin) })).statusCode, q).toBe(400);
      }
    }
  });
});
