import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.ts';

/*
 * Prometheus metrics of one process (API and the workers it runs): the process itself (CPU,
 * memory, event-loop lag, handles), HTTP requests by route and status (a latency histogram, whose
 * _count is the request rate), open live-event streams, queue depth by queue and state (read from
 * pg-boss's table when scraped) and how long jobs take by queue and outcome. Served by
 * GET /metrics behind METRICS_TOKEN (app.ts); nothing is collected for anyone without it.
 */

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  readonly jobDuration: Histogram<'queue' | 'outcome'>;

  /** `processMetrics`: also Node's own (CPU, memory, event-loop lag); on where /metrics is served. */
  constructor(
    sources: { database: Pick<Database, 'query'>; openStreams: () => number; jobPages?: () => { hits: number; stale: number; unchecked: number; absent: number } | undefined },
    opts: { processMetrics: boolean },
  ) {
    if (opts.processMetrics) collectDefaultMetrics({ register: this.registry, prefix: 'sunstamp_' });
    this.httpDuration = new Histogram({
      name: 'sunstamp_http_request_duration_seconds', help: 'HTTP requests by route pattern and status, seconds',
      labelNames: ['method', 'route', 'status_code'], buckets: LATENCY_BUCKETS, registers: [this.registry],
    });
    this.jobDuration = new Histogram({
      name: 'sunstamp_queue_job_duration_seconds', help: 'Queue jobs run by this process, by queue and outcome, seconds',
      labelNames: ['queue', 'outcome'], buckets: JOB_BUCKETS, registers: [this.registry],
    });
    new Gauge({
      name: 'sunstamp_sse_connections', help: 'Live-event streams open on this process', registers: [this.registry],
      collect() { this.set(sources.openStreams()); },
    });
    new Counter({
      name: 'sunstamp_jobs_list_pages_total',
      help: 'Jobs-list pages this process looked for among those it keeps: answered from the page kept by its snapshot (hit), kept but the database had moved on (stale), kept but not checked while hits are rare (unchecked), none kept (absent)',
      labelNames: ['outcome'], registers: [this.registry],
      collect() {
        const s = sources.jobPages?.();
        this.reset();
        if (!s) return;
        this.inc({ outcome: 'hit' }, s.hits);
        this.inc({ outcome: 'stale' }, s.stale);
        this.inc({ outcome: 'unchecked' }, s.unchecked);
        this.inc({ outcome: 'absent' }, s.absent);
      },
    });
    new Gauge({
      name: 'sunstamp_queue_jobs', help: 'Jobs waiting or running, by queue and state (the whole queue, all processes)',
      labelNames: ['queue', 'state'], registers: [this.registry],
      async collect() {
        this.reset();
        const rows = await sources.database.query<{ name: string; state: string; n: string | number }>(
          "select name, state::text as state, count(*) as n from pgboss.job where state in ('created', 'retry', 'active') group by name, state",
        );
        for (const r of rows) this.set({ queue: r.name, state: r.state }, Number(r.n));
      },
    });
  }

  /** The text exposition format, and its content type. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
