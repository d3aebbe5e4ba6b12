import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../apps/api/src/db/client.ts';
import { openScratchPostgres } from '../apps/api/src/db/scratch-database.ts';

/**
 * A database of its own for one bench run: PGlite in a temporary directory, or a scratch database
 * on the PostgreSQL server of TEST_DATABASE_URL; `cleanup` closes it and removes it.
 */
export async function openBenchDatabase(kind: string): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunstamp-bench-'));
    const database = await openDatabase({ kind: 'pglite', dataDir: dir });
    return { database, cleanup: async () => { await database.close(); fs.rmSync(dir, { recursive: true, force: true }); } };
  }
  const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const { database, drop } = await openScratchPostgres(base, { prefix: 'sunstamp_bench', poolSize: 20 });
  return { database, cleanup: drop };
}
