import type { Clock } from './clock.ts';

/**
 * A fixed-window counter per key (a client address), in this process's memory: for public,
 * read-only lookups where a few more requests across several processes do no harm (the public
 * verification page). Sign-in and mail limits, which must hold across processes, are decided in
 * the database instead (see docs/architecture.md, Security decisions).
 */
export class RateLimiter {
  private windows = new Map<string, { start: number; count: number }>();

  constructor(private clock: Clock, private limit: number, private windowMs: number, private maxKeys = 50_000) {}

  /** Counts one request for `key`; false when the key is over its limit in the current window. */
  take(key: string): boolean {
    const now = this.clock.now().getTime();
    let w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      if (!w && this.windows.size >= this.maxKeys) this.sweep(now);
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    w.count++;
    return w.count <= this.limit;
  }

  private sweep(now: number) {
    for (const [k, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(k);
    // Still full (a flood of new addresses): start over rather than grow without bound.
    if (this.windows.size >= this.maxKeys) this.windows.clear();
  }
}
