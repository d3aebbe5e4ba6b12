import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/*
 * The order test files run in, for both vitest configs. By default the longest first, from the
 * committed per-file durations (scripts/test-durations.json, `npm run test:durations`): vitest's
 * own order needs its results cache, which a clean clone (CI) does not have, and then falls back to
 * file size (project by project), so a long but small file could start late and leave one worker
 * busy alone at the end. TEST_ORDER=reverse runs them in reverse alphabetical order, and
 * `--sequence.shuffle` shuffles them (and, as vitest does, the tests inside each file) by the run's
 * seed (`--sequence.seed` repeats one), project by project (`shuffledByProject`). Every file must
 * pass in any of these orders: a test creates the data it reads (docs/operations.md, "Order
 * independence").
 */
export class OrderSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const key = (f: TestSpecification) => `${f.project.name}:${f.moduleId}`;
    if (process.env.TEST_ORDER === 'reverse') return [...files].sort((a, b) => key(b).localeCompare(key(a)));
    const { shuffle, seed } = this.ctx.config.sequence;
    if (shuffle) return shuffledByProject([...files].sort((a, b) => key(a).localeCompare(key(b))), (f) => f.project.name, seed);
    const table = this.durations();
    const root = this.ctx.config.root;
    const entries = files.map((f) => ({
      spec: f,
      project: f.project.name,
      key: `${f.project.name}:${path.relative(root, f.moduleId).split(path.sep).join('/')}`,
      size: fileSize(f.moduleId),
    }));
    // A run none of whose files are in the table (the browser specs) keeps vitest's order.
    if (!entries.some((e) => table[e.key] !== undefined)) return super.sort(files);
    return longestFirst(entries, table).map((e) => e.spec);
  }

  /** The committed table (a test gives its own). */
  protected durations(): Record<string, number> {
    return readDurations();
  }
}

export type OrderEntry = { key: string; project: string; size: number };

/**
 * The default order: project by project (in name order, as vitest's own order), the longest file
 * first in each. Longest first keeps both workers busy to the end: a long file never starts last.
 * Projects stay together because the API and web projects share a module graph per worker
 * (`isolate: false`) and vitest keeps a worker's process only while the next file in the queue is
 * of the same project: longest first across projects would restart a worker (and re-import the app)
 * at every change, which costs more than it saves (docs/operations.md, "Test suite"). A file not in
 * the table (new since it was written) counts as the median file of its project, the larger of two
 * such files first.
 */
export function longestFirst<T extends OrderEntry>(entries: T[], table: Record<string, number>): T[] {
  const medians = new Map<string, number>();
  for (const project of new Set(entries.map((e) => e.project))) {
    const known = entries.filter((e) => e.project === project && table[e.key] !== undefined).map((e) => table[e.key]!).sort((a, b) => a - b);
    medians.set(project, known.length ? known[Math.floor(known.length / 2)]! : 0);
  }
  const seconds = (e: T) => table[e.key] ?? medians.get(e.project)!;
  return [...entries].sort((a, b) => (a.project < b.project ? -1 : a.project > b.project ? 1 : 0) || seconds(b) - seconds(a) || b.size - a.size || (a.key < b.key ? -1 : 1));
}

/**
 * The time a list of files takes on `workers` workers that each take the next file when free (as
 * vitest's pool does), plus `switchCost` seconds whenever a worker's next file is of another
 * project than its last: what `npm run test:durations` prints to compare orders.
 */
export function makespan(order: { key: string; project: string }[], table: Record<string, number>, workers: number, switchCost = 0): number {
  const free = Array.from({ length: workers }, () => ({ at: 0, project: '' }));
  for (const e of order) {
    const w = free.reduce((a, b) => (b.at < a.at ? b : a));
    w.at += (table[e.key] ?? 0) + (w.project && w.project !== e.project ? switchCost : 0);
    w.project = e.project;
  }
  return Math.max(...free.map((w) => w.at));
}

export function readDurations(file = path.join(path.dirname(new URL(import.meta.url).pathname), 'test-durations.json')): Record<string, number> {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')).seconds ?? {};
  } catch {
    return {};
  }
}

function fileSize(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

/**
 * The shuffled order: the files of each project shuffled, and the projects' order too, with the
 * projects kept together. vitest keeps a worker (and the module graph its files share) only while
 * the next file is of the same project, so a shuffle across projects restarted a worker at nearly
 * every file: the API files then met each other far less often in one worker than in the default
 * order (a weaker test of order independence), and the run re-imported the app hundreds of times
 * (vitest's "import" ~250 s of a shuffled run). Files of different projects never share a worker.
 */
export function shuffledByProject<T>(items: T[], projectOf: (t: T) => string, seed: number): T[] {
  const groups = new Map<string, T[]>();
  for (const t of items) {
    const group = groups.get(projectOf(t));
    if (group) group.push(t);
    else groups.set(projectOf(t), [t]);
  }
  const names = shuffled([...groups.keys()].sort(), seed);
  return names.flatMap((name, i) => shuffled(groups.get(name)!, seed + i + 1));
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
