import { z } from 'zod';
import path from 'node:path';
import type { S3Settings } from './platform/s3-storage.ts';
import type { QueueTuning } from './platform/queue/queue.ts';
import { defaultRenderThreads, defaultWorkerConcurrency, MAX_WORKER_CONCURRENCY } from './platform/queue/concurrency.ts';
import { SAMPLE_RATE_DEFAULTS, type RuntimeConfig } from '@sunstamp/domain/observability/observability.rules';

/** The one place that reads process.env. Everything else receives a Config. */
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  /** Secret for signing access tokens and CSRF tokens; generated and kept in DATA_DIR when absent. */
  AUTH_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Sunstamp <no-reply@sunstamp.test>'),
  STAFF_NOTIFY_EMAIL: z.string().default('sales@sunstamp.test'),
  /** Public origin used in links inside mails and in the verification link printed on sealed documents. */
  PUBLIC_URL: z.string().url().optional(),
  /** A directory of CA certificates (PEM): when set, a signing certificate must chain to one of them. */
  SIGNING_TRUST_DIR: z.string().optional(),
  /** Bearer token of GET /metrics (Prometheus); without it the endpoint does not exist. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN: at least 16 characters.').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  GEOCODER: z.enum(['offline', 'nominatim', 'google']).default('offline'),
  NOMINATIM_URL: z.string().url().optional(),
  NOMINATIM_USER_AGENT: z.string().optional(),
  GOOGLE_MAPS_API_KEY: z.string().optional(),
  /** Background workers in this process (on) or only in `npm run worker` processes (off). */
  /** How long notification mail waits to gather a burst of messages into one mail per person and job. */
  NOTIFICATION_MAIL_BATCH_SECONDS: z.coerce.number().int().min(0).max(86_400).default(180),
  WORKERS: z.enum(['on', 'off']).default('on'),
  JOBS_LIST_CACHE: z.enum(['on', 'off']).default('on'),
  QUEUE_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /** Plan-set and letter runs this process works at once; default one per core, bounded by memory (platform/queue/concurrency.ts). */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(MAX_WORKER_CONCURRENCY).optional(),
  /** Plan sets rendered in worker threads, at most this many at once; 0 renders on the event loop (modules/plansets/render.pool.ts). Default: WORKER_CONCURRENCY, at most one fewer than the cores (at least 1); 0 under NODE_ENV=test. */
  RENDER_THREADS: z.coerce.number().int().min(0).max(MAX_WORKER_CONCURRENCY).optional(),
  QUEUE_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Caps every job's time limit: how soon a job whose worker crashed is run again. */
  QUEUE_EXPIRE_SECONDS: z.coerce.number().int().min(1).max(3600).optional(),
  /** Overrides every job's first retry delay (doubled on each retry where the job backs off). */
  QUEUE_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
  /** S3-compatible file storage; without S3_BUCKET files stay on local disk under DATA_DIR/files. */
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  S3_PREFIX: z.string().regex(/^[A-Za-z0-9._\/-]*$/).default(''),
  /** Error reporting: a Sentry-compatible DSN (Sentry or GlitchTip) turns it on, for the API and the web. */
  SENTRY_DSN: z.string().url().optional(),
  SENTRY_ENVIRONMENT: z.string().max(64).optional(),
  SENTRY_RELEASE: z.string().max(200).optional(),
  SENTRY_TRACES_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(SAMPLE_RATE_DEFAULTS.traces),
  SENTRY_REPLAYS_SESSION_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(SAMPLE_RATE_DEFAULTS.replaysSession),
  SENTRY_REPLAYS_ON_ERROR_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(SAMPLE_RATE_DEFAULTS.replaysOnError),
  /** Usage analytics and heat maps (PostHog), a tag manager (GTM, public pages only), heat maps (Clarity). */
  POSTHOG_KEY: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/).optional(),
  POSTHOG_HOST: z.string().url().default('https://us.i.posthog.com'),
  GTM_ID: z.string().regex(/^GTM-[A-Z0-9]{1,20}$/).optional(),
  CLARITY_ID: z.string().regex(/^[a-z0-9]{1,40}$/).optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  seedDemo: boolean;
  authSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  staffNotifyEmail: string;
  publicUrl: string;
  /**
   * Why a seal may not be applied now, or null: a sealed document prints `{publicUrl}/verify`, so
   * outside the embedded demo (DATABASE_URL or NODE_ENV=production) PUBLIC_URL must be set.
   */
  sealingBlocked: string | null;
  /** SIGNING_TRUST_DIR, resolved; null: registered certificates are trusted as registered. */
  signingTrustDir: string | null;
  logLevel: string;
  /** GET /metrics answers only with this bearer token; null: no such endpoint. */
  metricsToken: string | null;
  webDist: string | undefined;
  trustProxy: boolean;
  /** Address lookup provider settings, read by platform/geocoder.ts (offline by default). */
  lookup: { GEOCODER: string; NOMINATIM_URL?: string; NOMINATIM_USER_AGENT?: string; GOOGLE_MAPS_API_KEY?: string };
  /** Run queue workers inside the API process. */
  workers: boolean;
  /** Pages of the jobs list reused while the database's snapshot is unchanged (db/snapshot-cache.ts); JOBS_LIST_CACHE=off reads every page. */
  jobsListCache: boolean;
  /** Seconds a notification mail waits for more of the same person's notifications about the job (0: at once). */
  notificationMailBatchSeconds: number;
  queue: QueueTuning;
  /** Plan sets rendered in worker threads at once; 0 renders on the event loop (modules/plansets/render.pool.ts). */
  renderThreads: number;
  /** S3-compatible storage settings, or null for local disk. */
  s3: S3Settings | null;
  /** Error reporting, analytics, tag manager and heat map: each null until its key is set. */
  observability: RuntimeConfig;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    // Demo data only on the embedded database unless explicitly asked for (decisions.md).
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === 'true' : !e.DATABASE_URL,
    authSecret: e.AUTH_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    staffNotifyEmail: e.STAFF_NOTIFY_EMAIL,
    metricsToken: e.METRICS_TOKEN ?? null,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    sealingBlocked: !e.PUBLIC_URL && (e.DATABASE_URL || e.NODE_ENV === 'production')
      ? 'PUBLIC_URL is not set: a sealed document prints the link where anyone checks it, and without PUBLIC_URL that link would point at localhost. Set PUBLIC_URL to the site\'s public address and restart.'
      : null,
    signingTrustDir: e.SIGNING_TRUST_DIR ? path.resolve(e.SIGNING_TRUST_DIR) : null,
    logLevel: e.LOG_LEVEL,
    // A relative WEB_DIST is read from the working directory, as DATA_DIR is (the static file server needs an absolute root).
    webDist: e.WEB_DIST === undefined ? undefined : path.resolve(e.WEB_DIST),
    trustProxy: e.TRUST_PROXY === 'true',
    lookup: {
      GEOCODER: e.GEOCODER,
      NOMINATIM_URL: e.NOMINATIM_URL,
      NOMINATIM_USER_AGENT: e.NOMINATIM_USER_AGENT,
      GOOGLE_MAPS_API_KEY: e.GOOGLE_MAPS_API_KEY,
    },
    workers: e.WORKERS === 'on',
    jobsListCache: e.JOBS_LIST_CACHE === 'on',
    notificationMailBatchSeconds: e.NOTIFICATION_MAIL_BATCH_SECONDS,
    renderThreads: e.RENDER_THREADS ?? (e.NODE_ENV === 'test' ? 0 : defaultRenderThreads(e.WORKER_CONCURRENCY ?? defaultWorkerConcurrency())),
    queue: { concurrency: e.WORKER_CONCURRENCY ?? defaultWorkerConcurrency(), pollSeconds: e.QUEUE_POLL_SECONDS, maintenanceSeconds: e.QUEUE_MAINTENANCE_SECONDS, expireSeconds: e.QUEUE_EXPIRE_SECONDS, retryDelaySeconds: e.QUEUE_RETRY_DELAY_SECONDS },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          // S3-compatible servers mostly want the bucket in the path; AWS itself does not.
          forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === 'true' : !!e.S3_ENDPOINT,
          prefix: e.S3_PREFIX,
        }
      : null,
    observability: {
      errors: e.SENTRY_DSN
        ? {
            dsn: e.SENTRY_DSN,
            environment: e.SENTRY_ENVIRONMENT ?? e.NODE_ENV,
            release: e.SENTRY_RELEASE ?? null,
            tracesSampleRate: e.SENTRY_TRACES_SAMPLE_RATE,
            replaysSessionSampleRate: e.SENTRY_REPLAYS_SESSION_SAMPLE_RATE,
            replaysOnErrorSampleRate: e.SENTRY_REPLAYS_ON_ERROR_SAMPLE_RATE,
          }
        : null,
      analytics: e.POSTHOG_KEY ? { key: e.POSTHOG_KEY, host: e.POSTHOG_HOST.replace(/\/$/, '') } : null,
      tagManager: e.GTM_ID ? { id: e.GTM_ID } : null,
      heatmap: e.CLARITY_ID ? { id: e.CLARITY_ID } : null,
    },
  };
}
