import type { OptionListKey } from '@sunstamp/domain/catalogue/option-lists.data';
import type { OptionChoice, OptionLookup } from '@sunstamp/domain/jobs/job-options.rules';
import { OPTION_LISTS_CHANNEL, type AppContext } from '../../context.ts';
import * as repo from './catalogue.repository.ts';

/**
 * Every option-list item (active and inactive: a few hundred rows), read by the jobs module to
 * check a job's option fields and to label them. Every job read and write needs it, the lists
 * change rarely: one query loads them all, then requests use the copy held in
 * `ctx.caches.optionLists` (platform/cache). Each write through the option-lists service drops it
 * here and, by NOTIFY on OPTION_LISTS_CHANGED_CHANNEL, in every other process; a copy lives at most
 * a minute.
 */
export const OPTION_LISTS_CHANGED_CHANNEL = OPTION_LISTS_CHANNEL;

type Index = { values: Map<string, OptionChoice>; ids: Map<number, OptionChoice> };

class LoadedOptionLists implements OptionLookup {
  constructor(private readonly lists: ReadonlyMap<string, Index>) {}
  byValue(list: OptionListKey, value: string) { return this.lists.get(list)?.values.get(value); }
  byId(list: OptionListKey, id: number) { return this.lists.get(list)?.ids.get(id); }
}

type Ctx = Pick<AppContext, 'database' | 'caches'>;

async function load(ctx: Ctx): Promise<LoadedOptionLists> {
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
export function optionLists(ctx: Ctx): Promise<OptionLookup> {
  return ctx.caches.optionLists.load('all', () => load(ctx));
}

/** How many changes this process has heard of (tests wait on it for a NOTIFY to arrive). */
export function optionListsVersion(ctx: Pick<AppContext, 'caches'>): number {
  return ctx.caches.optionLists.generation;
}

/** After an option-list write commits: this process at once, the others through NOTIFY. */
export async function announceOptionListsChanged(ctx: Pick<AppContext, 'caches'>) {
  await ctx.caches.optionLists.invalidateAll();
}
