import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZErrorEnvelope } from '@sunstamp/domain/contracts/common';
import { createMailer } from '../../platform/mailer.ts';
import { releaseMailBatches, TEST_MAIL_BATCH_SECONDS } from '../../test/mail-batches.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { file, PDF, postMultipart } from '../../test/upload-fixtures.ts';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';
import { notifyGenerationEvent, sendOverdueNotice } from './notifications.service.ts';

/*
 * Notification mail through a real SMTP server (as in platform/mailer.test.ts) with its one-click
 * unsubscribe, and the job notices beyond messages: overdue, generation results, deliverables.
 */

type Got = { to: string[]; data: string };
const got: Got[] = [];
let smtp: SmtpSink;
let t: TestApp;
let ids: Record<keyof typeof DEMO, string>;

beforeAll(async () => {
  smtp = await startSmtpSink({ deliver: (data, session) => got.push({ to: session.envelope.rcptTo.map((r) => r.address), data }) });
  const { port } = smtp;
  t = await createTestApp({
    config: { notificationMailBatchSeconds: TEST_MAIL_BATCH_SECONDS },
    deps: { mailTransport: createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Sunstamp <no-reply@sunstamp.test>' }) },
  });
  ids = {} as typeof ids;
  for (const [k, email] of Object.entries(DEMO) as [keyof typeof DEMO, string][]) {
    ids[k] = (await t.database.query<{ id: string }>('select id from users where email = $1', [email]))[0]!.id;
  }
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  expect(smtp?.errors ?? []).toEqual([]);
});

const as = async (who: keyof typeof DEMO, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  t.request(method, url, { token: await t.tokenOf(DEMO[who]), body });
const expectEnvelope = (res: { statusCode: number; data: unknown }, status: number) => {
  expect(res.statusCode, JSON.stringify(res.data)).toBe(status);
  expect(ZErrorEnvelope.safeParse(res.data).success).toBe(true);
};
async function newJob(name: string) {
  const res = await as('acmeUser', 'PUT', '/api/jobs', { name, client_street_address: '2 Oak St', services_requested: ['structural_roof_letter'] });
  expect(res.statusCode).toBe(201);
  expect((await as('acmeUser', 'POST', `/api/jobs/${res.data.id}/submit`, {})).statusCode).toBe(200);
  return res.data.id as string;
}
/** A header of a received mail, unfolded. */
const header = (data: string, name: string) => {
  const head = data.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1]?.trim() ?? null;
};
const bodyOf = (data: string) => data.split(/\r?\n\r?\n/).slice(1).join('\n\n').replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
const mailsFor = (email: string, from: number, subject: string) =>
  got.slice(from).filter((m) => m.to.includes(email) && (header(m.data, 'Subject') ?? '').includes(subject));
const me = async (who: keyof typeof DEMO) => (await as(who, 'GET', '/api/users/me')).data.user ?? (await as(who, 'GET', '/api/users/me')).data;

describe('one-click unsubscribe (RFC 8058)', () => {
  it('carries List-Unsubscribe and List-Unsubscribe-Post; a POST to it without sign-in or CSRF switches that mail off', async () => {
    const job = await newJob('Unsubscribe job');
    await releaseMailBatches(t, job);
    const start = got.length;
    expect((await as('support', 'POST', `/api/jobs/${job}/messages`, { body: 'Can you send the roof photos?' })).statusCode).toBe(201);
    await releaseMailBatches(t, job);
    const [mail] = mailsFor(DEMO.acmeUser, start, 'Unsubscribe job');
    expect(mail, 'a mail to the client over SMTP').toBeTruthy();
    expect(header(mail!.data, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const link = /^<(https?:\/\/[^>]+)>$/.exec(header(mail!.data, 'List-Unsubscribe') ?? '')?.[1];
    expect(link).toMatch(/^http:\/\/sunstamp\.test\/api\/notifications\/unsubscribe\?token=/);
    const text = bodyOf(mail!.data);
    expect(text).toMatch(/Stop message notifications by mail: http:\/\/sunstamp\.test\/unsubscribe\?token=\S+/);

    // The page first asks: GET changes nothing.
    const url = link!.replace('http://sunstamp.test', '');
    const look = await t.app.inject({ method: 'GET', url });
    expect(look.statusCode, look.body).toBe(200);
    expect(look.json()).toMatchObject({ kinds: ['message'], switched_off: false });
    expect(look.json().email).toMatch(/^i•+@acme-solar\.test$/);
    expect((await me('acmeUser')).messageNotificationsEnabled).toBe(true);

    // What a mail client sends: form-encoded, no cookie, no token, no CSRF header.
    const one = await t.app.inject({
      method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click',
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ kinds: ['message'], switched_off: true });
    expect((await me('acmeUser')).messageNotificationsEnabled).toBe(false);
    expect((await me('acmeUser')).jobNotificationsEnabled).toBe(true);
    // Twice is the same.
    expect((await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' })).statusCode).toBe(200);

    // From now on the client gets no message mail; the owner still does.
    const next = got.length;
    expect((await as('support', 'POST', `/api/jobs/${job}/messages`, { body: 'And the attic?' })).statusCode).toBe(201);
    await releaseMailBatches(t, job);
    expect(mailsFor(DEMO.acmeUser, next, 'Unsubscribe job')).toEqual([]);
    expect(mailsFor(DEMO.acmeOwner, next, 'Unsubscribe job')).toHaveLength(1);
    await as('acmeUser', 'PUT', '/api/users/me', { messageNotificationsEnabled: true });
  }, 40_000);

  it('a job-event mail\'s link switches job notifications only; a page POST with JSON or no body works too', async () => {
    const token = t.ctx.signer.signUnsubscribe(ids.acmeOwner, ['job']);
    const url = `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
    const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kinds: ['job'], switched_off: true });
    expect((await me('acmeOwner')).jobNotificationsEnabled).toBe(false);
    expect((await me('acmeOwner')).messageNotificationsEnabled).toBe(true);
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(200);
    await as('acmeOwner', 'PUT', '/api/users/me', { jobNotificationsEnabled: true });
  });

  it('refuses missing, forged, altered and foreign tokens with 400 in the envelope, changing nothing', async () => {
    const good = t.ctx.signer.signUnsubscribe(ids.acmeUser, ['message', 'job']);
    const [uid, kinds, mac] = good.split('.');
    const bad = [
      '', 'x', 'a.b.c', `${uid}.${kinds}`, `${uid}.${kinds}.${mac}.extra`, `${uid}.mj.${'A'.repeat(mac!.length)}`,
      `${ids.acmeOwner}.${kinds}.${mac}`, `${uid}.j.${mac}`, `${uid}.x.${mac}`, 'y'.repeat(201), '<script>alert(1)</script>',
      t.ctx.signer.signUnsubscribe('00000000-0000-4000-8000-000000000000', ['job']),
    ];
    for (const token of bad) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await t.app.inject({ method, url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}` });
        expect(res.statusCode, `${method} ${token.slice(0, 30)}`).toBe(400);
        expect(ZErrorEnvelope.safeParse(res.json()).success).toBe(true);
      }
    }
    expectEnvelope(await as('acmeUser', 'GET', '/api/notifications/unsubscribe'), 400);
    const user = await me('acmeUser');
    expect([user.messageNotificationsEnabled, user.jobNotificationsEnabled]).toEqual([true, true]);
  });
});

describe('job notices beyond messages', () => {
  it('overdue: queued for the instant the job turns overdue, told to staff once, and not if the job moved on', async () => {
    const job = await newJob('Overdue job');
    const [queued] = await t.database.query<{ data: { jobId: string; overdueAt: string }; start_after: Date }>(
      "select data, start_after from pgboss.job where name = 'job-overdue-notice' and data->>'jobId' = $1", [job],
    );
    expect(queued, 'a delayed overdue notice').toBeTruthy();
    const overdueAt = new Date(queued!.data.overdueAt);
    expect(overdueAt.getTime() - t.clock.now().getTime()).toBe(8 * 3_600_000);

    // Too early: nothing.
    await sendOverdueNotice(t.ctx, queued!.data);
    const staffNotes = async (who: keyof typeof DEMO) =>
      ((await as(who, 'GET', '/api/notifications')).data.items as { job_id: string; type: string; excerpt: string; actor_name: string }[])
        .filter((n) => n.job_id === job && n.type === 'job_overdue');
    expect(await staffNotes('support')).toEqual([]);

    t.clock.advance(8 * 3_600_000 + 60_000);
    await sendOverdueNotice(t.ctx, queued!.data);
    await sendOverdueNotice(t.ctx, queued!.data);
    for (const who of ['support', 'admin'] as const) {
      expect(await staffNotes(who), who).toEqual([expect.objectContaining({ excerpt: 'Overdue', actor_name: 'Sunstamp' })]);
    }
    expect(await staffNotes('acmeUser')).toEqual([]);
    // A notice for an instant the job no longer has (it moved since) does nothing.
    await sendOverdueNotice(t.ctx, { jobId: job, overdueAt: new Date(overdueAt.getTime() + 1000).toISOString() });
    expect(await staffNotes('support')).toHaveLength(1);
  });

  it('generation: steps are live only, results reach staff working on the job with the spec\'s labels', async () => {
    const job = await newJob('Generation job');
    expect((await as('admin', 'POST', `/api/jobs/${job}/assign`, { assignee_id: ids.support })).statusCode).toBe(200);
    await notifyGenerationEvent(t.ctx, { jobId: job, event: 'cad_generation_initiated' });
    const notes = async (who: keyof typeof DEMO) =>
      ((await as(who, 'GET', '/api/notifications')).data.items as { job_id: string; type: string; excerpt: string }[]).filter((n) => n.job_id === job && n.type === 'generation');
    expect(await notes('support')).toEqual([]);
    await notifyGenerationEvent(t.ctx, { jobId: job, event: 'cad_generation_failed' });
    await notifyGenerationEvent(t.ctx, { jobId: job, event: 'calculations_passed' });
    expect((await notes('support')).map((n) => n.excerpt)).toEqual(['Calculations Complete', 'Generation Failed']);
    // The assignee only; the client never.
    expect(await notes('admin')).toEqual([]);
    expect(await notes('acmeUser')).toEqual([]);
  });

  it('deliverables: a letter or finished file from staff tells the company; other uploads do not', async () => {
    const job = await newJob('Deliverables job');
    const notes = async (who: keyof typeof DEMO) =>
      ((await as(who, 'GET', '/api/notifications')).data.items as { job_id: string; type: string; excerpt: string }[]).filter((n) => n.job_id === job && n.type === 'deliverables_released');
    const internal = await postMultipart(t, `/api/jobs/${job}/files`, [{ name: 'kind', value: 'internal' }, file('notes.pdf', PDF)], { as: DEMO.support });
    expect(internal.statusCode, internal.body).toBe(201);
    const own = await postMultipart(t, `/api/jobs/${job}/files`, [file('site.pdf', PDF)], { as: DEMO.acmeUser });
    expect(own.statusCode, own.body).toBe(201);
    expect(await notes('acmeUser')).toEqual([]);
    const letter = await postMultipart(t, `/api/jobs/${job}/files`, [{ name: 'kind', value: 'letter' }, file('roof-letter.pdf', PDF)], { as: DEMO.support });
    expect(letter.statusCode, letter.body).toBe(201);
    for (const who of ['acmeUser', 'acmeOwner'] as const) {
      expect(await notes(who), who).toEqual([expect.objectContaining({ excerpt: 'Deliverables released: roof-letter.pdf' })]);
    }
    expect(await notes('support')).toEqual([]);
    expect(await notes('brightOwner')).toEqual([]);
  });
});
