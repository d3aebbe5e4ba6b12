import { QueryClient, hashKey, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys.ts';

/** One key from every factory of the app, under the resource it belongs to. */
const samples: Record<string, QueryKey[]> = {
  users: [queryKeys.me(), queryKeys.users.list({ role: 'user' }), queryKeys.users.list({}), queryKeys.users.simple(['admin'])],
  companies: [queryKeys.companies.list(), queryKeys.companies.contacts()],
  groups: [queryKeys.groups.list()],
  jobs: [
    queryKeys.jobs.list({ page: 1 }),
    queryKeys.jobs.list({ page: 2 }),
    ...['j1', 'j2'].flatMap((id) => [
      queryKeys.jobs.detail(id),
      queryKeys.jobs.history(id),
      queryKeys.jobs.revisions(id),
      queryKeys.jobs.files(id),
      queryKeys.jobs.requirements(id),
    ]),
  ],
  requirements: [
    queryKeys.requirements.resolve({ company_id: 'c' }),
    queryKeys.requirements.resolve({ ahj_id: 'a' }),
    queryKeys.requirements.scope({ type: 'ahj', id: 'a' }),
    queryKeys.requirements.scope({ type: 'company', id: 'a' }),
  ],
  optionLists: [
    queryKeys.optionLists.forForm('roof-materials'),
    queryKeys.optionLists.forForm('states'),
    queryKeys.optionLists.summaries(),
    queryKeys.optionLists.items('roof-materials'),
  ],
  states: [queryKeys.states()],
  codes: [queryKeys.codes.lists()],
  ahjs: [queryKeys.ahjs.list({ search: 'x' }), queryKeys.ahjs.one('a')],
  utilities: [queryKeys.utilities.list({ search: 'x' }), queryKeys.utilities.one('a')],
  equipment: [queryKeys.equipment.list({}), queryKeys.equipment.list({ kind: 'module' })],
  stats: [queryKeys.stats.tab({ active_tab: 'company' }), queryKeys.stats.tab({ active_tab: 'user' })],
  staff: [queryKeys.staff.active(), queryKeys.staff.shifts({}), queryKeys.staff.shifts({ user_id: 'u' })],
  content: [
    queryKeys.content.publicList('help'), queryKeys.content.publicList('help', { q: 'x' }), queryKeys.content.publicList('post'),
    queryKeys.content.publicItem('help', 'a'), queryKeys.content.publicItem('post', 'a'),
    queryKeys.content.editorList('help'), queryKeys.content.editorList('post'), queryKeys.content.editorItem('a'), queryKeys.content.revisions('a'),
  ],
};
const allSamples = Object.values(samples).flat();

/** A client holding every sample; `invalidate` answers the hashes of the keys an invalidation reached. */
function cacheWithEverySample() {
  const qc = new QueryClient();
  for (const key of allSamples) qc.setQueryData(key, { for: hashKey(key) });
  return {
    async invalidate(prefix: QueryKey, predicate?: (key: QueryKey) => boolean) {
      await qc.invalidateQueries({ queryKey: prefix, predicate: predicate && ((q) => predicate(q.queryKey)), refetchType: 'none' });
      return new Set(allSamples.filter((k) => qc.getQueryState(k)?.isInvalidated).map(hashKey));
    },
  };
}
const hashes = (keys: readonly QueryKey[]) => new Set(keys.map(hashKey));

// An invalidation by a resource's root must reach every key of that resource (TanStack matches by prefix).
const startsWith = (key: readonly unknown[], root: readonly unknown[]) => root.every((part, i) => key[i] === part);

describe('query keys', () => {
  it('every key of a resource starts with its root', () => {
    const cases: [readonly unknown[], readonly unknown[]][] = [
      [queryKeys.users.list({ role: 'user' }), queryKeys.users.all],
      [queryKeys.users.simple(['support', 'admin']), queryKeys.users.all],
      [queryKeys.me(), queryKeys.users.all],
      [queryKeys.companies.list(), queryKeys.companies.all],
      [queryKeys.jobs.list({ page: 1 }), queryKeys.jobs.lists()],
      [queryKeys.jobs.history('j1'), queryKeys.jobs.detail('j1')],
      [queryKeys.jobs.requirements('j1'), queryKeys.jobs.detail('j1')],
      [queryKeys.requirements.resolve({ company_id: 'c' }), queryKeys.requirements.resolved()],
      [queryKeys.requirements.scope({ type: 'ahj', id: 'a' }), queryKeys.requirements.all],
      [queryKeys.optionLists.forForm('roof-materials'), queryKeys.optionLists.all],
      [queryKeys.optionLists.items('roof-materials'), queryKeys.optionLists.all],
      [queryKeys.optionLists.summaries(), queryKeys.optionLists.all],
      [queryKeys.codes.lists(), queryKeys.codes.all],
      [queryKeys.ahjs.one('a'), queryKeys.ahjs.all],
      [queryKeys.utilities.list({ search: 'x' }), queryKeys.utilities.all],
      [queryKeys.equipment.list({}), queryKeys.equipment.all],
      [queryKeys.groups.list(), queryKeys.groups.all],
      [queryKeys.stats.tab({ active_tab: 'company' }), queryKeys.stats.all],
      [queryKeys.content.revisions('a'), queryKeys.content.all],
    ];
    for (const [key, root] of cases) expect(startsWith(key, root), JSON.stringify(key)).toBe(true);
  });

  it('names a role set the same whatever its order', () => {
    expect(queryKeys.users.simple(['support', 'admin'])).toEqual(queryKeys.users.simple(['admin', 'support']));
  });

  it('keeps a job detail shorter than the queries below it (invalidations of the parts match by length)', () => {
    expect(queryKeys.jobs.detail('j').length).toBe(3);
    expect(queryKeys.jobs.files('j').length).toBe(4);
  });
});

describe('query keys: distinct, and an invalidation reaches what it should', () => {
  it('no two factories (or parameters) give the same key', () => {
    expect(new Set(allSamples.map(hashKey)).size).toBe(allSamples.length);
  });

  it("a resource's root reaches all of its keys and none of another resource's", async () => {
    const roots: Record<string, QueryKey> = {
      users: queryKeys.users.all,
      companies: queryKeys.companies.all,
      groups: queryKeys.groups.all,
      jobs: queryKeys.jobs.all,
      requirements: queryKeys.requirements.all,
      optionLists: queryKeys.optionLists.all,
      states: queryKeys.states(),
      codes: queryKeys.codes.all,
      ahjs: queryKeys.ahjs.all,
      utilities: queryKeys.utilities.all,
      equipment: queryKeys.equipment.all,
      stats: queryKeys.stats.all,
      content: queryKeys.content.all,
      staff: queryKeys.staff.all,
    };
    expect(Object.keys(roots).sort()).toEqual(Object.keys(samples).sort());
    for (const [resource, root] of Object.entries(roots)) {
      const reached = await cacheWithEverySample().invalidate(root);
      expect(reached, resource).toEqual(hashes(samples[resource]!));
    }
  });

  it("a job's detail reaches its parts and no other job; the lists reach no detail", async () => {
    const j1 = await cacheWithEverySample().invalidate(queryKeys.jobs.detail('j1'));
    expect(j1).toEqual(
      hashes([
        queryKeys.jobs.detail('j1'),
        queryKeys.jobs.history('j1'),
        queryKeys.jobs.revisions('j1'),
        queryKeys.jobs.files('j1'),
        queryKeys.jobs.requirements('j1'),
      ]),
    );
    const lists = await cacheWithEverySample().invalidate(queryKeys.jobs.lists());
    expect(lists).toEqual(hashes([queryKeys.jobs.list({ page: 1 }), queryKeys.jobs.list({ page: 2 })]));
    // A job action refetches the parts below the detail (the detail itself takes the answer).
    const parts = await cacheWithEverySample().invalidate(queryKeys.jobs.detail('j2'), (k) => k.length > 3);
    expect(parts.has(hashKey(queryKeys.jobs.detail('j2')))).toBe(false);
    expect(parts.size).toBe(4);
  });

  it('a requirements save reaches every resolved view but not the stored scope values', async () => {
    const reached = await cacheWithEverySample().invalidate(queryKeys.requirements.resolved());
    expect(reached).toEqual(hashes([queryKeys.requirements.resolve({ company_id: 'c' }), queryKeys.requirements.resolve({ ahj_id: 'a' })]));
  });

  it("an option-list edit reaches the forms' lists and the catalogue screens; the states list is its own", async () => {
    const reached = await cacheWithEverySample().invalidate(queryKeys.optionLists.all);
    expect(reached).toEqual(hashes(samples.optionLists!));
    expect(reached.has(hashKey(queryKeys.states()))).toBe(false);
  });

  it('a user change reaches the session user (me) too, and nothing about companies', async () => {
    const reached = await cacheWithEverySample().invalidate(queryKeys.users.all);
    expect(reached.has(hashKey(queryKeys.me()))).toBe(true);
    expect(reached.has(hashKey(queryKeys.companies.list()))).toBe(false);
  });
});
