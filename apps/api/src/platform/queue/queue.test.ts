import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';
import { createMailer } from '../mailer.ts';
import { Queue } from './queue.ts';

/**
 * The pg-boss queue on the test database (in-memory PGlite, or PostgreSQL in the api-postgres
 * project), with a real SMTP server that refuses the first two deliveries.
 */
const quiet = { error: () => {}, warn: () => {} };
let database: Database;
let drop: () => Promise<void>;
let smtp: SmtpSink;
let port: number;
let refuse = 0;
let attempts = 0;
const delivered: string[] = [];

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  smtp = await startSmtpSink({
    onMailFrom(_address, _session, cb) {
      attempts++;
      if (refuse > 0) {
        refuse--;
        return cb(Object.assign(new Error('Try again later'), { responseCode: 451 }));
      }
      cb();
    },
    deliver: (data) => delivered.push(data),
  });
  port = smtp.port;
});
afterAll(async () => {
  await smtp?.close();
  await drop?.();
  expect(smtp?.errors ?? []).toEqual([]);
});

async function until(check: () => boolean | Promise<boolean>, ms: number) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('durable queue (pg-boss 10.4.2)', () => {
  it('refuses a payload its schema refuses, and a send pg-boss drops (no such queue) is an error, not a lost job', async () => {
    // A database of its own: pg-boss deletes only a queue that holds no job, and the other tests here leave jobs in theirs.
    const { database: own, drop: dropOwn } = await openTestDatabase();
    const queue = new Queue(own, { pollSeconds: 0.5, maintenanceSeconds: 60 }, quiet);
    await queue.start();
    try {
      await expect(queue.send('mail-send', { to: 'x', subject: 's', text: 't' })).rejects.toThrow();
      // pg-boss answers null for a queue that does not exist; delete ours to see it.
      await (queue as unknown as { boss: { deleteQueue(n: string): Promise<void> } }).boss.deleteQueue('mail-send');
      await expect(queue.send('mail-send', { to: 'a@b.test', subject: 's', text: 't' })).rejects.toThrow(/refused/);
      // Created again at the next start.
      await queue.stop();
      await queue.start();
      await expect(queue.send('mail-send', { to: 'a@b.test', subject: 's', text: 't' })).resolves.toMatch(/[0-9a-f-]{36}/);
    } finally {
      await queue.stop();
      await own.close().catch(() => {});
      await dropOwn();
    }
  });

  it('retries a mail the SMTP server refused twice and delivers it on the third try; the send itself never waits', async () => {
    const queue = new Queue(database, { pollSeconds: 0.5, maintenanceSeconds: 60, retryDelaySeconds: 1 }, quiet);
    await queue.start();
    const transport = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'no-reply@sunstamp.test' });
    try {
      await queue.work({ 'mail-send': (mail) => transport.send(mail) });
      refuse = 2;
      attempts = 0;
      const id = await queue.send('mail-send', { to: 'client@acme-solar.test', subject: 'Third time lucky', text: 'Hello' });
      // Stored, not sent: the caller (a request) does not wait on SMTP. Delivery takes three attempts
      // a second apart, so a send that waited for it would find it delivered here.
      expect(delivered.some((d) => d.includes('Third time lucky'))).toBe(false);
      await until(() => delivered.some((d) => d.includes('Third time lucky')), 20_000);
      expect(attempts).toBe(3);
      expect(delivered.filter((d) => d.includes('Third time lucky'))).toHaveLength(1);
      await until(async () => (await queue.stateOf('mail-send', id)) === 'completed', 5_000);
    } finally {
      await queue.stop();
      transport.close();
    }
  });

  it('tells a handler that overran its time limit to stop (its signal aborts at the limit)', async () => {
    const queue = new Queue(database, { pollSeconds: 0.5, maintenanceSeconds: 60, expireSeconds: 1 }, quiet);
    await queue.start();
    const seen: { retry: number; last: boolean; aborted: boolean; ms: number }[] = [];
    try {
      await queue.work({
        'mail-send': async (_mail, job) => {
          const t0 = Date.now();
          if (job.retryCount === 0) {
            await new Promise<void>((r) => job.signal.addEventListener('abort', () => r(), { once: true }));
          }
          seen.push({ retry: job.retryCount, last: job.lastAttempt, aborted: job.signal.aborted, ms: Date.now() - t0 });
        },
      });
      await queue.send('mail-send', { to: 'slow@b.test', subject: 'slow', text: 't' });
      await until(() => seen.length >= 1, 10_000);
      // A mail has twelve retries: its first attempt is not the last.
      expect(seen[0]).toMatchObject({ retry: 0, last: false, aborted: true });
      expect(seen[0]!.ms).toBeGreaterThanOrEqual(900);
    } finally {
      await queue.stop();
    }
  });
  it('a handler that finishes after its time limit is done once: pg-boss does not retry it beside the late attempt', async () => {
    // A mail accepted by the SMTP server just after the limit (a loaded machine) was once sent twice:
    // pg-boss failed the attempt at the limit and a worker took the retry while the first went on.
    const queue = new Queue(database, { pollSeconds: 0.5, maintenanceSeconds: 1, expireSeconds: 2, retryDelaySeconds: 0 }, quiet);
    await queue.start();
    let attempts = 0;
    let done = 0;
    try {
      await queue.work({
        'mail-send': async (_mail, job) => {
          attempts++;
          // Ignores its signal for a moment past the limit, then succeeds.
          await new Promise<void>((r) => job.signal.addEventListener('abort', () => r(), { once: true }));
          await new Promise((r) => setTimeout(r, 300));
          done++;
        },
      });
      const id = await queue.send('mail-send', { to: 'late@b.test', subject: 'late but done', text: 't' });
      await until(async () => (await queue.stateOf('mail-send', id)) === 'completed', 30_000);
      // Time for a retry to be taken (polled every 0.5 s, retried at once) had one been made.
      await new Promise((r) => setTimeout(r, 2_000));
      expect({ attempts, done }).toEqual({ attempts: 1, done: 1 });
    } finally {
      await queue.stop();
    }
  });
  it('a handler that outlives stop() writes nothing to the closed database afterwards (no unhandled rejection)', async () => {
    const { database: own, drop: dropOwn } = await openTestDatabase();
    const queue = new Queue(own, { pollSeconds: 0.5, maintenanceSeconds: 60 }, quiet);
    const rejections: unknown[] = [];
    const onRejection = (err: unknown) => rejections.push(err);
    process.on('unhandledRejection', onRejection);
    let started = false;
    let finished = false;
    try {
      await queue.start();
      await queue.work({
        'mail-send': async () => {
          started = true;
          // longer than stop()'s 5 s graceful wait
          await new Promise((r) => setTimeout(r, 6_500));
          finished = true;
        },
      });
      await queue.send('mail-send', { to: 'late@b.test', subject: 'late', text: 't' });
      await until(() => started, 10_000);
      await queue.stop();
      await dropOwn();
      // pg-boss completes or fails the job when the handler ends: after the pool has closed
      await until(() => finished, 10_000);
      await new Promise((r) => setTimeout(r, 500));
      expect(rejections.map(String)).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  }, 30_000);
});
