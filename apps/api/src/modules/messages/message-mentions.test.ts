import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZErrorEnvelope } from '@sunstamp/domain/contracts/common';
import { releaseMailBatches, TEST_MAIL_BATCH_SECONDS } from '../../test/mail-batches.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { file, PDF, postMultipart } from '../../test/upload-fixtures.ts';

let t: TestApp;
let ids: Record<keyof typeof DEMO, string>;

beforeAll(async () => {
  t = await createTestApp({ config: { notificationMailBatchSeconds: TEST_MAIL_BATCH_SECONDS } });
  ids = {} as typeof ids;
  for (const [k, email] of Object.entries(DEMO) as [keyof typeof DEMO, string][]) {
    ids[k] = (await t.database.query<{ id: string }>('select id from users where email = $1', [email]))[0]!.id;
  }
}, 60_000);
afterAll(async () => { await t?.close(); });

const as = async (who: keyof typeof DEMO, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  t.request(method, url, { token: await t.tokenOf(DEMO[who]), body });
const expectEnvelope = (res: { statusCode: number; data: unknown }, status: number) => {
  expect(res.statusCode, JSON.stringify(res.data)).toBe(status);
  expect(ZErrorEnvelope.safeParse(res.data).success).toBe(true);
};

async function newJob(name: string, submit = true) {
  const res = await as('acmeUser', 'PUT', '/api/jobs', { name, client_street_address: '2 Oak St', services_requested: ['structural_roof_letter'] });
  expect(res.statusCode).toBe(201);
  if (submit) expect((await as('acmeUser', 'POST', `/api/jobs/${res.data.id}/submit`, {})).statusCode).toBe(200);
  return res.data.id as string;
}
const bell = async (who: keyof typeof DEMO, job: string) =>
  ((await as(who, 'GET', '/api/notifications')).data.items as { job_id: string; type: string; message_id: number | null; excerpt: string }[]).filter((n) => n.job_id === job);
const messagesOf = async (job: string, who: keyof typeof DEMO = 'support', thread = 'client') =>
  (await as(who, 'GET', `/api/jobs/${job}/messages?thread=${thread}`)).data.messages as { id: number; body: string; author: { id: string } | null; mentions: { id: string; full_name: string }[] }[];

describe('@mentions', () => {
  it('offers only people who see the thread: the client thread to the company and staff, the internal one never to a client', async () => {
    const job = await newJob('Mention list job');
    const client = await as('acmeUser', 'GET', `/api/jobs/${job}/messages/mentionable?thread=client`);
    expect(client.statusCode, client.body).toBe(200);
    const names = (client.data as { id: string }[]).map((c) => c.id);
    expect(names).toEqual(expect.arrayContaining([ids.acmeOwner, ids.admin, ids.support]));
    expect(names).not.toContain(ids.acmeUser);
    expect(names).not.toContain(ids.brightOwner);
    expect(names).not.toContain(ids.contractor);

    const internal = await as('support', 'GET', `/api/jobs/${job}/messages/mentionable?thread=internal`);
    const internalIds = (internal.data as { id: string; is_staff: boolean }[]).map((c) => c.id);
    expect(internalIds).toContain(ids.admin);
    expect(internalIds).not.toContain(ids.acmeOwner);
    expect(internalIds).not.toContain(ids.acmeUser);
    // The assigned contractor joins the internal thread, and so its list.
    expect((await as('admin', 'POST', `/api/jobs/${job}/assign`, { assignee_id: ids.contractor })).statusCode).toBe(200);
    const withContractor = (await as('support', 'GET', `/api/jobs/${job}/messages/mentionable?thread=internal`)).data as { id: string }[];
    expect(withContractor.map((c) => c.id)).toContain(ids.contractor);

    expectEnvelope(await as('acmeUser', 'GET', `/api/jobs/${job}/messages/mentionable?thread=internal`), 404);
    expectEnvelope(await as('brightOwner', 'GET', `/api/jobs/${job}/messages/mentionable`), 404);
    expectEnvelope(await as('support', 'GET', `/api/jobs/${job}/messages/mentionable?thread=side`), 400);
    expectEnvelope(await as('support', 'GET', '/api/jobs/not-a-job/messages/mentionable'), 404);
  });

  it('stores the mention, answers it with the name, and notifies the person as "mention" (others as new_message)', async () => {
    const job = await newJob('Mention job');
    const res = await as('support', 'POST', `/api/jobs/${job}/messages`, {
      body: '@Acme Owner please confirm the panel rating', mentions: [ids.acmeOwner, ids.acmeOwner.toUpperCase()],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.data.mentions).toEqual([{ id: ids.acmeOwner, full_name: expect.any(String) }]);
    const seen = (await messagesOf(job, 'acmeUser')).find((m) => m.id === res.data.id)!;
    expect(seen.mentions.map((m) => m.id)).toEqual([ids.acmeOwner]);
    expect((await bell('acmeOwner', job)).find((n) => n.message_id === res.data.id)?.type).toBe('mention');
    expect((await bell('acmeUser', job)).find((n) => n.message_id === res.data.id)?.type).toBe('new_message');

    // With files (multipart: the ids joined by commas).
    const sent = await postMultipart(t, `/api/jobs/${job}/messages/files`, [
      { name: 'body', value: '@Acme Owner the letter' }, { name: 'mentions', value: `${ids.acmeOwner}, ${ids.admin}` }, file('letter.pdf', PDF),
    ], { as: DEMO.support });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.data.mentions.map((m: { id: string }) => m.id).sort()).toEqual([ids.acmeOwner, ids.admin].sort());
    const badFiles = await postMultipart(t, `/api/jobs/${job}/messages/files`, [
      { name: 'mentions', value: ids.brightOwner }, file('letter.pdf', PDF),
    ], { as: DEMO.support });
    expectEnvelope(badFiles, 400);

    // A deleted message no longer names anyone.
    await as('support', 'DELETE', `/api/jobs/${job}/messages/${res.data.id}`);
    expect((await messagesOf(job, 'acmeUser')).find((m) => m.id === res.data.id)!.mentions).toEqual([]);
  });

  it('refuses mentions of people who cannot see the thread, unknown ids and bad shapes (400), storing nothing', async () => {
    const job = await newJob('Bad mention job');
    const before = (await messagesOf(job)).length;
    const cases: [keyof typeof DEMO, string, unknown][] = [
      ['support', 'internal', [ids.acmeUser]],
      ['acmeUser', 'client', [ids.brightOwner]],
      ['acmeUser', 'client', [ids.contractor]],
      ['acmeUser', 'client', ['00000000-0000-4000-8000-000000000000']],
      ['acmeUser', 'client', ['not-a-uuid']],
      ['acmeUser', 'client', 'abc'],
      ['acmeUser', 'client', [12]],
      ['acmeUser', 'client', Array.from({ length: 21 }, () => ids.acmeOwner)],
      ['acmeUser', 'client', ['<script>alert(1)</script>']],
    ];
    for (const [who, thread, mentions] of cases) {
      const r = await as(who, 'POST', `/api/jobs/${job}/messages`, { thread, body: 'Hi @someone', mentions });
      expectEnvelope(r, 400);
    }
    expect((await messagesOf(job)).length).toBe(before);
    expect((await messagesOf(job, 'support', 'internal')).length).toBe(0);
  });

  it('mails a mention like any message: only while the person\'s message switch is on', async () => {
    const job = await newJob('Mention mail job');
    await releaseMailBatches(t, job);
    expect((await as('acmeOwner', 'PUT', '/api/users/me', { messageNotificationsEnabled: false })).statusCode).toBe(200);
    const start = t.outbox().length;
    expect((await as('support', 'POST', `/api/jobs/${job}/messages`, { body: '@Acme Owner @Acme User look', mentions: [ids.acmeOwner, ids.acmeUser] })).statusCode).toBe(201);
    await releaseMailBatches(t, job);
    const mails = t.outbox().slice(start).filter((m) => m.subject.includes('Mention mail job'));
    expect(mails.map((m) => m.to).sort()).toEqual([DEMO.acmeUser, DEMO.admin].sort());
    expect(mails.find((m) => m.to === DEMO.acmeUser)!.subject).toBe('You were mentioned on Mention mail job');
    expect(mails.find((m) => m.to === DEMO.acmeUser)!.text).toContain('mentioned you');
    expect(mails.find((m) => m.to === DEMO.admin)!.subject).toBe('New message on Mention mail job');
    // The bell still has it.
    expect((await bell('acmeOwner', job)).some((n) => n.type === 'mention')).toBe(true);
    await as('acmeOwner', 'PUT', '/api/users/me', { messageNotificationsEnabled: true });
  }, 30_000);
});

describe('the workflow\'s question and answer in the client thread', () => {
  it('staff asking the client posts the question; the client\'s answer is a reply and moves the job back', async () => {
    const job = await newJob('Question job');
    expect((await as('support', 'POST', `/api/jobs/${job}/status`, { status: 'Pending Design' })).statusCode).toBe(200);
    const ask = await as('support', 'POST', `/api/jobs/${job}/status`, { status: 'Pending Client', note: 'Which main panel rating: 100 A or 200 A?' });
    expect(ask.statusCode, ask.body).toBe(200);
    let thread = await messagesOf(job, 'acmeUser');
    expect(thread.at(-1)).toMatchObject({ body: 'Which main panel rating: 100 A or 200 A?', author: { id: ids.support } });
    const notes = await bell('acmeUser', job);
    expect(notes[0]).toMatchObject({ type: 'job_status', excerpt: 'Needs your answer' });
    expect(notes.some((n) => n.type === 'new_message' && n.message_id === thread.at(-1)!.id)).toBe(true);

    const answer = await as('acmeUser', 'POST', `/api/jobs/${job}/status`, { action: 'answer', note: '200 A, photo attached earlier.' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await as('support', 'GET', `/api/jobs/${job}`)).data.status).toBe('Pending Design');
    thread = await messagesOf(job, 'support');
    expect(thread.at(-1)).toMatchObject({ body: '200 A, photo attached earlier.', author: { id: ids.acmeUser } });
    expect((await messagesOf(job, 'support', 'internal')).length).toBe(0);

    // Answering again is refused and posts nothing.
    const again = await as('acmeUser', 'POST', `/api/jobs/${job}/status`, { action: 'answer', note: 'again' });
    expectEnvelope(again, 409);
    expect((await messagesOf(job)).length).toBe(thread.length);
  });

  it('a question reopens a closed conversation; a move without a note posts nothing', async () => {
    const job = await newJob('Closed question job');
    expect((await as('support', 'PATCH', `/api/jobs/${job}/conversation`, { status: 'closed' })).statusCode).toBe(200);
    expect((await as('support', 'POST', `/api/jobs/${job}/status`, { status: 'Pending Client' })).statusCode).toBe(200);
    expect(await messagesOf(job)).toEqual([]);
    expect((await as('support', 'GET', `/api/jobs/${job}/messages`)).data.conversation.status).toBe('closed');
    expect((await as('acmeUser', 'POST', `/api/jobs/${job}/status`, { action: 'answer' })).statusCode).toBe(200);
    const ask = await as('support', 'POST', `/api/jobs/${job}/status`, { status: 'Pending Client', note: 'One more: the roof age?' });
    expect(ask.statusCode).toBe(200);
    const th = (await as('acmeUser', 'GET', `/api/jobs/${job}/messages`)).data;
    expect(th.conversation.status).toBe('active');
    expect(th.messages.map((m: { body: string }) => m.body)).toEqual(['One more: the roof age?']);
    // The answer can be written in the thread (the conversation is open again).
    expect((await as('acmeUser', 'POST', `/api/jobs/${job}/status`, { action: 'answer', note: '12 years' })).statusCode).toBe(200);
    expect((await messagesOf(job)).map((m) => m.body)).toEqual(['One more: the roof age?', '12 years']);
  });
});

