import { fileURLToPath } from 'node:url';
import path from 'node:path';
import fs from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';
import type { Client as PgClient } from 'pg';

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
   * themselves. On PostgreSQL a `name` makes it a prepared statement per connection (parsed and
   * planned once); the name must always come with the same text.
   */
  queryArrays(q: { name?: string; text: string; values: unknown[] }): Promise<unknown[][]>;
  /** Subscribes to a NOTIFY channel; returns an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
};

export function migrationsFolder(): string {
  // In the bundled server the migrations sit beside dist/main.js; from source, beside this file.
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')];
  const found = candidates.find((c) => fs.existsSync(path.join(c, 'meta', '_journal.json')));
  if (!found) throw new Error(`Database migrations not found near ${here}`);
  return found;
}

export type OpenOptions =
  | { kind: 'pglite'; dataDir?: string /* undefined = in memory */ }
  | { kind: 'postgres'; url: string; poolSize?: number };

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.kind === 'pglite') return openPglite(opts.dataDir);
  return openPostgres(opts.url, opts.poolSize ?? 10);
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  // pg_trgm backs the jobs list search index (migration 0001); PGlite ships it as a contrib module.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm } });
  const db = drizzle({ client, schema }) as unknown as Db;
  await migrate(drizzle({ client, schema }), { migrationsFolder: migrationsFolder() });
  return {
    kind: 'pglite',
    db,
    async query<T>(text: string, params: unknown[] = []) {
      const r = await client.query(text, params);
      return r.rows as T[];
    },
    async queryArrays(q) {
      const r = await client.query<unknown[]>(q.text, q.values, { rowMode: 'array' });
      return r.rows;
    },
    async listen(channel, onPayload) {
      const unsub = await client.listen(channel, onPayload);
      return async () => { await unsub(); };
    },
    async notify(channel, payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() { await client.close(); },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pg = (await import('pg')).default;
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client whose connection dies (server restart, a dropped test database) emits 'error'
  // on the pool; unhandled, that would end the process. The next query opens a new connection.
  pool.on('error', () => {});
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  await migrate(drizzle({ client: pool, schema }), { migrationsFolder: migrationsFolder() });
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
    async close() {
      await Promise.all(listeners.splice(0).map((c) => c.end().catch(() => {})));
      await pool.end();
    },
  };
}
