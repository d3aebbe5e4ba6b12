import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMPTY_RUNTIME_CONFIG, type RuntimeConfig } from '@sunstamp/domain/observability/observability.rules';
import { loadConfig } from '../config.ts';
import { createTestApp } from '../test/test-app.ts';
import { createMonitoring } from './monitoring.ts';

const ERRORS: NonNullable<RuntimeConfig['errors']> = {
  dsn: 'https://key@o1.ingest.example.io/7', environment: 'test', release: 'abc', tracesSampleRate: 0.2, replaysSessionSampleRate: 0.1, replaysOnErrorSampleRate: 1,
};

describe('error reporting seam', () => {
  it('is off without a DSN and keeps the spec sample rates as defaults', async () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.observability).toEqual(EMPTY_RUNTIME_CONFIG);
    const withDsn = loadConfig({ NODE_ENV: 'test', SENTRY_DSN: 'https://k@sentry.example/1' });
    expect(withDsn.observability.errors).toMatchObject({ tracesSampleRate: 0.2, replaysSessionSampleRate: 0.1, replaysOnErrorSampleRate: 1 });
    expect(() => loadConfig({ NODE_ENV: 'test', SENTRY_TRACES_SAMPLE_RATE: '2' })).toThrow(/SENTRY_TRACES_SAMPLE_RATE/);
    expect(() => loadConfig({ NODE_ENV: 'test', GTM_ID: 'nope' })).toThrow(/GTM_ID/);
    const m = await createMonitoring(null, { warn: () => {} }, async () => { throw new Error('must not load'); });
    expect(m.enabled).toBe(false);
  });

  it('with a DSN: initialises the SDK with the rates and sends only scrubbed events', async () => {
    const calls: { init?: Record<string, unknown>; captured?: unknown[] } = {};
    const sdk = {
      init: (o: Record<string, unknown>) => { calls.init = o; },
      captureException: (...a: unknown[]) => { calls.captured = a; },
      close: async () => true,
    };
    const m = await createMonitoring(ERRORS, { warn: () => {} }, async () => sdk);
    expect(m.enabled).toBe(true);
    expect(calls.init).toMatchObject({ dsn: ERRORS.dsn, tracesSampleRate: 0.2, sendDefaultPii: false, release: 'abc' });
    m.captureException(new Error('x'), { route: '/api/jobs/:id', email: 'ada@example.com', url: '/api/events?ticket=secret' });
    expect(JSON.stringify(calls.captured)).not.toMatch(/ada@example.com|secret/);
    const beforeSend = calls.init!.beforeSend as (e: unknown) => unknown;
    expect(JSON.stringify(beforeSend({ request: { headers: { authorization: 'Bearer abc.def.ghi' } } }))).not.toContain('abc.def');
  });

  it('without the SDK installed, a DSN only warns and errors stay in the log', async () => {
    const warnings: string[] = [];
    const m = await createMonitoring(ERRORS, { warn: (_o, msg) => { warnings.push(msg ?? ''); } }, async () => { throw new Error('Cannot find module'); });
    expect(m.enabled).toBe(false);
    expect(warnings[0]).toMatch(/@sentry\/node is not installed/);
  });
});

describe('runtime configuration in the served page and the CSP', () => {
  it('puts no keys and no vendor host anywhere by default; configured vendors appear in both', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sunstamp-dist-'));
    fs.copyFileSync(path.resolve('apps/web/index.html'), path.join(dist, 'index.html'));
    const plain = await createTestApp({ webDist: dist, seed: false });
    try {
      for (const url of ['/jobs', '/help']) {
        const res = await plain.app.inject({ method: 'GET', url });
        expect(res.body).toContain('<script type="application/json" id="sunstamp-config">{"errors":null,"analytics":null,"tagManager":null,"heatmap":null}</script>');
        // 'self' and the index.html's own inline script (the theme) by its hash: no vendor.
        expect(String(res.headers['content-security-policy'])).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+';/);
        expect(String(res.headers['content-security-policy'])).toContain("connect-src 'self';");
      }
    } finally {
      await plain.close();
    }
    const observability: RuntimeConfig = { errors: ERRORS, analytics: { key: 'phc_k', host: 'https://eu.i.posthog.com' }, tagManager: null, heatmap: null };
    const keyed = await createTestApp({ webDist: dist, seed: false, config: { observability } });
    try {
      const res = await keyed.app.inject({ method: 'GET', url: '/jobs' });
      expect(res.body).toContain('"dsn":"https://key@o1.ingest.example.io/7"');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain('https://o1.ingest.example.io');
      expect(csp).toContain('https://eu.i.posthog.com');
      expect(csp).not.toContain('googletagmanager');
    } finally {
      await keyed.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  }, 180_000);
});
