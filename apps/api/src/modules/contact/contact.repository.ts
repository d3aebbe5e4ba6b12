import { count, desc, gte, sql, and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { contactMessages, demoRequests } from '../../db/schema.ts';

/**
 * Stores a contact message unless the sender's address or everyone together reached the hourly
 * limit. The count and the insert run under one advisory lock, so a burst of simultaneous posts
 * cannot all pass the check. Answers which limit refused it, or the row and its place among
 * everyone's messages of the window (1 = the first), which decides whether it is mailed.
 */
export async function insertUnderLimit(
  db: Db, v: typeof contactMessages.$inferInsert & { ip: string; createdAt: Date }, limit: { perAddress: number; total: number; since: Date },
): Promise<{ refused: 'address' | 'total' } | { row: typeof contactMessages.$inferSelect; place: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(5, 0)`);
    const [byAddress] = await tx.select({ n: count() }).from(contactMessages).where(and(eq(contactMessages.ip, v.ip), gte(contactMessages.createdAt, limit.since)));
    const [all] = await tx.select({ n: count() }).from(contactMessages).where(gte(contactMessages.createdAt, limit.since));
    if ((byAddress?.n ?? 0) >= limit.perAddress) return { refused: 'address' as const };
    if ((all?.n ?? 0) >= limit.total) return { refused: 'total' as const };
    const [row] = await tx.insert(contactMessages).values(v).returning();
    return { row: row!, place: (all?.n ?? 0) + 1 };
  });
}

export async function listContactMessages(db: DbOrTx, page: number, pageSize: number) {
  const [rows, [total]] = await Promise.all([
    db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).limit(pageSize).offset((page - 1) * pageSize),
    db.select({ n: count() }).from(contactMessages),
  ]);
  return { rows, count: total?.n ?? 0 };
}

export async function listDemoRequests(db: DbOrTx, page: number, pageSize: number) {
  const [rows, [total]] = await Promise.all([
    db.select().from(demoRequests).orderBy(desc(demoRequests.createdAt), desc(demoRequests.id)).limit(pageSize).offset((page - 1) * pageSize),
    db.select({ n: count() }).from(demoRequests),
  ]);
  return { rows, count: total?.n ?? 0 };
}
