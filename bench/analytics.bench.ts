/**
 * Analytics speed: 100,000 jobs (bench/jobs-seed.ts) and 1,000,000 history events
 * (bench/analytics-seed.ts) in a fresh database, the real server on a free port, then 10
 * connections on GET /api/stats, Company Stats for one year, for BENCH_SECONDS each:
 *   - every company, every request a different year (shifted by a day: the answers cache never hits)
 *   - one company, likewise
 *   - every company, the same year for everyone (the answers cache and its shared computation)
 * Runs on PGlite (a temp directory) and on PostgreSQL (a database of its own on TEST_DATABASE_URL).
 *
 *   npx tsx bench/analytics.bench.ts                 # both
 *   npx tsx bench/analytics.bench.ts --db pglite     # or --db postgres
 *
 * Exits non-zero when a target is missed: p99 ≤ 300 ms on PostgreSQL and ≤ 1 s on PGlite.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { createContext } from '../apps/api/src/context.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { seedDemo, seedReference } from '../apps/api/src/db/seed/seed.ts';
import { users } from '../apps/api/src/db/schema.ts';
import { createMailer } from '../apps/api/src/platform/mailer.ts';
import { systemClock } from '../apps/api/src/platform/clock.ts';
import { seedJobs } from './jobs-seed.ts';
import { openBenchDatabase } from './bench-database.ts';
import { seedHistory } from './analytics-seed.ts';

const JOBS = Number(process.env.BENCH_JOBS ?? 100_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = 10;
const LOAD = path.resolve(path.dirname(new URL(import.meta.url).pathname), 'analytics-load.mjs');
const arg = process.argv.indexOf('--db');
const which = arg > 0 ? [process.argv[arg + 1]!] : ['postgres', 'pglite'];

type Load = { count: number; errors: number; p50: number; p90: number; p99: number; max: number };
async function load(args: string[]): Promise<Load> {
  const { stdout } = await promisify(execFile)(process.execPath, [LOAD, ...args], { maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout) as Load;
}

async function run(kind: string) {
  const bench = await openBenchDatabase(kind);
  let { database } = bench;
  const { cleanup } = bench;
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'sunstamp-bench-data-'));
  try {
    await seedReference(database);
    await seedDemo(database);
    let t0 = Date.now();
    await seedJobs(database, JOBS);
    console.log(`[${kind}] seeded ${JOBS} jobs in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    t0 = Date.now();
    await seedHistory(database);
    const [counts] = await database.query<{ h: number; c: number; a: number }>(
      'select (select count(*) from job_history)::int as h, (select count(*) from analytics_job_cycles)::int as c, (select count(*) from analytics_daily_actions)::int as a');
    console.log(`[${kind}] seeded ${counts!.h} history events (${counts!.c} cycles, ${counts!.a} daily action rows) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    database = await bench.reopen();
    const config = { ...loadConfig({ NODE_ENV: 'production', DATA_DIR: data, LOG_LEVEL: 'silent' }), seedDemo: false };
    const ctx = await createContext(config, { database, mailTransport: createMailer({ outboxDir: data, from: config.mailFrom }), clock: systemClock, authSecret: 'bench-secret-'.padEnd(48, 'x') });
    const app = await buildApp(ctx);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const [adminUser] = await database.db.select().from(users).where(eq(users.email, 'admin@sunstamp.test'));
    const token = await app.ctx.signer.signAccess(adminUser!.id, adminUser!.role);
    const [acme] = await database.query<{ id: string }>("select id::text from companies where name = 'Acme Solar'");
    const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
    const target = kind === 'postgres' ? 300 : 1000;
    const scenarios = [
      { name: 'every company, same year for all, no writes (cached answers)', vary: 'same', companies: '', writes: false },
      { name: 'every company, same year for all, a job event every 2 s', vary: 'same', companies: '', writes: true },
      { name: 'every company, a different year per request (never cached)', vary: 'vary', companies: '', writes: false },
      { name: 'one company, a different year per request (never cached)', vary: 'vary', companies: JSON.stringify([acme!.id]), writes: false },
    ];
    // A job event like the jobs service writes (its trigger updates the rollups), every 2 s: each
    // one makes the cached answers stale, so the next request computes afresh.
    const [someJob] = await database.query<{ id: string }>('select id::text from jobs order by created_at desc limit 1');
    const writeEvent = () => database.query(
      "insert into job_history (job_id, event, actor_id, actor_role, at) values ($1, 'edited', $2, 'admin', now())", [someJob!.id, adminUser!.id]);
    const rows: string[] = [];
    let failed = false;
    // Warm the JIT and the database's caches.
    await load([base, token, '2', '3', 'vary', addDays(yearAgo, -400), '']);
    for (const s of scenarios) {
      const writer = s.writes ? setInterval(() => { void writeEvent(); }, 2_000) : undefined;
      const cpu0 = process.cpuUsage();
      const r = await load([base, token, String(CONNECTIONS), String(DURATION), s.vary, yearAgo, s.companies]);
      const cpu = process.cpuUsage(cpu0);
      clearInterval(writer);
      const cpuMs = (cpu.user + cpu.system) / 1000 / Math.max(1, r.count);
      const miss = r.p99 > target || r.errors > 0;
      failed ||= miss;
      rows.push(`| ${kind} | ${s.name} | ${r.count} | ${r.p50} ms | ${r.p90} ms | ${r.p99} ms | ${cpuMs.toFixed(1)} ms | ≤ ${target} ms${miss ? ' **missed**' : ''} |`);
      console.log(`[${kind}] ${s.name}: ${r.count} answers, p50 ${r.p50} ms, p90 ${r.p90} ms, p99 ${r.p99} ms, max ${r.max} ms, server CPU ${cpuMs.toFixed(1)} ms/answer, errors ${r.errors}`);
    }
    await app.close();
    await ctx.close();
    return { rows, failed };
  } finally {
    await cleanup();
    fs.rmSync(data, { recursive: true, force: true });
  }
}

function addDays(d: string, n: number) {
  return new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

let anyFailed = false;
const table = ['| database | Company Stats | answers | p50 | p90 | p99 | server CPU / answer | target |', '|---|---|---|---|---|---|---|---|'];
for (const kind of which) {
  const { rows, failed } = await run(kind);
  table.push(...rows);
  anyFailed ||= failed;
}
console.log(`\n${table.join('\n')}\n\nMachine: ${os.cpus().length} vCPU ${os.cpus()[0]?.model.trim()}, Node ${process.version}, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
process.exit(anyFailed ? 1 : 0);
