import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userTokens, users } from '../../db/schema.ts';

/** Stores a stream ticket (its hash), dropping the user's used and expired ones. */
export async function insertStreamTicket(db: Db, v: { userId: string; tokenHash: string; expiresAt: Date; now: Date }) {
  await db.delete(userTokens).where(and(
    eq(userTokens.userId, v.userId),
    eq(userTokens.purpose, 'event_stream'),
    or(sql`${userTokens.usedAt} is not null`, lt(userTokens.expiresAt, v.now)),
  ));
  await db.insert(userTokens).values({ userId: v.userId, purpose: 'event_stream', tokenHash: v.tokenHash, expiresAt: v.expiresAt });
}

/**
 * Uses a ticket: one statement marks it used if it is unused, unexpired and its user still active,
 * so two connections racing with one ticket cannot both win (whichever API process they reach).
 */
export async function consumeStreamTicket(db: Db, tokenHash: string, now: Date): Promise<string | null> {
  const rows = await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(
      eq(userTokens.tokenHash, tokenHash),
      eq(userTokens.purpose, 'event_stream'),
      isNull(userTokens.usedAt),
      gt(userTokens.expiresAt, now),
      sql`exists (select 1 from ${users} where ${users.id} = ${userTokens.userId} and ${users.isActive})`,
    ))
    .returning({ userId: userTokens.userId });
  return rows[0]?.userId ?? null;
}
