import { z } from 'zod';

/*
 * Error reporting, usage analytics, a tag manager and a heat map (spec §1: "initialised"), each
 * off until its key is configured. The server puts the public part of the configuration into
 * index.html as JSON (a script of type application/json never runs), so one build serves any
 * deployment. Which vendor may start depends on the visitor's consent and on the page: the rules
 * here are the one place that decides, for the web and for the server's CSP.
 */

/** Spec §7 sample rates: traces 0.2, session replays 0.1, replays on error 1. */
export const SAMPLE_RATE_DEFAULTS = { traces: 0.2, replaysSession: 0.1, replaysOnError: 1 } as const;

const ZRate = z.number().min(0).max(1);
export const ZRuntimeConfig = z.object({
  errors: z.object({
    dsn: z.string(),
    environment: z.string(),
    release: z.string().nullable(),
    tracesSampleRate: ZRate,
    replaysSessionSampleRate: ZRate,
    replaysOnErrorSampleRate: ZRate,
  }).nullable(),
  /** PostHog: usage analytics (and its heat maps). */
  analytics: z.object({ key: z.string(), host: z.string() }).nullable(),
  /** Google Tag Manager: public pages only, never on signed-in pages that hold client data. */
  tagManager: z.object({ id: z.string() }).nullable(),
  /** Microsoft Clarity heat maps. */
  heatmap: z.object({ id: z.string() }).nullable(),
});
export type RuntimeConfig = z.infer<typeof ZRuntimeConfig>;
export const EMPTY_RUNTIME_CONFIG: RuntimeConfig = { errors: null, analytics: null, tagManager: null, heatmap: null };

/** The visitor's choice; version bumps ask again when the list of purposes changes. */
export const CONSENT_VERSION = 1;
export const ZConsent = z.object({ version: z.number().int(), analytics: z.boolean(), at: z.string() });
export type Consent = z.infer<typeof ZConsent>;

export type Vendor = 'errors' | 'replays' | 'analytics' | 'tagManager' | 'heatmap';
export type PageArea = 'public' | 'app';

/** A consent that still counts: given for this version of the purposes. */
export const consentGiven = (c: Consent | null) => !!c && c.version === CONSENT_VERSION && c.analytics;

/**
 * The vendors to start. Error reporting (errors only, no replay, no personal data) is the
 * baseline once a DSN is set; session replays, analytics, heat maps and the tag manager wait for
 * consent; the tag manager never runs on signed-in pages.
 */
export function vendorsToStart(config: RuntimeConfig, consent: Consent | null, area: PageArea): Vendor[] {
  const out: Vendor[] = [];
  const ok = consentGiven(consent);
  if (config.errors) out.push('errors');
  if (config.errors && ok && (config.errors.replaysSessionSampleRate > 0 || config.errors.replaysOnErrorSampleRate > 0)) out.push('replays');
  if (config.analytics && ok) out.push('analytics');
  if (config.heatmap && ok) out.push('heatmap');
  if (config.tagManager && ok && area === 'public') out.push('tagManager');
  return out;
}

/** Whether to ask: a vendor that needs consent is configured and the visitor has not chosen (for this version). */
export function needsConsentBanner(config: RuntimeConfig, consent: Consent | null): boolean {
  const asks = !!(config.analytics || config.heatmap || config.tagManager || config.errors);
  return asks && (!consent || consent.version !== CONSENT_VERSION);
}

/** The origin of a Sentry-compatible DSN (`https://key@host/project`), or null if it is not one. */
export function dsnOrigin(dsn: string): string | null {
  try {
    const u = new URL(dsn);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : null;
  } catch {
    return null;
  }
}

/** Hosts the browser must reach for the configured vendors: the CSP adds these and nothing else. */
export function vendorHosts(config: RuntimeConfig): { script: string[]; connect: string[]; img: string[] } {
  const script = new Set<string>();
  const connect = new Set<string>();
  const img = new Set<string>();
  if (config.errors) {
    const origin = dsnOrigin(config.errors.dsn);
    if (origin) connect.add(origin);
    script.add('https://browser.sentry-cdn.com');
  }
  if (config.analytics) {
    const origin = dsnOrigin(config.analytics.host);
    if (origin) { connect.add(origin); script.add(origin); }
  }
  if (config.heatmap) {
    script.add('https://www.clarity.ms');
    connect.add('https://*.clarity.ms');
    img.add('https://*.clarity.ms');
  }
  if (config.tagManager) {
    script.add('https://www.googletagmanager.com');
    connect.add('https://www.google-analytics.com');
    img.add('https://www.googletagmanager.com');
  }
  return { script: [...script], connect: [...connect], img: [...img] };
}

const SECRET_KEY = /token|authorization|password|secret|refresh|access|cookie|csrf|ticket|email|body|message|phone/i;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const SECRET_QUERY = /([?&](?:access_token|token|refresh|ticket|key|email)=)[^&#\s]*/gi;
const BEARER = /Bearer\s+[A-Za-z0-9._~+/=-]+/g;

/**
 * An event or breadcrumb made safe to send: values under keys that name a credential, an email,
 * a phone or a message body are replaced, and emails, bearer tokens and secret query parameters
 * are cut out of every string. Never sends tokens, emails or message bodies.
 */
export function scrubEvent<T>(value: T, depth = 0): T {
  if (depth > 12) return '[removed]' as T;
  if (typeof value === 'string') {
    return value.replace(BEARER, 'Bearer [removed]').replace(SECRET_QUERY, '$1[removed]').replace(EMAIL, '[email]') as T;
  }
  if (Array.isArray(value)) return value.map((v) => scrubEvent(v, depth + 1)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      // Sentry's own fields that merely contain these words stay (an exception's "message" is the error text).
      const keep = k === 'message' && depth <= 1;
      out[k] = !keep && SECRET_KEY.test(k) && v !== null && typeof v !== 'object' ? '[removed]' : scrubEvent(v, depth + 1);
    }
    return out as T;
  }
  return value;
}
