import type { Database } from '../db/client.ts';

const CHANNEL = 'sunstamp_user_cache';

type Entry<V> = { value: V; expires: number };

class TtlMap<V> {
  private map = new Map<string, Entry<V>>();
  constructor(private ttlMs: number, private max = 10_000) {}
  get(key: string): V | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    if (e.expires < Date.now()) {
      this.map.delete(key);
      return undefined;
    }
    return e.value;
  }
  set(key: string, value: V) {
    if (this.map.size >= this.max) this.map.delete(this.map.keys().next().value!);
    this.map.set(key, { value, expires: Date.now() + this.ttlMs });
  }
  delete(key: string) { this.map.delete(key); }
  clear() { this.map.clear(); }
}

/**
 * Per-process cache of what every authenticated request reads (the principal) and of the
 * current-user answer. Writers call invalidateUser/invalidateAll; the invalidation is sent with
 * NOTIFY so every API process drops its copy, and a short TTL bounds staleness should a message
 * be lost. Uses wall time (not the injected clock): it is about freshness, not business rules.
 */
export class UserCache {
  readonly principals: TtlMap<unknown>;
  readonly me: TtlMap<unknown>;
  private unlisten: (() => Promise<void>) | undefined;

  constructor(private database: Database, ttlMs = 3000) {
    this.principals = new TtlMap(ttlMs);
    this.me = new TtlMap(ttlMs);
  }

  async start() {
    this.unlisten = await this.database.listen(CHANNEL, (payload) => this.drop(payload));
  }

  async stop() {
    await this.unlisten?.();
  }

  private drop(payload: string) {
    if (payload === '*') {
      this.principals.clear();
      this.me.clear();
    } else {
      this.principals.delete(payload);
      this.me.delete(payload);
    }
  }

  async invalidateUser(userId: string) {
    this.drop(userId);
    await this.database.notify(CHANNEL, userId);
  }

  async invalidateAll() {
    this.drop('*');
    await this.database.notify(CHANNEL, '*');
  }
}
