import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { longestFirst, makespan } from './test-order.ts';

/*
 * The per-file durations the test order starts from (scripts/test-order.ts): a vitest reporter that
 * writes, for each test file of the run, its time in seconds, import and set-up included, keyed
 * `<project>:<path from the repository root>` (one file runs in two API projects). `npm run
 * test:durations` runs the unit and API stage with it and rewrites scripts/test-durations.json;
 * any run can add it (`--reporter=default --reporter=./scripts/test-durations.ts`), and
 * TEST_DURATIONS_OUT=<file> writes elsewhere. Files the run did not reach keep their old entry.
 * The table is committed, so a clean clone (CI, no vitest cache) starts the long files first.
 */
export const DURATIONS_FILE = path.join(path.dirname(new URL(import.meta.url).pathname), 'test-durations.json');

/** A file's time: what the worker spent preparing, importing, setting it up and running its tests. */
export function moduleSeconds(m: TestModule): number {
  const d = m.diagnostic();
  return (d.prepareDuration + d.environmentSetupDuration + d.collectDuration + d.setupDuration + d.duration) / 1000;
}

export default class DurationsReporter implements Reporter {
  private root = process.cwd();
  private workers = 2;
  private seen = new Map<string, number>();
  private log: (text: string) => void = console.log;

  onInit(ctx: { config: { root: string; maxWorkers: number }; logger: { log(text: string): void } }): void {
    this.root = ctx.config.root;
    this.workers = ctx.config.maxWorkers;
    this.log = (text) => ctx.logger.log(text);
  }

  onTestModuleEnd(m: TestModule): void {
    const key = `${m.project.name}:${path.relative(this.root, m.moduleId).split(path.sep).join('/')}`;
    this.seen.set(key, Math.round(moduleSeconds(m) * 10) / 10);
  }

  onTestRunEnd(): void {
    const out = process.env.TEST_DURATIONS_OUT ?? DURATIONS_FILE;
    let old: Record<string, number> = {};
    try {
      old = JSON.parse(fs.readFileSync(out, 'utf8')).seconds ?? {};
    } catch {
      /* none yet */
    }
    const merged = { ...old, ...Object.fromEntries(this.seen) };
    const seconds = Object.fromEntries(Object.entries(merged).sort(([a], [b]) => a.localeCompare(b)));
    const note = 'Per-file seconds of the unit and API stage (npm run test:durations: import, set-up and tests). scripts/test-order.ts runs the longest first.';
    fs.writeFileSync(out, `${JSON.stringify({ note, seconds }, null, 1)}\n`);
    // What the table predicts for this run's files: the sum, and the schedule longest first.
    const run = Object.fromEntries(this.seen);
    const entries = Object.keys(run).map((key) => ({ key, project: key.split(':')[0]!, size: 0 }));
    const total = Object.values(run).reduce((a, b) => a + b, 0);
    this.log(`test durations: ${entries.length} files, ${total.toFixed(0)} s in all, written to ${path.relative(process.cwd(), out)}; longest first on ${this.workers} workers: ${makespan(longestFirst(entries, run), run, this.workers).toFixed(0)} s`);
  }
}
