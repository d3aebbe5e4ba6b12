/**
 * The jobs list's own work in this process, two versions side by side under the same load: the
 * page statement through the repository, the rows mapped as the service maps them and the page
 * serialised, for this checkout and another (`--base <checkout>`, e.g. a `git worktree` of main),
 * alternated round by round against one database. On PostgreSQL the CPU is the API's alone, and the
 * PostgreSQL server's processes are measured beside it (Linux's /proc: the database's CPU per page);
 * on PGlite it includes the database. Read the ratio: both columns carry the same machine load.
 *
 *   git worktree add /tmp/base main && ln -s $PWD/node_modules /tmp/base/node_modules
 *   npx tsx bench/jobs-list-ab.ts --base /tmp/base --db postgres    # or --db pglite; BENCH_JOBS (20,000)
 */
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { seedDemo, seedReference } from '../apps/api/src/db/seed/seed.ts';
import { threadAccessOf } from '../packages/domain/src/policies/message-inbox.policy.ts';
import { seedJobs } from './jobs-seed.ts';
import { openBenchDatabase, postgresCpuMs } from './bench-database.ts';

const arg = (name: string, dflt: string) => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1]! : dflt; };
const kind = arg('--db', 'postgres');
const base = path.resolve(arg('--base', ''));
const JOBS = Number(process.env.BENCH_JOBS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const PER_ROUND = 200;

type Version = { name: string; page: () => Promise<string> };
const bench = await openBenchDatabase(kind);
let { database } = bench;
const { cleanup } = bench;
try {
  await seedReference(database);
  await seedDemo(database);
  await seedJobs(database, JOBS);
  database = await bench.reopen(); // as after a restart: PGlite's cache sized by the data (bench-database.ts)
  await database.query('vacuum analyze');
  const [admin] = await database.query<{ id: string }>("select id from users where email = 'admin@sunstamp.test'");
  const reader = { userId: admin!.id, ...threadAccessOf({ id: admin!.id, role: 'admin' }) };
  const now = new Date();
  const filter = { scope: { kind: 'all' as const }, includeInactive: false, now };
  const versionOf = async (name: string, root: string, prefix: string): Promise<Version> => {
    // Each version names its prepared statements alike: prefixed here so one connection holds both.
    const db = { ...database, queryArrays: (q: Parameters<typeof database.queryArrays>[0]) => database.queryArrays({ ...q, name: q.name && `${prefix}_${q.name}` }) };
    const repo = await import(path.join(root, 'apps/api/src/modules/jobs/jobs.repository.ts'));
    const mapper = await import(path.join(root, 'apps/api/src/modules/jobs/jobs.mapper.ts'));
    return {
      name,
      page: async () => {
        const { rows, count } = await repo.listJobs(db, filter, { field: 'created_at', desc: true }, { limit: 50, offset: 0 }, JOBS, reader);
        // As jobs-queries.service.ts builds the answer, then the route's JSON.stringify.
        const results = rows.map((r: { unreadMessages: number }) => Object.assign(mapper.listItemOf(r, now, 'admin'), { unread_messages: r.unreadMessages }));
        return JSON.stringify({ count, page: 1, page_size: 50, results });
      },
    };
  };
  const versions = [await versionOf('base', base, 'a'), await versionOf('this checkout', process.cwd(), 'b')];
  const a = JSON.parse(await versions[0]!.page()), b = JSON.parse(await versions[1]!.page());
  if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error('the two versions answer different pages');
  const cpu: Record<string, number[]> = { base: [], 'this checkout': [] };
  const dbCpu: Record<string, number[]> = { base: [], 'this checkout': [] };
  for (const v of versions) for (let i = 0; i < 100; i++) await v.page(); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (const v of round % 2 ? [...versions].reverse() : versions) {
      const c0 = process.cpuUsage();
      const d0 = kind === 'postgres' ? postgresCpuMs() : 0;
      for (let i = 0; i < PER_ROUND; i++) await v.page();
      const c = process.cpuUsage(c0);
      cpu[v.name]!.push((c.user + c.system) / 1000 / PER_ROUND);
      if (kind === 'postgres') dbCpu[v.name]!.push((postgresCpuMs() - d0) / PER_ROUND);
    }
  }
  const med = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  for (const v of versions) {
    const xs = cpu[v.name]!;
    console.log(`[${kind}] ${v.name}: CPU per page, median of ${ROUNDS} rounds ${med(xs).toFixed(3)} ms (min ${Math.min(...xs).toFixed(3)}, max ${Math.max(...xs).toFixed(3)})`);
    const ds = dbCpu[v.name]!;
    if (ds.length) console.log(`[${kind}] ${v.name}: PostgreSQL's CPU per page, median ${med(ds).toFixed(3)} ms (min ${Math.min(...ds).toFixed(3)}, max ${Math.max(...ds).toFixed(3)})`);
  }
  console.log(`load average at the end: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
} finally {
  await cleanup();
}
