import { scrubEvent, type RuntimeConfig } from '@sunstamp/domain/observability/observability.rules';

/*
 * The error-reporting seam of the API. Off (a no-op) unless SENTRY_DSN is set. With a DSN it
 * loads a Sentry-compatible SDK (`@sentry/node`, which also speaks to GlitchTip) at start, if the
 * deployment installed it: the package is not a dependency of the repository, so nothing is
 * downloaded or contacted in development or tests. Every event passes scrubEvent first: no
 * tokens, emails or message bodies leave the server.
 */

export type Monitoring = {
  /** True when events are sent somewhere. */
  readonly enabled: boolean;
  captureException(err: unknown, context?: Record<string, unknown>): void;
  close(): Promise<void>;
};

type Warn = { warn: (o: object, m?: string) => void };

export const noMonitoring: Monitoring = { enabled: false, captureException: () => {}, close: async () => {} };

/** What the SDK offers us; declared here so the package stays optional. */
type SentryLike = {
  init(options: Record<string, unknown>): void;
  captureException(err: unknown, hint?: Record<string, unknown>): void;
  close(timeoutMs?: number): Promise<boolean>;
};

export async function createMonitoring(
  errors: RuntimeConfig['errors'],
  log: Warn,
  load: () => Promise<SentryLike> = loadSentry,
): Promise<Monitoring> {
  if (!errors) return noMonitoring;
  let sdk: SentryLike;
  try {
    sdk = await load();
  } catch {
    log.warn({}, 'SENTRY_DSN is set but @sentry/node is not installed (npm install @sentry/node): errors are only logged.');
    return noMonitoring;
  }
  sdk.init({
    dsn: errors.dsn,
    environment: errors.environment,
    release: errors.release ?? undefined,
    tracesSampleRate: errors.tracesSampleRate,
    sendDefaultPii: false,
    beforeSend: (event: unknown) => scrubEvent(event),
    beforeBreadcrumb: (crumb: unknown) => scrubEvent(crumb),
  });
  return {
    enabled: true,
    captureException: (err, context) => sdk.captureException(err, context ? { extra: scrubEvent(context) } : undefined),
    close: async () => { await sdk.close(2000); },
  };
}

async function loadSentry(): Promise<SentryLike> {
  // A name in a variable: neither the bundler nor the type checker reaches for the optional package.
  const name = '@sentry/node';
  return (await import(name)) as SentryLike;
}
