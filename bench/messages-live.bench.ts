/**
 * Job messaging speed: the real server on a free port, 200 open SSE connections (50 each for the
 * four people of Acme's job: admin, support, Acme's owner and installer), then
 * - live latency: the installer posts a message every 50 ms; the time from sending the POST to the
 *   message's arrival on each of the other 150 connections (p50, p99, max);
 * - posting throughput: messages posted by 20 concurrent callers for a few seconds (each message
 *   stores a notification for three people, publishes four live events and opens mail batches),
 *   the callers in their own process (messages-post-load.mjs); the CPU time per post of the
 *   server process and of PostgreSQL's backends for this bench's database.
 * The SSE readers run in this process beside the server, as fetch streams.
 *
 *   npx tsx bench/messages-live.bench.ts                 # PGlite and PostgreSQL
 *   npx tsx bench/messages-live.bench.ts --db pglite     # or --db postgres
 *
 * Exits non-zero when live p99 is over 1 s.
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
import { sessionKeyOf } from '../apps/api/src/modules/auth/tokens.ts';
import { readSse } from '../apps/api/src/test/sse-reader.ts';
import { openBenchDatabase } from './bench-database.ts';

const CONNECTIONS_EACH = 50;
const LIVE_MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100);
const POST_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const POST_CONCURRENCY = 20;
/** The posters run in their own process (messages-post-load.mjs), so CPU counted here is the server's. */
const LOAD = path.resolve(path.dirname(new URL(import.meta.url).pathname), 'messages-post-load.mjs');

const arg = process.argv.indexOf('--db');
const which = arg > 0 ? [process.argv[arg + 1]] : ['pglite', 'postgres'];

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

async function run(kind: string) {
  const { database, cleanup } = await openBenchDatabase(kind);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunstamp-bench-data-'));
  try {
    await seedReference(database);
    await seedDemo(database);
    const config = { ...loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), seedDemo: false };
    const ctx = await createContext(config, { database, mailTransport: createMailer({ outboxDir: path.join(dataDir, 'outbox'), from: config.mailFrom }), clock: systemClock, authSecret: 'bench-secret-'.padEnd(48, 'x') });
    const app = await buildApp(ctx);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const tokenOf = async (email: string) => {
      const [u] = await database.db.select().from(users).where(eq(users.email, email));
      return app.ctx.signer.signAccess(u!.id, u!.role);
    };
    const call = async (token: string, method: 'POST' | 'PUT', url: string, body: unknown) => {
      const csrf = app.ctx.signer.issueCsrf(sessionKeyOf(await app.ctx.signer.verifyAccess(token)));
      return fetch(`${base}${url}`, { method, headers: { authorization: `Bearer ${token}`, 'x-csrftoken': csrf, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    };
    const people = ['admin@sunstamp.test', 'support@sunstamp.test', 'owner@acme-solar.test', 'installer@acme-solar.test'];
    const tokens = await Promise.all(people.map(tokenOf));
    const author = tokens[3]!;
    const job = (await (await call(author, 'PUT', '/api/jobs', { name: 'Bench job', client_street_address: '1 Main St', services_requested: ['structural_roof_letter'] })).json()) as { id: string };

    // 200 streams; each records when it saw which message id.
    const arrivals = new Map<number, number[]>();
    const aborts: AbortController[] = [];
    for (const [i, token] of tokens.entries()) {
      for (let c = 0; c < CONNECTIONS_EACH; c++) {
        const { ticket } = (await (await call(token, 'POST', '/api/events/ticket', {})).json()) as { ticket: string };
        const ctrl = new AbortController();
        aborts.push(ctrl);
        const res = await fetch(`${base}/api/events?ticket=${ticket}`, { signal: ctrl.signal });
        if (i === 3) continue; // the author's own streams are not timed
        readSse(res.body!, (e) => {
          if (e.event !== 'new_message') return;
          const id = (e.data as { payload: { message_id: number } }).payload.message_id;
          const list = arrivals.get(id) ?? [];
          list.push(performance.now());
          arrivals.set(id, list);
        });
      }
    }
    await new Promise((r) => setTimeout(r, 500));

    const latencies: number[] = [];
    const sentAt = new Map<number, number>();
    for (let n = 0; n < LIVE_MESSAGES; n++) {
      const t0 = performance.now();
      const m = (await (await call(author, 'POST', `/api/jobs/${job.id}/messages`, { body: `Live ${n}` })).json()) as { id: number };
      sentAt.set(m.id, t0);
      await new Promise((r) => setTimeout(r, 50));
    }
    await new Promise((r) => setTimeout(r, 2000));
    let missing = 0;
    for (const [id, t0] of sentAt) {
      const got = arrivals.get(id) ?? [];
      missing += CONNECTIONS_EACH * 3 - got.length;
      for (const at of got) latencies.push(at - t0);
    }
    for (const a of aborts) a.abort();

    // Throughput: concurrent posters for POST_SECONDS. CPU time is counted too (this process:
    // server and clients; PostgreSQL: the backends of this bench's database), since latency and
    // rate move with whatever else runs on a shared machine and CPU per post much less.
    const backendCpu = async () => {
      if (database.kind !== 'postgres') return 0;
      const pids = await database.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database()');
      let ticks = 0;
      for (const { pid } of pids) {
        try {
          const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
          ticks += Number(f[11]) + Number(f[12]);
        } catch { /* not on this machine, or gone */ }
      }
      return ticks * 10; // ms at 100 ticks per second
    };
    const callers = await Promise.all(tokens.map(async (token) => ({
      token, csrf: app.ctx.signer.issueCsrf(sessionKeyOf(await app.ctx.signer.verifyAccess(token))),
    })));
    const pgBefore = await backendCpu();
    const cpuBefore = process.cpuUsage();
    const { stdout } = await promisify(execFile)(process.execPath, [
      LOAD, `${base}/api/jobs/${job.id}/messages`, JSON.stringify(callers), String(POST_CONCURRENCY), String(POST_SECONDS),
    ], { maxBuffer: 16 * 1024 * 1024 });
    const load = JSON.parse(stdout) as { count: number; errors: number; seconds: number; p50: number; p99: number; max: number };
    const rate = load.count / load.seconds;
    const cpu = process.cpuUsage(cpuBefore);
    const nodeMsPerPost = (cpu.user + cpu.system) / 1000 / Math.max(load.count, 1);
    const pgMsPerPost = ((await backendCpu()) - pgBefore) / Math.max(load.count, 1);
    const failedPosts = load.errors;
    await app.close();
    await ctx.close();
    const cpuCol = `${nodeMsPerPost.toFixed(2)} ms${database.kind === 'postgres' ? ` + ${pgMsPerPost.toFixed(2)} ms` : ''}`;
    const row = `| ${kind} | ${latencies.length} deliveries to 150 of 200 connections | ${pct(latencies, 50).toFixed(0)} ms | ${pct(latencies, 99).toFixed(0)} ms | ${Math.max(...latencies).toFixed(0)} ms | ${missing} | ${rate.toFixed(0)} msg/s (${POST_CONCURRENCY} posters, ${failedPosts} failed; post p50 ${load.p50} ms, p99 ${load.p99} ms) | ${cpuCol} |`;
    console.log(row);
    return { row, failed: pct(latencies, 99) > 1000 || missing > 0 };
  } finally {
    await cleanup();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const table = ['| database | live deliveries | p50 | p99 | max | lost | posting | CPU per post (server process + PostgreSQL) |', '|---|---|---|---|---|---|---|---|'];
let anyFailed = false;
for (const kind of which) {
  const { row, failed } = await run(kind!);
  table.push(row);
  anyFailed ||= failed;
}
console.log(`\n${table.join('\n')}\n\nMachine: ${os.cpus().length} vCPU ${os.cpus()[0]?.model.trim()}, Node ${process.version}`);
process.exit(anyFailed ? 1 : 0);
