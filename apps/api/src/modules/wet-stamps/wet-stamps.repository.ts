import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { jobWetStamps, users } from '../../db/schema.ts';

export type WetStampRow = typeof jobWetStamps.$inferSelect;
export type WetStampSet = Omit<typeof jobWetStamps.$inferInsert, 'id' | 'jobId' | 'revision' | 'createdAt'>;

export async function getWetStamp(db: DbOrTx, jobId: string, revision: number): Promise<WetStampRow | undefined> {
  const [row] = await db.select().from(jobWetStamps).where(and(eq(jobWetStamps.jobId, jobId), eq(jobWetStamps.revision, revision)));
  return row;
}

/** Inserts the revision's row or updates it (the job row is locked by the caller, so no two writers race). */
export async function saveWetStamp(db: DbOrTx, key: { jobId: string; revision: number }, set: WetStampSet): Promise<void> {
  await db.insert(jobWetStamps).values({ ...key, ...set }).onConflictDoUpdate({ target: [jobWetStamps.jobId, jobWetStamps.revision], set });
}

export async function userNames(db: DbOrTx, ids: string[]) {
  if (!ids.length) return [];
  return db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(inArray(users.id, ids));
}
