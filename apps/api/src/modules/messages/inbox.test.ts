import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZErrorEnvelope } from '@sunstamp/domain/contracts/common';
import { ZInbox } from '@sunstamp/domain/contracts/inbox';
import { ZJobPage } from '@sunstamp/domain/contracts/jobs';
import { readSse, type SseEvent } from '../../test/sse-reader.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { KeyedThrottle } from './message-live.service.ts';

let t: TestApp;
let base: string;
const tok = {} as Record<keyof typeof DEMO, string>;
const ids = {} as Record<keyof typeof DEMO, string>;

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  for (const [k, email] of Object.entries(DEMO) as [keyof typeof DEMO, string][]) {
    tok[k] = await t.tokenOf(email);
    ids[k] = (await t.database.query<{ id: string }>('select id from users where email = $1', [email]))[0]!.id;
  }
}, 60_000);
afterAll(async () => { await t?.close(); });

type Who = keyof typeof DEMO;

async function newJob(name: string) {
  const res = await t.request('PUT', '/api/jobs', { token: tok.acmeUser, body: { name, client_street_address: '4 Pine St', services_requested: ['structural_roof_letter'] } });
  expect(res.statusCode).toBe(201);
  await t.request('POST', `/api/jobs/${res.data.id}/submit`, { token: tok.acmeUser, body: {} });
  return res.data.id as string;
}
const post = async (job: string, who: Who, body: string, thread = 'client') => {
  const r = await t.request('POST', `/api/jobs/${job}/messages`, { token: tok[who], body: { body, thread } });
  expect(r.statusCode, r.body).toBe(201);
  return r.data.id as number;
};
const read = (job: string, who: Who, messageId: number, thread = 'client') =>
  t.request('POST', `/api/jobs/${job}/messages/read`, { token: tok[who], body: { thread, message_id: messageId } });
const inbox = async (who: Who, query = '') => {
  const r = await t.request('GET', `/api/messages/inbox${query}`, { token: tok[who] });
  expect(r.statusCode, r.body).toBe(200);
  return ZInbox.parse(r.data);
};
/** The unread count the jobs list shows for a job (searched by its unique name). */
const listedUnread = async (who: Who, name: string) => {
  const r = await t.request('GET', `/api/jobs?search=${encodeURIComponent(name)}`, { token: tok[who] });
  expect(r.statusCode).toBe(200);
  const page = ZJobPage.parse(r.data);
  return page.results.find((j) => j.name === name)?.unread_messages;
};

async function openStream(who: Who, lastEventId?: number) {
  const ticket = (await t.request('POST', '/api/events/ticket', { token: tok[who] })).data.ticket as string;
  const ctrl = new AbortController();
  const q = lastEventId === undefined ? '' : `&last_event_id=${lastEventId}`;
  const res = await fetch(`${base}/api/events?ticket=${ticket}${q}`, { signal: ctrl.signal });
  const got: SseEvent[] = [];
  readSse(res.body!, (e) => { got.push(e); });
  await new Promise((r) => setTimeout(r, 100));
  return {
    got,
    async waitFor(pred: (e: SseEvent) => boolean, ms = 5000) {
      const end = Date.now() + ms;
      for (;;) {
        const e = got.find(pred);
        if (e) return e;
        if (Date.now() > end) throw new Error(`no matching event among ${got.map((g) => g.event).join(', ')}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    close: () => ctrl.abort(),
  };
}
const payloadOf = (e: SseEvent) => (e.data as { payload: Record<string, unknown> }).payload;

describe('unread counts in the jobs list', () => {
  it('counts per person and job the others\' messages after their read mark, in the threads they see', async () => {
    const name = `Unread list ${Date.now()}`;
    const job = await newJob(name);
    await post(job, 'acmeUser', 'First question');
    const second = await post(job, 'acmeUser', 'Second question');
    await post(job, 'admin', 'Internal: check the rafters', 'internal');

    expect(await listedUnread('acmeUser', name)).toBe(0); // their own messages
    expect(await listedUnread('acmeOwner', name)).toBe(2); // never the internal thread
    expect(await listedUnread('admin', name)).toBe(2); // not their own note
    expect(await listedUnread('support', name)).toBe(3);
    expect(await listedUnread('brightOwner', name)).toBeUndefined();

    expect((await read(job, 'acmeOwner', second)).statusCode).toBe(204);
    expect(await listedUnread('acmeOwner', name)).toBe(0);
    await post(job, 'support', 'Answer');
    expect(await listedUnread('acmeOwner', name)).toBe(1);
    expect(await listedUnread('acmeUser', name)).toBe(1);

    // The assigned contractor: the internal thread, and the client thread once staff share it.
    expect((await t.request('POST', `/api/jobs/${job}/assign`, { token: tok.admin, body: { assignee_id: ids.contractor } })).statusCode).toBe(200);
    expect(await listedUnread('contractor', name)).toBe(1);
    expect((await t.request('PATCH', `/api/jobs/${job}/conversation`, { token: tok.support, body: { contractor_access: true } })).statusCode).toBe(200);
    expect(await listedUnread('contractor', name)).toBe(4);
  });

  it('answers 0 for jobs without messages, on every row of a page', async () => {
    // A job of its own without a message (the template has no job, and the file's other tests may
    // not have run yet): the page holds it, with 0, and every row a count.
    const silent = await newJob(`Inbox silent ${Date.now()}`);
    const r = await t.request('GET', '/api/jobs?page_size=200', { token: tok.admin });
    expect(r.statusCode).toBe(200);
    const page = ZJobPage.parse(r.data);
    expect(page.results.find((j) => j.id === silent)?.unread_messages).toBe(0);
    for (const j of page.results) expect(Number.isInteger(j.unread_messages) && j.unread_messages >= 0, `${j.name}: ${j.unread_messages}`).toBe(true);
  });
});

describe('the inbox', () => {
  it('lists the caller\'s conversations with the last message, unread first, and filters them', async () => {
    const quiet = await newJob(`Inbox quiet ${Date.now()}`);
    const busy = await newJob(`Inbox busy ${Date.now()}`);
    const q1 = await post(quiet, 'support', 'All done here');
    await post(busy, 'acmeUser', 'Where is my letter?');
    await post(busy, 'acmeUser', 'Hello again <b>bold</b>');
    // acmeOwner reads the quiet job: it is read, the busy one is not, and the quiet one is newer.
    expect((await read(quiet, 'acmeOwner', q1)).statusCode).toBe(204);
    const later = await post(quiet, 'acmeOwner', 'Thanks!');

    const all = await inbox('acmeOwner');
    const mineFirst = all.items.filter((i) => i.job_id === busy || i.job_id === quiet);
    expect(mineFirst.map((i) => [i.job_id, i.unread])).toEqual([[busy, 2], [quiet, 0]]);
    expect(mineFirst[0]).toMatchObject({
      thread: 'client', status: 'active', company: { name: expect.any(String) },
      last_message: { excerpt: 'Hello again <b>bold</b>', mine: false, author_name: expect.any(String) },
    });
    expect(mineFirst[1]!.last_message).toMatchObject({ id: later, excerpt: 'Thanks!', mine: true });
    // Unread first: no thread without unread comes before one with.
    const firstRead = all.items.findIndex((i) => i.unread === 0);
    expect(firstRead === -1 || all.items.slice(firstRead).every((i) => i.unread === 0)).toBe(true);
    expect(all.unread_threads).toBe(all.items.filter((i) => i.unread > 0).length);

    const unread = await inbox('acmeOwner', '?filter=unread');
    expect(unread.items.some((i) => i.job_id === busy)).toBe(true);
    expect(unread.items.some((i) => i.job_id === quiet)).toBe(false);
    expect(unread.items.every((i) => i.unread > 0)).toBe(true);

    // Mine: written in, assigned or created. acmeUser created both; acmeOwner wrote in the quiet one only.
    const ownerMine = await inbox('acmeOwner', '?filter=mine');
    expect(ownerMine.items.some((i) => i.job_id === quiet)).toBe(true);
    expect(ownerMine.items.some((i) => i.job_id === busy)).toBe(false);
    expect((await inbox('acmeUser', '?filter=mine')).items.filter((i) => i.job_id === busy || i.job_id === quiet)).toHaveLength(2);

    // Closed.
    expect((await t.request('PATCH', `/api/jobs/${quiet}/conversation`, { token: tok.admin, body: { status: 'closed' } })).statusCode).toBe(200);
    const closed = await inbox('acmeOwner', '?filter=closed');
    expect(closed.items.map((i) => i.job_id)).toContain(quiet);
    expect(closed.items.every((i) => i.status === 'closed')).toBe(true);

    // Paging.
    const one = await inbox('acmeOwner', '?limit=1');
    expect(one.items).toHaveLength(1);
    expect(one.count).toBe(all.count);
    const next = await inbox('acmeOwner', '?limit=1&offset=1');
    expect(next.items[0]!.job_id === one.items[0]!.job_id && next.items[0]!.thread === one.items[0]!.thread).toBe(false);
  });

  it('shows each role only the threads it sees: no other tenant, no internal thread for clients', async () => {
    const job = await newJob(`Inbox roles ${Date.now()}`);
    await post(job, 'acmeUser', 'Client side');
    await post(job, 'admin', 'Staff side', 'internal');
    const threadsOf = async (who: Who) => (await inbox(who)).items.filter((i) => i.job_id === job).map((i) => i.thread).sort();
    expect(await threadsOf('admin')).toEqual(['client', 'internal']);
    expect(await threadsOf('support')).toEqual(['client', 'internal']);
    expect(await threadsOf('acmeOwner')).toEqual(['client']);
    expect(await threadsOf('brightOwner')).toEqual([]);
    expect(await threadsOf('contractor')).toEqual([]);
    expect((await t.request('POST', `/api/jobs/${job}/assign`, { token: tok.admin, body: { assignee_id: ids.contractor } })).statusCode).toBe(200);
    expect(await threadsOf('contractor')).toEqual(['internal']);

    // Staff narrow by company and assignee; a client may not filter by assignee.
    const acme = (await t.request('GET', `/api/jobs/${job}`, { token: tok.admin })).data.company.id as string;
    expect((await inbox('admin', `?company=${acme}&assignee=${ids.contractor}`)).items.some((i) => i.job_id === job)).toBe(true);
    expect((await inbox('admin', '?assignee=none')).items.some((i) => i.job_id === job)).toBe(false);
    expect((await inbox('brightOwner', `?company=${acme}`)).items).toEqual([]);
    const refused = await t.request('GET', '/api/messages/inbox?assignee=me', { token: tok.acmeOwner });
    expect(refused.statusCode).toBe(403);
    ZErrorEnvelope.parse(refused.data);
  });

  it('refuses bad queries with a clear 400 in the envelope, never a 500', async () => {
    for (const q of ['filter=nope', 'limit=0', 'limit=101', 'limit=x', 'offset=-1', 'company=acme', 'assignee=someone', `company=${'0'.repeat(5000)}`]) {
      const r = await t.request('GET', `/api/messages/inbox?${q}`, { token: tok.admin });
      expect(r.statusCode, q).toBe(400);
      ZErrorEnvelope.parse(r.data);
    }
    expect((await t.request('GET', '/api/messages/inbox')).statusCode).toBe(401);
  });
});

describe('typing and read receipts, live', () => {
  it('tells the others in the thread that someone is typing, without an id and without storing it', async () => {
    const job = await newJob(`Typing ${Date.now()}`);
    const staff = await openStream('support');
    const self = await openStream('acmeUser');
    const other = await openStream('brightOwner');
    try {
      const r = await t.request('POST', `/api/jobs/${job}/messages/typing`, { token: tok.acmeUser, body: { thread: 'client' } });
      expect(r.statusCode).toBe(204);
      const e = await staff.waitFor((x) => x.event === 'typing');
      expect(e.id).toBeUndefined();
      expect(payloadOf(e)).toMatchObject({ job_id: job, thread: 'client', user_id: ids.acmeUser, full_name: expect.any(String) });
      expect((e.data as { id: unknown }).id).toBeNull();
      // A message after it: everyone gets that; the typer never gets their own typing, another tenant nothing.
      await post(job, 'acmeUser', 'Typed it');
      await self.waitFor((x) => x.event === 'new_message');
      expect(self.got.some((x) => x.event === 'typing')).toBe(false);
      expect(other.got).toEqual([]);
      const stored = await t.database.query<{ n: number }>("select count(*)::int as n from user_events where type = 'typing'");
      expect(stored[0]!.n).toBe(0);
    } finally {
      staff.close(); self.close(); other.close();
    }
  });

  it('refuses typing where the caller may not write: 404 unseen, 409 closed, 400 bad thread', async () => {
    const job = await newJob(`Typing refused ${Date.now()}`);
    const typing = (who: Who, body: unknown, id = job) => t.request('POST', `/api/jobs/${id}/messages/typing`, { token: tok[who], body });
    expect((await typing('brightOwner', { thread: 'client' })).statusCode).toBe(404);
    expect((await typing('contractor', { thread: 'internal' })).statusCode).toBe(404);
    expect((await typing('acmeUser', { thread: 'internal' })).statusCode).toBe(404);
    expect((await typing('acmeUser', { thread: 'client' }, 'not-a-uuid')).statusCode).toBe(404);
    expect((await typing('acmeUser', { thread: 'client' }, '00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);
    for (const body of [{ thread: 'secret' }, { thread: 7 }]) {
      const r = await typing('acmeUser', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      ZErrorEnvelope.parse(r.data);
    }
    expect((await t.request('PATCH', `/api/jobs/${job}/conversation`, { token: tok.admin, body: { status: 'closed' } })).statusCode).toBe(200);
    const closed = await typing('acmeUser', { thread: 'client' });
    expect(closed.statusCode).toBe(409);
    expect(ZErrorEnvelope.parse(closed.data).message).toBe('This conversation is closed. Staff can reopen it.');
    expect((await t.request('POST', `/api/jobs/${job}/messages/typing`, { body: { thread: 'client' } })).statusCode).toBe(401);
  });

  it('moves "seen by" on the others\' screens when someone reads, and does not replay it after a reconnect', async () => {
    const job = await newJob(`Receipts ${Date.now()}`);
    const m = await post(job, 'acmeUser', 'Did you see this?');
    const author = await openStream('acmeUser');
    const outsider = await openStream('brightOwner');
    try {
      expect((await read(job, 'support', m)).statusCode).toBe(204);
      const e = await author.waitFor((x) => x.event === 'thread_read');
      expect(e.id).toBeUndefined();
      expect(payloadOf(e)).toMatchObject({ job_id: job, thread: 'client', user_id: ids.support, message_id: m });
      // What the receipt stands for is in the thread's answer.
      const seen = (await t.request('GET', `/api/jobs/${job}/messages`, { token: tok.acmeUser })).data.seen_by as { user_id: string; last_read_message_id: number }[];
      expect(seen).toContainEqual(expect.objectContaining({ user_id: ids.support, last_read_message_id: m }));
      expect(outsider.got.some((x) => x.event === 'thread_read')).toBe(false);
    } finally {
      author.close(); outsider.close();
    }
    // A reconnect from before the receipt replays stored events only.
    const again = await openStream('acmeUser', 0);
    try {
      await again.waitFor((x) => x.event === 'new_message');
      await new Promise((r) => setTimeout(r, 200));
      expect(again.got.some((x) => x.event === 'thread_read' || x.event === 'typing')).toBe(false);
    } finally {
      again.close();
    }
  });
});

describe('KeyedThrottle', () => {
  it('runs once per key per window, drops or keeps the latest call inside it, and runs the kept one at the end', async () => {
    let now = 0;
    const th = new KeyedThrottle(1000, () => now);
    const ran: string[] = [];
    const fn = (s: string) => async () => { ran.push(s); };
    expect(th.run('a', fn('a1'), false)).toBe('ran');
    expect(th.run('a', fn('a2'), false)).toBe('dropped');
    expect(th.run('b', fn('b1'), true)).toBe('ran');
    now = 200;
    expect(th.run('b', fn('b2'), true)).toBe('kept');
    expect(th.run('b', fn('b3'), true)).toBe('kept');
    now = 1000;
    expect(th.run('a', fn('a3'), false)).toBe('ran');
    // The kept call runs by a timer at the window's end (800 ms from the keep); wait for it.
    await new Promise((r) => setTimeout(r, 1200));
    expect(ran).toEqual(['a1', 'b1', 'a3', 'b3']);
    th.clear();
  });
});
