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
  readonly stats = { hits: 0, stale: 0, unchecked: 0, absent: 0, joined: 0 };
  /** Reads of a key in flight (`read`), with the snapshot each was read under once it returns. */
  private loading = new Map<string, Promise<{ snapshot: string; value: V } | undefined>>();
  /**
   * The recent share of checks that were hits (a moving average over about the last 20). When the
   * snapshot moves between nearly every two reads, each check finds its entry stale and only adds a
   * round trip to the read that follows; below MIN_HIT_RATE only one lookup in CHECK_EVERY checks,
   * the others read at once, and the checks that hit again bring the rate back up. (At 100 writes a
   * second and 50 connections the list still keeps 98 % of its answers, bench/README.md: this is
   * for a database written to far more often than that.)
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
    return (await this.lookup(key)).value;
  }

  /** `get`, and the current snapshot when it read it. */
  private async lookup(key: string): Promise<{ value?: V; now?: string }> {
    const e = this.entries.get(key);
    if (!e) {
      this.stats.absent++;
      return {};
    }
    if (this.hitRate < MIN_HIT_RATE && ++this.lookups % CHECK_EVERY !== 0) {
      this.stats.unchecked++;
      return {};
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
      return { now };
    }
    this.stats.hits++;
    this.hitRate = this.hitRate * (1 - RATE_WEIGHT) + RATE_WEIGHT;
    // Most recently used last: the oldest is the first to go when the cache is full.
    this.entries.delete(key);
    this.entries.set(key, current);
    return { value: current.value, now };
  }

  /**
   * The value under `key`: kept (`get`), else read by `load` and kept. Lookups that miss while a
   * read of the key is in flight wait for it and take its value when it was read under the snapshot
   * they checked after they began, so a caller still sees every write that ended before it asked;
   * otherwise they read for themselves. After a write, the fifty requests in flight for one page
   * then read it once or twice instead of each once.
   */
  async read(key: string, load: () => Promise<{ snapshot: string; value: V; weight?: number }>): Promise<V> {
    const kept = await this.lookup(key);
    if (kept.value !== undefined) return kept.value;
    const inFlight = this.loading.get(key);
    if (inFlight) {
      const now = kept.now ?? await this.currentSnapshot();
      const theirs = await inFlight;
      if (theirs && theirs.snapshot === now) {
        this.stats.joined++;
        return theirs.value;
      }
    }
    const reading = load();
    const shared = reading.then(({ snapshot, value }) => ({ snapshot, value }), () => undefined);
    this.loading.set(key, shared);
    try {
      const r = await reading;
      this.set(key, r.snapshot, r.value, r.weight);
      return r.value;
    } finally {
      if (this.loading.get(key) === shared) this.loading.delete(key);
    }
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
