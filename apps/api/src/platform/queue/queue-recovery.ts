import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type PgBoss from 'pg-boss';
import type { Database } from '../../db/client.ts';
import { JOB_NAMES, type JobName } from './queue.registry.ts';

/*
 * Crash recovery. pg-boss gives a job that was taken by a process which then died back only when
 * the job's time limit passes (2–6 minutes for runs). Here every process that works jobs records
 * itself (queue_workers) with a heartbeat, and which job it holds (queue_claims); a process whose
 * heartbeat stops is dead, and its jobs are failed at once through pg-boss (which retries them while
 * retries remain), then told to their area (a run marked queued again, or failed with its reason).
 *
 * Checked at start-up and at every heartbeat. On the embedded database no other process can be
 * alive (the directory lock), so at start-up every job left active is lost.
 */

export type RecoveryTuning = {
  /** How often a working process writes its heartbeat and looks for dead ones. */
  heartbeatSeconds: number;
  /** A heartbeat older than this means the process is dead. */
  staleSeconds: number;
  /**
   * Whether this process is the only one that can work the database, so that at start-up every
   * other record is a dead process. Default: on the embedded database (its directory lock).
   */
  aloneAtStart?: boolean;
};

export const DEFAULT_RECOVERY: RecoveryTuning = { heartbeatSeconds: 2, staleSeconds: 10 };

/** A job taken back from a dead process: pg-boss retries it (willRetry) or has failed it for good. */
export type LostJob = { id: string; name: JobName; data: unknown; willRetry: boolean };

export const LOST_REASON = 'the process working this job stopped (crash or restart); taken back at once';

type Log = { error(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };

/** The application_name of a working process's liveness session: the prefix and its worker id. */
const SESSION_PREFIX = 'sunstamp worker ';
export const sessionNameOf = (workerId: string) => `${SESSION_PREFIX}${workerId}`;

export class WorkerLiveness {
  readonly id = randomUUID();
  private timer: NodeJS.Timeout | null = null;
  private releaseSession: (() => Promise<void>) | null = null;
  private beating: Promise<unknown> = Promise.resolve();

  constructor(
    private database: Database,
    private boss: PgBoss,
    private tuning: RecoveryTuning,
    private log: Log,
    private onLost: (jobs: LostJob[]) => Promise<void>,
  ) {}

  /** Records this process, takes back what dead ones held, and starts the heartbeat. */
  async start(opts: { alone: boolean }) {
    this.releaseSession = await this.database.holdSession(sessionNameOf(this.id));
    await this.database.query('insert into queue_workers (id, host, pid) values ($1, $2, $3)', [this.id, os.hostname(), process.pid]);
    await this.recover({ everyOther: opts.alone });
    this.timer = setInterval(() => {
      this.beating = this.beating.then(() => this.beat()).catch((err: unknown) => this.log.warn({ err: String(err) }, 'queue heartbeat failed'));
    }, this.tuning.heartbeatSeconds * 1000);
    this.timer.unref();
  }

  private async beat() {
    const beat = await this.database.query('update queue_workers set heartbeat_at = now() where id = $1 returning id', [this.id]);
    if (!beat.length) {
      // Taken for dead by another process (a heartbeat that came too late): its jobs were taken back.
      // Recorded again, so that its next jobs can be claimed and it is not a worker nobody sees.
      this.log.warn({ worker: this.id }, 'this process was taken for dead (its heartbeat came late); recorded again');
      await this.database.query('insert into queue_workers (id, host, pid) values ($1, $2, $3) on conflict (id) do update set heartbeat_at = now()', [this.id, os.hostname(), process.pid]);
    }
    await this.recover({ everyOther: false });
  }

  /** This process works `jobId` (an upsert: a job taken again belongs to its new worker). */
  async claim(jobId: string, queue: JobName) {
    await this.database.query(
      `insert into queue_claims (job_id, queue, worker_id) values ($1, $2, $3)
       on conflict (job_id) do update set worker_id = excluded.worker_id, queue = excluded.queue, claimed_at = now()`,
      [jobId, queue, this.id],
    );
  }

  async release(jobId: string) {
    await this.database.query('delete from queue_claims where job_id = $1 and worker_id = $2', [jobId, this.id]);
  }

  /**
   * Fails the jobs of dead processes (and active jobs nobody claims, older than the stale limit:
   * a process that died between taking a job and claiming it) and tells their areas. Each job is
   * taken by one process only: a claim is deleted (or inserted) atomically before its job is failed.
   */
  async recover(opts: { everyOther: boolean }): Promise<LostJob[]> {
    const stale = opts.everyOther ? 0 : this.tuning.staleSeconds;
    // On PostgreSQL a stale heartbeat is not enough: a process whose event loop is held by a long
    // render (seconds of CPU, many more on a loaded machine) beats late but is alive, and its
    // session (holdSession) says so; a killed process's session is gone with it.
    const dead = await this.database.query<{ id: string }>(
      `select w.id from queue_workers w where w.id <> $1 and ($2::boolean or (w.heartbeat_at < now() - make_interval(secs => $3::double precision)${this.database.kind === 'postgres'
        ? ` and not exists (select 1 from pg_stat_activity a where a.application_name = '${SESSION_PREFIX}' || w.id::text)` : ''}))`,
      [this.id, opts.everyOther, stale],
    );
    const deadIds = dead.map((w) => w.id);
    const fromDead = deadIds.length
      ? await this.database.query<{ job_id: string; queue: string }>('delete from queue_claims where worker_id = any($1::uuid[]) returning job_id, queue', [deadIds])
      : [];
    // Active with no claim: taken by a process that died before claiming it. Claimed here first, so
    // no other process fails it too.
    const unclaimed = await this.database.query<{ job_id: string; queue: string }>(
      `insert into queue_claims (job_id, queue, worker_id)
         select j.id, j.name, $1 from pgboss.job j
         where j.state = 'active' and j.name = any($2::text[]) and j.started_on < now() - make_interval(secs => $3::double precision)
           and not exists (select 1 from queue_claims c where c.job_id = j.id)
       on conflict (job_id) do nothing
       returning job_id, queue`,
      [this.id, JOB_NAMES, stale],
    );
    if (deadIds.length) await this.database.query('delete from queue_workers where id = any($1::uuid[])', [deadIds]);
    const taken = [...fromDead, ...unclaimed];
    if (!taken.length) return [];
    const byQueue = new Map<JobName, string[]>();
    for (const t of taken) byQueue.set(t.queue as JobName, [...(byQueue.get(t.queue as JobName) ?? []), t.job_id]);
    for (const [name, ids] of byQueue) for (const id of ids) await this.boss.fail(name, id, { message: LOST_REASON });
    const ids = taken.map((t) => t.job_id);
    const rows = await this.database.query<{ id: string; name: string; state: string; data: unknown }>(
      'select id, name, state, data from pgboss.job where id = any($1::uuid[])',
      [ids],
    );
    await this.database.query('delete from queue_claims where job_id = any($1::uuid[]) and worker_id = $2', [ids, this.id]);
    const lost = rows
      .filter((r) => r.state === 'retry' || r.state === 'failed')
      .map((r): LostJob => ({ id: r.id, name: r.name as JobName, data: r.data, willRetry: r.state === 'retry' }));
    this.log.warn({ jobs: lost.map((j) => `${j.name} ${j.id} ${j.willRetry ? 'retried' : 'failed'}`) }, 'queue jobs of a stopped process taken back');
    try {
      await this.onLost(lost);
    } catch (err) {
      this.log.error({ err }, 'telling the areas of lost queue jobs failed');
    }
    return lost;
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.beating;
    await this.database.query('delete from queue_workers where id = $1', [this.id]).catch(() => undefined);
    await this.releaseSession?.();
    this.releaseSession = null;
  }
}
