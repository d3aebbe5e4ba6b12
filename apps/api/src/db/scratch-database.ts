import crypto from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from './client.ts';

/**
 * A PostgreSQL database of its own on the server at `baseUrl`, created with a random name and
 * migrated, for a test file or a bench run; `drop()` closes it and drops it (forcing other
 * sessions off). Nothing else on the server is touched.
 */
export async function openScratchPostgres(
  baseUrl: string,
  opts: { prefix: string; poolSize: number },
): Promise<{ name: string; database: Database; drop: () => Promise<void> }> {
  const name = `${opts.prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: baseUrl });
    await c.connect();
    try { await c.query(sql); } finally { await c.end(); }
  };
  await run(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: opts.poolSize });
  return {
    name,
    database,
    drop: async () => {
      await database.close().catch(() => {});
      await run(`drop database if exists ${name} with (force)`);
    },
  };
}
