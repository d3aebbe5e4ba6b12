import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementCounter } from './statement-counter.ts';

/**
 * The counter the statement-count tests rely on, on PostgreSQL: a pool query counts for the call
 * that asked for it even when the pool hands it a connection later, from the context of whoever
 * released one (every connection busy: the queue's workers polling at once). It used to count at
 * the client only, and a post was once counted as one statement instead of two (seed 909).
 */
const url = process.env.TEST_DATABASE_URL;
const onPostgres = !!url && process.env.SUNSTAMP_TEST_DB === 'postgres';
const counter = statementCounter();
let pool: pg.Pool;

beforeAll(() => {
  counter.install();
  if (onPostgres) pool = new pg.Pool({ connectionString: url, max: 1 });
});
afterAll(async () => {
  counter.uninstall();
  await pool?.end();
});

describe.skipIf(!onPostgres)('statementCounter on PostgreSQL', () => {
  it('counts a pool query that waited for a busy pool\'s only connection, once', async () => {
    const busy = await pool.connect();
    let release!: () => void;
    const released = new Promise<void>((r) => { release = r; });
    // Released outside the measured call, as another request's query would.
    void released.then(() => busy.release());
    const sent = await counter.counted(async () => {
      const answer = pool.query('select 1 as one');
      setTimeout(release, 20);
      expect((await answer).rows).toEqual([{ one: 1 }]);
    });
    expect(sent).toEqual(['select 1 as one']);
  });

  it('counts a transaction\'s statements on its checked-out client, and a named query once', async () => {
    const sent = await counter.counted(async () => {
      const c = await pool.connect();
      try {
        await c.query('begin');
        await c.query('select 2');
        await c.query('commit');
      } finally { c.release(); }
      await pool.query({ name: 'counter_named', text: 'select $1::int as n', values: [3] });
    });
    expect(sent).toEqual(['begin', 'select 2', 'commit', 'select $1::int as n']);
  });
});
