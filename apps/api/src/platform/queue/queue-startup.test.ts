import crypto from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.ts';
import { Queue, backstopOf } from './queue.ts';
import { JOB_NAMES } from './queue.registry.ts';

/**
 * Processes rolled out together on a new PostgreSQL database (two APIs and two workers, as the
 * scale-out rehearsal starts them): each migrates the database and starts the queue at the same
 * moment. Before the start-up lock, concurrent `CREATE SCHEMA pgboss` failed with a duplicate key
 * and concurrent queue creation deadlocked (3 of 4 processes failed to start, in 5 of 5 tries), and
 * the process exited. PostgreSQL only: an embedded PGlite directory has one process.
 */
const quiet = { error: () => {}, warn: () => {} };
const onPostgres = process.env.SUNSTAMP_TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await c.connect();
  try { await c.query(sql); } finally { await c.end(); }
}

describe('start-up of several processes on a new database', () => {
  it.runIf(onPostgres)('four processes migrate and start the queue at once, and every one starts', { timeout: 180_000 }, async () => {
    for (let round = 0; round < 2; round++) {
      const name = `sunstamp_startup_${crypto.randomBytes(5).toString('hex')}`;
      await admin(`create database ${name}`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      const opened: Database[] = [];
      const queues: Queue[] = [];
      try {
        const databases = await Promise.allSettled([0, 1, 2, 3].map(() => openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 3 })));
        for (const d of databases) if (d.status === 'fulfilled') opened.push(d.value);
        expect(databases.map((d) => (d.status === 'rejected' ? String(d.reason) : 'migrated'))).toEqual(['migrated', 'migrated', 'migrated', 'migrated']);
        queues.push(...opened.map((d) => new Queue(d, { pollSeconds: 1, maintenanceSeconds: 60 }, quiet)));
        const started = await Promise.allSettled(queues.map((q) => q.start()));
        expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'started'))).toEqual(['started', 'started', 'started', 'started']);
        const made = await opened[0]!.query<{ name: string }>('select name from pgboss.queue order by name');
        expect(made.map((q) => q.name)).toEqual([...JOB_NAMES].sort());
        // Each process sends through the queue the others created.
        for (const q of queues) expect(await q.send('mail-send', { to: 'a@b.test', subject: 'hi', text: 'x' })).toMatch(/^[0-9a-f-]{36}$/);
        expect((await opened[0]!.query<{ n: number }>('select count(*)::int as n from pgboss.job where name = $1', ['mail-send']))[0]!.n).toBe(4);
      } finally {
        await Promise.allSettled(queues.map((q) => q.stop()));
        await Promise.allSettled(opened.map((d) => d.close()));
        await admin(`drop database if exists ${name} with (force)`);
      }
    }
  });
});

describe('the queues\' settings at a restart', () => {
  it('writes nothing when they are unchanged, and updates what a new release changed', { timeout: 120_000 }, async () => {
    const { openTestDatabase } = await import('../../test/test-database.ts');
    const { database, drop } = await openTestDatabase('migrated');
    const stored = async () => Object.fromEntries((await database.query<{ name: string; updated_on: string; expire_seconds: number }>(
      'select name, updated_on::text, expire_seconds from pgboss.queue order by name')).map((q) => [q.name, q]));
    try {
      const first = new Queue(database, { pollSeconds: 1, maintenanceSeconds: 60 }, quiet);
      await first.start();
      await first.stop();
      const made = await stored();
      expect(Object.keys(made).sort()).toEqual([...JOB_NAMES].sort());

      const same = new Queue(database, { pollSeconds: 1, maintenanceSeconds: 60 }, quiet);
      await same.start();
      await same.stop();
      expect(await stored()).toEqual(made);

      const shorter = new Queue(database, { pollSeconds: 1, maintenanceSeconds: 60, expireSeconds: 7 }, quiet);
      await shorter.start();
      await shorter.stop();
      const after = await stored();
      for (const name of JOB_NAMES) {
        // pg-boss is given the backstop of the 7 s limit (queue.ts backstopOf): 67 s.
        expect(after[name]!.expire_seconds).toBe(backstopOf(7));
        expect(backstopOf(7)).toBe(67);
        expect(after[name]!.updated_on).not.toBe(made[name]!.updated_on);
      }
    } finally {
      await database.close();
      await drop();
    }
  });
});
