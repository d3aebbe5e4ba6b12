/**
 * Jobs list speed: 100,000 jobs seeded through SQL into a fresh database, the real
 * server started on a free port, then autocannon at 50 connections on the list (newest first,
 * filtered by status), on a search, and on a client company owner's own list. Runs on PGlite (a
 * temp directory) and on PostgreSQL (a database of its own on TEST_DATABASE_URL, created and dropped here).
 *
 *   npx tsx bench/jobs-list.bench.ts                 # both
 *   npx tsx bench/jobs-list.bench.ts --db pglite     # or --db postgres
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/jobs-list.bench.ts
 *
 * The load reads only, so with the page cache on (the default) every answer after the first is a
 * page kept by its snapshot (db/snapshot-cache.ts); JOBS_LIST_CACHE=off measures reading each page.
 * BENCH_WRITES_PER_SECOND=N writes N times a second meanwhile (a job updated, as any write ends every
 * kept page; in SQL, or with BENCH_WRITES_VIA=api a name edited through the API, which also drops
 * the list's counts) and the table gives the share of answers that read no page of their own (a kept page, or a read in flight joined).
 *
 * Exits non-zero when a target is missed: list p99 ≤ 100 ms on PostgreSQL and ≤ 250 ms on
 * PGlite, search p99 ≤ 150 ms on PostgreSQL.
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
import { seedJobs } from './jobs-seed.ts';
import { maintainEmbeddedDatabase } from '../apps/api/src/db/embedded-maintenance.ts';
import { openBenchDatabase, postgresCpuMs } from './bench-database.ts';
import { createMailer } from '../apps/api/src/platform/mailer.ts';
import { systemClock } from '../apps/api/src/platform/clock.ts';

type Result = { latency: { p50: number; p99: number; average: number }; requests: { average: number; total: number }; non2xx: number; errors: number };
const AUTOCANNON = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../node_modules/.bin/autocannon');

/** autocannon in its own process, so the load generator does not share the server's event loop. */
async function autocannon(o: { url: string; connections: number; duration: number; token: string }): Promise<Result> {
  const { stdout } = await promisify(execFile)(AUTOCANNON, [
    '-c', String(o.connections), '-d', String(o.duration), '-j', '-H', `authorization=Bearer ${o.token}`, o.url,
  ], { maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout) as Result;
}

const JOBS = Number(process.env.BENCH_JOBS ?? 100_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const WRITES_PER_SECOND = Number(process.env.BENCH_WRITES_PER_SECOND ?? 0);

const arg = process.argv.indexOf('--db');
const which = arg > 0 ? [process.argv[arg + 1]] : ['postgres', 'pglite'];

async function run(kind: string) {
  const bench = await openBenchDatabase(kind);
  let { database } = bench;
  const { cleanup } = bench;
  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'sunstamp-bench-data-'));
  try {
    await seedReference(database);
    await seedDemo(database);
    const t0 = Date.now();
    await seedJobs(database, JOBS);
    console.log(`[${kind}] seeded ${JOBS} jobs in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    database = await bench.reopen();
    // The server's first maintenance pass on the embedded database, a few seconds after it listens
    // (serve.ts): PGlite has no autovacuum, and without it no table but the seeded jobs is analysed.
    if (kind === 'pglite') await maintainEmbeddedDatabase(database);
    if (kind === 'pglite') console.log(`[${kind}] reopened: shared_buffers ${(await database.query<{ shared_buffers: string }>('show shared_buffers'))[0]?.shared_buffers}`);
    const config = { ...loadConfig({ NODE_ENV: 'production', DATA_DIR: outbox, LOG_LEVEL: 'silent', JOBS_LIST_CACHE: process.env.JOBS_LIST_CACHE }), seedDemo: false };
    const ctx = await createContext(config, { database, mailTransport: createMailer({ outboxDir: outbox, from: config.mailFrom }), clock: systemClock, authSecret: 'bench-secret-'.padEnd(48, 'x') });
    const app = await buildApp(ctx);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const [adminUser] = await database.db.select().from(users).where(eq(users.email, 'admin@sunstamp.test'));
    const token = await app.ctx.signer.signAccess(adminUser!.id, adminUser!.role);
    // A client company's owner: their list is their company's jobs (a scope the staff's list has not).
    const [ownerUser] = await database.db.select().from(users).where(eq(users.email, 'owner@acme-solar.test'));
    const ownerToken = await app.ctx.signer.signAccess(ownerUser!.id, ownerUser!.role);
    const scenarios: { name: string; path: string; target: number | null; token?: string }[] = [
      { name: 'list, status filter', path: '/api/jobs?page_size=50&ordering=-created_at&status=Pending%20Design', target: kind === 'postgres' ? 100 : 250 },
      { name: 'list, client status filter', path: '/api/jobs?page_size=50&ordering=-created_at&client_status=Submitted', target: kind === 'postgres' ? 100 : 250 },
      { name: 'list, no filter', path: '/api/jobs?page_size=50&ordering=-created_at', target: kind === 'postgres' ? 100 : 250 },
      { name: 'search', path: '/api/jobs?page_size=50&ordering=-created_at&search=garcia', target: kind === 'postgres' ? 150 : null },
      { name: "a client's own list", path: '/api/jobs?page_size=50&ordering=-created_at', target: kind === 'postgres' ? 100 : 250, token: ownerToken },
    ];
    const rows: string[] = [];
    let failed = false;
    const [written] = await database.query<{ id: string }>('select id from jobs order by created_at desc limit 1');
    // Through the API (BENCH_WRITES_VIA=api): the job's name edited as a user edits it, so the write
    // path runs whole (its events, and the list counts it drops in every process). Else an update in SQL.
    const viaApi = process.env.BENCH_WRITES_VIA === 'api';
    const csrf = viaApi ? (JSON.parse((await app.inject({ method: 'GET', url: '/api/auth/csrf/', headers: { authorization: `Bearer ${token}` } })).body) as { csrfToken: string }).csrfToken : '';
    const [{ name: writtenName }] = await database.query<{ name: string }>('select name from jobs where id = $1', [written!.id]);
    const writeOnce = async (n: number) => {
      if (!viaApi) return database.query('update jobs set name = name where id = $1', [written!.id]);
      const r = await app.inject({ method: 'PUT', url: '/api/jobs', headers: { authorization: `Bearer ${token}`, 'x-csrftoken': csrf }, payload: { id: written!.id, name: `${writtenName} (${n % 2})` } });
      if (r.statusCode !== 200) throw new Error(`write through the API: ${r.statusCode} ${r.body.slice(0, 200)}`);
    };
    /** Writes WRITES_PER_SECOND times a second until stopped; how many it made. */
    const writer = () => {
      let n = 0;
      const timer = WRITES_PER_SECOND > 0
        ? setInterval(() => { void writeOnce(n).then(() => { n++; }); }, 1000 / WRITES_PER_SECOND)
        : undefined;
      return () => { clearInterval(timer); return n; };
    };
    const pageStats = () => ({ ...(ctx.caches.jobPages?.stats ?? { hits: 0, stale: 0, unchecked: 0, absent: 0, joined: 0 }) });
    for (const s of scenarios) {
      const url = `http://127.0.0.1:${port}${s.path}`;
      // Warm up caches and the JIT first.
      await autocannon({ url, connections: 5, duration: 2, token: s.token ?? token });
      // CPU the server process spends per answer (on PGlite the database runs in it too): unlike
      // latency, this barely moves with what else the machine is doing.
      const cpu0 = process.cpuUsage();
      // On PostgreSQL, the database's processes too: with the API they share the cores the answers need.
      const db0 = kind === 'postgres' ? postgresCpuMs() : 0;
      const pages0 = pageStats();
      const stopWriting = writer();
      const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, token: s.token ?? token });
      const writes = stopWriting();
      const cpu = process.cpuUsage(cpu0);
      const pages1 = pageStats();
      const kept = pages1.hits - pages0.hits;
      const joined = pages1.joined - pages0.joined;
      const looked = kept + pages1.stale - pages0.stale + pages1.unchecked - pages0.unchecked + pages1.absent - pages0.absent;
      // Answers that made no page read of their own: a kept page, or the read another request had in flight.
      const hitShare = ctx.caches.jobPages ? `${Math.round((100 * (kept + joined)) / Math.max(1, looked))} %` : '—';
      const cpuMs = (cpu.user + cpu.system) / 1000 / Math.max(1, r.requests.total);
      const dbMs = kind === 'postgres' ? (postgresCpuMs() - db0) / Math.max(1, r.requests.total) : undefined;
      const miss = s.target !== null && r.latency.p99 > s.target;
      failed ||= miss || r.non2xx > 0;
      rows.push(`| ${kind} | ${s.name} | \`${s.path.replace('/api/jobs', '')}\` | ${r.latency.p50} ms | ${r.latency.p99} ms | ${Math.round(r.requests.average)} | ${cpuMs.toFixed(2)} ms | ${dbMs === undefined ? '—' : `${dbMs.toFixed(2)} ms`} | ${hitShare} | ${s.target === null ? '—' : `≤ ${s.target} ms`}${miss ? ' **missed**' : ''} |`);
      console.log(`[${kind}] ${s.name}: p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${Math.round(r.requests.average)} req/s, server CPU ${cpuMs.toFixed(2)} ms/request,${dbMs === undefined ? '' : ` PostgreSQL CPU ${dbMs.toFixed(2)} ms/request,`} kept pages ${hitShare}${ctx.caches.jobPages ? ` (lookups: ${kept} kept, ${joined} joined a read in flight, ${pages1.stale - pages0.stale} stale, ${pages1.absent - pages0.absent} none, ${pages1.unchecked - pages0.unchecked} unchecked)` : ''}, writes ${writes}, non-2xx ${r.non2xx}, errors ${r.errors}`);
    }
    await app.close();
    await ctx.close();
    return { rows, failed };
  } finally {
    await cleanup();
    fs.rmSync(outbox, { recursive: true, force: true });
  }
}

let anyFailed = false;
const table: string[] = ['| database | query | path | p50 | p99 | req/s | server CPU / request | PostgreSQL CPU / request | answers without a page read of their own | target |', '|---|---|---|---|---|---|---|---|---|---|'];
for (const kind of which) {
  const { rows, failed } = await run(kind!);
  table.push(...rows);
  anyFailed ||= failed;
}
console.log(`\n${table.join('\n')}\n\nPage cache ${process.env.JOBS_LIST_CACHE === 'off' ? 'off' : 'on'}, ${WRITES_PER_SECOND} writes a second. Machine: ${os.cpus().length} vCPU ${os.cpus()[0]?.model.trim()}, Node ${process.version}`);
process.exit(anyFailed ? 1 : 0);
