import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../apps/api/src/db/client.ts';
import { openScratchPostgres } from '../apps/api/src/db/scratch-database.ts';

/**
 * A database of its own for one bench run: PGlite in a temporary directory, or a scratch database
 * on the PostgreSQL server of TEST_DATABASE_URL; `cleanup` closes it and removes it. `reopen`, once
 * the bench has seeded it, opens PGlite again as a restart would: it sizes its buffer cache by the
 * data it finds (db/client.ts), so a large seeded install is measured as it runs after its restart,
 * not with the small cache of the empty directory. (PostgreSQL: the same database, nothing to do.)
 */
export async function openBenchDatabase(kind: string): Promise<{ database: Database; reopen: () => Promise<Database>; cleanup: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunstamp-bench-'));
    let database = await openDatabase({ kind: 'pglite', dataDir: dir });
    const reopen = async () => {
      await database.close();
      database = await openDatabase({ kind: 'pglite', dataDir: dir });
      return database;
    };
    return { database, reopen, cleanup: async () => { await database.close(); fs.rmSync(dir, { recursive: true, force: true }); } };
  }
  const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const { database, drop } = await openScratchPostgres(base, { prefix: 'sunstamp_bench', poolSize: 20 });
  return { database, reopen: async () => database, cleanup: drop };
}

/**
 * CPU milliseconds every `postgres` process on this machine has used (Linux's /proc: utime + stime,
 * 100 ticks a second): the database's side of a PostgreSQL bench, which the API's own CPU leaves out.
 */
export function postgresCpuMs(): number {
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(f[11]) + Number(f[12]);
    } catch { /* the process ended */ }
  }
  return ticks * 10;
}
