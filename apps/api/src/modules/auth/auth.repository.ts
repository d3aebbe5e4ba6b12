import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  demoRequests, loginAttempts, refreshTokens, userCompanies, users, userShifts, userTokens,
} from '../../db/schema.ts';
import type { Principal } from './auth.hooks.ts';

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

export async function recordLoginAttempt(db: DbOrTx, email: string, ip: string, succeeded: boolean, at: Date) {
  await db.insert(loginAttempts).values({ email, ip, succeeded, at });
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

export async function insertUserToken(
  db: DbOrTx,
  v: { userId: string; purpose: 'password_reset' | 'verify_email'; tokenHash: string; expiresAt: Date },
) {
  await db.insert(userTokens).values(v);
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

export async function insertDemoRequest(db: DbOrTx, v: typeof demoRequests.$inferInsert) {
  const [r] = await db.insert(demoRequests).values(v).returning();
  return r!;
}
