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

/**
 * The count kept for this filter key, else `read`, shared by every caller that misses while it runs
 * and kept if no write was announced meanwhile (SharedCache.load). A write drops every count at
 * once, and before the shared read each of the fifty requests in flight counted the table itself:
 * with a job edited through the API 10 times a second, the list with no filter made 112 answers a
 * second at p99 758 ms on PostgreSQL (bench/README.md). A caller never joins a count that began
 * before a write it announced: the announcement moves the cache's generation, and a read is shared
 * only within one generation.
 */
export function countOnce(ctx: Ctx, key: string, read: () => Promise<number>): Promise<number> {
  return ctx.caches.jobCounts.load(key, read);
}
