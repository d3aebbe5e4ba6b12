import { and, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  demoRequests, loginAttempts, refreshTokens, userCompanies, users, userShifts, userTokens,
} from '../../db/schema.ts';
import type { Principal } from '../../platform/principal.ts';

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

/** Where a sign-in attempt comes from, for the account it names (docs/architecture.md, Sign-in and sessions). */
export type LoginSource = { kind: 'device'; deviceId: string } | { kind: 'address' } | { kind: 'stranger' };

export const sourceKey = (s: LoginSource) => (s.kind === 'device' ? `device:${s.deviceId}` : s.kind);

/** The limits one attempt is decided against (auth.service.ts holds the numbers). */
export type LoginLimits = {
  at: Date;
  /** A known device or address: at most `maxPerKnown` failures of its own since `knownSince`. */
  maxPerKnown: number; knownSince: Date;
  /** Strangers: `strangerFree` failures since `strangerSince`, then a wait after each (`strangerDelayMs(n)`). */
  strangerFree: number; strangerSince: Date; strangerDelayMs: (failures: number) => number;
  /** Any address that is not a known device: at most `maxPerAddress` stranger failures since `addressSince`. */
  maxPerAddress: number; addressSince: Date;
};

type Decision = { id: number } | { retryAfterMs: number };

async function firstRow<T>(q: Promise<unknown>): Promise<T | undefined> {
  const rows = await q;
  return (Array.isArray(rows) ? rows : (rows as { rows: T[] }).rows)[0] as T | undefined;
}

/**
 * Reserves one sign-in attempt if its source is under its limits, as one decision: the attempt is
 * recorded as a failure before the password is checked (a success marks it succeeded), and the
 * counts and the insert happen under transaction-scoped advisory locks on the account and on the
 * address. So a burst of simultaneous guesses is checked at most as often as the limits allow, on
 * PostgreSQL (many connections) as on PGlite (one connection, where the transaction is the lock).
 *
 * Each source has its own count, so failures from strangers never block the account's known
 * devices and addresses: a known device counts only its own failures (and ignores the address
 * limit: it proved itself before), a known address its own failures and the address limit, and
 * strangers share one count per account that slows them down progressively.
 */
export async function reserveLoginAttempt(
  db: Db, v: { email: string; ip: string; source: LoginSource }, l: LoginLimits,
): Promise<Decision> {
  return db.transaction(async (tx) => {
    // Two-key advisory locks: class 1 = account, class 2 = address; always in that order, so two
    // attempts never wait on each other in a cycle.
    await tx.execute(sql`select pg_advisory_xact_lock(1, hashtext(${v.email})), pg_advisory_xact_lock(2, hashtext(${v.ip}))`);
    const key = sourceKey(v.source);
    const now = l.at.getTime();
    const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
    if (v.source.kind !== 'device') {
      const byAddress = await firstRow<{ n: string | number; first: string | Date | null }>(tx.execute(sql`
        select count(*) as n, min(at) as first from login_attempts
        where ip = ${v.ip} and not succeeded and source not like 'device:%' and at > ${ts(l.addressSince)}`));
      if (Number(byAddress?.n ?? 0) >= l.maxPerAddress) {
        return { retryAfterMs: new Date(byAddress!.first!).getTime() + (now - l.addressSince.getTime()) - now };
      }
    }
    const since = v.source.kind === 'stranger' ? l.strangerSince : l.knownSince;
    const mine = await firstRow<{ n: string | number; first: string | Date | null; last: string | Date | null }>(tx.execute(sql`
      select count(*) as n, min(at) as first, max(at) as last from login_attempts
      where email = ${v.email} and source = ${key} and not succeeded and at > ${ts(since)}
        ${v.source.kind === 'address' ? sql`and ip = ${v.ip}` : sql``}`));
    const n = Number(mine?.n ?? 0);
    if (v.source.kind === 'stranger') {
      const wait = n < l.strangerFree ? 0 : new Date(mine!.last!).getTime() + l.strangerDelayMs(n) - now;
      if (wait > 0) return { retryAfterMs: wait };
    } else if (n >= l.maxPerKnown) {
      return { retryAfterMs: new Date(mine!.first!).getTime() + (now - l.knownSince.getTime()) - now };
    }
    const row = await firstRow<{ id: string | number }>(tx.execute(sql`
      insert into login_attempts (email, ip, succeeded, at, source)
      values (${v.email}, ${v.ip}, false, ${ts(l.at)}, ${key}) returning id`));
    return { id: Number(row!.id) };
  });
}

/**
 * A reserved attempt that turned out to be a success: kept as the record that this address
 * signed in to the account (what makes it a known address), and the failures of its own source
 * are cleared. Failures of other sources stay: the owner signing in does not give a stranger
 * a fresh set of guesses.
 */
export async function recordLoginSuccess(db: DbOrTx, id: number, email: string, source: LoginSource) {
  await db.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, id));
  await db.delete(loginAttempts).where(and(
    eq(loginAttempts.email, email), eq(loginAttempts.succeeded, false), eq(loginAttempts.source, sourceKey(source)),
  ));
}

/** Whether the account signed in successfully from this address since `since` (a known address). */
export async function signedInFromAddress(db: DbOrTx, email: string, ip: string, since: Date): Promise<boolean> {
  const [r] = await db.select({ id: loginAttempts.id }).from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), eq(loginAttempts.ip, ip), eq(loginAttempts.succeeded, true), gt(loginAttempts.at, since)))
    .limit(1);
  return !!r;
}

export async function countFailures(db: DbOrTx, by: { email?: string; ip?: string }, since: Date) {
  const cond = by.email ? eq(loginAttempts.email, by.email) : eq(loginAttempts.ip, by.ip!);
  const [r] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(cond, eq(loginAttempts.succeeded, false), gt(loginAttempts.at, since)));
  return r?.n ?? 0;
}

/** A completed password reset lifts every count on the account, strangers' included. */
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
