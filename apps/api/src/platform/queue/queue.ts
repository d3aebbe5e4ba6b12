import PgBoss from 'pg-boss';
import type { Database } from '../../db/client.ts';
import { JOB_DEFINITIONS, JOB_NAMES, type JobDefinition, type JobName, type JobPayload } from './queue.registry.ts';
import { DEFAULT_RECOVERY, LOST_REASON as LOST_REASON_TEXT, WorkerLiveness, type LostJob, type RecoveryTuning } from './queue-recovery.ts';

export type QueueTuning = {
  /** Runs (definitions with `run`) worked at once by this process: one pg-boss worker each (WORKER_CONCURRENCY; default 1). */
  concurrency?: number;
  /** How often an idle worker looks for work (pg-boss's minimum is 0.5). */
  pollSeconds: number;
  /** How often pg-boss's maintenance fails and retries attempts past their backstop (backstopOf). */
  maintenanceSeconds: number;
  /** Caps every job's time limit (when its handler's signal aborts; pg-boss is given backstopOf it). */
  expireSeconds?: number;
  /** Overrides every job's first retry delay (tests). */
  retryDelaySeconds?: number;
  /**
   * Remember the jobs this process sends to its own workers so drain() can wait for them (tests).
   * Off in production: another process's worker may take a job, and the memory would only grow.
   */
  trackSent?: boolean;
  /** Heartbeat and dead-process limits (queue-recovery.ts); defaults: 2 s and 10 s. */
  recovery?: RecoveryTuning;
};

export type JobContext = {
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
  /** No retry remains after this attempt (pg-boss's retry limit of the job): if it fails, the job has failed for good. */
  lastAttempt: boolean;
  /** Aborted when the job's time limit passes: the handler should stop (throw); the queue waits for it either way. */
  signal: AbortSignal;
};

/** Why an attempt that threw ended, in words for the person waiting on it (the error itself goes to the log). */
export function attemptEndedBy(attempt: Pick<JobContext, 'signal'>): string {
  return attempt.signal.aborted ? 'the run passed its time limit' : 'an error stopped the run (it is logged for our team)';
}

export type JobHandler<N extends JobName> = (payload: JobPayload<N>, job: JobContext) => Promise<void>;
export type JobHandlers = { [N in JobName]: JobHandler<N> };

/**
 * Told when a job of its queue was taken back from a dead process (queue-recovery.ts): pg-boss
 * retries it (`willRetry`) or has failed it for good, so the area can show the run queued again or
 * failed with its reason at once.
 */
export type LostHandler<N extends JobName> = (payload: JobPayload<N>, lost: { willRetry: boolean; reason: string }) => Promise<void>;
export type LostHandlers = { [N in JobName]?: LostHandler<N> };
export type WorkOptions = { onLost?: LostHandlers };

/** `startAfterSeconds`: the job waits that long before a worker may take it (batching windows). */
export type SendOptions = { startAfterSeconds?: number };

type Log = { error(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };

/** What the rest of the code sees of the queue (a unit test may hand createContext its own). */
export type JobQueue = {
  start(): Promise<void>;
  send<N extends JobName>(name: N, payload: JobPayload<N>, options?: SendOptions): Promise<string>;
  /**
   * Works the queues given a handler; a process may work a subset (tests, dedicated workers). The
   * process then keeps a heartbeat, and first takes back the jobs of processes that died.
   */
  work(handlers: Partial<JobHandlers>, options?: WorkOptions): Promise<void>;
  /**
   * The first half of work() alone: takes back the jobs of processes that died and starts the
   * heartbeat (once). The server does it before it listens, and starts working after.
   */
  recover(options?: WorkOptions): Promise<void>;
  drain(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
};

/**
 * pg-boss speaks to the database through this adapter, so the queue lives in the application's own
 * database and pool: PGlite (one connection, shared and serialised) or PostgreSQL. Parameterless
 * SQL may hold several statements (schema creation, maintenance), which only the simple protocol
 * (`exec`) accepts.
 */
function bossDb(database: Database, stopped: () => boolean) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      // Once stop() has returned, pg-boss may still complete or fail a job whose handler outlived
      // the graceful wait, after the caller has closed the pool. Its write is parked, never
      // answered: the job stays active and runs again when its time limit passes, as after a crash.
      // An answer would be worse: an error (or an empty result pg-boss then reads) surfaces as an
      // unhandled rejection inside pg-boss's worker loop (seen in the test suite).
      if (stopped()) return new Promise<never>(() => {});
      if (!values || values.length === 0) return { rows: await database.exec(text) };
      return { rows: await database.query(text, values) };
    },
  };
}

/**
 * What pg-boss is told a job's time limit is: twice the real one (at least a minute more; at most
 * pg-boss's 24 hours). When pg-boss's limit passes it fails the attempt and retries it, but the
 * handler it raced runs on: an attempt that finished late (in CI, a mail the SMTP server accepted
 * after the crash test's 3 s limit) was then done twice. So the queue keeps the real limit itself
 * (run(): the handler's signal aborts) and waits for the handler to settle, and pg-boss's only
 * fires for a handler that ignores its signal. A dead process's jobs do not wait for either: they
 * are taken back at once (queue-recovery.ts).
 */
export function backstopOf(limitSeconds: number): number {
  return Math.min(Math.max(2 * limitSeconds, limitSeconds + 60), 24 * 3600 - 1);
}

/** Whether a stored queue (pg-boss getQueues) already has these settings. */
function sameQueueOptions(
  stored: { policy?: string; retryLimit?: number; retryDelay?: number; retryBackoff?: boolean; expireInSeconds?: number },
  wanted: { policy: string; retryLimit: number; retryDelay: number; retryBackoff: boolean; expireInSeconds: number },
): boolean {
  return stored.policy === wanted.policy && stored.retryLimit === wanted.retryLimit && stored.retryDelay === wanted.retryDelay
    && stored.retryBackoff === wanted.retryBackoff && stored.expireInSeconds === wanted.expireInSeconds;
}

/**
 * The durable job queue (pg-boss 10.4.2). Queues are created at start from the registry, since
 * pg-boss silently drops a job sent to a queue that does not exist; here such a send, or any send
 * pg-boss answers with no id, is an error.
 */
export class Queue implements JobQueue {
  private boss: PgBoss;
  /** This process's pg-boss workers per queue (several for a run queue: WORKER_CONCURRENCY). */
  private workerIds = new Map<JobName, string[]>();
  /** Jobs this process sent and its own workers have not finished (drain() waits on them). */
  /** Jobs sent to this process's own workers and not done yet (trackSent), with their queue. */
  private pending = new Map<string, JobName>();
  private started = false;
  /** Set once stop() has returned: pg-boss's late writes are dropped (bossDb). */
  private stopped = false;
  /** This process's heartbeat, once it works jobs. */
  private liveness: WorkerLiveness | null = null;
  /** Told how long each job this process ran took (metrics). */
  observer: ((queue: JobName, seconds: number, outcome: 'completed' | 'failed') => void) | null = null;

  constructor(private database: Database, private tuning: QueueTuning, private log: Log) {
    this.boss = new PgBoss({
      db: bossDb(database, () => this.stopped),
      schema: 'pgboss',
      supervise: true,
      migrate: true,
      // No cron jobs yet: the timekeeper's polling would only cost queries.
      schedule: false,
      maintenanceIntervalSeconds: tuning.maintenanceSeconds,
      pollingIntervalSeconds: tuning.pollSeconds,
    });
    this.boss.on('error', (err) => this.log.error({ err }, 'queue error'));
  }

  async start() {
    // One process at a time: pg-boss's schema and queue creation race when several processes start
    // on a new database (duplicate schema, deadlocked partition creation), and the loser exited.
    await this.database.exclusive(async () => {
      this.stopped = false;
      await this.boss.start();
      this.started = true;
      const existing = new Map((await this.boss.getQueues()).map((q) => [q.name, q]));
      for (const name of JOB_NAMES) {
        const options = this.queueOptions(name);
        const stored = existing.get(name);
        if (!stored) await this.boss.createQueue(name, options);
        // A restart with the same settings writes nothing (one UPDATE per queue was ~2 % of a restart).
        else if (!sameQueueOptions(stored, options)) await this.boss.updateQueue(name, options);
      }
    });
  }

  /** A job attempt's time limit: its definition's, capped by QUEUE_EXPIRE_SECONDS. */
  private limitOf(name: JobName): number {
    return Math.min(JOB_DEFINITIONS[name].expireInSeconds, this.tuning.expireSeconds ?? Infinity);
  }

  private queueOptions(name: JobName) {
    const d = JOB_DEFINITIONS[name];
    return {
      name,
      policy: 'standard' as const,
      retryLimit: d.retryLimit,
      retryDelay: this.tuning.retryDelaySeconds ?? d.retryDelaySeconds,
      retryBackoff: d.retryBackoff,
      expireInSeconds: backstopOf(this.limitOf(name)),
    };
  }

  /** Enqueues a job; resolves once it is stored (durable), long before it runs. */
  async send<N extends JobName>(name: N, payload: JobPayload<N>, options: SendOptions = {}): Promise<string> {
    if (!this.started) throw new Error('The queue is not started');
    const definition = JOB_DEFINITIONS[name];
    if (!definition) throw new Error(`Unknown job ${String(name)}`);
    const data = definition.payload.parse(payload) as object;
    const delayed = (options.startAfterSeconds ?? 0) > 0;
    const id = await this.boss.send(name, data, delayed ? { startAfter: options.startAfterSeconds } : {});
    if (!id) throw new Error(`The queue refused a ${name} job (no such queue?)`);
    const workers = this.workerIds.get(name);
    // A delayed job is not waited for by drain(): it is not due yet.
    if (workers && !delayed) {
      if (this.tuning.trackSent) this.pending.set(id, name);
      // Wakes one of this process's idle workers instead of waiting for its next poll (a busy one ignores it).
      for (const w of workers) this.boss.notifyWorker(w);
    }
    return id;
  }

  /** Takes back the jobs of dead processes and starts this process's heartbeat, once (the first call's onLost is kept). */
  async recover(options: WorkOptions = {}) {
    if (this.liveness) return;
    const onLost = options.onLost ?? {};
    const recovery = this.tuning.recovery ?? DEFAULT_RECOVERY;
    this.liveness = new WorkerLiveness(this.database, this.boss, recovery, this.log, (jobs) => this.tellLost(jobs, onLost));
    // The embedded database has one process: whatever is still active was the previous run's.
    await this.liveness.start({ alone: recovery.aloneAtStart ?? this.database.kind === 'pglite' });
  }

  /** Starts a worker per job name in this process, after taking back the jobs of dead processes (recover). */
  async work(handlers: Partial<JobHandlers>, options: WorkOptions = {}) {
    await this.recover(options);
    for (const name of JOB_NAMES) {
      const handler = handlers[name] as JobHandler<JobName> | undefined;
      if (!handler) continue;
      // A run queue gets one worker per concurrent run: each fetches one job when it is free, so a
      // burst of runs proceeds `concurrency` at a time (pg-boss hands each job to one fetch only).
      const count = (JOB_DEFINITIONS[name] as JobDefinition).run ? Math.max(1, this.tuning.concurrency ?? 1) : 1;
      const ids: string[] = [];
      for (let i = 0; i < count; i++) {
        ids.push(await this.boss.work(name, { includeMetadata: true, batchSize: 1 }, async (jobs) => {
          for (const job of jobs) await this.run(name, handler, job);
        }));
      }
      this.workerIds.set(name, ids);
    }
  }

  private async tellLost(jobs: LostJob[], onLost: LostHandlers) {
    for (const job of jobs) {
      const tell = onLost[job.name] as LostHandler<JobName> | undefined;
      if (!tell) continue;
      const parsed = JOB_DEFINITIONS[job.name].payload.safeParse(job.data);
      if (!parsed.success) continue;
      try {
        await tell(parsed.data as JobPayload<JobName>, { willRetry: job.willRetry, reason: LOST_REASON_TEXT });
      } catch (err) {
        this.log.error({ err, job: job.id, name: job.name }, 'a lost job could not be reported to its area');
      }
    }
  }

  private async run(name: JobName, handler: JobHandler<JobName>, job: PgBoss.JobWithMetadata<unknown>) {
    await this.liveness?.claim(job.id, name).catch((err: unknown) => this.log.warn({ err: String(err), job: job.id }, 'the job could not be claimed'));
    const controller = new AbortController();
    // libuv counts a timer from the event loop's cached time, which a long synchronous stretch in the
    // same turn (PGlite's WASM, the claim just above) leaves behind: a full run once saw the signal
    // abort 760 ms into a 1 s limit. The timer checks the real time and waits out what is left.
    const limitMs = this.limitOf(name) * 1000;
    const armedAt = performance.now();
    let timer: ReturnType<typeof setTimeout>;
    const arm = (ms: number) => {
      timer = setTimeout(() => {
        const left = limitMs - (performance.now() - armedAt);
        if (left > 0) arm(left);
        else controller.abort(new Error('time limit passed'));
      }, Math.ceil(ms));
    };
    arm(limitMs);
    const last = job.retryCount >= job.retryLimit;
    const started = performance.now();
    try {
      const payload = JOB_DEFINITIONS[name].payload.parse(job.data) as JobPayload<JobName>;
      await handler(payload, { id: job.id, retryCount: job.retryCount, lastAttempt: last, signal: controller.signal });
      this.observer?.(name, (performance.now() - started) / 1000, 'completed');
      this.pending.delete(job.id);
    } catch (err) {
      this.observer?.(name, (performance.now() - started) / 1000, 'failed');
      if (last) {
        this.pending.delete(job.id);
        this.log.error({ err, job: job.id, name }, 'job failed for good');
      } else {
        this.log.warn({ err: String(err), job: job.id, name, retry: job.retryCount + 1 }, 'job failed; it will be retried');
      }
      throw err;
    } finally {
      clearTimeout(timer!);
      await this.liveness?.release(job.id).catch(() => undefined);
    }
  }

  /** Waits until every job this process sent to its own workers has run (with trackSent: tests). */
  async drain(timeoutMs = 30_000) {
    const until = Date.now() + timeoutMs;
    while (this.pending.size > 0) {
      if (Date.now() > until) {
        const waiting = await Promise.all([...this.pending].map(async ([id, name]) => `${name} (${(await this.stateOf(name, id)) ?? 'unknown'})`));
        throw new Error(`The queue did not drain: ${this.pending.size} job(s) pending: ${waiting.join(', ')}`);
      }
      // Only the queues with a job pending: waking every worker every few ms made each one poll the
      // (embedded, single-threaded) database, which starved the very handlers being waited for.
      for (const name of new Set(this.pending.values())) {
        for (const id of this.workerIds.get(name) ?? []) this.boss.notifyWorker(id);
      }
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  /** The state of a job (created, retry, active, completed, failed…), or null when unknown. */
  async stateOf(name: JobName, id: string): Promise<string | null> {
    const job = await this.boss.getJobById(name, id);
    return job?.state ?? null;
  }

  async stop() {
    if (!this.started) return;
    this.started = false;
    // Not graceful-waiting here: the caller stops taking requests first; an interrupted job runs again.
    await this.boss.stop({ graceful: true, wait: true, timeout: 5_000, close: false });
    this.stopped = true;
    await this.liveness?.stop();
    this.liveness = null;
  }
}
