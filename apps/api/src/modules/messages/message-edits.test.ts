import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZErrorEnvelope } from '@sunstamp/domain/contracts/common';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { file, PDF, postMultipart } from '../../test/upload-fixtures.ts';

let t: TestApp;
let ids: Record<keyof typeof DEMO, string>;

beforeAll(async () => {
  t = await createTestApp();
  ids = {} as typeof ids;
  for (const [k, email] of Object.entries(DEMO) as [keyof typeof DEMO, string][]) {
    ids[k] = (await t.database.query<{ id: string }>('select id from users where email = $1', [email]))[0]!.id;
  }
}, 60_000);
afterAll(async () => { await t?.close(); });

// Tokens per call: the tests move the clock further than a token lives.
const as = async (who: keyof typeof DEMO, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  t.request(method, url, { token: await t.tokenOf(DEMO[who]), body });

async function newJob(name = 'Edit job') {
  const res = await as('acmeUser', 'PUT', '/api/jobs', { name, client_street_address: '2 Oak St', services_requested: ['structural_roof_letter'] });
  expect(res.statusCode).toBe(201);
  return res.data.id as string;
}
const post = async (job: string, who: keyof typeof DEMO, body: string, thread = 'client') =>
  (await as(who, 'POST', `/api/jobs/${job}/messages`, { thread, body })).data as { id: number };
const edit = (job: string, who: keyof typeof DEMO, id: number | string, body: unknown) => as(who, 'PATCH', `/api/jobs/${job}/messages/${id}`, body);
const remove = (job: string, who: keyof typeof DEMO, id: number | string) => as(who, 'DELETE', `/api/jobs/${job}/messages/${id}`);
const threadOf = async (job: string, who: keyof typeof DEMO, th = 'client') => (await as(who, 'GET', `/api/jobs/${job}/messages?thread=${th}`)).data;
const expectEnvelope = (res: { statusCode: number; data: unknown }, status: number) => {
  expect(res.statusCode, JSON.stringify(res.data)).toBe(status);
  expect(ZErrorEnvelope.safeParse(res.data).success).toBe(true);
};
const history = async (id: number) =>
  t.database.query<{ action: string; previous_body: string; edited_by: string }>('select action, previous_body, edited_by from message_edits where message_id = $1 order by id', [id]);

describe('editing and deleting one\'s own message', () => {
  it('edits within the window: everyone sees the new text marked edited, the old text is kept, the bell follows', async () => {
    const job = await newJob();
    const m = await post(job, 'acmeUser', 'The panel is 100 A');
    const mine = (await threadOf(job, 'acmeUser')).messages[0];
    expect(mine).toMatchObject({ may_change: true, edited_at: null, deleted: false });
    expect((await threadOf(job, 'support')).messages[0].may_change).toBe(false);

    t.clock.advance(5 * 60_000);
    const res = await edit(job, 'acmeUser', m.id, { body: '  The panel is 200 A  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.data).toMatchObject({ id: m.id, body: 'The panel is 200 A', deleted: false, may_change: true });
    expect(res.data.edited_at).toBeTruthy();
    const seen = (await threadOf(job, 'support')).messages[0];
    expect(seen).toMatchObject({ body: 'The panel is 200 A', edited_at: res.data.edited_at });
    expect(JSON.stringify(await threadOf(job, 'support'))).not.toContain('100 A');
    expect(await history(m.id)).toEqual([{ action: 'edit', previous_body: 'The panel is 100 A', edited_by: ids.acmeUser }]);
    const bell = await as('support', 'GET', '/api/notifications');
    expect(bell.data.items.find((n: { message_id: number }) => n.message_id === m.id).excerpt).toBe('The panel is 200 A');
  });

  it('deletes within the window: others see "deleted" with no text or files, the text is kept, the file is gone, the bell drops it', async () => {
    const job = await newJob('Delete job');
    const sent = await postMultipart(t, `/api/jobs/${job}/messages/files`, [{ name: 'body', value: 'Wrong letter, sorry' }, file('wrong.pdf', PDF)], { as: DEMO.support });
    expect(sent.statusCode, sent.body).toBe(201);
    const id = sent.data.id as number;
    const url = sent.data.attachments[0].download_url as string;
    expect((await as('acmeOwner', 'GET', '/api/notifications?unread_only=true')).data.items.some((n: { message_id: number }) => n.message_id === id)).toBe(true);

    const res = await remove(job, 'support', id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.data).toMatchObject({ id, body: '', deleted: true, attachments: [], may_change: false });
    const seen = (await threadOf(job, 'acmeOwner')).messages.find((x: { id: number }) => x.id === id);
    expect(seen).toMatchObject({ body: '', deleted: true, attachments: [] });
    expect(JSON.stringify(await threadOf(job, 'acmeOwner'))).not.toContain('Wrong letter');
    expectEnvelope(await as('acmeOwner', 'GET', url), 404);
    expectEnvelope(await as('support', 'GET', url), 404);
    expect(await history(id)).toEqual([{ action: 'delete', previous_body: 'Wrong letter, sorry', edited_by: ids.support }]);
    // Read for everyone: no bell count and no mail for a message that is gone.
    const unread = await as('acmeOwner', 'GET', '/api/notifications?unread_only=true');
    expect(unread.data.items.some((n: { message_id: number }) => n.message_id === id)).toBe(false);
    const all = await as('acmeOwner', 'GET', '/api/notifications');
    expect(all.data.items.find((n: { message_id: number }) => n.message_id === id).excerpt).toBe('Message deleted');
    // Deleted is final.
    expectEnvelope(await edit(job, 'support', id, { body: 'again' }), 409);
    expectEnvelope(await remove(job, 'support', id), 409);
  });

  it('tells the other screens live', async () => {
    const job = await newJob('Live edit job');
    const m = await post(job, 'acmeUser', 'Typo hre');
    const ticket = (await as('support', 'POST', '/api/events/ticket')).data.ticket as string;
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const ctrl = new AbortController();
    const res = await fetch(`${base}/api/events?ticket=${ticket}`, { signal: ctrl.signal });
    const reader = res.body!.getReader();
    await new Promise((r) => setTimeout(r, 100));
    expect((await edit(job, 'acmeUser', m.id, { body: 'Typo here' })).statusCode).toBe(200);
    let text = '';
    const dec = new TextDecoder();
    const end = Date.now() + 3000;
    while (!text.includes('event: message_changed') && Date.now() < end) {
      const { value, done } = await reader.read();
      if (done) break;
      text += dec.decode(value, { stream: true });
    }
    ctrl.abort();
    expect(text).toContain('event: message_changed');
    expect(text).toContain(`"message_id":${m.id}`);
  });

  it('refuses others\' messages (403), late changes and closed conversations (409), unseen threads and bad ids (404), bad bodies (400)', async () => {
    const job = await newJob('Refusal job');
    await as('acmeUser', 'POST', `/api/jobs/${job}/submit`, {});
    const m = await post(job, 'acmeUser', 'Mine');
    const note = await post(job, 'support', 'Internal only', 'internal');

    expectEnvelope(await edit(job, 'acmeOwner', m.id, { body: 'Not yours' }), 403);
    expectEnvelope(await remove(job, 'support', m.id), 403);
    // An internal note is not there for a client; another company's job is not there at all.
    expectEnvelope(await edit(job, 'acmeUser', note.id, { body: 'x' }), 404);
    expectEnvelope(await remove(job, 'acmeUser', note.id), 404);
    expectEnvelope(await edit(job, 'brightOwner', m.id, { body: 'x' }), 404);
    expectEnvelope(await remove(job, 'contractor', m.id), 404);
    for (const bad of ['abc', '0x1', '-1', '99999999', '1e3', '1234567890123456789']) {
      const r = await edit(job, 'acmeUser', bad, { body: 'x' });
      expect(r.statusCode, bad).toBe(404);
      expect(ZErrorEnvelope.safeParse(r.data).success).toBe(true);
    }
    // A message of another job under this job's path: 404.
    const other = await newJob('Other job');
    const elsewhere = await post(other, 'acmeUser', 'Elsewhere');
    expectEnvelope(await edit(job, 'acmeUser', elsewhere.id, { body: 'x' }), 404);
    for (const body of [{}, { body: '' }, { body: '   ' }, { body: 'x'.repeat(5001) }, { body: 12 }, { body: 'nul\u0000' }]) {
      const r = await edit(job, 'acmeUser', m.id, body);
      expect(r.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(ZErrorEnvelope.safeParse(r.data).success).toBe(true);
    }
    // A stored script stays text.
    const xss = await edit(job, 'acmeUser', m.id, { body: '<img src=x onerror=alert(1)>' });
    expect(xss.data.body).toBe('<img src=x onerror=alert(1)>');

    await as('support', 'PATCH', `/api/jobs/${job}/conversation`, { status: 'closed' });
    expectEnvelope(await edit(job, 'acmeUser', m.id, { body: 'closed' }), 409);
    await as('support', 'PATCH', `/api/jobs/${job}/conversation`, { status: 'active' });

    t.clock.advance(15 * 60_000 + 1000);
    const late = await edit(job, 'acmeUser', m.id, { body: 'Too late' });
    expectEnvelope(late, 409);
    expect(late.data.message).toBe('A message can be edited or deleted for 15 minutes after it is sent.');
    expectEnvelope(await remove(job, 'acmeUser', m.id), 409);
    expect((await threadOf(job, 'acmeUser')).messages.find((x: { id: number }) => x.id === m.id).may_change).toBe(false);
  });
});

describe('the kept history of a message (staff)', () => {
  it('answers every earlier text to staff, oldest first; 403 to others who see it; 404 to who does not', async () => {
    const job = await newJob('History job');
    const m = await post(job, 'acmeUser', 'First text');
    expect((await edit(job, 'acmeUser', m.id, { body: 'Second text' })).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await remove(job, 'acmeUser', m.id)).statusCode).toBe(200);

    const res = await as('support', 'GET', `/api/jobs/${job}/messages/${m.id}/history`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.data.message_id).toBe(m.id);
    expect(res.data.current).toMatchObject({ body: '', deleted: true });
    expect(res.data.versions.map((v: { action: string; previous_body: string }) => [v.action, v.previous_body]))
      .toEqual([['edit', 'First text'], ['delete', 'Second text']]);
    expect(res.data.versions[0].by).toBeTruthy();
    expect((await as('admin', 'GET', `/api/jobs/${job}/messages/${m.id}/history`)).statusCode).toBe(200);

    // A message never changed has an empty history.
    const plain = await post(job, 'acmeOwner', 'Unchanged');
    const none = await as('support', 'GET', `/api/jobs/${job}/messages/${plain.id}/history`);
    expect(none.data).toMatchObject({ current: { body: 'Unchanged', deleted: false, edited_at: null }, versions: [] });

    // The author and their company see the thread but not the history; others do not see it at all.
    expectEnvelope(await as('acmeUser', 'GET', `/api/jobs/${job}/messages/${m.id}/history`), 403);
    expectEnvelope(await as('acmeOwner', 'GET', `/api/jobs/${job}/messages/${m.id}/history`), 403);
    expectEnvelope(await as('brightOwner', 'GET', `/api/jobs/${job}/messages/${m.id}/history`), 404);
    expectEnvelope(await as('contractor', 'GET', `/api/jobs/${job}/messages/${m.id}/history`), 404);
    for (const bad of ['abc', '-1', '99999999', '1234567890123456789']) {
      expectEnvelope(await as('support', 'GET', `/api/jobs/${job}/messages/${bad}/history`), 404);
    }
    expectEnvelope(await as('support', 'GET', `/api/jobs/not-a-job/messages/${m.id}/history`), 404);
  });
});
