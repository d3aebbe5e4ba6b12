import type { TestApp } from './test-app.ts';

/**
 * Notification mail is gathered per person and job for a window (`notificationMailBatchSeconds`)
 * and sent by a delayed `notification-mail` job. Tests that read the mail give the window an hour
 * and end it themselves here, so what a batch gathers never depends on the machine's speed (a burst
 * of three messages once took longer than a one-second window on a slow machine and split in two).
 */
export const TEST_MAIL_BATCH_SECONDS = 3600;

/**
 * Ends the open batch window of every notification-mail job about the job (they become due now),
 * waits until each has run (other tests' jobs may be ahead in the queue), then for what they sent.
 */
export async function releaseMailBatches(t: TestApp, jobId: string, ms = 20_000) {
  const where = "name = 'notification-mail' and data->>'jobId' = $1";
  await t.database.query(`update pgboss.job set start_after = now() where ${where} and state = 'created'`, [jobId]);
  const end = Date.now() + ms;
  for (;;) {
    const [r] = await t.database.query<{ n: string }>(
      `select count(*)::text as n from pgboss.job where ${where} and state in ('created', 'retry', 'active')`, [jobId],
    );
    if (r?.n === '0') break;
    if (Date.now() > end) throw new Error(`notification-mail jobs of ${jobId} still pending`);
    await new Promise((res) => setTimeout(res, 200));
  }
  await t.ctx.queue.drain();
}
