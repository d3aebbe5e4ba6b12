import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZErrorEnvelope } from '@sunstamp/domain/contracts/common';
import { readSse } from '../../test/sse-reader.ts';
import { releaseMailBatches, TEST_MAIL_BATCH_SECONDS } from '../../test/mail-batches.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let base: string;
let tok: Record<keyof typeof DEMO, string>;
let ids: Record<keyof typeof DEMO, string>;

/** Mail batches stay open until a test ends them (releaseMailBatches): what a batch gathers never depends on the machine's speed. */
beforeAll(async () => {
  t = await createTestApp({ config: { notificationMailBatchSeconds: TEST_MAIL_BATCH_SECONDS } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  tok = {} as typeof tok;
  ids = {} as typeof ids;
  for (const [k, email] of Object.entries(DEMO) as [keyof typeof DEMO, string][]) {
    tok[k] = await t.tokenOf(email);
    ids[k] = (await t.database.query<{ id: string }>('select id from users where email = $1', [email]))[0]!.id;
  }
}, 60_000);
afterAll(async () => { await t?.close(); });

async function newJob(name = 'Conversation job') {
  const res = await t.request('PUT', '/api/jobs', { token: tok.acmeUser, body: { name, client_street_address: '2 Oak St', services_requested: ['structural_roof_letter'] } });
  expect(res.statusCode).toBe(201);
  await t.request('POST', `/api/jobs/${res.data.id}/submit`, { token: tok.acmeUser, body: {} });
  return res.data.id as string;
}
const post = (job: string, who: keyof typeof DEMO, body: unknown) => t.request('POST', `/api/jobs/${job}/messages`, { token: tok[who], body });
const thread = (job: string, who: keyof typeof DEMO, th = 'client') => t.request('GET', `/api/jobs/${job}/messages?thread=${th}`, { token: tok[who] });

/** A minimal SSE reader: the events a browser's EventSource would get. */
async function openStream(who: keyof typeof DEMO) {
  const ticket = (await t.request('POST', '/api/events/ticket', { token: tok[who] })).data.ticket as string;
  const ctrl = new AbortController();
  const res = await fetch(`${base}/api/events?ticket=${ticket}`, { signal: ctrl.signal });
  const got: { event: string; data: any }[] = [];
  readSse(res.body!, (e) => { got.push({ event: e.event, data: e.data }); });
  await new Promise((r) => setTimeout(r, 100));
  return {
    got,
    async waitFor(pred: (e: { event: string; data: any }) => boolean, ms = 10_000) {
      const end = Date.now() + ms;
      for (;;) {
        const e = got.find(pred);
        if (e) return e;
        if (Date.now() > end) throw new Error(`no matching event among ${got.length}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    close: () => ctrl.abort(),
  };
}

describe('a job conversation', () => {
  it('lets the company and staff talk in the client thread; other tenants and an unassigned contractor get 404', async () => {
    const job = await newJob();
    const empty = await thread(job, 'acmeUser');
    expect(empty.statusCode).toBe(200);
    expect(empty.data).toMatchObject({ thread: 'client', messages: [], conversation: { status: 'active', threads: ['client'], may_manage: false } });

    const m = await post(job, 'acmeUser', { body: 'Is the **roof** survey enough? https://example.com/survey' });
    expect(m.statusCode).toBe(201);
    expect(m.data).toMatchObject({ thread: 'client', body: 'Is the **roof** survey enough? https://example.com/survey', author: { id: ids.acmeUser, is_staff: false } });
    const reply = await post(job, 'support', { body: 'Yes, thanks.' });
    expect(reply.statusCode).toBe(201);

    for (const who of ['admin', 'support', 'acmeOwner', 'acmeUser'] as const) {
      const r = await thread(job, who);
      expect(r.statusCode, who).toBe(200);
      expect(r.data.messages.map((x: { body: string }) => x.body), who).toEqual([m.data.body, 'Yes, thanks.']);
    }
    for (const who of ['brightOwner', 'contractor'] as const) {
      expect((await thread(job, who)).statusCode, who).toBe(404);
      const refused = await post(job, who, { body: 'let me in' });
      expect(refused.statusCode, who).toBe(404);
      expect(ZErrorEnvelope.parse(refused.data)).toEqual({ message: 'Not found.' });
    }
    expect((await t.request('GET', `/api/jobs/${job}/messages`)).statusCode).toBe(401);
    expect((await t.request('POST', `/api/jobs/${job}/messages`, { body: { body: 'x' } })).statusCode).toBe(401);
  });

  it('keeps the internal thread to staff and the assigned contractor; the client thread is the contractor\'s only when staff allow', async () => {
    const job = await newJob('Internal job');
    expect((await t.request('POST', `/api/jobs/${job}/assign`, { token: tok.admin, body: { assignee_id: ids.contractor } })).statusCode).toBe(200);
    const note = await post(job, 'admin', { thread: 'internal', body: 'Check the rafters before QC.' });
    expect(note.statusCode).toBe(201);
    await post(job, 'acmeUser', { body: 'Client side question' });

    for (const who of ['acmeOwner', 'acmeUser', 'brightOwner'] as const) {
      expect((await thread(job, who, 'internal')).statusCode, who).toBe(404);
      expect((await post(job, who, { thread: 'internal', body: 'peek' })).statusCode, who).toBe(404);
    }
    const contractorView = await thread(job, 'contractor', 'internal');
    expect(contractorView.statusCode).toBe(200);
    expect(contractorView.data.conversation.threads).toEqual(['internal']);
    expect(contractorView.data.messages.map((x: { body: string }) => x.body)).toEqual(['Check the rafters before QC.']);
    expect((await post(job, 'contractor', { thread: 'internal', body: 'On it.' })).statusCode).toBe(201);
    expect((await thread(job, 'contractor', 'client')).statusCode).toBe(404);
    // Without a thread named, each caller gets the first one they see.
    expect((await t.request('GET', `/api/jobs/${job}/messages`, { token: tok.contractor })).data.thread).toBe('internal');
    expect((await t.request('GET', `/api/jobs/${job}/messages`, { token: tok.acmeUser })).data.thread).toBe('client');

    // Only staff share the client thread; a client or the contractor cannot.
    expect((await t.request('PATCH', `/api/jobs/${job}/conversation`, { token: tok.acmeOwner, body: { contractor_access: true } })).statusCode).toBe(403);
    expect((await t.request('PATCH', `/api/jobs/${job}/conversation`, { token: tok.contractor, body: { contractor_access: true } })).statusCode).toBe(403);
    const shared = await t.request('PATCH', `/api/jobs/${job}/conversation`, { token: tok.support, body: { contractor_access: true } });
    expect(shared.statusCode).toBe(200);
    expect(shared.data).toMatchObject({ contractor_access: true, threads: ['client', 'internal'], may_manage: true });
    const nowSees = await thread(job, 'contractor', 'client');
    expect(nowSees.statusCode).toBe(200);
    expect(nowSees.data.messages.map((x: { body: string }) => x.body)).toEqual(['Client side question']);

    // The client never sees the internal thread's messages, counts or notifications.
    const clientView = await thread(job, 'acmeUser');
    expect(clientView.data.conversation.threads).toEqual(['client']);
    expect(Object.keys(clientView.data.unread)).toEqual(['client']);
    const bell = await t.request('GET', '/api/notifications', { token: tok.acmeOwner });
    expect(bell.data.items.some((n: { thread: string }) => n.thread === 'internal')).toBe(false);
  });

  it('refuses bad input with a clear 4xx in the envelope, never a 500', async () => {
    const job = await newJob('Bad input job');
    const cases: [unknown, number][] = [
      [{}, 400],
      [{ body: '' }, 400],
      [{ body: '   ' }, 400],
      [{ body: 'x'.repeat(5001) }, 400],
      [{ body: 42 }, 400],
      [{ body: 'hi', thread: 'secret' }, 400],
      [{ body: 'nul \u0000 inside' }, 400],
    ];
    for (const [body, status] of cases) {
      const r = await post(job, 'acmeUser', body);
      expect(r.statusCode, JSON.stringify(body).slice(0, 40)).toBe(status);
      ZErrorEnvelope.parse(r.data);
    }
    expect((await post(job, 'acmeUser', { body: 'x'.repeat(5000) })).statusCode).toBe(201);
    expect((await t.request('GET', '/api/jobs/not-a-uuid/messages', { token: tok.admin })).statusCode).toBe(404);
    expect((await t.request('GET', '/api/jobs/00000000-0000-0000-0000-000000000000/messages', { token: tok.admin })).statusCode).toBe(404);
    expect((await t.request('GET', `/api/jobs/${job}/messages?thread=nope`, { token: tok.admin })).statusCode).toBe(400);
    expect((await t.request('PATCH', `/api/jobs/${job}/conversation`, { token: tok.admin, body: {} })).statusCode).toBe(400);
    expect((await t.request('PATCH', `/api/jobs/${job}/conversation`, { token: tok.admin, body: { status: 'archived' } })).statusCode).toBe(400);
    for (const body of [{}, { all: true, ids: [1] }, { ids: [] }, { ids: [-1] }, { all: false }, { ids: ['x'] }]) {
      const r = await t.request('POST', '/api/notifications/read', { token: tok.admin, body });
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      ZErrorEnvelope.parse(r.data);
    }
    for (const body of [{}, { message_id: 0 }, { message_id: 'a' }, { message_id: 2 ** 60 }, { message_id: 1, thread: 'x' }]) {
      expect((await t.request('POST', `/api/jobs/${job}/messages/read`, { token: tok.admin, body })).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await t.request('GET', '/api/notifications?limit=0', { token: tok.admin })).statusCode).toBe(400);
    expect((await t.request('POST', `/api/jobs/${job}/messages`, { token: tok.acmeUser, body: { body: 'no csrf' }, csrf: false })).statusCode).toBe(403);
  });

  it('keeps markup as text: the API stores and answers exactly what was written', async () => {
    const job = await newJob('<img src=x onerror=alert(1)>');
    const evil = '<script>alert(1)</script> [click](javascript:alert(1)) @<b>admin</b>';
    const r = await post(job, 'acmeUser', { body: evil });
    expect(r.statusCode).toBe(201);
    expect((await thread(job, 'admin')).data.messages[0].body).toBe(evil);
  });

  it('closes and reopens: nothing is lost, and no one posts while it is closed', async () => {
    const job = await newJob('Closing job');
    await post(job, 'acmeUser', { body: 'Before closing' });
    const closed = await t.request('PATCH', `/api/jobs/${job}/conversation`, { token: tok.admin, body: { status: 'closed' } });
    expect(closed.statusCode).toBe(200);
    expect(closed.data).toMatchObject({ status: 'closed', closed_by: ids.admin, closed_at: expect.any(String) });
    expect((await t.request('PATCH', `/api/jobs/${job}/conversation`, { token: tok.acmeOwner, body: { status: 'active' } })).statusCode).toBe(403);
    for (const who of ['acmeUser', 'admin'] as const) {
      const refused = await post(job, who, { body: 'Anyone there?' });
      expect(refused.statusCode).toBe(409);
      expect(refused.data).toEqual({ message: 'This conversation is closed. Staff can reopen it.' });
    }
    const view = await thread(job, 'acmeUser');
    expect(view.data.conversation.status).toBe('closed');
    expect(view.data.messages.map((x: { body: string }) => x.body)).toEqual(['Before closing']);
    expect((await t.request('PATCH', `/api/jobs/${job}/conversation`, { token: tok.support, body: { status: 'active' } })).data).toMatchObject({ status: 'active', closed_at: null });
    expect((await post(job, 'acmeUser', { body: 'Back again' })).statusCode).toBe(201);
  });

  it('counts unread per person and thread, shows who has seen what, and reads notifications with the thread', async () => {
    const job = await newJob('Unread job');
    const a = await post(job, 'acmeUser', { body: 'one' });
    const b = await post(job, 'acmeUser', { body: 'two' });
    const staffView = await thread(job, 'support');
    expect(staffView.data.unread).toEqual({ client: 2, internal: 0 });
    expect(staffView.data.last_read_message_id).toBe(0);
    // The author has read their own messages.
    expect((await thread(job, 'acmeUser')).data.unread).toEqual({ client: 0 });
    const before = (await t.request('GET', '/api/notifications?unread_only=true', { token: tok.support })).data;
    const mine = before.items.filter((n: { job_id: string; type: string }) => n.job_id === job && n.type === 'new_message');
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ type: 'new_message', job_name: 'Unread job', thread: 'client', excerpt: 'two', read_at: null });

    expect((await t.request('POST', `/api/jobs/${job}/messages/read`, { token: tok.support, body: { thread: 'client', message_id: a.data.id } })).statusCode).toBe(204);
    expect((await thread(job, 'support')).data.unread.client).toBe(1);
    // A mark never moves back.
    await t.request('POST', `/api/jobs/${job}/messages/read`, { token: tok.support, body: { thread: 'client', message_id: b.data.id } });
    await t.request('POST', `/api/jobs/${job}/messages/read`, { token: tok.support, body: { thread: 'client', message_id: a.data.id } });
    expect((await thread(job, 'support')).data).toMatchObject({ unread: { client: 0 }, last_read_message_id: b.data.id });
    const after = (await t.request('GET', '/api/notifications?unread_only=true', { token: tok.support })).data;
    expect(after.items.filter((n: { job_id: string; type: string }) => n.job_id === job && n.type === 'new_message')).toHaveLength(0);
    expect(after.unread_count).toBe(before.unread_count - 2);
    // "Seen by": the client sees that support read up to the last message.
    const seen = (await thread(job, 'acmeUser')).data.seen_by;
    expect(seen).toContainEqual({ user_id: ids.support, full_name: expect.any(String), last_read_message_id: b.data.id });

    // Mark all read.
    const all = await t.request('POST', '/api/notifications/read', { token: tok.admin, body: { all: true } });
    expect(all.data).toEqual({ unread_count: 0 });
    // Someone else's notification ids change nothing for the caller.
    const adminIds = (await t.request('GET', '/api/notifications', { token: tok.admin })).data.items.map((n: { id: number }) => n.id);
    await post(job, 'acmeUser', { body: 'three' });
    expect((await t.request('POST', '/api/notifications/read', { token: tok.support, body: { ids: adminIds.slice(0, 5) } })).statusCode).toBe(200);
    expect((await t.request('GET', '/api/notifications', { token: tok.admin })).data.unread_count).toBe(1);
  });
});

describe('live delivery', () => {
  it('pushes new_message to every participant\'s stream as it is posted, and not to other tenants', async () => {
    const job = await newJob('Live job');
    const staff = await openStream('support');
    const owner = await openStream('acmeOwner');
    const other = await openStream('brightOwner');
    const author = await openStream('acmeUser');
    try {
      const m = await post(job, 'acmeUser', { body: 'Live hello' });
      const isIt = (e: { event: string; data: any }) => e.event === 'new_message' && e.data.payload.message_id === m.data.id;
      const [s, o, a] = await Promise.all([staff.waitFor(isIt), owner.waitFor(isIt), author.waitFor(isIt)]);
      for (const e of [s, o]) {
        expect(e.data.payload).toMatchObject({ job_id: job, job_name: 'Live job', thread: 'client', author_id: ids.acmeUser, excerpt: 'Live hello', notification_id: expect.any(Number) });
      }
      // The author's own screens update too, without a notification.
      expect(a.data.payload.notification_id).toBeNull();
      await new Promise((r) => setTimeout(r, 200));
      expect(other.got.filter((e) => e.event === 'new_message')).toEqual([]);
      // Internal notes never reach a client's stream.
      const note = await post(job, 'admin', { thread: 'internal', body: 'internal only' });
      await staff.waitFor((e) => e.event === 'new_message' && e.data.payload.message_id === note.data.id);
      await new Promise((r) => setTimeout(r, 200));
      expect(owner.got.some((e) => e.data.payload?.message_id === note.data.id)).toBe(false);
    } finally {
      for (const s of [staff, owner, other, author]) s.close();
    }
  });
});


describe('notification mail', () => {

  it('gathers a burst into one mail per person and job, never to the author nor to someone who switched messages off', async () => {
    expect((await t.request('PUT', '/api/users/me', { token: tok.acmeOwner, body: { messageNotificationsEnabled: false } })).statusCode).toBe(200);
    await t.request('POST', '/api/notifications/read', { token: tok.admin, body: { all: true } });
    const job = await newJob('Mail job');
    // The submission's own notice to staff goes out first, on its own.
    await releaseMailBatches(t, job);
    const before = t.outbox().length;
    for (const body of ['First question', 'Second detail', 'Third: see <b>attached</b>']) {
      expect((await post(job, 'acmeUser', { body })).statusCode).toBe(201);
    }
    await releaseMailBatches(t, job);
    const mails = t.outbox().slice(before).filter((m) => m.subject.includes('Mail job'));
    const to = mails.map((m) => m.to).sort();
    expect(to).toEqual([DEMO.admin, DEMO.support].sort());
    const adminMail = mails.find((m) => m.to === DEMO.admin)!;
    expect(adminMail.subject).toBe('3 new messages on Mail job');
    expect(adminMail.text).toContain('First question');
    expect(adminMail.text).toContain('Third: see <b>attached</b>');
    expect(adminMail.text).toContain(`http://sunstamp.test/jobs/${job}`);
    expect(adminMail.raw).toMatch(/Content-Type: text\/plain/i);

    // A reply from staff mails the client's author once; the owner stays switched off.
    const start = t.outbox().length;
    await post(job, 'support', { body: 'We have what we need.' });
    await releaseMailBatches(t, job);
    const replies = t.outbox().slice(start);
    expect(replies.map((m) => m.to).sort()).toEqual([DEMO.acmeUser, DEMO.admin].sort());
    expect(replies.find((m) => m.to === DEMO.acmeUser)!.subject).toBe('New message on Mail job');
    await t.request('PUT', '/api/users/me', { token: tok.acmeOwner, body: { messageNotificationsEnabled: true } });
  }, 30_000);

  it('sends nothing for messages read within the batch window', async () => {
    const job = await newJob('Read quickly job');
    await releaseMailBatches(t, job);
    const start = t.outbox().length;
    const m = await post(job, 'acmeUser', { body: 'Quick one' });
    for (const who of ['admin', 'support', 'acmeOwner'] as const) {
      await t.request('POST', `/api/jobs/${job}/messages/read`, { token: tok[who], body: { thread: 'client', message_id: m.data.id } });
    }
    await releaseMailBatches(t, job);
    expect(t.outbox().slice(start).filter((x) => x.subject.includes('Read quickly job'))).toEqual([]);
  }, 30_000);
});

describe('job event notifications', () => {
  it('tells the company when staff need an answer, staff when the client acts, and the assignee of an assignment; mail honours jobNotificationsEnabled', async () => {
    const job = await newJob('Status job');
    // The client's submission reaches staff (nobody is assigned yet), not the client.
    const staffBell = (await t.request('GET', '/api/notifications', { token: tok.support })).data;
    expect(staffBell.items.find((n: { job_id: string }) => n.job_id === job)).toMatchObject({ type: 'job_status', excerpt: 'Submitted (Pending Pre-Check)', job_name: 'Status job' });
    expect((await t.request('GET', '/api/notifications', { token: tok.acmeUser })).data.items.some((n: { job_id: string }) => n.job_id === job)).toBe(false);
    await releaseMailBatches(t, job);

    expect((await t.request('PUT', '/api/users/me', { token: tok.acmeOwner, body: { jobNotificationsEnabled: false } })).statusCode).toBe(200);
    const start = t.outbox().length;
    expect((await t.request('POST', `/api/jobs/${job}/status`, { token: tok.support, body: { status: 'Pending Client', note: 'Which panel?' } })).statusCode).toBe(200);
    for (const who of ['acmeUser', 'acmeOwner'] as const) {
      const n = (await t.request('GET', '/api/notifications', { token: tok[who] })).data.items.find((x: { job_id: string }) => x.job_id === job);
      expect(n, who).toMatchObject({ type: 'job_status', excerpt: 'Needs your answer', thread: null });
    }
    // Another tenant and the actor hear nothing.
    expect((await t.request('GET', '/api/notifications', { token: tok.brightOwner })).data.items.some((n: { job_id: string }) => n.job_id === job)).toBe(false);
    await releaseMailBatches(t, job);
    // The question is also a message of the client thread: one mail per person gathers both, and
    // the owner (job mail off, message mail on) gets the message only; other staff hear the message.
    const mails = t.outbox().slice(start).filter((m) => m.subject.includes('Status job'));
    expect(mails.map((m) => m.to).sort()).toEqual([DEMO.acmeOwner, DEMO.acmeUser, DEMO.admin].sort());
    const userMail = mails.find((m) => m.to === DEMO.acmeUser)!;
    expect(userMail.subject).toBe('2 updates on Status job');
    expect(userMail.text).toContain('Needs your answer');
    expect(userMail.text).toContain('Which panel?');
    expect(userMail.text).toContain('message notifications and job notifications are on');
    expect(mails.find((m) => m.to === DEMO.acmeOwner)!.subject).toBe('New message on Status job');
    await t.request('PUT', '/api/users/me', { token: tok.acmeOwner, body: { jobNotificationsEnabled: true } });

    const assigned = await openStream('contractor');
    try {
      expect((await t.request('POST', `/api/jobs/${job}/assign`, { token: tok.admin, body: { assignee_id: ids.contractor } })).statusCode).toBe(200);
      const e = await assigned.waitFor((x) => x.event === 'notification');
      expect(e.data.payload).toMatchObject({ type: 'job_assigned', job_id: job, job_name: 'Status job', text: 'Assigned to you' });
    } finally {
      assigned.close();
    }
    // The client's answer goes to the assignee only, now that there is one.
    const supportBefore = (await t.request('GET', '/api/notifications', { token: tok.support })).data.unread_count;
    expect((await t.request('POST', `/api/jobs/${job}/status`, { token: tok.acmeUser, body: { status: 'Pending Pre-Check' } })).statusCode).toBe(200);
    const c = (await t.request('GET', '/api/notifications', { token: tok.contractor })).data.items[0];
    expect(c).toMatchObject({ type: 'job_status', excerpt: 'The client answered (Pending Pre-Check)' });
    expect((await t.request('GET', '/api/notifications', { token: tok.support })).data.unread_count).toBe(supportBefore);
  }, 30_000);
});
