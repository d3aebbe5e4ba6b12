import {
  CONSENT_VERSION, EMPTY_RUNTIME_CONFIG, ZConsent, ZRuntimeConfig, scrubEvent, vendorsToStart,
  type Consent, type PageArea, type RuntimeConfig, type Vendor,
} from '@sunstamp/domain/observability/observability.rules';

/*
 * The browser side of error reporting, usage analytics, the tag manager and heat maps. The server
 * writes the configuration into index.html (#sunstamp-config); with no keys there nothing is
 * loaded and no request leaves for any vendor. A vendor's script is fetched from its own host only
 * when its key is set and (except errors-only reporting) after the visitor accepted
 * (observability.rules.ts decides which). Every event passes scrubEvent: no tokens, emails or
 * message bodies.
 */

const CONSENT_KEY = 'sunstamp-consent';
/** The Sentry browser bundle with tracing and replay, from Sentry's CDN (works with GlitchTip for errors). */
export const SENTRY_BUNDLE = 'https://browser.sentry-cdn.com/10.27.0/bundle.tracing.replay.min.js';

export function readRuntimeConfig(doc: Document = document): RuntimeConfig {
  const el = doc.getElementById('sunstamp-config');
  if (!el?.textContent) return EMPTY_RUNTIME_CONFIG;
  try {
    const parsed = ZRuntimeConfig.safeParse(JSON.parse(el.textContent));
    return parsed.success ? parsed.data : EMPTY_RUNTIME_CONFIG;
  } catch {
    return EMPTY_RUNTIME_CONFIG;
  }
}

export function readConsent(storage: Pick<Storage, 'getItem'> = localStorage): Consent | null {
  try {
    const parsed = ZConsent.safeParse(JSON.parse(storage.getItem(CONSENT_KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
export function saveConsent(analytics: boolean, storage: Pick<Storage, 'setItem'> = localStorage): Consent {
  const consent = { version: CONSENT_VERSION, analytics, at: new Date().toISOString() };
  storage.setItem(CONSENT_KEY, JSON.stringify(consent));
  for (const l of listeners) l();
  return consent;
}
export function onConsentChange(l: () => void) {
  listeners.add(l);
  return () => { listeners.delete(l); };
}

export type ScriptLoader = (src: string) => Promise<void>;
const loadScript: ScriptLoader = (src) => new Promise((resolve, reject) => {
  const s = document.createElement('script');
  s.src = src;
  s.async = true;
  s.onload = () => resolve();
  s.onerror = () => reject(new Error(`Could not load ${src}`));
  document.head.appendChild(s);
});

type AnyFn = (...args: unknown[]) => unknown;
type VendorWindow = Window & {
  Sentry?: { init: AnyFn; browserTracingIntegration: AnyFn; replayIntegration: AnyFn };
  posthog?: { init: AnyFn };
  clarity?: AnyFn & { q?: unknown[] };
  dataLayer?: unknown[];
};

/** Starts one vendor; returns the URL it loaded. */
async function start(v: Vendor, config: RuntimeConfig, withReplays: boolean, load: ScriptLoader, w: VendorWindow): Promise<string | null> {
  switch (v) {
    case 'errors': {
      const e = config.errors!;
      await load(SENTRY_BUNDLE);
      const s = w.Sentry;
      s?.init({
        dsn: e.dsn, environment: e.environment, release: e.release ?? undefined,
        tracesSampleRate: e.tracesSampleRate,
        // Replays only with consent; masked text and blocked media (plan sets and addresses are client data).
        replaysSessionSampleRate: withReplays ? e.replaysSessionSampleRate : 0,
        replaysOnErrorSampleRate: withReplays ? e.replaysOnErrorSampleRate : 0,
        integrations: [s.browserTracingIntegration(), ...(withReplays ? [s.replayIntegration({ maskAllText: true, blockAllMedia: true })] : [])],
        sendDefaultPii: false,
        beforeSend: (event: unknown) => scrubEvent(event),
        beforeBreadcrumb: (crumb: unknown) => scrubEvent(crumb),
      });
      return SENTRY_BUNDLE;
    }
    case 'replays':
      return null; // started with 'errors'
    case 'analytics': {
      const a = config.analytics!;
      const src = `${a.host}/static/array.js`;
      await load(src);
      w.posthog?.init(a.key, {
        api_host: a.host, enable_heatmaps: true, mask_all_text: true, mask_all_element_attributes: true,
        sanitize_properties: (props: unknown) => scrubEvent(props),
      });
      return src;
    }
    case 'heatmap': {
      const id = config.heatmap!.id;
      // Clarity's queue: calls made before its script arrives are replayed by it.
      const q: unknown[] = [];
      const clarity = Object.assign((...args: unknown[]) => { q.push(args); }, { q });
      w.clarity = w.clarity ?? clarity;
      w.clarity('consentv2', { ad_Storage: 'denied', analytics_Storage: 'granted' });
      const src = `https://www.clarity.ms/tag/${encodeURIComponent(id)}`;
      await load(src);
      return src;
    }
    case 'tagManager': {
      const id = config.tagManager!.id;
      w.dataLayer = w.dataLayer ?? [];
      w.dataLayer.push(['consent', 'default', { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'granted' }]);
      w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
      const src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;
      await load(src);
      return src;
    }
  }
}

const started = new Set<Vendor>();

/** Starts what the configuration and the consent allow on this kind of page, each vendor once. */
export async function startObservability(
  area: PageArea,
  opts: { config?: RuntimeConfig; consent?: Consent | null; load?: ScriptLoader; win?: Window; startedSet?: Set<Vendor> } = {},
): Promise<string[]> {
  const config = opts.config ?? readRuntimeConfig();
  const consent = opts.consent !== undefined ? opts.consent : readConsent();
  const done = opts.startedSet ?? started;
  const vendors = vendorsToStart(config, consent, area);
  const loaded: string[] = [];
  for (const v of vendors) {
    if (done.has(v)) continue;
    done.add(v);
    try {
      const src = await start(v, config, vendors.includes('replays'), opts.load ?? loadScript, (opts.win ?? window) as VendorWindow);
      if (src) loaded.push(src);
    } catch {
      // A blocked or unreachable vendor never breaks the page.
    }
  }
  return loaded;
}
