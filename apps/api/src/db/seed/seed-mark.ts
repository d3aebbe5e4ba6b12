import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { CANADIAN_PROVINCES, OPTION_LISTS, STATES } from '@sunstamp/domain/catalogue/option-lists.data';
import { SEED_EQUIPMENT } from '@sunstamp/domain/catalogue/equipment.data';
import type { Database } from '../client.ts';
import { seedMarks } from '../schema.ts';
import { CODE_LIST_SEED, seedCatalogue } from './catalogue.seed.ts';
import { SEED_HELP_ARTICLES, SEED_POSTS, seedContent } from './content.seed.ts';
import { seedReference } from './seed.ts';

const REFERENCE = 'reference';

/**
 * The reference seed's fingerprint: a hash of the data it writes and of the code that writes it, so
 * a release that adds a state, an option item or a seed module, or changes how the seed treats
 * existing rows, starts with a new fingerprint and the seed runs again.
 */
export function referenceSeedFingerprint(): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify([STATES, CANADIAN_PROVINCES, CODE_LIST_SEED, OPTION_LISTS, SEED_EQUIPMENT, SEED_HELP_ARTICLES, SEED_POSTS]));
  for (const writer of [seedReference, seedCatalogue, seedContent]) hash.update(writer.toString());
  return hash.digest('hex');
}

/**
 * The reference seed at start-up: written when the install's mark (table seed_marks) is not this
 * release's fingerprint, then marked; skipped otherwise. Writing it on every start cost a restart
 * ~0.1 s of inserts that changed nothing (issue 27). Returns whether it wrote. The caller holds
 * the start-up lock (Database.exclusive), as for the seed itself.
 */
export async function seedReferenceOnce(database: Database): Promise<boolean> {
  const fingerprint = referenceSeedFingerprint();
  const [mark] = await database.db.select({ fingerprint: seedMarks.fingerprint }).from(seedMarks).where(eq(seedMarks.name, REFERENCE));
  if (mark?.fingerprint === fingerprint) return false;
  await seedReference(database);
  await database.db.insert(seedMarks).values({ name: REFERENCE, fingerprint })
    .onConflictDoUpdate({ target: seedMarks.name, set: { fingerprint, appliedAt: sql`now()` } });
  return true;
}
