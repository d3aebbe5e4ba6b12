// Cold start by part: what a restart of an existing install spends, step by step, in wall time and
// in this process's CPU time (process.cpuUsage: what the step itself costs, whatever the machine's
// load). Mirrors createServer (apps/api/src/server.ts) and createContext (context.ts) on a PGlite
// directory made by a first start, so the second pass is the usual restart.
//   npx tsx bench/cold-start-parts.bench.ts [--runs 3] [--data-dir DIR]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/api/src/config.ts';
import { createServer, closeServer, openConfiguredDatabase } from '../apps/api/src/server.ts';
import { seedDemo } from '../apps/api/src/db/seed/seed.ts';
import { seedReferenceOnce } from '../apps/api/src/db/seed/seed-mark.ts';
import { seedSampleJobs } from '../apps/api/src/db/seed/sample-jobs.seed.ts';
import { CacheHub } from '../apps/api/src/platform/cache/cache.ts';
import { EventBus } from '../apps/api/src/platform/events.ts';
import { Queue } from '../apps/api/src/platform/queue/queue.ts';
import { createContext } from '../apps/api/src/context.ts';
import { buildApp } from '../apps/api/src/app.ts';
import { startWorkers } from '../apps/api/src/workers.ts';
import { systemClock } from '../apps/api/src/platform/clock.ts';
import { resolveAuthSecret } from '../apps/api/src/platform/secrets.ts';

const arg = (name: string) => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : undefined; };
const runs = Number(arg('--runs') ?? 3);
const dataDir = arg('--data-dir') ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sunstamp-coldstart-'));
const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'true', WORKERS: 'on' };
Object.assign(process.env, env);
const config = loadConfig();
const quiet = { info() {}, warn() {}, error() {} };

type Row = { step: string; wallMs: number; cpuMs: number };
async function timed<T>(rows: Row[], step: string, fn: () => Promise<T>): Promise<T> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const out = await fn();
  const c = process.cpuUsage(c0);
  rows.push({ step, wallMs: performance.now() - t0, cpuMs: (c.user + c.system) / 1000 });
  return out;
}

// A first start creates, migrates and seeds the install (not measured).
if (!fs.existsSync(path.join(dataDir, 'pglite'))) {
  const s = await createServer(config);
  await closeServer(s);
}

const all: Row[][] = [];
for (let r = 0; r < runs; r++) {
  const rows: Row[] = [];
  const database = await timed(rows, 'openDatabase (PGlite open + migrations check)', () => openConfiguredDatabase(config));
  await timed(rows, 'seedReferenceOnce (skipped: the mark is this seed)', () => seedReferenceOnce(database));
  await timed(rows, 'seedDemo', () => seedDemo(database));
  await timed(rows, 'seedSampleJobs', () => seedSampleJobs(database));
  // createContext's parts, each alone, then the whole (which does them again on a fresh set).
  const hub = new CacheHub(database);
  hub.create('option-lists', { channel: 'sunstamp_option_lists_changed', ttlMs: 60_000, invalidation: 'all' });
  hub.create('job-counts', { channel: 'sunstamp_jobs_changed', ttlMs: 60_000, invalidation: 'all' });
  await timed(rows, '  ctx part: caches LISTEN (2 channels)', () => hub.start());
  const events = new EventBus(database);
  await timed(rows, '  ctx part: events LISTEN', () => events.start());
  const queue = new Queue(database, config.queue, quiet);
  await timed(rows, '  ctx part: queue start (pg-boss start, queues create/update)', () => queue.start());
  await queue.stop(); await events.stop(); await hub.stop();
  const ctx = await timed(rows, 'createContext (whole)', () => createContext(
    { ...config, webDist: path.resolve('apps/web/dist') },
    { database, clock: systemClock, authSecret: resolveAuthSecret(config.authSecret, config.dataDir), log: quiet },
  ));
  await timed(rows, 'startWorkers (incl. crash recovery at start)', () => startWorkers(ctx));
  const app = await timed(rows, 'buildApp (routes, static files)', () => buildApp(ctx, { logger: false }));
  await timed(rows, 'app.ready', async () => { await app.ready(); });
  await timed(rows, 'first GET /api/health', () => app.inject({ method: 'GET', url: '/api/health' }));
  await app.close(); await ctx.close(); await database.close();
  all.push(rows);
}

const load = os.loadavg().map((l) => l.toFixed(2)).join(' ');
console.log(`Restart of an existing install by part, ${runs} runs (min–max), load average ${load}:`);
console.log(`${'step'.padEnd(62)} ${'wall ms'.padStart(14)} ${'CPU ms'.padStart(14)}`);
for (let i = 0; i < all[0]!.length; i++) {
  const ws = all.map((rows) => rows[i]!.wallMs);
  const cs = all.map((rows) => rows[i]!.cpuMs);
  const range = (xs: number[]) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`;
  console.log(`${all[0]![i]!.step.padEnd(62)} ${range(ws).padStart(14)} ${range(cs).padStart(14)}`);
}
if (!arg('--data-dir')) fs.rmSync(dataDir, { recursive: true, force: true });
