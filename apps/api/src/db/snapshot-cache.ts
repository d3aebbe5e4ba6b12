import type { Database } from './client.ts';

/**
 * The column a cached statement adds to its select list: the snapshot the statement read under.
 * Within one statement `pg_current_snapshot()` is the statement's own snapshot, so the rows and the
 * snapshot that comes with them agree.
 */
export const SNAPSHOT_COLUMN = 'pg_current_snapshot()::text';

const CURRENT_SNAPSHOT = { name: 'sunstamp_current_snapshot', text: `select ${SNAPSHOT_COLUMN}`, values: [] as unknown[] };

type Entry<V> = { snapshot: string; value: V; weight: number };

/** Below this recent share of hits, most lookups are not checked (SnapshotCache.hitRate). */
const MIN_HIT_RATE = 0.1;
const CHECK_EVERY = 16;
const RATE_WEIGHT = 0.05;

/**
 * Values read from the database, each kept with the MVCC snapshot it was read under, and used again
 * only while the database's current snapshot is that same one.
 *
 * A snapshot (`xmin:xmax:xip`) names which transactions' writes a reader sees. Two snapshots with the
 * same text see the same committed rows in every table; a write anywhere changes the text when its
 * transaction ends (xmax is the last ended transaction + 1, xip the ones still running below it), which
 * is when its rows become visible. So an entry is exact, whatever
 * wrote and in whichever process: no write path has to remember to invalidate it, and a write made by
 * hand in psql is seen like the API's own. What the statement reads must be rows only: not the clock
 * (`now()`), a sequence or a setting, which no snapshot covers.
 *
 * The check is one small statement (`select pg_current_snapshot()`) made only when an entry exists
 * for the key. A busy database whose snapshot moves between every two reads gets no hits and pays
 * that statement for each one; the list it serves is read far more often than jobs and messages are
 * written, which is where this pays.
 */
export class SnapshotCache<V> {
  private entries = new Map<string, Entry<V>>();
  private weight = 0;
  /**
   * Lookups since start: answered from an entry, an entry found stale (the snapshot had moved), an
   * entry not checked (see `hitRate`), no entry.
   */
  readonly stats = { hits: 0, stale: 0, unchecked: 0, absent: 0 };
  /**
   * The recent share of checks that were hits (a moving average over about the last 20). Under a
   * stream of writes nearly every check finds its entry stale and only adds a round trip to the read
   * that follows (measured: +50 % CPU per answer at 10 writes a second, bench/README.md); below
   * MIN_HIT_RATE only one lookup in CHECK_EVERY checks, the others read at once, and the checks
   * that hit again bring the rate back up.
   */
  private hitRate = 1;
  private lookups = 0;

  constructor(
    private database: Pick<Database, 'queryArrays'>,
    private limits: { entries: number; weight: number },
  ) {}

  /** The database's current snapshot, as SNAPSHOT_COLUMN reads it. */
  async currentSnapshot(): Promise<string> {
    const rows = await this.database.queryArrays(CURRENT_SNAPSHOT);
    return rows[0]![0] as string;
  }

  /** The value kept under `key` if the database still reads under the snapshot it was read under; else undefined (and dropped). */
  async get(key: string): Promise<V | undefined> {
    const e = this.entries.get(key);
    if (!e) {
      this.stats.absent++;
      return undefined;
    }
    if (this.hitRate < MIN_HIT_RATE && ++this.lookups % CHECK_EVERY !== 0) {
      this.stats.unchecked++;
      return undefined;
    }
    const now = await this.currentSnapshot();
    // Another caller may have replaced or dropped the entry while the snapshot was read: what counts
    // is the entry there now. Judging the one looked up instead made every check that overlapped a
    // concurrent miss's set() stale, and under 50 connections with writes in the load those misses
    // never stopped (0 % hits at 10 writes a second, where each write ends only ~100 ms of reads).
    const current = this.entries.get(key);
    if (!current || now !== current.snapshot) {
      if (current === e) this.drop(key, e);
      this.stats.stale++;
      this.hitRate *= 1 - RATE_WEIGHT;
      return undefined;
    }
    this.stats.hits++;
    this.hitRate = this.hitRate * (1 - RATE_WEIGHT) + RATE_WEIGHT;
    // Most recently used last: the oldest is the first to go when the cache is full.
    this.entries.delete(key);
    this.entries.set(key, current);
    return current.value;
  }

  /** Keeps a value read under `snapshot`; `weight` (e.g. its rows) counts against the cache's bound. */
  set(key: string, snapshot: string, value: V, weight = 1) {
    if (weight > this.limits.weight) return;
    const old = this.entries.get(key);
    // Concurrent misses of one key read the same rows under the same snapshot: the first one's entry serves.
    if (old?.snapshot === snapshot) return;
    if (old) this.drop(key, old);
    while (this.entries.size >= this.limits.entries || this.weight + weight > this.limits.weight) {
      const [oldestKey, oldest] = this.entries.entries().next().value!;
      this.drop(oldestKey, oldest);
    }
    this.entries.set(key, { snapshot, value, weight });
    this.weight += weight;
  }

  get size(): number {
    return this.entries.size;
  }

  private drop(key: string, e: Entry<V>) {
    this.entries.delete(key);
    this.weight -= e.weight;
  }
}
