import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { optionItems, seedMarks, states } from '../schema.ts';
import { referenceSeedFingerprint, seedReferenceOnce } from './seed-mark.ts';

/*
 * The reference seed at start-up runs when the install's mark is not this release's fingerprint,
 * and is skipped when it is: a restart writes nothing, and a release whose seed changed writes it.
 * Each test starts from a new migrated database of its own, so any order of them holds.
 */

const opened: { database: Database; drop: () => Promise<void> }[] = [];
afterEach(async () => {
  for (const o of opened.splice(0)) { await o.database.close(); await o.drop(); }
});
/** A migrated database with no seed, closed and dropped after the test. */
async function newInstall(): Promise<Database> {
  const o = await openTestDatabase('migrated');
  opened.push(o);
  return o.database;
}

const count = async (database: Database, table: typeof states | typeof optionItems) => (await database.db.select().from(table)).length;
const markOf = async (database: Database) =>
  (await database.db.select().from(seedMarks).where(eq(seedMarks.name, 'reference')))[0]?.fingerprint;

/** Seeds and marks a new install, then deletes one option item (as staff might); the items left. */
async function seededWithOneItemRemoved(database: Database): Promise<number> {
  await seedReferenceOnce(database);
  const [first] = await database.db.select().from(optionItems).limit(1);
  await database.db.delete(optionItems).where(eq(optionItems.id, first!.id));
  return count(database, optionItems);
}

describe('reference seed mark', () => {
  it('writes the seed on a new install and marks it with the fingerprint', { timeout: 120_000 }, async () => {
    const database = await newInstall();
    expect(await count(database, states)).toBe(0);
    expect(await seedReferenceOnce(database)).toBe(true);
    expect(await count(database, states)).toBeGreaterThan(50);
    expect(await markOf(database)).toBe(referenceSeedFingerprint());
  });

  it('skips the seed when the mark is this fingerprint: a row removed since stays removed', { timeout: 120_000 }, async () => {
    const database = await newInstall();
    const before = await seededWithOneItemRemoved(database);
    expect(await seedReferenceOnce(database)).toBe(false);
    expect(await count(database, optionItems)).toBe(before);
  });

  it('writes the seed again when the mark is another fingerprint (a release changed it)', { timeout: 120_000 }, async () => {
    const database = await newInstall();
    const before = await seededWithOneItemRemoved(database);
    await database.db.update(seedMarks).set({ fingerprint: 'an older release' }).where(eq(seedMarks.name, 'reference'));
    expect(await seedReferenceOnce(database)).toBe(true);
    expect(await count(database, optionItems)).toBe(before + 1);
    expect(await markOf(database)).toBe(referenceSeedFingerprint());
  });

  it('is a hash of the seed: stable within a release, 64 hex digits', () => {
    expect(referenceSeedFingerprint()).toMatch(/^[0-9a-f]{64}$/);
    expect(referenceSeedFingerprint()).toBe(referenceSeedFingerprint());
  });
});
