import type { OptionListKey } from '@sunstamp/domain/catalogue/option-lists.data';
import type { OptionChoice, OptionLookup } from '@sunstamp/domain/jobs/job-options.rules';
import type { AppContext } from '../../app.ts';
import * as repo from './catalogue.repository.ts';

/**
 * Per-process cache of every option-list item (active and inactive: a few hundred rows), read by
 * the jobs module to check a job's option fields and to label them. Every job read and write
 * needs it, the lists change rarely: one query loads them all, then requests use the copy.
 *
 * Kept exact like the jobs list counts: each write through the option-lists service bumps a
 * version here and sends NOTIFY `sunstamp_option_lists_changed`, on which every API process bumps
 * its own (catalogue.routes.ts listens). A copy is used only for the version it was loaded at,
 * and for at most a minute, which bounds what a write outside the API (SQL by hand, a lost
 * notification) can leave stale. A load that a write overtook is answered to its callers but not
 * kept. One cache per open database (tests and the bench open several in one process).
 */
export const OPTION_LISTS_CHANGED_CHANNEL = 'sunstamp_option_lists_changed';
const TTL_MS = 60_000;

type Index = { values: Map<string, OptionChoice>; ids: Map<number, OptionChoice> };

class LoadedOptionLists implements OptionLookup {
  constructor(private readonly lists: ReadonlyMap<string, Index>) {}
  byValue(list: OptionListKey, value: string) { return this.lists.get(list)?.values.get(value); }
  byId(list: OptionListKey, id: number) { return this.lists.get(list)?.ids.get(id); }
}

type Cache = {
  version: number;
  loaded?: { version: number; at: number; lists: LoadedOptionLists };
  loading?: { version: number; promise: Promise<LoadedOptionLists> };
};
const caches = new WeakMap<object, Cache>();
function cacheOf(ctx: Pick<AppContext, 'database'>): Cache {
  let c = caches.get(ctx.database);
  if (!c) caches.set(ctx.database, (c = { version: 0 }));
  return c;
}

async function load(ctx: Pick<AppContext, 'database'>): Promise<LoadedOptionLists> {
  const lists = new Map<string, Index>();
  for (const r of await repo.allOptionItems(ctx.database.db)) {
    let ix = lists.get(r.listKey);
    if (!ix) lists.set(r.listKey, (ix = { values: new Map(), ids: new Map() }));
    const item: OptionChoice = { id: r.id, value: r.value, label: r.label, active: r.isActive };
    ix.values.set(r.value, item);
    ix.ids.set(r.id, item);
  }
  return new LoadedOptionLists(lists);
}

/** The option lists as the database holds them now (at most one query; usually none). */
export function optionLists(ctx: Pick<AppContext, 'database'>): Promise<OptionLookup> {
  const c = cacheOf(ctx);
  const version = c.version;
  if (c.loaded && c.loaded.version === version && Date.now() - c.loaded.at < TTL_MS) return Promise.resolve(c.loaded.lists);
  // Requests arriving while the lists load share the one query.
  if (c.loading?.version === version) return c.loading.promise;
  const promise = load(ctx).then((lists) => {
    if (c.version === version) c.loaded = { version, at: Date.now(), lists };
    return lists;
  }).finally(() => {
    if (c.loading?.promise === promise) c.loading = undefined;
  });
  c.loading = { version, promise };
  return promise;
}

/** How many changes this process has heard of (tests wait on it for a NOTIFY to arrive). */
export function optionListsVersion(ctx: Pick<AppContext, 'database'>): number {
  return cacheOf(ctx).version;
}

/** Drops this process's copy (a write here, or another process's NOTIFY). */
export function markOptionListsChanged(ctx: Pick<AppContext, 'database'>) {
  cacheOf(ctx).version++;
}

/** After an option-list write commits: this process at once, the others through NOTIFY. */
export async function announceOptionListsChanged(ctx: Pick<AppContext, 'database'>) {
  markOptionListsChanged(ctx);
  await ctx.database.notify(OPTION_LISTS_CHANGED_CHANNEL, '1');
}
