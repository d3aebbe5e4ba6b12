import { describe, expect, it } from 'vitest';
import { CONSENT_VERSION, EMPTY_RUNTIME_CONFIG, type RuntimeConfig, type Vendor } from '@sunstamp/domain/observability/observability.rules';
import { SENTRY_BUNDLE, startObservability } from './observability.ts';

const CONFIG: RuntimeConfig = {
  errors: { dsn: 'https://k@o1.ingest.sentry.io/1', environment: 'test', release: null, tracesSampleRate: 0.2, replaysSessionSampleRate: 0.1, replaysOnErrorSampleRate: 1 },
  analytics: { key: 'phc_1', host: 'https://eu.i.posthog.com' },
  tagManager: { id: 'GTM-1' },
  heatmap: { id: 'abc' },
};
const consent = { version: CONSENT_VERSION, analytics: true, at: '2026-01-01T00:00:00Z' };

function fakeWindow() {
  const inits: Record<string, unknown[]> = {};
  const w = {
    Sentry: {
      init: (o: unknown) => { inits.sentry = [o]; },
      browserTracingIntegration: () => 'tracing',
      replayIntegration: (o: unknown) => ({ replay: o }),
    },
    posthog: { init: (...a: unknown[]) => { inits.posthog = a; } },
  };
  return { w: w as unknown as Window, inits };
}

describe('starting the observability vendors', () => {
  it('loads nothing without keys', async () => {
    const urls: string[] = [];
    const loaded = await startObservability('public', { config: EMPTY_RUNTIME_CONFIG, consent, load: async (s) => { urls.push(s); }, startedSet: new Set<Vendor>() });
    expect(loaded).toEqual([]);
    expect(urls).toEqual([]);
  });

  it('starts errors only (no replays) before consent, with the spec rates', async () => {
    const { w, inits } = fakeWindow();
    const loaded = await startObservability('app', { config: CONFIG, consent: null, load: async () => {}, win: w, startedSet: new Set<Vendor>() });
    expect(loaded).toEqual([SENTRY_BUNDLE]);
    expect(inits.sentry![0]).toMatchObject({ tracesSampleRate: 0.2, replaysSessionSampleRate: 0, replaysOnErrorSampleRate: 0, integrations: ['tracing'], sendDefaultPii: false });
  });

  it('after consent starts replays (0.1 / 1), analytics, heat map and, on public pages, the tag manager, each once', async () => {
    const { w, inits } = fakeWindow();
    const set = new Set<Vendor>();
    const loaded = await startObservability('public', { config: CONFIG, consent, load: async () => {}, win: w, startedSet: set });
    expect(loaded).toEqual([SENTRY_BUNDLE, 'https://eu.i.posthog.com/static/array.js', 'https://www.clarity.ms/tag/abc', 'https://www.googletagmanager.com/gtm.js?id=GTM-1']);
    expect(inits.sentry![0]).toMatchObject({ replaysSessionSampleRate: 0.1, replaysOnErrorSampleRate: 1 });
    expect(inits.posthog![0]).toBe('phc_1');
    expect(await startObservability('public', { config: CONFIG, consent, load: async () => {}, win: w, startedSet: set })).toEqual([]);
  });

  it('a vendor that cannot load does not break the page', async () => {
    const loaded = await startObservability('app', { config: { ...EMPTY_RUNTIME_CONFIG, heatmap: { id: 'x' } }, consent, load: async () => { throw new Error('blocked'); }, win: {} as Window, startedSet: new Set<Vendor>() });
    expect(loaded).toEqual([]);
  });
});
