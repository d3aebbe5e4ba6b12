import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { loadConfig } from '../../config.ts';
import { createContext } from '../../context.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { builtServer } from '../../test/built-server.ts';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';

/**
 * A job survives `kill -9` of the worker process: the worker (`npm run worker`'s entry, a real
 * child process) takes a mail job and is killed while the SMTP server keeps it waiting; a new
 * worker on the same database takes the lost attempt back at its start (queue-recovery.ts), not when
 * the attempt's time limit (120 s for mail) passes, and delivers the mail once.
 * Runs on an embedded PGlite directory, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
/** `npm run worker`'s entry, bundled from the current sources (test/built-server.ts). */
let worker = '';
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

let smtp: SmtpSink;
let port: number;
let holdNext = false;
let held: (() => void) | undefined;
const connections: number[] = [];
const delivered: string[] = [];

beforeAll(async () => {
  ({ worker } = await builtServer());
  // A worker killed (or stopped) with its connection open resets it: the sink lets resets pass (that
  // is what this test does to the worker) and keeps any other server error, checked at the end.
  smtp = await startSmtpSink({
    onConnect(_session, cb) {
      connections.push(Date.now());
      // The first attempt is held: no greeting, so the worker's handler is mid-send when it dies.
      if (holdNext) {
        holdNext = false;
        held = () => cb();
        return;
      }
      cb();
    },
    deliver: (data) => delivered.push(data),
  });
  port = smtp.port;
});
afterAll(async () => {
  held?.();
  await smtp?.close();
});

async function until(check: () => boolean, ms: number, what: string) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The worker as its own node process, so the pid is the worker itself: through a wrapper (the `tsx`
 * command once), SIGKILL reached only the wrapper and the real worker lived on as an orphan (still
 * holding its job and, on PostgreSQL, its connections).
 */
function startWorker(env: Record<string, string>): ChildProcess & { output: string[] } {
  const child = spawn(process.execPath, [worker], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  child.stdout!.on('data', (d) => output.push(String(d)));
  child.stderr!.on('data', (d) => output.push(String(d)));
  return Object.assign(child, { output });
}
const exited = (c: ChildProcess) => new Promise<void>((r) => (c.exitCode !== null || c.signalCode !== null ? r() : c.once('exit', () => r())));

async function survivesKill(env: Record<string, string>, open: () => Promise<Database>) {
  const subject = `Survivor ${Math.random().toString(36).slice(2)}`;
  // Enqueue as the API would, then close: the job is only in the database.
  const config = loadConfig({ NODE_ENV: 'test', ...env });
  const database = await open();
  const ctx = await createContext(config, { database, authSecret: 'x'.repeat(48), log: quiet });
  await ctx.mailer.send({ to: 'client@acme-solar.test', subject, text: 'Still here' });
  await ctx.close();
  await database.close();

  holdNext = true;
  const before = connections.length;
  const first = startWorker(env);
  try {
    await until(() => connections.length > before, 150_000, `the first worker to connect to SMTP (${first.output.join('')})`);
    first.kill('SIGKILL');
    await exited(first);
    expect(first.signalCode).toBe('SIGKILL');
    // The process that held the job is gone, not only a wrapper around it.
    expect(workersOf(env.DATA_DIR!)).toEqual([]);
  } finally {
    if (first.exitCode === null && first.signalCode === null) first.kill('SIGKILL');
  }
  expect(delivered.some((d) => d.includes(subject))).toBe(false);

  const second = startWorker(env);
  try {
    await until(() => delivered.some((d) => d.includes(subject)), 120_000, `the restarted worker to deliver (${second.output.join('')})`);
    expect(delivered.filter((d) => d.includes(subject))).toHaveLength(1);
  } finally {
    second.kill('SIGTERM');
    await exited(second);
  }
  expect(workersOf(env.DATA_DIR!)).toEqual([]);
  expect(smtp.errors).toEqual([]);
}

/** Worker processes still running with this test's DATA_DIR (Linux /proc; none elsewhere). */
function workersOf(dataDir: string): number[] {
  if (!fs.existsSync('/proc/self/environ')) return [];
  return fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d)).flatMap((d) => {
    try {
      const cmd = fs.readFileSync(`/proc/${d}/cmdline`, 'utf8');
      if (!cmd.includes(worker)) return [];
      return fs.readFileSync(`/proc/${d}/environ`, 'utf8').split('\0').includes(`DATA_DIR=${dataDir}`) ? [Number(d)] : [];
    } catch {
      return [];
    }
  });
}

const queueEnv = (extra: Record<string, string>) => ({
  SMTP_URL: `smtp://127.0.0.1:${port}`,
  LOG_LEVEL: 'silent',
  QUEUE_POLL_SECONDS: '0.5',
  QUEUE_MAINTENANCE_SECONDS: '1',
  QUEUE_RETRY_DELAY_SECONDS: '0',
  AUTH_SECRET: 'x'.repeat(48),
  ...extra,
});

describe('a queued job survives kill -9 of its worker', () => {
  it.runIf(process.env.SUNSTAMP_TEST_DB !== 'postgres')('on the embedded PGlite database (a data directory)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunstamp-crash-'));
    try {
      await survivesKill(queueEnv({ DATA_DIR: dataDir }), () => openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') }));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 420_000);

  it.runIf(process.env.SUNSTAMP_TEST_DB === 'postgres' && process.env.TEST_DATABASE_URL)('on PostgreSQL', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunstamp-crash-'));
    const name = `sunstamp_crash_${crypto.randomBytes(6).toString('hex')}`;
    const admin = async (sql: string) => {
      const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await c.connect();
      try { await c.query(sql); } finally { await c.end(); }
    };
    await admin(`create database ${name}`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    try {
      await survivesKill(queueEnv({ DATA_DIR: dataDir, DATABASE_URL: url.toString() }), () => openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 }));
    } finally {
      await admin(`drop database if exists ${name} with (force)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 420_000);
});
