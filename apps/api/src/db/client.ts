import { fileURLToPath } from 'node:url';
import path from 'node:path';
import fs from 'node:fs';
import v8 from 'node:v8';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';
import type { Client as PgClient } from 'pg';
import { serialize } from 'pg-protocol';
import { claimPgliteDirectory } from './pglite-directory.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** The open database: drizzle on top, plus the raw pieces the platform needs (LISTEN/NOTIFY, shutdown). */
export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs raw SQL with parameters, returning rows (used by platform code that drizzle does not cover). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * Runs raw SQL returning each row as an array of column values, for hot paths that map rows
   * themselves. A `name` makes it a prepared statement (parsed and planned once per connection);
   * the name must always come with the same text. Values come back as the driver reads them or,
   * for a named statement on PGlite, as text: callers convert (Number, JSON.parse).
   */
  queryArrays(q: { name?: string; text: string; values: unknown[] }): Promise<unknown[][]>;
  /** Runs parameterless SQL that may hold several statements; the rows of the last one (pg-boss's schema and maintenance). */
  exec<T = Record<string, unknown>>(text: string): Promise<T[]>;
  /** Subscribes to a NOTIFY channel; returns an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Runs `fn` while this process holds the database's start-up lock, so that processes starting at
   * once on a new database (two APIs and two workers rolled out together) create the schema, the
   * reference rows and the queue's tables one after the other: concurrent `CREATE SCHEMA`, partition
   * and queue creation fail with duplicate keys or deadlocks, which ended the process. PostgreSQL: a
   * session advisory lock on a connection of its own (released with it if the process dies); PGlite:
   * one process only (its directory lock), so `fn` just runs. Not re-entrant: never nest two calls.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * PostgreSQL: holds a connection of its own named `applicationName` (pg_stat_activity) until the
   * returned function is called. Its presence says the process is
   * alive even while its event loop is busy (a long render); a killed process's connections close
   * with it. PGlite: nothing to hold (one process).
   */
  holdSession(applicationName: string): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** PGlite only: a copy of the whole database, to open again with `image` (the test suite's template). */
  dumpImage?(): Promise<Blob>;
};

export function migrationsFolder(): string {
  // In the bundled server the migrations sit beside dist/main.js; from source, beside this file.
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')];
  const found = candidates.find((c) => fs.existsSync(path.join(c, 'meta', '_journal.json')));
  if (!found) throw new Error(`Database migrations not found near ${here}`);
  return found;
}

/**
 * Whether the database already holds the journal's newest migration, by drizzle's own rule (a
 * migration runs when its `when` is later than the last one applied). A restart then skips the
 * migrator, which reads and hashes every migration file and creates its schema "if not exists"
 * (~20 ms of a restart, issue 27). Any doubt (no table yet, an unreadable journal) says no, and
 * the migrator decides as before.
 */
export async function migrationsCurrent(query: (text: string) => Promise<{ last: string | null }[]>): Promise<boolean> {
  try {
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
    const newest = Math.max(...journal.entries.map((e) => e.when));
    const [row] = await query('select max(created_at)::text as last from drizzle.__drizzle_migrations');
    return row?.last != null && Number(row.last) >= newest;
  } catch {
    return false;
  }
}

export type OpenOptions =
  /** `image`: start from a saved copy of a database (dumpPglite), e.g. the test suite's migrated and seeded template. */
  | { kind: 'pglite'; dataDir?: string /* undefined = in memory */; image?: Blob }
  | { kind: 'postgres'; url: string; poolSize?: number };

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.kind === 'pglite') return openPglite(opts.dataDir, opts.image);
  return openPostgres(opts.url, opts.poolSize ?? 10);
}

/**
 * PGlite's buffer cache, sized by the data it opens: one and a half times its tables and indexes,
 * in 16 MB steps, between 32 MB and PostgreSQL's default 128 MB. PGlite writes its whole buffer
 * cache at start (WASM memory, every page touched): 128 MB cost ~350 ms of a ~1.2 s open on this
 * machine (2026-11-30; 82,000 page faults against 60,000 at 32 MB), for a demo install with
 * ~28 MB of data (now a 48 MB cache). A large install (100,000 jobs) still gets 128 MB: with 16 MB its jobs list was 2.4x
 * slower. Read at each start, so an install that grew gets its larger cache at its next restart.
 */
export function pgliteSharedBuffersMb(dataBytes: number): number {
  const step = 16 * 1024 * 1024;
  return Math.min(128, Math.max(32, Math.ceil((dataBytes * 1.5) / step) * 16));
}

/** The size of a PGlite directory's tables and indexes (base/), not its write-ahead log; 0 for a new one. */
function pgliteDataBytes(dataDir: string): number {
  const base = path.join(dataDir, 'base');
  if (!fs.existsSync(base)) return 0;
  return fs.readdirSync(base, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .reduce((total, e) => total + (fs.statSync(path.join(e.parentPath, e.name), { throwIfNoEntry: false })?.size ?? 0), 0);
}

/**
 * How much WebAssembly code runs before V8 recompiles a function with its optimising compiler
 * (TurboFan), as V8's "bytes executed" budget: 100x V8's default of 1,800,000.
 *
 * Why (issue 27, the restart; bench/README.md): on Node 20, PostgreSQL's start inside PGlite runs
 * a great deal of code once, and V8 spent much of a restart optimising functions that then never ran
 * again. With this budget a restart of the demo install took 18 % less (measured A/B in one command),
 * a new in-memory database 20 % less, and a query loop ran as fast once warm: a function that really
 * is hot still reaches the budget within its first seconds. Set once per process, before PGlite
 * compiles its module (the budget is read when a module is instantiated and at each check). A
 * budget given on the command line (`node --wasm-tiering-budget=…`, or V8's `--wasm_tiering_budget`
 * spelling) is left as it is.
 */
export const WASM_TIERING_BUDGET = 180_000_000;
let wasmBudgetSet = false;
function setWasmTieringBudget(): void {
  if (wasmBudgetSet) return;
  wasmBudgetSet = true;
  if (process.execArgv.some((a) => a.replaceAll('_', '-').startsWith('--wasm-tiering-budget'))) return;
  v8.setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
}

async function openPglite(dataDir: string | undefined, image: Blob | undefined): Promise<Database> {
  setWasmTieringBudget();
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // One process per directory (pglite-directory.ts): a second one would corrupt it.
  const claim = dataDir ? claimPgliteDirectory(dataDir) : undefined;
  if (claim?.movedAside) console.warn(`The embedded database at ${dataDir} was never initialised completely (stopped during its first start); it was moved to ${claim.movedAside} and a new one is made.`);
  let client: PGliteClient;
  try {
    if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
    // pg_trgm backs the jobs list search index (migration 0001); PGlite ships it as a contrib module.
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const buffers = pgliteSharedBuffersMb(dataDir ? pgliteDataBytes(dataDir) : image?.size ?? 0);
    client = await PGlite.create({
      ...(dataDir ? { dataDir } : {}), ...(image ? { loadDataDir: image } : {}), extensions: { pg_trgm },
      // Passing startParams replaces PGlite's own: its defaults, then the cache size.
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${buffers}MB`],
    });
  } catch (e) {
    claim?.release();
    throw e;
  }
  const db = drizzle({ client, schema }) as unknown as Db;
  if (!(await migrationsCurrent(async (text) => (await client.query<{ last: string | null }>(text)).rows))) {
    await migrate(drizzle({ client, schema }), { migrationsFolder: migrationsFolder() });
  }
  const prepared = new Set<string>();
  return {
    kind: 'pglite',
    db,
    async query<T>(text: string, params: unknown[] = []) {
      const r = await client.query(text, params);
      return r.rows as T[];
    },
    async queryArrays(q) {
      if (!q.name) return (await client.query<unknown[]>(q.text, q.values, { rowMode: 'array' })).rows;
      return preparedArrays(client, prepared, { name: q.name, text: q.text, values: q.values });
    },
    async exec<T>(text: string) {
      const results = await client.exec(text);
      return (results.at(-1)?.rows ?? []) as T[];
    },
    async listen(channel, onPayload) {
      const unsub = await client.listen(channel, onPayload);
      return async () => { await unsub(); };
    },
    async notify(channel, payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    exclusive: (fn) => fn(),
    holdSession: async () => async () => {},
    async close() {
      await client.close();
      claim?.release();
    },
    async dumpImage() {
      return client.dumpDataDir('none');
    },
  };
}

type PGliteClient = import('@electric-sql/pglite').PGlite;

/** A parameter in PostgreSQL's text input form: instants in ISO 8601, arrays as array literals. */
export function textParam(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) {
    return `{${v.map((x) => {
      const t = textParam(x);
      return t === null ? 'NULL' : `"${t.replace(/["\\]/g, (c) => `\\${c}`)}"`;
    }).join(',')}}`;
  }
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/**
 * A named prepared statement on PGlite, which has no API for one: PGlite's query() sends parse,
 * describe, bind, describe and execute as five runs of the backend and plans every time, which was
 * half the cost of a jobs-list page. Here the statement is parsed once per process and each call
 * is one run of bind + execute + sync; values travel as text, serialised as node-postgres does.
 * It takes PGlite's two locks in the order query() does, so it never runs inside another caller's
 * transaction.
 */
async function preparedArrays(
  client: PGliteClient,
  prepared: Set<string>,
  q: { name: string; text: string; values: unknown[] },
): Promise<unknown[][]> {
  const internals = client as unknown as { _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> };
  return internals._runExclusiveTransaction(() => client.runExclusive(async () => {
    const isNew = !prepared.has(q.name);
    const message = Buffer.concat([
      ...(isNew ? [serialize.parse({ name: q.name, text: q.text })] : []),
      serialize.bind({ statement: q.name, values: q.values.map(textParam) }),
      serialize.execute(),
      serialize.sync(),
    ]);
    let messages;
    try {
      ({ messages } = await client.execProtocol(message, { syncToFs: false }));
    } catch (e) {
      // A failed first run may still have parsed the statement (a bad value fails at bind, after
      // parse): close it, so the next call parses afresh instead of failing with "prepared statement
      // already exists" for every caller until the process restarts. Closing an unknown name is no error.
      if (isNew) {
        await client.execProtocol(Buffer.concat([serialize.close({ type: 'S', name: q.name }), serialize.sync()]), { syncToFs: false })
          .catch(() => {});
      }
      throw e;
    }
    if (isNew) prepared.add(q.name);
    const rows: unknown[][] = [];
    for (const m of messages) {
      if (m.name === 'dataRow') rows.push((m as unknown as { fields: (string | null)[] }).fields);
    }
    return rows;
  }));
}

/** The advisory lock key of start-up work (migrations, seeds, the queue's schema): any constant of our own. */
const STARTUP_LOCK = 727_274_027;

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pg = (await import('pg')).default;
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client whose connection dies (server restart, a dropped test database) emits 'error'
  // on the pool; unhandled, that would end the process. The next query opens a new connection.
  pool.on('error', () => {});
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  const exclusive = async <T>(fn: () => Promise<T>): Promise<T> => {
    const lock = new pg.Client({ connectionString: url });
    await lock.connect();
    lock.on('error', () => {});
    try {
      await lock.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
      return await fn();
    } finally {
      // Ending the session releases its advisory lock.
      await lock.end().catch(() => {});
    }
  };
  if (!(await migrationsCurrent(async (text) => (await pool.query<{ last: string | null }>(text)).rows))) {
    await exclusive(() => migrate(drizzle({ client: pool, schema }), { migrationsFolder: migrationsFolder() }));
  }
  const listeners: PgClient[] = [];
  return {
    kind: 'postgres',
    db,
    async query<T>(text: string, params: unknown[] = []) {
      const r = await pool.query(text, params);
      return r.rows as T[];
    },
    async queryArrays(q) {
      const r = await pool.query<unknown[]>({ ...q, rowMode: 'array' });
      return r.rows;
    },
    async exec<T>(text: string) {
      // Without parameters node-postgres uses the simple protocol, which runs several statements.
      const r = (await pool.query(text)) as unknown as { rows: T[] } | { rows: T[] }[];
      return (Array.isArray(r) ? r.at(-1)?.rows ?? [] : r.rows) as T[];
    },
    async listen(channel, onPayload) {
      // LISTEN needs a connection of its own that stays open for as long as we listen.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      client.on('notification', (msg) => { if (msg.channel === channel) onPayload(msg.payload ?? ''); });
      client.on('error', () => { /* the stream's reconnect + replay covers a dropped listener */ });
      await client.query(`LISTEN "${channel.replace(/"/g, '')}"`);
      listeners.push(client);
      return async () => {
        const i = listeners.indexOf(client);
        if (i >= 0) listeners.splice(i, 1);
        await client.end().catch(() => {});
      };
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    exclusive,
    async holdSession(applicationName) {
      // Not opened again if it drops (a database restart): the heartbeat alone then says alive.
      const client = new pg.Client({ connectionString: url, application_name: applicationName });
      client.on('error', () => {});
      await client.connect();
      return async () => { await client.end().catch(() => {}); };
    },
    async close() {
      await Promise.all(listeners.splice(0).map((c) => c.end().catch(() => {})));
      await pool.end();
    },
  };
}
