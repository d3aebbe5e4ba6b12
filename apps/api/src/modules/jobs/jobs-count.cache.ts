import type { AppContext } from '../../context.ts';

/**
 * Total counts of the jobs list, per filter. Counting 100,000 rows costs 5–25 ms of database time
 * on every page request, which at 50 concurrent users is most of the budget; the rows themselves
 * come from an index in well under a millisecond. A count stays exact: it lives in
 * `ctx.caches.jobCounts` (platform/cache), which every job write in any process invalidates
 * (locally, and through NOTIFY for the other processes); an entry lives at most a minute (bounding
 * what a write made outside the API, e.g. by hand in SQL, can leave stale). The minute matters on
 * PGlite, where a count of the whole table (~30–60 ms) stalls every request queued behind it.
 */
type Ctx = Pick<AppContext, 'caches'>;

/** Drops the counts here and in every other process; call after the write commits. */
export async function announceJobsChanged(ctx: Ctx) {
  await ctx.caches.jobCounts.invalidateAll();
}

/** The count kept for this filter key if still exact, and the generation to keep a new count under. */
export function cachedCount(ctx: Ctx, key: string): { count: number | undefined; version: number } {
  const cache = ctx.caches.jobCounts;
  return { count: cache.get(key), version: cache.generation };
}

/** Keeps a count read at `version`; not kept if a write happened while counting (the count may predate it). */
export function keepCount(ctx: Ctx, key: string, version: number, count: number) {
  ctx.caches.jobCounts.set(key, count, version);
}
