import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { longestFirst, makespan, OrderSequencer, readDurations } from './test-order.ts';

const root = '/repo';
const spec = (project: string, file: string) => ({ project: { name: project, config: { sequence: { groupOrder: 0 } } }, moduleId: `${root}/${file}` }) as unknown as TestSpecification;
const names = (files: TestSpecification[]) => files.map((f) => `${f.project.name}:${f.moduleId.slice(root.length + 1)}`);

class WithTable extends OrderSequencer {
  constructor(private table: Record<string, number>, sequence: { shuffle?: boolean; seed?: number } = {}) {
    super({ config: { root, sequence: { shuffle: false, seed: 1, ...sequence } } } as never);
  }
  protected override durations() {
    return this.table;
  }
}

const files = [
  spec('packages', 'a.test.ts'), spec('api-pglite', 'crash.test.ts'), spec('api-postgres', 'letters.test.ts'),
  spec('api-postgres', 'small.test.ts'), spec('api-pglite', 'small.test.ts'), spec('web', 'screen.test.tsx'),
  spec('api-postgres', 'fuzz.test.ts'),
];
const table = {
  'packages:a.test.ts': 3, 'api-pglite:crash.test.ts': 115, 'api-postgres:letters.test.ts': 101, 'api-postgres:small.test.ts': 4,
  'api-pglite:small.test.ts': 9, 'web:screen.test.tsx': 6, 'api-postgres:fuzz.test.ts': 98,
};

// The run's own order (TEST_ORDER=reverse npm test) must not change what these tests see.
const runOrder = process.env.TEST_ORDER;
beforeEach(() => { delete process.env.TEST_ORDER; });
afterEach(() => {
  if (runOrder === undefined) delete process.env.TEST_ORDER;
  else process.env.TEST_ORDER = runOrder;
});

describe('the default order: longest first from the durations table', () => {
  it('runs project by project, the longest file of each first', async () => {
    expect(names(await new WithTable(table).sort(files))).toEqual([
      'api-pglite:crash.test.ts', 'api-pglite:small.test.ts', 'api-postgres:letters.test.ts', 'api-postgres:fuzz.test.ts',
      'api-postgres:small.test.ts', 'packages:a.test.ts', 'web:screen.test.tsx',
    ]);
  });

  it('ranks a file missing from the table as the median file of its project, the larger first among equals', () => {
    const e = (project: string, key: string, size: number) => ({ project, key: `${project}:${key}`, size });
    const order = longestFirst([e('p', 'x', 1), e('p', 'y', 1), e('p', 'z', 1), e('p', 'new-small', 10), e('p', 'new-big', 500)], { 'p:x': 2, 'p:y': 5, 'p:z': 40 });
    // median of 2, 5, 40 is 5: the new files rank with y, the bigger one first.
    expect(order.map((o) => o.key)).toEqual(['p:z', 'p:new-big', 'p:new-small', 'p:y', 'p:x']);
  });

  it('keeps vitest\'s own order when no file is in the table (the browser specs)', async () => {
    // BaseSequencer.sort reads vitest's cache; a stand-in proves the hand-off.
    const base = vi.spyOn(BaseSequencer.prototype, 'sort').mockImplementation(async (f) => [...f].reverse());
    try {
      expect(await new WithTable({}).sort(files)).toEqual([...files].reverse());
      expect(base).toHaveBeenCalledOnce();
    } finally {
      base.mockRestore();
    }
  });

  it('TEST_ORDER=reverse and --sequence.shuffle still win over the table', async () => {
    process.env.TEST_ORDER = 'reverse';
    try {
      const reversed = names(await new WithTable(table).sort(files));
      expect(reversed).toEqual([...reversed].sort().reverse());
    } finally {
      delete process.env.TEST_ORDER;
    }
    const once = names(await new WithTable(table, { shuffle: true, seed: 7 }).sort(files));
    const again = names(await new WithTable(table, { shuffle: true, seed: 7 }).sort([...files].reverse()));
    const other = names(await new WithTable(table, { shuffle: true, seed: 8 }).sort(files));
    expect(again).toEqual(once);
    expect([...once].sort()).toEqual(names(files).sort());
    expect(other).not.toEqual(once);
  });

  it('shuffles project by project: each project\'s files together, in a seeded order of their own', async () => {
    const projectsOf = (order: string[]) => order.map((n) => n.split(':')[0]!).filter((p, i, all) => p !== all[i - 1]);
    const seen = new Set<string>();
    for (let seed = 1; seed <= 40; seed++) {
      const order = names(await new WithTable(table, { shuffle: true, seed }).sort(files));
      // Four projects, four runs of files: a project's files are never split by another's.
      expect(projectsOf(order)).toHaveLength(4);
      seen.add(projectsOf(order).join(',') + ' | ' + order.filter((n) => n.startsWith('api-postgres:')).join(','));
    }
    // The projects' order and the order inside a project both vary with the seed.
    expect(new Set([...seen].map((s) => s.split(' | ')[0])).size).toBeGreaterThan(5);
    expect(new Set([...seen].map((s) => s.split(' | ')[1])).size).toBe(6);
  });
});

describe('makespan: the schedule vitest\'s pool makes of an order', () => {
  it('gives each file to the first free worker', () => {
    const o = (key: string, project = 'p') => ({ key, project });
    const t = { a: 4, b: 3, c: 3, d: 2 };
    // a→w1 (4), b→w2 (3), c→w2 (6), d→w1 (6).
    expect(makespan([o('a'), o('b'), o('c'), o('d')], t, 2)).toBe(6);
    // Shortest first leaves the long one to the end: d,b | c,a → 2+3=5, 3+4=7.
    expect(makespan([o('d'), o('c'), o('b'), o('a')], t, 2)).toBe(7);
    // A change of project on a worker costs its start-up: c goes x after y (3 + 1 + 3), d y after x (4 + 1 + 2).
    expect(makespan([o('a', 'x'), o('b', 'y'), o('c', 'x'), o('d', 'y')], t, 2, 1)).toBe(7);
  });

  it('the committed table covers the suite, and longest first beats shortest first on it', () => {
    const real = readDurations();
    const keys = Object.keys(real);
    expect(keys.length).toBeGreaterThan(200);
    const entries = keys.map((key) => ({ key, project: key.split(':')[0]!, size: 0 }));
    const longest = longestFirst(entries, real);
    const shortest = entries.map((e) => e).sort((a, b) => (a.project < b.project ? -1 : a.project > b.project ? 1 : real[a.key]! - real[b.key]!));
    expect(makespan(longest, real, 2, 3)).toBeLessThan(makespan(shortest, real, 2, 3));
  });
});
