import path from 'node:path';
import type { OptionLookup } from '@sunstamp/domain/jobs/job-options.rules';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { CacheHub, type SharedCache } from './platform/cache/cache.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { EventBus } from './platform/events.ts';
import { geocoderFromEnv, type Geocoder } from './platform/geocoder.ts';
import { createMailer, createQueuedMailer, type Mailer } from './platform/mailer.ts';
import { parcelProviderFromEnv, type ParcelProvider } from './platform/parcel.ts';
import { Queue, type JobQueue } from './platform/queue/queue.ts';
import { S3Storage, s3SpoolDir } from './platform/s3-storage.ts';
import { LocalDiskStorage, type Storage } from './platform/storage.ts';
import { RateLimiter } from './platform/rate-limit.ts';
import { VERIFY_CHECKS_PER_MINUTE, VERIFY_LOOKUPS_PER_MINUTE } from '@sunstamp/domain/constants/deliverables.constants';
import { createMonitoring, type Monitoring } from './platform/monitoring.ts';
import { HeicPreviews } from './platform/heic-previews.ts';
import { closeRenderThreads } from './modules/plansets/render.pool.ts';
import { UserCache } from './platform/user-cache.ts';
import { SnapshotCache } from './db/snapshot-cache.ts';
import type { JobPageCache } from './modules/jobs/jobs-list.repository.ts';
import { Metrics } from './platform/metrics.ts';
import { TokenSigner } from './modules/auth/tokens.ts';
import { databaseChatProvider, type ChatProvider } from './modules/messages/chat-provider.ts';

export type Log = {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
};

/** A server-held PDF signer. Null by design: a PE signature uses the key the engineer brings per signing (platform/signing/pades.ts). */
export type DocumentSigner = { sign(pdf: Uint8Array, reason: string): Promise<Uint8Array> };

/** The NOTIFY channels of the shared caches (kept as they were, so old and new processes agree during a deploy). */
export const JOBS_CHANGED_CHANNEL = 'sunstamp_jobs_changed';
export const OPTION_LISTS_CHANNEL = 'sunstamp_option_lists_changed';

/**
 * Everything a request handler, a service or a queue worker may use, built once per process by
 * createContext. Services declare the slice they read (`Pick<AppContext, 'database' | 'clock'>`),
 * so they run the same in the API, in a worker and in a unit test with fakes.
 */
export type AppContext = {
  config: Config;
  database: Database;
  clock: Clock;
  /** Access and CSRF tokens. */
  signer: TokenSigner;
  documentSigner: DocumentSigner | null;
  /** What services send mail with: each message becomes a durable queue job. */
  mailer: Mailer;
  /** What the mail worker delivers with (SMTP, or the outbox folder). */
  mailTransport: Mailer;
  queue: JobQueue;
  events: EventBus;
  /** The principal and current-user cache. */
  cache: UserCache;
  caches: { optionLists: SharedCache<OptionLookup>; jobCounts: SharedCache<number>; jobPages: JobPageCache | null };
  storage: Storage;
  /** HEIC/HEIF previews, decoded on worker threads off the request path. */
  previews: HeicPreviews;
  geocoder: Geocoder;
  parcel: ParcelProvider | null;
  /** Per-address limits of the public verification page (this process's memory). */
  rateLimits: { verifyLookups: RateLimiter; verifyChecks: RateLimiter };
  /** Where conversations keep their messages (spec §7 "chat provider"): the built-in store by default. */
  chat: ChatProvider;
  log: Log;
  /** Error reporting (platform/monitoring.ts): a no-op unless SENTRY_DSN is set. */
  monitoring: Monitoring;
  /** Prometheus metrics of this process (GET /metrics with METRICS_TOKEN). */
  metrics: Metrics;
};

export type ContextDeps = {
  database: Database;
  authSecret: string;
  clock?: Clock;
  /** Default: SMTP when SMTP_URL is set, else .eml files in DATA_DIR/outbox. */
  mailTransport?: Mailer;
  storage?: Storage;
  geocoder?: Geocoder;
  parcel?: ParcelProvider | null;
  /** Default: the pg-boss queue in the same database. */
  queue?: JobQueue;
  /** Default: the built-in store (modules/messages/chat-provider.ts). */
  chat?: ChatProvider;
  log?: Log;
  monitoring?: Monitoring;
};

export type OpenContext = AppContext & { close(): Promise<void> };

const consoleLog: Log = {
  info: (o, m) => console.log(m ?? '', JSON.stringify(o)),
  warn: (o, m) => console.warn(m ?? '', JSON.stringify(o)),
  error: (o, m) => console.error(m ?? '', o),
};

const silentLog: Log = { info: () => {}, warn: () => {}, error: () => {} };

export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): Storage {
  return config.s3 ? new S3Storage(config.s3, s3SpoolDir(config.dataDir)) : new LocalDiskStorage(path.join(config.dataDir, 'files'));
}

/**
 * The one place that builds the platform: storage, mail, queue, live events, caches, geocoder,
 * parcel provider, clock and signers. It starts what listens (caches, events) and creates the
 * queues; workers are started separately (workers.ts) where the process runs them.
 */
export async function createContext(config: Config, deps: ContextDeps): Promise<OpenContext> {
  const { database } = deps;
  const clock = deps.clock ?? systemClock;
  const log = deps.log ?? (config.logLevel === 'silent' ? silentLog : consoleLog);
  const hub = new CacheHub(database);
  const cache = new UserCache(hub);
  const caches = {
    optionLists: hub.create<OptionLookup>('option-lists', { channel: OPTION_LISTS_CHANNEL, ttlMs: 60_000, invalidation: 'all' }),
    // Counting 100,000 jobs costs 5–25 ms; a count is reused until a job write anywhere invalidates it.
    jobCounts: hub.create<number>('job-counts', { channel: JOBS_CHANGED_CHANNEL, ttlMs: 60_000, invalidation: 'all', max: 5_000 }),
    // Pages of the list, exact by the database's snapshot: no write path invalidates them. 20,000 rows (~400 pages of 50) at most.
    jobPages: config.jobsListCache ? new SnapshotCache(database, { entries: 1_000, weight: 20_000 }) as JobPageCache : null,
  };
  const events = new EventBus(database);
  const queue = deps.queue ?? new Queue(database, config.queue, log);
  const mailTransport = deps.mailTransport ?? createMailer({
    smtpUrl: config.smtpUrl,
    outboxDir: path.join(config.dataDir, 'outbox'),
    from: config.mailFrom,
    log,
  });
  const metrics = new Metrics({ database, openStreams: () => events.openStreams(), jobPages: () => caches.jobPages?.stats }, { processMetrics: config.metricsToken !== null });
  if (queue instanceof Queue) queue.observer = (name, seconds, outcome) => metrics.jobDuration.observe({ queue: name, outcome }, seconds);
  const storage = deps.storage ?? createStorage(config);
  const previews = new HeicPreviews(storage);

  await hub.start();
  await events.start();
  await queue.start();

  const ctx: AppContext = {
    config,
    database,
    clock,
    signer: new TokenSigner(deps.authSecret, clock),
    documentSigner: null,
    mailer: createQueuedMailer(queue),
    mailTransport,
    queue,
    events,
    cache,
    caches,
    storage,
    previews,
    geocoder: deps.geocoder ?? geocoderFromEnv(config.lookup),
    parcel: deps.parcel !== undefined ? deps.parcel : parcelProviderFromEnv(config.lookup),
    rateLimits: {
      verifyLookups: new RateLimiter(clock, VERIFY_LOOKUPS_PER_MINUTE, 60_000),
      verifyChecks: new RateLimiter(clock, VERIFY_CHECKS_PER_MINUTE, 60_000),
    },
    chat: deps.chat ?? databaseChatProvider,
    log,
    monitoring: deps.monitoring ?? (await createMonitoring(config.observability.errors, log)),
    metrics,
  };
  return {
    ...ctx,
    async close() {
      await queue.stop();
      await events.stop();
      await hub.stop();
      mailTransport.close();
      await previews.close();
      await closeRenderThreads();
      if (storage instanceof S3Storage) storage.close();
      await ctx.monitoring.close();
    },
  };
}
