import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../platform/mailer.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

/*
 * The tests' SMTP server: it receives what the product's mailer sends, and a client that resets its
 * connection inside a mail transaction (what a killed worker does) is not an uncaught exception.
 */
let smtp: SmtpSink;
const got: { to: string[]; data: string }[] = [];
beforeAll(async () => {
  smtp = await startSmtpSink({ deliver: (data, session) => got.push({ to: session.envelope.rcptTo.map((r) => r.address), data }) });
});
afterAll(async () => {
  await smtp.close();
});

/** Sends one SMTP command and waits for the server's reply line. */
function command(socket: net.Socket, line: string) {
  return new Promise<string>((resolve) => {
    socket.once('data', (d: Buffer) => resolve(d.toString('utf8')));
    socket.write(`${line}\r\n`);
  });
}

describe('SMTP sink', () => {
  it('hands each message to deliver, with its envelope', async () => {
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'Sunstamp <no-reply@sunstamp.test>' });
    await mailer.send({ to: 'owner@acme-solar.test', subject: 'Plan set ready', text: 'Your plan set is ready.' });
    mailer.close();
    const last = got.at(-1);
    expect(last?.to).toEqual(['owner@acme-solar.test']);
    expect(last?.data).toMatch(/Subject: Plan set ready/);
  });

  it('lets a connection reset inside a mail transaction pass, keeping no error', async () => {
    const before = got.length;
    const socket = net.connect(smtp.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('data', () => resolve()));
    expect(await command(socket, 'EHLO killed-worker.test')).toMatch(/^250/);
    expect(await command(socket, 'MAIL FROM:<no-reply@sunstamp.test>')).toMatch(/^250/);
    expect(await command(socket, 'RCPT TO:<owner@acme-solar.test>')).toMatch(/^250/);
    expect(await command(socket, 'DATA')).toMatch(/^354/);
    socket.write('Subject: half a message\r\n\r\nThe worker dies he');
    // Let the server read the partial message first: a reset sent at once after it was not reported as an error here.
    await new Promise((resolve) => setTimeout(resolve, 50));
    // A TCP reset, as the kernel sends for a process killed with its connection open.
    socket.resetAndDestroy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.errors).toEqual([]);
    // Half a message is no message.
    expect(got).toHaveLength(before);
  });
});
