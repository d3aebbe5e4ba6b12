import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsCurrent, type Database } from './client.ts';
import { openTestDatabase, openTestPglite } from '../test/test-database.ts';

/*
 * A restart skips the migrator when the database already holds the newest migration of the
 * journal (drizzle's rule: a migration runs when it is later than the last applied), and runs it
 * when it does not or when it cannot tell.
 */

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => { ({ database, drop } = await openTestDatabase('migrated')); }, 120_000);
afterAll(async () => { await database?.close(); await drop?.(); });

const ask = (d: Database) => migrationsCurrent((text) => d.query<{ last: string | null }>(text));

describe('migrationsCurrent', () => {
  it('says yes on a migrated database', async () => {
    expect(await ask(database)).toBe(true);
  });

  it('says no on a database with no migration table (a new one), without failing', async () => {
    // A migrated copy whose migration table is dropped: a new database has none.
    const empty = await openTestPglite('migrated');
    try {
      await empty.exec('drop schema drizzle cascade');
      expect(await ask(empty)).toBe(false);
    } finally {
      await empty.close();
    }
  });

  it("says no when the newest migration applied is older than the journal's newest", async () => {
    const [newest] = await database.query<{ id: number }>('select id from drizzle.__drizzle_migrations order by created_at desc limit 1');
    await database.query('update drizzle.__drizzle_migrations set created_at = created_at - 1 where id = $1', [newest!.id]);
    try {
      expect(await ask(database)).toBe(false);
    } finally {
      await database.query('update drizzle.__drizzle_migrations set created_at = created_at + 1 where id = $1', [newest!.id]);
    }
    expect(await ask(database)).toBe(true);
  });
});
