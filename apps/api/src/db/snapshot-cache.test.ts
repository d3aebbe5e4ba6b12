import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { SNAPSHOT_COLUMN, SnapshotCache } from './snapshot-cache.ts';
import { openTestDatabase } from '../test/test-database.ts';

/*
 * The snapshot-keyed cache on the project's engine (PGlite, or PostgreSQL with SUNSTAMP_TEST_DB):
 * a value is reused while nothing was written, and never after a write, whatever table it touched.
 * Transaction ids are the server's, not the database's: on PostgreSQL the other test files' writes
 * (their own databases, the same server) move every snapshot too, so a hit is only certain on PGlite.
 */
const onPostgres = process.env.SUNSTAMP_TEST_DB === 'postgres';
let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase('migrated'));
  await database.exec('create table cached_things (id int primary key, label text); create table other_things (id int primary key)');
  await database.exec("insert into cached_things values (1, 'one')");
}, 60_000);
afterAll(async () => {
  await database?.close();
  await drop?.();
});

/** What a cached statement does: its rows and the snapshot they were read under, in one statement. */
async function readLabels(): Promise<{ labels: string[]; snapshot: string }> {
  const rows = await database.queryArrays({ text: `select coalesce(json_agg(label order by id), '[]')::text, ${SNAPSHOT_COLUMN} from cached_things`, values: [] });
  return { labels: JSON.parse(rows[0]![0] as string) as string[], snapshot: rows[0]![1] as string };
}

describe('SnapshotCache', () => {
  it.skipIf(onPostgres)('answers a value again while nothing is written, in any table', async () => {
    const cache = new SnapshotCache<string[]>(database, { entries: 10, weight: 100 });
    const first = await readLabels();
    cache.set('labels', first.snapshot, first.labels);
    expect(await cache.get('labels')).toEqual(['one']);
    // Reads do not move the snapshot.
    await database.query('select count(*) from cached_things');
    expect(await cache.get('labels')).toEqual(['one']);
    expect(await cache.get('another key')).toBeUndefined();
  });

  it('never answers a value read before a write, whichever table the write touched', async () => {
    const cache = new SnapshotCache<string[]>(database, { entries: 10, weight: 100 });
    const before = await readLabels();
    cache.set('labels', before.snapshot, before.labels);
    // A table the value was not read from: still a write the snapshot sees.
    await database.query('insert into other_things values ($1)', [Date.now() % 1_000_000]);
    expect(await cache.get('labels')).toBeUndefined();
    expect(cache.size).toBe(0);

    const again = await readLabels();
    cache.set('labels', again.snapshot, again.labels);
    await database.query('update cached_things set label = $1 where id = 1', ['uno']);
    expect(await cache.get('labels')).toBeUndefined();
    expect((await readLabels()).labels).toEqual(['uno']);
    await database.query('update cached_things set label = $1 where id = 1', ['one']);
  });

  it('keeps at most its entries and its weight, dropping the least recently used first', async () => {
    // A database whose snapshot never moves: this is about the bounds alone.
    const still = { queryArrays: async () => [['100:100:']] };
    const cache = new SnapshotCache<number>(still, { entries: 3, weight: 10 });
    const snapshot = '100:100:';
    cache.set('a', snapshot, 1, 2);
    cache.set('b', snapshot, 2, 2);
    cache.set('c', snapshot, 3, 2);
    expect(await cache.get('a')).toBe(1); // a is now the most recent
    cache.set('d', snapshot, 4, 2); // four entries: b goes
    expect(await cache.get('b')).toBeUndefined();
    expect(cache.size).toBe(3);
    cache.set('e', snapshot, 5, 7); // weight 2 + 2 + 2 + 7 > 10: c, then a go
    expect(await cache.get('c')).toBeUndefined();
    expect(await cache.get('a')).toBeUndefined();
    expect([await cache.get('d'), await cache.get('e')]).toEqual([4, 5]);
    cache.set('huge', snapshot, 6, 11); // heavier than the whole cache: not kept, nothing dropped
    expect(await cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(2);
    cache.set('d', '101:101:', 7, 2); // a key set again replaces its entry and its weight
    expect(await cache.get('d')).toBeUndefined(); // read under another snapshot than the current one
    expect(cache.size).toBe(1);
    // Every lookup counted once: answered (a, d, e), entry stale (d), no entry (b, c, a, huge).
    expect(cache.stats).toEqual({ hits: 3, stale: 1, unchecked: 0, absent: 4, joined: 0 });
  });

  it('checks only one lookup in 16 while its entries are nearly always stale, and checks them all again once they hit', async () => {
    let snapshot = 0;
    let moving = true;
    let checks = 0;
    const database = { queryArrays: async () => { checks++; if (moving) snapshot++; return [[`${snapshot}:${snapshot}:`]]; } };
    const cache = new SnapshotCache<number>(database, { entries: 10, weight: 100 });
    // A write between every two reads: each check finds the entry stale.
    const readThrough = async () => {
      const hit = await cache.get('k');
      if (hit === undefined) cache.set('k', `${snapshot}:${snapshot}:`, 1);
      return hit;
    };
    cache.set('k', '0:0:', 1);
    for (let i = 0; i < 100; i++) expect(await readThrough()).toBeUndefined();
    // The first ~45 are checked until the hit rate falls under a tenth; then one in 16.
    expect(cache.stats.stale).toBe(checks);
    expect(cache.stats.unchecked).toBeGreaterThan(40);
    expect(checks).toBeLessThan(60);
    // The writes stop: the sampled checks hit and the rate climbs back, until every lookup is checked and answered.
    moving = false;
    for (let i = 0; i < 120; i++) await readThrough();
    const before = { ...cache.stats };
    for (let i = 0; i < 10; i++) expect(await readThrough()).toBe(1);
    expect(cache.stats.hits - before.hits).toBe(10);
    expect(cache.stats.unchecked).toBe(before.unchecked);
  });

  it('answers the entry a concurrent miss set while a lookup checked, when that entry is of the current snapshot', async () => {
    // The check's answer is held until the test lets it go, so a set() lands while it is in flight.
    let current = '7:7:';
    let release!: () => void;
    const database = { queryArrays: () => new Promise<unknown[][]>((resolve) => { release = () => resolve([[current]]); }) };
    const cache = new SnapshotCache<string>(database, { entries: 10, weight: 100 });
    cache.set('k', '6:6:', 'read before the write');
    const looking = cache.get('k');
    // Another request missed after the write, read the page again and kept it, while this lookup checked.
    cache.set('k', '7:7:', 'read after the write');
    release();
    expect(await looking).toBe('read after the write');
    // And when the snapshot moved again meanwhile, neither is answered and the newer entry is left alone.
    const again = cache.get('k');
    current = '8:8:';
    release();
    expect(await again).toBeUndefined();
    expect(cache.stats).toEqual({ hits: 1, stale: 1, unchecked: 0, absent: 0, joined: 0 });
  });

  it('keeps the first of the entries concurrent misses set under one snapshot', async () => {
    const still = { queryArrays: async () => [['9:9:']] };
    const cache = new SnapshotCache<{ n: number }>(still, { entries: 10, weight: 100 });
    const first = { n: 1 };
    cache.set('k', '9:9:', first);
    cache.set('k', '9:9:', { n: 1 });
    expect(await cache.get('k')).toBe(first);
    cache.set('k', '10:10:', { n: 2 }); // read under another snapshot: replaces it
    expect(cache.size).toBe(1);
  });

  describe('read', () => {
    /** A database whose current snapshot the test sets, and loads the test finishes by hand. */
    function harness() {
      const db = { snapshot: '20:20:' };
      const cache = new SnapshotCache<string>({ queryArrays: async () => [[db.snapshot]] }, { entries: 10, weight: 100 });
      const loads: { snapshot: string; finish: (value: string) => void; fail: (e: Error) => void }[] = [];
      const load = () => new Promise<{ snapshot: string; value: string }>((resolve, reject) => {
        const snapshot = db.snapshot; // what a statement starting now reads under
        loads.push({ snapshot, finish: (value) => resolve({ snapshot, value }), fail: reject });
      });
      return { db, cache, loads, load };
    }
    const settle = () => new Promise((r) => setTimeout(r, 5));

    it('reads a key once for the lookups that miss while its read is in flight', async () => {
      const { cache, loads, load } = harness();
      const answers = Promise.all([cache.read('k', load), cache.read('k', load), cache.read('k', load)]);
      await settle();
      expect(loads).toHaveLength(1);
      loads[0]!.finish('page');
      expect(await answers).toEqual(['page', 'page', 'page']);
      expect(cache.stats.joined).toBe(2);
      // And kept: the next lookup is a hit, with no read.
      expect(await cache.read('k', load)).toBe('page');
      expect(loads).toHaveLength(1);
    });

    it('never hands a lookup a read that began before a write it could have seen', async () => {
      const { db, cache, loads, load } = harness();
      const first = cache.read('k', load);
      await settle();
      // A write ends while the first read is in flight; the caller who made it lists again.
      db.snapshot = '21:21:';
      const second = cache.read('k', load);
      await settle();
      loads[0]!.finish('before the write');
      expect(await first).toBe('before the write');
      await settle();
      expect(loads).toHaveLength(2);
      expect(loads[1]!.snapshot).toBe('21:21:');
      loads[1]!.finish('after the write');
      expect(await second).toBe('after the write');
      expect(cache.stats.joined).toBe(0);
    });

    it('lets the lookups that waited on a failed read read for themselves', async () => {
      const { cache, loads, load } = harness();
      const first = cache.read('k', load);
      const second = cache.read('k', load);
      await settle();
      loads[0]!.fail(new Error('connection lost'));
      await expect(first).rejects.toThrow('connection lost');
      await settle();
      expect(loads).toHaveLength(2);
      loads[1]!.finish('page');
      expect(await second).toBe('page');
    });
  });

  // PGlite has one connection: a transaction held open there would block the reads below.
  it.runIf(onPostgres)('counts a transaction running when the value was read as unseen, and ends the value when it commits', async () => {
    const cache = new SnapshotCache<string[]>(database, { entries: 10, weight: 100 });
    let commit!: () => void;
    const open = new Promise<void>((resolve) => { commit = resolve; });
    let written!: (xid: string) => void;
    const wrote = new Promise<string>((resolve) => { written = resolve; });
    const tx = database.db.transaction(async (t) => {
      await t.execute("insert into cached_things values (2, 'two')");
      const rows = (await t.execute('select pg_current_xact_id()::text as xid')) as unknown as { rows?: { xid: string }[] } & { xid: string }[];
      written((rows.rows ?? rows)[0]!.xid);
      await open;
    });
    const xid = await wrote;
    let during: Awaited<ReturnType<typeof readLabels>>;
    try {
      during = await readLabels();
    } finally {
      // Never leave the transaction open, or closing the database waits for it.
      commit();
    }
    await tx;
    expect(during.labels).toEqual(['one']);
    // The snapshot (xmin:xmax:xip) counts the running transaction as unseen: listed in xip, or at or
    // above xmax (which is the last ended transaction + 1, so a newer one still running is above it).
    const [, xmax, xip] = during.snapshot.split(':');
    expect(BigInt(xid) >= BigInt(xmax!) || xip!.split(',').includes(xid)).toBe(true);
    cache.set('labels', during.snapshot, during.labels);
    expect(await cache.get('labels')).toBeUndefined();
    expect((await readLabels()).labels).toEqual(['one', 'two']);
    await database.query('delete from cached_things where id = 2');
  });
});
