import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { Queue } from './queue.ts';
import type { JobPayload } from './queue.registry.ts';
import { sessionNameOf } from './queue-recovery.ts';

/*
 * A job held by a process that stops is taken back by the next process that works the queue: at
 * once, not when the job's time limit passes. Process A takes a job and "dies" (its handler never
 * ends and its heartbeat stops: it is given a heartbeat it never beats within the test); process B
 * starts working and finds A dead: at start-up on the embedded database (one process only), by A's
 * stale heartbeat on PostgreSQL. The jobs' own time limit is an hour, so only recovery can free them.
 */

const quiet = { error: () => {}, warn: () => {} };
const HOUR = 3600;
let database: Database;
let drop: () => Promise<void>;
const open: Queue[] = [];

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => {
  for (const q of open) await q.stop().catch(() => undefined);
  await drop?.();
});
// Each test starts from an empty queue: no process of a sibling test still working, no job, worker
// or claim it left (a hung job of theirs would otherwise be recovered, or taken, by this test's B).
beforeEach(async () => {
  for (const q of open.splice(0)) await q.stop().catch(() => undefined);
  await database.query('delete from queue_claims');
  await database.query('delete from queue_workers');
  // The queue's own schema is made by its first start.
  const [{ made }] = await database.query<{ made: string | null }>(`select to_regclass('pgboss.job')::text as made`) as [{ made: string | null }];
  if (made) await database.query('delete from pgboss.job');
});

async function until<T>(check: () => Promise<T | undefined | false>, what: string): Promise<T> {
  // A wait for an outcome, not a timing: generous for a busy machine.
  const end = Date.now() + 60_000;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const queueOf = async (tuning: { heartbeatSeconds: number; staleSeconds: number; aloneAtStart?: boolean }) => {
  const q = new Queue(database, { pollSeconds: 0.5, maintenanceSeconds: 3600, expireSeconds: HOUR, retryDelaySeconds: 0, recovery: tuning }, quiet);
  open.push(q);
  await q.start();
  return q;
};

/** What kill -9 does to a process's PostgreSQL sessions: they end. (PGlite: no sessions.) */
async function endSessionsOf(workerIds: string[]) {
  if (database.kind !== 'postgres') return;
  await database.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = any($1::text[])', [workerIds.map(sessionNameOf)]);
}

const stateOf = async (id: string) =>
  (await database.query<{ state: string }>('select state from pgboss.job where id = $1', [id]))[0]?.state;

describe('jobs of a process that stopped', () => {
  it('are retried by the next worker and told to their area as re-queued; a job with no retry left fails with the reason', async () => {
    // Process A: takes the jobs and hangs; its heartbeat is an hour away, so it looks dead once stale.
    const a = await queueOf({ heartbeatSeconds: HOUR, staleSeconds: HOUR });
    const taken: string[] = [];
    await a.work({
      'cad-generate': async ({ runId }) => { taken.push(runId); await new Promise(() => {}); },
      'letters-generate': async ({ runId }) => { taken.push(runId); await new Promise(() => {}); },
    });
    const runId = crypto.randomUUID();
    const cadJob = await a.send('cad-generate', { runId });
    const letters: JobPayload<'letters-generate'> = {
      runId: crypto.randomUUID(), jobId: crypto.randomUUID(), actorId: crypto.randomUUID(), actorRole: 'admin',
      letterTypes: ['structural_letter'], includeDigitalSignature: false, revisionLetterData: null,
    };
    const lettersJob = await a.send('letters-generate', letters);
    await until(async () => taken.length === 2, 'process A to take both jobs');
    expect(await stateOf(cadJob)).toBe('active');
    // The letters job has no retry left: it must end failed, with the reason, not wait an hour.
    await database.query('update pgboss.job set retry_limit = 0 where id = $1', [lettersJob]);
    // A's heartbeat stops (it died); on PostgreSQL B sees it by its age and its session gone (a
    // killed process's connections close), on PGlite at B's start.
    await database.query(`update queue_workers set heartbeat_at = now() - interval '1 hour'`);
    await endSessionsOf((await database.query<{ id: string }>('select id from queue_workers')).map((w) => w.id));

    const told: { name: string; payload: unknown; willRetry: boolean; reason: string }[] = [];
    const rerun: string[] = [];
    const b = await queueOf({ heartbeatSeconds: 0.2, staleSeconds: 5 });
    await b.work(
      { 'cad-generate': async (p) => { rerun.push(p.runId); } },
      {
        onLost: {
          'cad-generate': async (payload, lost) => { told.push({ name: 'cad-generate', payload, ...lost }); },
          'letters-generate': async (payload, lost) => { told.push({ name: 'letters-generate', payload, ...lost }); },
        },
      },
    );
    // The plan-set job is taken again and finished by B; the letters job failed for good.
    await until(async () => (await stateOf(cadJob)) === 'completed', 'the lost plan-set job to be completed by B');
    expect(rerun).toEqual([runId]);
    await until(async () => told.length === 2, 'both areas to be told');
    expect(told.find((t) => t.name === 'cad-generate')).toMatchObject({ payload: { runId }, willRetry: true });
    expect(told.find((t) => t.name === 'letters-generate')).toMatchObject({ payload: { runId: letters.runId }, willRetry: false });
    expect(told[0]!.reason).toMatch(/stopped/);
    expect(await stateOf(lettersJob)).toBe('failed');
    const [failed] = await database.query<{ output: { message?: string } }>('select output from pgboss.job where id = $1', [lettersJob]);
    expect(failed!.output.message).toMatch(/process working this job stopped/);
    // A's record is gone with its claims; B's own is there.
    const workers = await database.query<{ id: string }>('select id from queue_workers');
    expect(workers).toHaveLength(1);
    expect(await database.query('select job_id from queue_claims where job_id = any($1::uuid[])', [[cadJob, lettersJob]])).toEqual([]);
  }, 120_000);

  it('takes back the job of a process that stopped while its handler still ran (its record and claim gone)', async () => {
    // A's stop() ends its record (and, by the foreign key, its claims) while a handler that outlived
    // the graceful wait still holds the job: active, claimed by nobody. pg-boss's own limit is now
    // twice the job's, so only this sweep gives it back soon.
    const a = await queueOf({ heartbeatSeconds: HOUR, staleSeconds: HOUR, aloneAtStart: false });
    const taken: string[] = [];
    await a.work({ 'cad-generate': async ({ runId }) => { taken.push(runId); await new Promise(() => {}); } });
    const runId = crypto.randomUUID();
    const id = await a.send('cad-generate', { runId });
    await until(async () => taken.length === 1, 'A to take the job');
    expect(await database.query('select 1 from queue_claims where job_id = $1', [id])).toHaveLength(1);
    await database.query('delete from queue_workers');
    expect(await database.query('select 1 from queue_claims where job_id = $1', [id])).toEqual([]);

    const told: { payload: unknown; willRetry: boolean }[] = [];
    const rerun: string[] = [];
    const b = await queueOf({ heartbeatSeconds: 0.2, staleSeconds: 1, aloneAtStart: false });
    await b.work({ 'cad-generate': async (p) => { rerun.push(p.runId); } }, { onLost: { 'cad-generate': async (payload, lost) => { told.push({ payload, ...lost }); } } });
    await until(async () => (await stateOf(id)) === 'completed', 'B to take the job back and finish it');
    expect(rerun).toEqual([runId]);
    expect(told).toMatchObject([{ payload: { runId }, willRetry: true }]);
  }, 120_000);

  it('leaves the jobs of a living process alone', async () => {
    // Two living processes on one database (as on PostgreSQL): A works a job, B sweeps beside it.
    const a = await queueOf({ heartbeatSeconds: 0.2, staleSeconds: 5, aloneAtStart: false });
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    const taken: string[] = [];
    await a.work({ 'cad-generate': async ({ runId }) => { taken.push(runId); await held; } });
    const b = await queueOf({ heartbeatSeconds: 0.2, staleSeconds: 5, aloneAtStart: false });
    const told: unknown[] = [];
    await b.work({}, { onLost: { 'cad-generate': async (p) => { told.push(p); } } });
    const id = await a.send('cad-generate', { runId: crypto.randomUUID() });
    await until(async () => taken.length === 1, 'A to take the job');
    // Several heartbeats of both (each one a sweep) pass while A holds the job.
    const [{ since }] = await database.query<{ since: Date }>('select now() as since') as [{ since: Date }];
    await until(async () => {
      const rows = await database.query<{ n: string }>(
        `select count(*) as n from queue_workers where heartbeat_at > $1::timestamptz + interval '1 second'`, [since.toISOString()]);
      return Number(rows[0]!.n) === 2;
    }, 'both processes to beat several times');
    expect(await stateOf(id)).toBe('active');
    expect(told).toEqual([]);
    release();
    await until(async () => (await stateOf(id)) === 'completed', 'A to finish the job');
  }, 120_000);

  it.runIf(process.env.SUNSTAMP_TEST_DB === 'postgres')(
    'PostgreSQL: leaves alone a living process whose heartbeat is late (its event loop held by a render), and takes its job once its session ends', async () => {
      // A beats once an hour: to the others its heartbeat is as late as that of a process whose
      // event loop a long render holds (the rehearsal saw 10 s and more at load average 30).
      const a = await queueOf({ heartbeatSeconds: HOUR, staleSeconds: 5, aloneAtStart: false });
      const taken: string[] = [];
      await a.work({ 'cad-generate': async ({ runId }) => { taken.push(runId); await new Promise(() => {}); } });
      const id = await a.send('cad-generate', { runId: crypto.randomUUID() });
      await until(async () => taken.length === 1, 'A to take the job');
      const [aWorker] = await database.query<{ id: string }>('select id from queue_workers');
      await database.query(`update queue_workers set heartbeat_at = now() - interval '1 hour'`);
      const told: unknown[] = [];
      const b = await queueOf({ heartbeatSeconds: 0.2, staleSeconds: 5, aloneAtStart: false });
      await b.work({}, { onLost: { 'cad-generate': async (p) => { told.push(p); } } });
      // B sweeps several times (at start and every heartbeat) and finds A alive by its session.
      const [{ since }] = await database.query<{ since: Date }>('select now() as since') as [{ since: Date }];
      await until(async () => (await database.query('select 1 from queue_workers where id <> $1 and heartbeat_at > $2::timestamptz + interval \'1 second\'', [aWorker!.id, since.toISOString()])).length === 1, 'B to beat several times');
      expect(await stateOf(id)).toBe('active');
      expect(told).toEqual([]);
      expect(await database.query('select 1 from queue_workers where id = $1', [aWorker!.id])).toHaveLength(1);
      // A is killed: its session ends with it, and B takes the job back at its next sweep.
      await endSessionsOf([aWorker!.id]);
      await until(async () => told.length === 1, 'B to take back the job of the killed A');
      expect(await stateOf(id)).not.toBe('active');
    }, 120_000);
});
