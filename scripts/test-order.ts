import { BaseSequencer, type TestSpecification } from 'vitest/node';

/*
 * The order test files run in, for both vitest configs. By default vitest's own (slowest and
 * failed-last-time first). TEST_ORDER=reverse runs them in reverse alphabetical order, and
 * `--sequence.shuffle` shuffles them (and, as vitest does, the tests inside each file) by the run's
 * seed (`--sequence.seed` repeats one). Every file must pass in any of these orders: a test creates
 * the data it reads (docs/operations.md, "Order independence").
 */
export class OrderSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const key = (f: TestSpecification) => `${f.project.name}:${f.moduleId}`;
    if (process.env.TEST_ORDER === 'reverse') return [...files].sort((a, b) => key(b).localeCompare(key(a)));
    const { shuffle, seed } = this.ctx.config.sequence;
    if (shuffle) return shuffled([...files].sort((a, b) => key(a).localeCompare(key(b))), seed);
    return super.sort(files);
  }
}

/** Fisher–Yates with a small seeded generator (mulberry32), so a seed repeats an order. */
function shuffled<T>(items: T[], seed: number): T[] {
  let s = seed >>> 0;
  const random = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}
