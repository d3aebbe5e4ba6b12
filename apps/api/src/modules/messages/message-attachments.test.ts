import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZErrorEnvelope } from '@sunstamp/domain/contracts/common';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { EXE, file, PDF, PNG, postMultipart, type Part } from '../../test/upload-fixtures.ts';

let t: TestApp;
let tok: Record<keyof typeof DEMO, string>;
let ids: Record<keyof typeof DEMO, string>;

beforeAll(async () => {
  t = await createTestApp();
  tok = {} as typeof tok;
  ids = {} as typeof ids;
  for (const [k, email] of Object.entries(DEMO) as [keyof typeof DEMO, string][]) {
    tok[k] = await t.tokenOf(email);
    ids[k] = (await t.database.query<{ id: string }>('select id from users where email = $1', [email]))[0]!.id;
  }
}, 60_000);
afterAll(async () => { await t?.close(); });

async function newJob(name = 'Attachment job') {
  const res = await t.request('PUT', '/api/jobs', { token: tok.acmeUser, body: { name, client_street_address: '2 Oak St', services_requested: ['structural_roof_letter'] } });
  expect(res.statusCode).toBe(201);
  return res.data.id as string;
}
const send = (job: string, who: keyof typeof DEMO, parts: Part[]) => postMultipart(t, `/api/jobs/${job}/messages/files`, parts, { as: DEMO[who] });
const download = (url: string, who: keyof typeof DEMO) => t.request('GET', url, { token: tok[who] });
const expectEnvelope = (res: { statusCode: number; data: unknown }, status: number) => {
  expect(res.statusCode, JSON.stringify(res.data)).toBe(status);
  expect(ZErrorEnvelope.safeParse(res.data).success).toBe(true);
};

describe('message attachments', () => {
  it('posts a message with files in the order sent; everyone in the thread downloads them, others get 404', async () => {
    const job = await newJob();
    const res = await send(job, 'support', [
      { name: 'thread', value: 'client' }, { name: 'body', value: 'The stamped letter and a photo' },
      file('letter.pdf', PDF), file('roof.png', PNG),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.data).toMatchObject({ body: 'The stamped letter and a photo', thread: 'client', author: { id: ids.support, is_staff: true } });
    expect(res.data.attachments).toEqual([
      expect.objectContaining({ name: 'letter.pdf', mime: 'application/pdf', size: PDF.length }),
      expect.objectContaining({ name: 'roof.png', mime: 'image/png', size: PNG.length }),
    ]);

    // The thread answers the files with the message.
    const seen = await t.request('GET', `/api/jobs/${job}/messages?thread=client`, { token: tok.acmeOwner });
    expect(seen.data.messages.at(-1).attachments.map((a: { name: string }) => a.name)).toEqual(['letter.pdf', 'roof.png']);

    const url = res.data.attachments[0].download_url as string;
    expect(url).toMatch(/^\/api\/messages\/attachments\/[0-9a-f-]{36}\/download$/);
    for (const who of ['acmeOwner', 'acmeUser', 'admin', 'support'] as const) {
      const dl = await download(url, who);
      expect(dl.statusCode, who).toBe(200);
      expect(dl.headers['content-type']).toBe('application/pdf');
      expect(dl.headers['content-disposition']).toContain('attachment; filename="letter.pdf"');
      expect(dl.rawPayload.equals(PDF)).toBe(true);
    }
    // Another company and a contractor not assigned: 404, like the job.
    expectEnvelope(await download(url, 'brightOwner'), 404);
    expectEnvelope(await download(url, 'contractor'), 404);
    expect((await t.request('GET', url)).statusCode).toBe(401);
    // The notification names the files when the message has no text.
    const bare = await send(job, 'acmeUser', [file('meter.png', PNG)]);
    expect(bare.statusCode, bare.body).toBe(201);
    expect(bare.data.body).toBe('');
    const bell = await t.request('GET', '/api/notifications', { token: tok.support });
    expect(bell.data.items.find((n: { message_id: number }) => n.message_id === bare.data.id).excerpt).toBe('Sent a file: meter.png');
  });

  it('keeps an internal note\'s file from the client (404) and lets the assigned contractor have it', async () => {
    const job = await newJob('Internal attachment job');
    await t.request('POST', `/api/jobs/${job}/submit`, { token: tok.acmeUser, body: {} });
    expect((await t.request('POST', `/api/jobs/${job}/assign`, { token: tok.admin, body: { assignee_id: ids.contractor } })).statusCode).toBe(200);
    const note = await send(job, 'support', [{ name: 'thread', value: 'internal' }, file('calc.pdf', PDF)]);
    expect(note.statusCode, note.body).toBe(201);
    const url = note.data.attachments[0].download_url as string;
    expect((await download(url, 'contractor')).statusCode).toBe(200);
    expect((await download(url, 'admin')).statusCode).toBe(200);
    expectEnvelope(await download(url, 'acmeOwner'), 404);
    expectEnvelope(await download(url, 'acmeUser'), 404);
    // A client cannot post into the internal thread either.
    expectEnvelope(await send(job, 'acmeUser', [{ name: 'thread', value: 'internal' }, file('x.pdf', PDF)]), 404);
    // The contractor out of the client thread cannot post files there until staff let them in.
    expectEnvelope(await send(job, 'contractor', [{ name: 'thread', value: 'client' }, file('x.pdf', PDF)]), 404);
  });

  it('refuses bad uploads with a clear 4xx and stores nothing', async () => {
    const job = await newJob('Bad attachment job');
    const count = async () => Number((await t.database.query<{ n: number }>('select count(*)::int as n from message_attachments where job_id = $1', [job]))[0]!.n);
    const before = (await t.request('GET', `/api/jobs/${job}/messages`, { token: tok.acmeUser })).data.messages.length;

    const exe = await send(job, 'acmeUser', [file('setup.exe', EXE)]);
    expectEnvelope(exe, 415);
    expect(exe.data.message).toContain('program');
    const disguised = await send(job, 'acmeUser', [file('photo.png', PDF)]);
    expectEnvelope(disguised, 415);
    // A good file beside a bad one: refused whole.
    expectEnvelope(await send(job, 'acmeUser', [file('ok.pdf', PDF), file('bad.exe', EXE)]), 415);
    expectEnvelope(await send(job, 'acmeUser', [{ name: 'body', value: 'no files' }]), 400);
    expectEnvelope(await send(job, 'acmeUser', [{ name: 'thread', value: 'everyone' }, file('ok.pdf', PDF)]), 400);
    expectEnvelope(await send(job, 'acmeUser', [{ name: 'body', value: 'x'.repeat(5001) }, file('ok.pdf', PDF)]), 400);
    expectEnvelope(await send(job, 'acmeUser', [{ name: 'body', value: 'nul\u0000' }, file('ok.pdf', PDF)]), 400);
    expectEnvelope(await send(job, 'acmeUser', Array.from({ length: 11 }, (_, i) => file(`f${i}.pdf`, PDF))), 400);
    // JSON instead of multipart.
    const json = await t.request('POST', `/api/jobs/${job}/messages/files`, { token: tok.acmeUser, body: { body: 'hi' } });
    expect([400, 415]).toContain(json.statusCode);
    expect(ZErrorEnvelope.safeParse(json.data).success).toBe(true);
    // Jobs that are not there or not the caller's: 404 before the body is read.
    expectEnvelope(await send('not-a-uuid', 'acmeUser', [file('ok.pdf', PDF)]), 404);
    expectEnvelope(await send(job, 'brightOwner', [file('ok.pdf', PDF)]), 404);
    // A closed conversation takes no files.
    await t.request('PATCH', `/api/jobs/${job}/conversation`, { token: tok.support, body: { status: 'closed' } });
    expectEnvelope(await send(job, 'acmeUser', [file('ok.pdf', PDF)]), 409);

    expect(await count()).toBe(0);
    expect((await t.request('GET', `/api/jobs/${job}/messages`, { token: tok.acmeUser })).data.messages.length).toBe(before);
    // Bad download ids: 404, never 500.
    for (const id of ['nope', '00000000-0000-4000-8000-000000000000', '%27%3B--']) {
      expectEnvelope(await download(`/api/messages/attachments/${id}/download`, 'admin'), 404);
    }
  });

  it('stores a hostile file name and body as text and serves the name safely', async () => {
    const job = await newJob('XSS attachment job');
    const name = '<img src=x onerror=alert(1)>.pdf';
    const res = await send(job, 'acmeUser', [{ name: 'body', value: '<script>alert(1)</script>' }, file(name, PDF)]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.data.body).toBe('<script>alert(1)</script>');
    // Stored as written; the web renders it as text.
    expect(res.data.attachments[0].name).toBe('<img src=x onerror=alert(1)>.pdf');
    const dl = await download(res.data.attachments[0].download_url, 'support');
    expect(dl.statusCode).toBe(200);
    // Served as a download with its sniffed type, never as HTML.
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['content-disposition']).toMatch(/^attachment; filename="<img src=x onerror=alert\(1\)>\.pdf"; filename\*=UTF-8''/);
  });
});
