import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../test/test-app.ts';

/*
 * GET /metrics: absent without METRICS_TOKEN, 401 without the right bearer token, and with it the
 * Prometheus text of this process: request latency by route pattern (not the raw URL), the queue
 * by queue and state, how long jobs took, open live-event streams and the process's own figures.
 */

const TOKEN = 'metrics-token-0123456789abcdef';
let t: TestApp;
let off: TestApp;
beforeAll(async () => {
  [t, off] = await Promise.all([createTestApp({ config: { metricsToken: TOKEN } }), createTestApp()]);
}, 120_000);
afterAll(async () => { await Promise.all([t?.close(), off?.close()]); });

const scrape = (app: TestApp, authorization?: string) =>
  app.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    expect((await scrape(off, `Bearer ${TOKEN}`)).statusCode).toBe(404);
  });

  it('answers 401 without the token or with another, never the figures', async () => {
    for (const auth of [undefined, 'Bearer wrong-token-0123456789abcdef', TOKEN, `Basic ${TOKEN}`]) {
      const res = await scrape(t, auth);
      expect(res.statusCode, String(auth)).toBe(401);
      expect(res.body).not.toContain('sunstamp_');
    }
    // A user's access token is not the metrics token.
    expect((await scrape(t, `Bearer ${await t.tokenOf(DEMO.admin)}`)).statusCode).toBe(401);
  });

  it('counts the jobs list\'s pages looked for among those kept: none the first time, hit or stale the second', async () => {
    const outcomes = async () => {
      const body = (await scrape(t, `Bearer ${TOKEN}`)).body;
      const n = (o: string) => Number(new RegExp(`sunstamp_jobs_list_pages_total\\{outcome="${o}"\\} (\\d+)`).exec(body)?.[1]);
      return { hit: n('hit'), stale: n('stale'), absent: n('absent') };
    };
    const url = `/api/jobs?search=${encodeURIComponent(`metrics pages ${Date.now()}`)}`;
    const before = await outcomes();
    expect((await t.request('GET', url, { token: await t.tokenOf(DEMO.admin) })).statusCode).toBe(200);
    const first = await outcomes();
    expect(first.absent).toBe(before.absent + 1);
    expect((await t.request('GET', url, { token: await t.tokenOf(DEMO.admin) })).statusCode).toBe(200);
    const second = await outcomes();
    // Kept the first time; answered from it unless something wrote in between (another database on PostgreSQL's server).
    expect(second.hit + second.stale).toBe(first.hit + first.stale + 1);
    expect(second.absent).toBe(first.absent);
  });

  it('with the token: request latency by route pattern, the queue and its jobs, live streams and the process', async () => {
    const job = (await t.request('PUT', '/api/jobs', { token: await t.tokenOf(DEMO.acmeUser), body: { name: 'Metrics job' } })).data.id as string;
    await t.request('GET', `/api/jobs/${job}`, { token: await t.tokenOf(DEMO.acmeUser) });
    // A mail job through the queue (run by this process's worker).
    expect((await t.request('POST', '/api/request-demo/', { body: { name: 'Pat', email: 'pat@metrics.test', company: 'Roofs' } })).statusCode).toBe(201);
    await t.ctx.queue.drain(30_000);
    const res = await scrape(t, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const body = res.body;
    expect(body).toMatch(/sunstamp_http_request_duration_seconds_count\{method="GET",route="\/api\/jobs\/:id",status_code="200"\} [1-9]/);
    expect(body).not.toContain(job);
    expect(body).toMatch(/sunstamp_queue_job_duration_seconds_count\{queue="mail-send",outcome="completed"\} [1-9]/);
    expect(body).toMatch(/# TYPE sunstamp_queue_jobs gauge/);
    expect(body).toMatch(/sunstamp_sse_connections 0/);
    expect(body).toMatch(/# TYPE sunstamp_jobs_list_pages_total counter/);
    expect(body).toMatch(/sunstamp_process_cpu_seconds_total/);
    expect(body).toMatch(/sunstamp_nodejs_eventloop_lag_seconds/);
  });
});
