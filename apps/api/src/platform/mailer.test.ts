import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createMailer } from './mailer.ts';
import { readOutbox } from '../test/test-app.ts';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink.ts';

type Got = { from: string; to: string[]; data: string; user?: string };

describe('mailer over SMTP (a real SMTP server in the test)', () => {
  const got: Got[] = [];
  let smtp: SmtpSink;
  let port: number;
  beforeAll(async () => {
    smtp = await startSmtpSink({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      onAuth(auth, _session, cb) {
        if (auth.username === 'mailer' && auth.password === 's3cret') return cb(null, { user: auth.username });
        cb(new Error('Invalid username or password'));
      },
      deliver: (data, session) =>
        got.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
          user: session.user as string | undefined,
        }),
    });
    port = smtp.port;
  });
  afterAll(async () => {
    await smtp?.close();
    expect(smtp?.errors ?? []).toEqual([]);
  });

  it('authenticates and delivers the message', async () => {
    const m = createMailer({ smtpUrl: `smtp://mailer:s3cret@127.0.0.1:${port}`, from: 'Sunstamp <no-reply@sunstamp.test>' });
    await m.send({ to: 'client@acme-solar.test', subject: 'Reset your Sunstamp password', text: 'Open http://x.test/password-reset/a/b' });
    m.close();
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ from: 'no-reply@sunstamp.test', to: ['client@acme-solar.test'], user: 'mailer' });
    expect(got[0]!.data).toMatch(/Subject: Reset your Sunstamp password/);
    expect(got[0]!.data).toMatch(/password-reset\/a\/b/);
  });
  it('fails loudly on bad credentials', async () => {
    const m = createMailer({ smtpUrl: `smtp://mailer:wrong@127.0.0.1:${port}`, from: 'no-reply@sunstamp.test' });
    await expect(m.send({ to: 'a@b.test', subject: 's', text: 't' })).rejects.toThrow();
    m.close();
  });
});

describe('mailer without SMTP_URL', () => {
  it('writes each message to the outbox folder as an .eml file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    const logged: unknown[] = [];
    const m = createMailer({ outboxDir: dir, from: 'no-reply@sunstamp.test', log: { info: (o) => logged.push(o) } });
    await m.send({ to: 'a@b.test', subject: 'Hello', text: 'Go to http://localhost:3000/verify-email/abc' });
    const mails = readOutbox(dir);
    expect(mails).toHaveLength(1);
    expect(fs.readdirSync(dir)[0]).toMatch(/\.eml$/);
    expect(mails[0]).toMatchObject({ to: 'a@b.test', subject: 'Hello' });
    expect(logged[0]).toMatchObject({ links: ['http://localhost:3000/verify-email/abc'] });
    fs.rmSync(dir, { recursive: true });
  });
});
