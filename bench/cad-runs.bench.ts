/**
 * Plan-set runs from request to `cad_generation_passed`, on PGlite with the real queue and workers
 * (the API test harness's app: in-memory PGlite, pg-boss polling every 0.5 s, workers in process):
 * - sequential: one run at a time, N jobs (each a new input), time from POST /generate-cad to the
 *   `cad_generation_passed` event on the requester's event bus (what the SSE stream pushes);
 * - concurrent: 20 runs requested at once; all must pass; wall time until the last passes;
 * - peak RSS growth over the whole bench (sampled every 20 ms) above the RSS after warm-up.
 *
 *   npx tsx bench/cad-runs.bench.ts [runs]      # default 20 sequential runs
 *   WORKER_CONCURRENCY=2 BENCH_CONCURRENT=100 npx tsx bench/cad-runs.bench.ts 1
 *     # runs worked at once (default: the server's, from the CPU count) and the size of the burst (default 20)
 *   RENDER_THREADS=0 …   # render on the event loop (default: in worker threads, as many as WORKER_CONCURRENCY)
 *
 * Exits non-zero when a run fails or the concurrent batch does not complete.
 */
import { eq } from 'drizzle-orm';
import { createTestApp, DEMO } from '../apps/api/src/test/test-app.ts';
import { preparePlanSetJob, preparePlanSetWorld } from '../apps/api/src/test/planset-fixtures.ts';
import { users } from '../apps/api/src/db/schema.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const RUNS = Number(process.argv[2] ?? 20);
const CONCURRENT = Number(process.env.BENCH_CONCURRENT ?? 20);
// As a server starts (not the tests' in-process rendering): RENDER_THREADS defaults to WORKER_CONCURRENCY.
const { queue, renderThreads } = loadConfig({ WORKER_CONCURRENCY: process.env.WORKER_CONCURRENCY, RENDER_THREADS: process.env.RENDER_THREADS });
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
};
const mb = (b: number) => Math.round(b / 1024 / 1024);

const t = await createTestApp({ config: { queue, renderThreads } });
let peak = process.memoryUsage().rss;
const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 20);
try {
  const w = await preparePlanSetWorld(t);
  const [support] = await t.database.db.select().from(users).where(eq(users.email, DEMO.support));
  const token = await t.tokenOf(DEMO.support);
  const csrf = await t.csrfFor(token);
  const finished = new Map<string, (type: string) => void>();
  t.ctx.events.subscribe(support!.id, (e) => {
    const p = e.payload as { run_id?: string };
    if (p?.run_id && (e.type === 'cad_generation_passed' || e.type === 'cad_generation_failed')) finished.get(p.run_id)?.(e.type);
  });
  const start = async (jobId: string) => {
    const t0 = performance.now();
    const res = await t.app.inject({ method: 'POST', url: `/api/jobs/${jobId}/generate-cad`, headers: { authorization: `Bearer ${token}`, 'x-csrftoken': csrf } });
    if (res.statusCode !== 202) throw new Error(`generate-cad ${res.statusCode} ${res.body}`);
    const runId = res.json().id as string;
    const type = await new Promise<string>((resolve) => finished.set(runId, resolve));
    if (type !== 'cad_generation_passed') throw new Error(`run ${runId} failed: ${JSON.stringify((await t.request('GET', `/api/cad-runs/${runId}`, { token })).data.error)}`);
    return performance.now() - t0;
  };

  // Each job its own street: no two lay out the same roof (a layout is kept per request, planset-design.ts).
  const jobs: string[] = [];
  for (let i = 0; i < 3 + RUNS + CONCURRENT; i++) jobs.push(await preparePlanSetJob(t, w, { name: `Bench Residence ${i + 1}`, street: `${1400 + i} Bench Street ${i + 1}`, modules: 10 + (i % 8) }));

  for (const id of jobs.slice(0, 3)) await start(id); // warm-up: fonts, pdfjs, first queries
  const baseRss = process.memoryUsage().rss;
  peak = baseRss;

  const seq: number[] = [];
  for (const id of jobs.slice(3, 3 + RUNS)) seq.push(await start(id));

  const loadBefore = loadavg();
  // How long the event loop (every other request of the process) waited during the burst.
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const cpu0 = process.cpuUsage();
  const c0 = performance.now();
  const each = await Promise.all(jobs.slice(3 + RUNS).map((id) => start(id)));
  const wall = performance.now() - c0;
  const cpu = process.cpuUsage(cpu0);
  loop.disable();

  const out = {
    sequential: { runs: RUNS, p50Ms: Math.round(pct(seq, 50)), p99Ms: Math.round(pct(seq, 99)), maxMs: Math.round(Math.max(...seq)) },
    workerConcurrency: queue.concurrency,
    renderThreads,
    concurrent: {
      runs: CONCURRENT, allPassed: each.length === CONCURRENT, wallMs: Math.round(wall), p50Ms: Math.round(pct(each, 50)), maxMs: Math.round(Math.max(...each)),
      // CPU of this process (server, database and workers) per run: moves less with the machine's load than wall time.
      cpuMsPerRun: Math.round((cpu.user + cpu.system) / 1000 / CONCURRENT),
      eventLoopDelayMs: { p50: Math.round(loop.percentile(50) / 1e6), p99: Math.round(loop.percentile(99) / 1e6), max: Math.round(loop.max / 1e6) },
    },
    loadAverage: { before: loadBefore, after: loadavg() },
    rss: { afterWarmUpMb: mb(baseRss), peakMb: mb(peak), peakGrowthMb: mb(peak - baseRss) },
  };
  console.log(JSON.stringify(out, null, 2));
} finally {
  clearInterval(sampler);
  await t.close();
}
