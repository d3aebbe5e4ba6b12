import type { Database } from '../../db/client.ts';

type Notifier = Pick<Database, 'listen' | 'notify'>;

export type CacheOptions = {
  /** The NOTIFY channel its invalidations travel on; caches sharing a channel are dropped together. */
  channel: string;
  /** How long an entry is used at most: bounds what a write outside the API (SQL by hand, a lost notification) leaves stale. */
  ttlMs: number;
  /** 'key': a notification names one key ('*' for all). 'all': any notification drops everything. */
  invalidation?: 'key' | 'all';
  /** Entries kept at most; past it the oldest goes. */
  max?: number;
};

const ALL = '*';

/**
 * A per-process cache whose invalidations reach every process: a writer drops its own copy at once
 * and sends NOTIFY on the cache's channel, on which every other process drops its copy. Entries also
 * expire after a TTL. A load that an invalidation overtook is answered to its callers but not kept,
 * so a cache never holds a value older than the last invalidation it heard. Uses wall time, not the
 * injected clock: it is about freshness, not business rules.
 */
export class SharedCache<V> {
  private entries = new Map<string, { value: V; expires: number }>();
  private loading = new Map<string, { generation: number; promise: Promise<V> }>();
  private gen = 0;
  readonly channel: string;
  readonly invalidation: 'key' | 'all';

  constructor(private hub: CacheHub, readonly name: string, private opts: CacheOptions) {
    this.channel = opts.channel;
    this.invalidation = opts.invalidation ?? 'key';
  }

  /** Bumped by every invalidation this process made or heard (tests wait on it; set(…, since) compares it). */
  get generation(): number {
    return this.gen;
  }

  get(key: string): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.expires < Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  /** Stores a value; with `since` (a generation read before the value was computed) only if nothing was invalidated meanwhile. */
  set(key: string, value: V, since?: number) {
    if (since !== undefined && since !== this.gen) return;
    if (this.entries.size >= (this.opts.max ?? 10_000) && !this.entries.has(key)) {
      this.entries.delete(this.entries.keys().next().value!);
    }
    this.entries.set(key, { value, expires: Date.now() + this.opts.ttlMs });
  }

  /** The cached value, or one load shared by every caller that asks while it runs. */
  load(key: string, loader: () => Promise<V>): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    const generation = this.gen;
    const running = this.loading.get(key);
    if (running && running.generation === generation) return running.promise;
    const promise = loader().then((value) => {
      this.set(key, value, generation);
      return value;
    }).finally(() => {
      if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
    });
    this.loading.set(key, { generation, promise });
    return promise;
  }

  /** Drops a key (or everything) here and in every other process. */
  async invalidate(key: string = ALL) {
    await this.hub.invalidate(this.channel, this.invalidation === 'all' ? ALL : key);
  }

  async invalidateAll() {
    await this.hub.invalidate(this.channel, ALL);
  }

  /** This process only: what a notification from elsewhere does. */
  dropLocal(key: string = ALL) {
    this.gen++;
    if (key === ALL || this.invalidation === 'all') this.entries.clear();
    else this.entries.delete(key);
  }
}

/**
 * Owns the caches of one process and their LISTEN subscriptions (one per channel), so no route or
 * service registers a listener of its own. Built once by createContext.
 */
export class CacheHub {
  private byChannel = new Map<string, SharedCache<unknown>[]>();
  private unlisteners: (() => Promise<void>)[] = [];
  private started = false;

  constructor(private database: Notifier) {}

  create<V>(name: string, opts: CacheOptions): SharedCache<V> {
    if (this.started) throw new Error(`Cache ${name} created after the hub started listening`);
    const cache = new SharedCache<V>(this, name, opts);
    const list = this.byChannel.get(opts.channel) ?? [];
    list.push(cache as SharedCache<unknown>);
    this.byChannel.set(opts.channel, list);
    return cache;
  }

  async start() {
    this.started = true;
    for (const [channel, caches] of this.byChannel) {
      this.unlisteners.push(await this.database.listen(channel, (payload) => {
        for (const c of caches) c.dropLocal(payload || ALL);
      }));
    }
  }

  async stop() {
    await Promise.all(this.unlisteners.splice(0).map((u) => u()));
  }

  /** Drops here at once (a reader right after the write must not see the old value), then tells the others. */
  async invalidate(channel: string, key: string) {
    for (const c of this.byChannel.get(channel) ?? []) c.dropLocal(key);
    await this.database.notify(channel, key);
  }
}
