import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { optionItems, seedMarks, states } from '../schema.ts';
import { referenceSeedFingerprint, seedReferenceOnce } from './seed-mark.ts';

/*
 * The reference seed at start-up runs when the install's mark is not this release's fingerprint,
 * and is skipped when it is: a restart writes nothing, and a release whose seed changed writes it.
 */

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => { ({ database, drop } = await openTestDatabase('migrated')); }, 120_000);
afterAll(async () => { await database?.close(); await drop?.(); });

const count = async (table: typeof states | typeof optionItems) => (await database.db.select().from(table)).length;

describe('reference seed mark', () => {
  it('writes the seed on a new install and marks it with the fingerprint', async () => {
    expect(await count(states)).toBe(0);
    expect(await seedReferenceOnce(database)).toBe(true);
    expect(await count(states)).toBeGreaterThan(50);
    const [mark] = await database.db.select().from(seedMarks).where(eq(seedMarks.name, 'reference'));
    expect(mark?.fingerprint).toBe(referenceSeedFingerprint());
  });

  it('skips the seed when the mark is this fingerprint: a row removed since stays removed', async () => {
    const [first] = await database.db.select().from(optionItems).limit(1);
    await database.db.delete(optionItems).where(eq(optionItems.id, first!.id));
    const before = await count(optionItems);
    expect(await seedReferenceOnce(database)).toBe(false);
    expect(await count(optionItems)).toBe(before);
  });

  it('writes the seed again when the mark is another fingerprint (a release changed it)', async () => {
    const before = await count(optionItems);
    await database.db.update(seedMarks).set({ fingerprint: 'an older release' }).where(eq(seedMarks.name, 'reference'));
    expect(await seedReferenceOnce(database)).toBe(true);
    expect(await count(optionItems)).toBe(before + 1);
    const [mark] = await database.db.select().from(seedMarks).where(eq(seedMarks.name, 'reference'));
    expect(mark?.fingerprint).toBe(referenceSeedFingerprint());
  });

  it('is a hash of the seed: stable within a release, 64 hex digits', () => {
    expect(referenceSeedFingerprint()).toMatch(/^[0-9a-f]{64}$/);
    expect(referenceSeedFingerprint()).toBe(referenceSeedFingerprint());
  });
});
