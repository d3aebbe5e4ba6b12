import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { Queue } from './queue.ts';

/**
 * WORKER_CONCURRENCY on the real pg-boss queue (in-memory PGlite, or PostgreSQL in the api-postgres
 * project): a process works that many runs at once, and other jobs one at a time. The handlers
 * below hold each job until the test lets it go, so "at once" is counted, not timed.
 */
const quiet = { error: () => {}, warn: () => {} };
let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => {
  await drop?.();
});

async function until(check: () => boolean, ms: number) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A handler that records how many of its jobs run at once and holds each until released. */
function gate() {
  let running = 0;
  const s = { peak: 0, done: 0, waiting: [] as (() => void)[] };
  const handler = async () => {
    running++;
    s.peak = Math.max(s.peak, running);
    await new Promise<void>((r) => s.waiting.push(r));
    running--;
    s.done++;
  };
  const releaseAll = () => { for (const r of s.waiting.splice(0)) r(); };
  return { s, handler, releaseAll };
}

describe('WORKER_CONCURRENCY', () => {
  it('works up to `concurrency` plan-set runs at once, never more, and all of them in the end', async () => {
    const queue = new Queue(database, { pollSeconds: 0.5, maintenanceSeconds: 60, concurrency: 3, trackSent: true }, quiet);
    await queue.start();
    const runs = gate();
    try {
      await queue.work({ 'cad-generate': runs.handler });
      for (let i = 0; i < 7; i++) await queue.send('cad-generate', { runId: crypto.randomUUID() });
      await until(() => runs.s.waiting.length === 3, 20_000);
      // Three held: a fourth must not start while they are.
      await new Promise((r) => setTimeout(r, 1_500));
      expect(runs.s.peak).toBe(3);
      while (runs.s.done < 7) {
        runs.releaseAll();
        await new Promise((r) => setTimeout(r, 25));
      }
      await queue.drain(20_000);
      expect(runs.s.peak).toBe(3);
      expect(runs.s.done).toBe(7);
    } finally {
      runs.releaseAll();
      await queue.stop();
    }
  });

  it('works other jobs (overdue notices) one at a time whatever the concurrency', async () => {
    const queue = new Queue(database, { pollSeconds: 0.5, maintenanceSeconds: 60, concurrency: 4, trackSent: true }, quiet);
    await queue.start();
    const notices = gate();
    try {
      await queue.work({ 'job-overdue-notice': notices.handler });
      for (let i = 0; i < 3; i++) await queue.send('job-overdue-notice', { jobId: crypto.randomUUID(), overdueAt: new Date().toISOString() });
      await until(() => notices.s.waiting.length === 1, 20_000);
      await new Promise((r) => setTimeout(r, 1_500));
      expect(notices.s.peak).toBe(1);
      while (notices.s.done < 3) {
        notices.releaseAll();
        await new Promise((r) => setTimeout(r, 25));
      }
      await queue.drain(20_000);
      expect(notices.s.peak).toBe(1);
    } finally {
      notices.releaseAll();
      await queue.stop();
    }
  });
});
