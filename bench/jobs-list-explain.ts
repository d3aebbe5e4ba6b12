/**
 * EXPLAIN ANALYZE of the jobs list's page statement on the 100k seed, and the database time of
 * the statement alone (run 100 times), with and without the reader's unread counts (issue 27).
 *
 *   npx tsx bench/jobs-list-explain.ts --db pglite      # or --db postgres
 *   BENCH_JOBS=100000 (default)
 */
import { seedDemo, seedReference } from '../apps/api/src/db/seed/seed.ts';
import { listJobs, type JobListFilter, type ListReader } from '../apps/api/src/modules/jobs/jobs.repository.ts';
import { threadAccessOf } from '../packages/domain/src/policies/message-inbox.policy.ts';
import { seedJobs } from './jobs-seed.ts';
import { openBenchDatabase } from './bench-database.ts';

const JOBS = Number(process.env.BENCH_JOBS ?? 100_000);
const arg = process.argv.indexOf('--db');
const kind = arg > 0 ? process.argv[arg + 1]! : 'postgres';
const bench = await openBenchDatabase(kind);
let { database } = bench;
const { cleanup } = bench;
try {
  await seedReference(database);
  await seedDemo(database);
  const t0 = Date.now();
  await seedJobs(database, JOBS);
  database = await bench.reopen(); // as after a restart: PGlite's cache sized by the data (bench-database.ts)
  await database.query('vacuum analyze');
  console.log(`[${kind}] seeded ${JOBS} jobs in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const [admin] = await database.query<{ id: string }>("select id from users where email = 'admin@sunstamp.test'");
  const reader: ListReader = { userId: admin!.id, ...threadAccessOf({ id: admin!.id, role: 'admin' }) };
  const none: ListReader = { userId: null, always: [], whenShared: [] };
  // The statement the repository sends, caught on its way to the database.
  let caught: { text: string; values: unknown[] } | undefined;
  const real = database.queryArrays.bind(database);
  database.queryArrays = async (q) => { caught = { text: q.text, values: q.values }; return real(q); };
  const base: JobListFilter = { scope: { kind: 'all' }, includeInactive: false, now: new Date() };
  const variants: [string, JobListFilter][] = [['no filter', base], ['status filter', { ...base, statuses: ['Pending Design'] }]];
  for (const [name, f] of variants) {
    for (const [who, r] of [['with unread', reader], ['without unread', none]] as const) {
      await listJobs(database, f, { field: 'created_at', desc: true }, { limit: 50, offset: 0 }, 1, r);
      const q = caught!;
      const plan = await database.query<Record<string, string>>(`explain (analyze, buffers) ${q.text}`, q.values);
      console.log(`\n== ${kind}, ${name}, ${who}\n${plan.map((p) => Object.values(p)[0]).join('\n')}`);
      const n = 100;
      const c0 = process.cpuUsage();
      const w0 = performance.now();
      for (let i = 0; i < n; i++) await real({ text: q.text, values: q.values });
      const c = process.cpuUsage(c0);
      console.log(`-- ${n} runs: ${((performance.now() - w0) / n).toFixed(2)} ms wall, ${((c.user + c.system) / 1000 / n).toFixed(2)} ms CPU of this process each (load ${(await import('node:fs')).readFileSync('/proc/loadavg', 'utf8').trim()})`);
    }
  }
} finally {
  await cleanup();
}
