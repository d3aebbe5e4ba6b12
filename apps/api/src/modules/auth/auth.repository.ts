import { and, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  demoRequests, loginAttempts, refreshTokens, userCompanies, users, userShifts, userTokens,
} from '../../db/schema.ts';
import type { Principal } from './principal.ts';

export async function loadPrincipal(db: Db, userId: string): Promise<Principal | null> {
  if (!/^[0-9a-f-]{36}$/i.test(userId)) return null;
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      isActive: users.isActive,
      companyIds: sql<string[]>`coalesce(array_agg(${userCompanies.companyId}) filter (where ${userCompanies.companyId} is not null), '{}')`,
    })
    .from(users)
    .leftJoin(userCompanies, eq(userCompanies.userId, users.id))
    .where(eq(users.id, userId))
    .groupBy(users.id);
  const r = rows[0];
  if (!r || !r.isActive) return null;
  return { id: r.id, email: r.email, role: r.role, companyIds: r.companyIds ?? [] };
}

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [u] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return u;
}

export async function findUserById(db: DbOrTx, id: string) {
  const [u] = await db.select().from(users).where(eq(users.id, id));
  return u;
}

/**
 * Reserves one sign-in attempt if the account and the address are both under their limits, as
 * one decision: the attempt is recorded as a failure before the password is checked (a success
 * deletes it again), and the count and the insert happen under transaction-scoped advisory locks
 * on the account and on the address. So a burst of simultaneous guesses is checked at most
 * `maxPerAccount` times per account and `maxPerAddress` times per address, on PostgreSQL (many
 * connections) as on PGlite (one connection, where the transaction is the lock). Returns the
 * reserved attempt's id, or null when a limit is reached.
 */
export async function reserveLoginAttempt(
  db: Db,
  v: { email: string; ip: string; at: Date; since: Date; maxPerAccount: number; maxPerAddress: number },
): Promise<number | null> {
  return db.transaction(async (tx) => {
    // Two-key advisory locks: class 1 = account, class 2 = address; always in that order, so two
    // attempts never wait on each other in a cycle.
    await tx.execute(sql`select pg_advisory_xact_lock(1, hashtext(${v.email})), pg_advisory_xact_lock(2, hashtext(${v.ip}))`);
    const rows = await tx.execute<{ id: string | number }>(sql`
      insert into login_attempts (email, ip, succeeded, at)
      select ${v.email}, ${v.ip}, false, ${v.at.toISOString()}::timestamptz
      where (select count(*) from login_attempts
               where email = ${v.email} and not succeeded and at > ${v.since.toISOString()}::timestamptz) < ${v.maxPerAccount}
        and (select count(*) from login_attempts
               where ip = ${v.ip} and not succeeded and at > ${v.since.toISOString()}::timestamptz) < ${v.maxPerAddress}
      returning id`);
    const list = (Array.isArray(rows) ? rows : (rows as { rows: { id: string | number }[] }).rows);
    return list.length ? Number(list[0]!.id) : null;
  });
}

/** A reserved attempt that turned out to be a success no longer counts as a failure. */
export async function releaseLoginAttempt(db: DbOrTx, id: number) {
  await db.delete(loginAttempts).where(eq(loginAttempts.id, id));
}

export async function countFailures(db: DbOrTx, by: { email?: string; ip?: string }, since: Date) {
  const cond = by.email ? eq(loginAttempts.email, by.email) : eq(loginAttempts.ip, by.ip!);
  const [r] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(cond, eq(loginAttempts.succeeded, false), gt(loginAttempts.at, since)));
  return r?.n ?? 0;
}

/** A successful sign-in clears the account's failure count for the window. */
export async function clearFailures(db: DbOrTx, email: string) {
  await db.delete(loginAttempts).where(and(eq(loginAttempts.email, email), eq(loginAttempts.succeeded, false)));
}

export async function insertRefreshToken(
  db: DbOrTx,
  v: { familyId: string; userId: string; tokenHash: string; familyExpiresAt: Date; createdAt: Date },
) {
  await db.insert(refreshTokens).values(v);
}

export async function findRefreshToken(db: DbOrTx, tokenHash: string) {
  const [t] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return t;
}

/** Marks a token rotated only if nobody rotated it first (two tabs refreshing at once). */
export async function markRotated(db: DbOrTx, id: string, at: Date): Promise<boolean> {
  const r = await db
    .update(refreshTokens)
    .set({ rotatedAt: at })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return r.length === 1;
}

export async function revokeFamily(db: DbOrTx, familyId: string, at: Date) {
  await db.update(refreshTokens).set({ revokedAt: at }).where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllForUser(db: DbOrTx, userId: string, at: Date) {
  await db.update(refreshTokens).set({ revokedAt: at }).where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** Revokes every refresh family of the user except `keepFamilyId` (the session making a password change). */
export async function revokeOtherSessions(db: DbOrTx, userId: string, keepFamilyId: string | undefined, at: Date) {
  await db.update(refreshTokens).set({ revokedAt: at }).where(and(
    eq(refreshTokens.userId, userId),
    isNull(refreshTokens.revokedAt),
    keepFamilyId && /^[0-9a-f-]{36}$/i.test(keepFamilyId) ? ne(refreshTokens.familyId, keepFamilyId) : undefined,
  ));
}

export async function insertUserToken(
  db: DbOrTx,
  v: { userId: string; purpose: 'password_reset' | 'verify_email'; tokenHash: string; expiresAt: Date; createdAt?: Date },
) {
  await db.insert(userTokens).values(v);
}

/**
 * Inserts a single-use link token unless the user already got `max` of that purpose since
 * `since`; one decision under an advisory lock on the user (class 3), so simultaneous requests
 * cannot all pass the count. Returns whether it was inserted.
 */
export async function insertUserTokenUnderLimit(
  db: Db,
  v: { userId: string; purpose: 'password_reset' | 'verify_email'; tokenHash: string; expiresAt: Date; createdAt: Date },
  limit: { max: number; since: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(3, hashtext(${v.userId}))`);
    if ((await countUserTokensSince(tx, v.userId, v.purpose, limit.since)) >= limit.max) return false;
    await tx.insert(userTokens).values(v);
    return true;
  });
}

export async function countUserTokensSince(db: DbOrTx, userId: string, purpose: 'password_reset' | 'verify_email', since: Date) {
  const [r] = await db
    .select({ n: count() })
    .from(userTokens)
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), gt(userTokens.createdAt, since)));
  return r?.n ?? 0;
}

export async function countDemoRequestsSince(db: DbOrTx, since: Date, email?: string) {
  const [r] = await db
    .select({ n: count() })
    .from(demoRequests)
    .where(and(gt(demoRequests.createdAt, since), email ? eq(demoRequests.email, email) : undefined));
  return r?.n ?? 0;
}

export async function findUserToken(db: DbOrTx, tokenHash: string) {
  const [t] = await db.select().from(userTokens).where(eq(userTokens.tokenHash, tokenHash));
  return t;
}

export async function markUserTokenUsed(db: DbOrTx, id: string, at: Date): Promise<boolean> {
  const r = await db
    .update(userTokens)
    .set({ usedAt: at })
    .where(and(eq(userTokens.id, id), isNull(userTokens.usedAt)))
    .returning({ id: userTokens.id });
  return r.length === 1;
}

export async function updateUser(db: DbOrTx, id: string, set: Partial<typeof users.$inferInsert>) {
  await db.update(users).set({ ...set, updatedAt: new Date() }).where(eq(users.id, id));
}

export async function openShiftIfNone(db: DbOrTx, userId: string, at: Date) {
  const [open] = await db.select().from(userShifts).where(and(eq(userShifts.userId, userId), isNull(userShifts.endedAt)));
  if (!open) await db.insert(userShifts).values({ userId, startedAt: at });
}

export async function closeOpenShift(db: DbOrTx, userId: string, at: Date) {
  await db.update(userShifts).set({ endedAt: at }).where(and(eq(userShifts.userId, userId), isNull(userShifts.endedAt)));
}

/**
 * Stores a demo request unless the address sent `perEmail` since `emailSince` or everyone sent
 * `total` since `totalSince`: one decision under one advisory lock (class 4), so a burst cannot
 * pass the counts together. Returns the stored row, or null when a limit is reached.
 */
export async function insertDemoRequestUnderLimit(
  db: Db,
  v: typeof demoRequests.$inferInsert & { email: string; createdAt: Date },
  limit: { perEmail: number; emailSince: Date; total: number; totalSince: Date },
) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(4, 0)`);
    const [byEmail, all] = [
      await countDemoRequestsSince(tx, limit.emailSince, v.email),
      await countDemoRequestsSince(tx, limit.totalSince),
    ];
    if (byEmail >= limit.perEmail || all >= limit.total) return null;
    return insertDemoRequest(tx, v);
  });
}

export async function insertDemoRequest(db: DbOrTx, v: typeof demoRequests.$inferInsert) {
  const [r] = await db.insert(demoRequests).values(v).returning();
  return r!;
}
