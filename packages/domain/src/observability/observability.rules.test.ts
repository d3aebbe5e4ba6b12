import { describe, expect, it } from 'vitest';
import {
  CONSENT_VERSION, EMPTY_RUNTIME_CONFIG, SAMPLE_RATE_DEFAULTS, needsConsentBanner, scrubEvent, vendorHosts, vendorsToStart, type RuntimeConfig,
} from './observability.rules.ts';

const ALL: RuntimeConfig = {
  errors: { dsn: 'https://abc@o1.ingest.sentry.io/42', environment: 'production', release: null, tracesSampleRate: 0.2, replaysSessionSampleRate: 0.1, replaysOnErrorSampleRate: 1 },
  analytics: { key: 'phc_x', host: 'https://eu.i.posthog.com' },
  tagManager: { id: 'GTM-ABC' },
  heatmap: { id: 'clar1' },
};
const yes = { version: CONSENT_VERSION, analytics: true, at: '2026-01-01T00:00:00Z' };
const no = { ...yes, analytics: false };

describe('observability vendors', () => {
  it('keeps the spec sample rates as defaults', () => {
    expect(SAMPLE_RATE_DEFAULTS).toEqual({ traces: 0.2, replaysSession: 0.1, replaysOnError: 1 });
  });

  it('starts nothing and asks nothing without keys', () => {
    expect(vendorsToStart(EMPTY_RUNTIME_CONFIG, yes, 'public')).toEqual([]);
    expect(needsConsentBanner(EMPTY_RUNTIME_CONFIG, null)).toBe(false);
    expect(vendorHosts(EMPTY_RUNTIME_CONFIG)).toEqual({ script: [], connect: [], img: [] });
  });

  it('errors only before consent or after a refusal; everything configured after consent; the tag manager on public pages only', () => {
    expect(vendorsToStart(ALL, null, 'public')).toEqual(['errors']);
    expect(vendorsToStart(ALL, no, 'public')).toEqual(['errors']);
    expect(vendorsToStart(ALL, yes, 'public')).toEqual(['errors', 'replays', 'analytics', 'heatmap', 'tagManager']);
    expect(vendorsToStart(ALL, yes, 'app')).toEqual(['errors', 'replays', 'analytics', 'heatmap']);
    // A consent for an older list of purposes does not count and is asked again.
    const old = { ...yes, version: CONSENT_VERSION - 1 };
    expect(vendorsToStart(ALL, old, 'public')).toEqual(['errors']);
    expect(needsConsentBanner(ALL, old)).toBe(true);
    expect(needsConsentBanner(ALL, no)).toBe(false);
  });

  it('lists the configured vendors\' hosts for the CSP', () => {
    const h = vendorHosts(ALL);
    expect(h.connect).toContain('https://o1.ingest.sentry.io');
    expect(h.script).toContain('https://eu.i.posthog.com');
    expect(h.script).toContain('https://www.googletagmanager.com');
  });

  it('never sends tokens, emails or message bodies', () => {
    const event = {
      message: 'Failed for ada@example.com',
      request: {
        url: 'https://app.test/api/events?ticket=abc123&x=1',
        headers: { authorization: 'Bearer eyJhbGciOi.x.y', 'x-csrftoken': 'n.1.2.3' },
        data: { body: 'Roof is rotten, call me', email: 'ben@example.com' },
      },
      user: { id: 'u1', email: 'ada@example.com' },
      breadcrumbs: [{ message: 'POST /api/auth/token/refresh/ {"refresh":"r-secret"}', data: { refresh: 'r-secret' } }],
      extra: { note: 'Authorization: Bearer abc.def' },
    };
    const out = JSON.stringify(scrubEvent(event));
    for (const secret of ['ada@example.com', 'ben@example.com', 'eyJhbGciOi', 'abc123', 'Roof is rotten', 'r-secret', 'n.1.2.3', 'abc.def']) {
      expect(out, secret).not.toContain(secret);
    }
    expect(out).toContain('Failed for [email]');
    expect(out).toContain('"id":"u1"');
  });
});
