import crypto from 'node:crypto';
import { INVALID_TOKEN_MESSAGE } from '@sunstamp/domain/constants/auth.constants';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest, tooManyRequests } from '../../platform/errors.ts';
import { randomToken, sha256 } from '../../platform/secrets.ts';
import * as repo from './auth.repository.ts';
import { closeIdleShifts } from '../../db/shifts.sql.ts';
import { checkPasswordPolicy, dummyPasswordHash, hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { REFRESH_ABSOLUTE_SECONDS, REFRESH_IDLE_SECONDS } from './tokens.ts';

/** What this service reads from the context (a slice, so a worker or a unit test can call it with fakes). */
type Ctx = Pick<AppContext, 'cache' | 'clock' | 'config' | 'database' | 'mailer' | 'signer'>;

/**
 * The sign-in limits (docs/architecture.md, "Sign-in and sessions", held against OWASP ASVS 5.0 §6.3).
 * Every attempt falls in one count of the account it names: its known device (a signed cookie
 * from an earlier sign-in), else its known address (it signed in from there before), else
 * strangers. A known device or address allows MAX_FAILURES_PER_ACCOUNT failures of its own per
 * LOGIN_WINDOW_MINUTES; strangers share MAX_FAILURES_PER_ACCOUNT free failures per
 * STRANGER_WINDOW_HOURS, then wait after each (1, 2, 4, 8, then 15 minutes): at most ~100 guesses
 * a day, without locking the owner's known devices and addresses out. A completed password reset
 * lifts every count of the account. Any address but a known device allows MAX_FAILURES_PER_ADDRESS
 * failures per LOGIN_WINDOW_MINUTES over all accounts (spraying).
 */
export const LOGIN_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;
export const STRANGER_WINDOW_HOURS = 24;
export const STRANGER_MAX_DELAY_MINUTES = 15;
export const KNOWN_ADDRESS_DAYS = 90;
export const KNOWN_DEVICE_DAYS = 180;
export const RESET_LINK_MINUTES = 60;
export const VERIFY_LINK_HOURS = 72;

/** A stranger's wait after `failures` failures (from the MAX_FAILURES_PER_ACCOUNT-th on): 1, 2, 4, 8, then 15 minutes. */
export function strangerDelayMs(failures: number): number {
  const doublings = Math.max(0, failures - MAX_FAILURES_PER_ACCOUNT);
  return Math.min(STRANGER_MAX_DELAY_MINUTES, 2 ** Math.min(doublings, 10)) * 60_000;
}

const BAD_CREDENTIALS = 'Unable to log in with provided credentials.';

/** A 429 of the sign-in limits, with the seconds until the next attempt may be checked (Retry-After). */
export class LoginThrottled extends AppError {
  constructor(public readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      429,
      `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again, or reset your password.`,
      'rate_limited',
    );
  }
}

/** The known-device cookie a successful sign-in sets (name, value, lifetime). */
export type KnownDeviceCookie = { name: string; value: string; maxAgeSeconds: number };

export async function login(
  ctx: Ctx, email: string, password: string, ip: string, cookies: Record<string, string> = {},
): Promise<{ access: string; refresh: string; device: KnownDeviceCookie }> {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const user = await repo.findUserByEmail(db, email);
  const source = await sourceOf(ctx, user?.id, email, ip, cookies, now);
  // Count and reserve in one decision (see reserveLoginAttempt): checking the count and recording
  // the failure after the password check let a burst of simultaneous guesses all be verified.
  const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
  const attempt = await repo.reserveLoginAttempt(db, { email, ip, source }, {
    at: now,
    maxPerKnown: MAX_FAILURES_PER_ACCOUNT, knownSince: minutesAgo(LOGIN_WINDOW_MINUTES),
    strangerFree: MAX_FAILURES_PER_ACCOUNT, strangerSince: minutesAgo(STRANGER_WINDOW_HOURS * 60), strangerDelayMs,
    maxPerAddress: MAX_FAILURES_PER_ADDRESS, addressSince: minutesAgo(LOGIN_WINDOW_MINUTES),
  });
  if ('retryAfterMs' in attempt) throw new LoginThrottled(Math.ceil(Math.max(1000, attempt.retryAfterMs) / 1000));
  const ok = user ? await verifyPassword(user.passwordHash, password) : await verifyPassword(await dummyPasswordHash(), password);
  // A failure keeps its reserved row: it is the recorded failed attempt.
  if (!user || !ok || !user.isActive) throw new AppError(401, BAD_CREDENTIALS, 'bad_credentials');
  await repo.recordLoginSuccess(db, attempt.id, email, source);
  await repo.updateUser(db, user.id, { lastLogin: now });
  // An idle shift ends first, so signing in again after a break opens a new one.
  await closeIdleShifts(db, now, user.id);
  await repo.openShiftIfNone(db, user.id, now);
  await ctx.cache.invalidateUser(user.id);
  const deviceId = source.kind === 'device' ? source.deviceId : undefined;
  const device = { ...ctx.signer.issueKnownDevice(user.id, deviceId), maxAgeSeconds: KNOWN_DEVICE_DAYS * 24 * 3600 };
  const pair = await issuePair(ctx, user.id, user.role, crypto.randomUUID(), new Date(now.getTime() + REFRESH_ABSOLUTE_SECONDS * 1000));
  return { ...pair, device };
}

/** Which count an attempt falls in: the account's known device, else its known address, else strangers. */
async function sourceOf(
  ctx: Ctx, userId: string | undefined, email: string, ip: string, cookies: Record<string, string>, now: Date,
): Promise<repo.LoginSource> {
  if (!userId) return { kind: 'stranger' };
  const deviceId = ctx.signer.readKnownDevice(userId, cookies[ctx.signer.knownDeviceCookieName(userId)], KNOWN_DEVICE_DAYS * 24 * 3600);
  if (deviceId) return { kind: 'device', deviceId };
  const since = new Date(now.getTime() - KNOWN_ADDRESS_DAYS * 24 * 3600_000);
  return (await repo.signedInFromAddress(ctx.database.db, email, ip, since)) ? { kind: 'address' } : { kind: 'stranger' };
}

async function issuePair(ctx: Ctx, userId: string, role: string, familyId: string, familyExpiresAt: Date) {
  const refresh = randomToken(32);
  await repo.insertRefreshToken(ctx.database.db, {
    familyId,
    userId,
    tokenHash: sha256(refresh),
    familyExpiresAt,
    createdAt: ctx.clock.now(),
  });
  return { access: await ctx.signer.signAccess(userId, role, familyId), refresh };
}

const invalidToken = () => new AppError(401, INVALID_TOKEN_MESSAGE, 'token_not_valid');

/**
 * Rotation with reuse detection: a refresh token works once. Presenting one that was already
 * rotated means it was copied, so the whole family is revoked and the caller must sign in again.
 */
/** Why a refresh token row cannot be used now (null when it can): the one rule refresh and verify share. */
function refreshRowProblem(row: { revokedAt: Date | null; rotatedAt: Date | null; createdAt: Date; familyExpiresAt: Date }, now: Date) {
  if (row.revokedAt) return 'revoked';
  if (row.rotatedAt) return 'rotated';
  const idleEnd = row.createdAt.getTime() + REFRESH_IDLE_SECONDS * 1000;
  if (now.getTime() >= Math.min(idleEnd, row.familyExpiresAt.getTime())) return 'expired';
  return null;
}

/**
 * Rotation with reuse detection: a refresh token works once. Presenting one that was already
 * rotated means it was copied, so the whole family is revoked and the caller must sign in again.
 */
export async function refresh(ctx: Ctx, token: string) {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const row = await repo.findRefreshToken(db, sha256(token));
  if (!row) throw invalidToken();
  const problem = refreshRowProblem(row, now);
  if (problem === 'rotated') {
    await repo.revokeFamily(db, row.familyId, now);
    throw invalidToken();
  }
  if (problem) throw invalidToken();
  if (!(await repo.markRotated(db, row.id, now))) {
    await repo.revokeFamily(db, row.familyId, now);
    throw invalidToken();
  }
  const user = await repo.findUserById(db, row.userId);
  if (!user || !user.isActive) throw invalidToken();
  return issuePair(ctx, user.id, user.role, row.familyId, row.familyExpiresAt);
}

export async function verifyToken(ctx: Ctx, token: string) {
  const claims = await ctx.signer.verifyAccess(token);
  if (claims) return;
  // A refresh token may be verified too: valid exactly when refresh would accept it.
  const row = await repo.findRefreshToken(ctx.database.db, sha256(token));
  if (row && !refreshRowProblem(row, ctx.clock.now())) {
    const user = await repo.findUserById(ctx.database.db, row.userId);
    if (user?.isActive) return;
  }
  throw new AppError(401, 'Token is invalid or expired', 'token_not_valid');
}

export async function logout(ctx: Ctx, userId: string, refreshToken: string | undefined) {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  if (refreshToken) {
    const row = await repo.findRefreshToken(db, sha256(refreshToken));
    if (row && row.userId === userId) await repo.revokeFamily(db, row.familyId, now);
  } else {
    await repo.revokeAllForUser(db, userId, now);
  }
  await repo.closeOpenShift(db, userId, now);
  await ctx.cache.invalidateUser(userId);
}

/** Reset mails per account per hour; past it the request answers the same and sends nothing. */
export const MAX_RESET_MAILS_PER_HOUR = 3;

/**
 * The answer is the same, in content and in time, whether or not the account exists: the
 * request only queues the address (one durable job, the same insert for any address) and the
 * worker does the rest (token, mail), so neither the answer nor its timing tells which addresses
 * have accounts. Mails are capped per account (MAX_RESET_MAILS_PER_HOUR) so the route cannot be
 * used to flood a mailbox.
 */
export async function requestPasswordReset(ctx: Pick<AppContext, 'queue'>, email: string) {
  await ctx.queue.send('auth-password-reset', { email });
}

/** The 'auth-password-reset' job: a token and its mail when the address has an active account. */
export async function sendPasswordResetMail(ctx: Ctx, email: string) {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const user = await repo.findUserByEmail(db, email);
  if (!user || !user.isActive) return;
  const token = randomToken(32);
  const inserted = await repo.insertUserTokenUnderLimit(db, {
    userId: user.id,
    purpose: 'password_reset',
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + RESET_LINK_MINUTES * 60_000),
    createdAt: now,
  }, { max: MAX_RESET_MAILS_PER_HOUR, since: new Date(now.getTime() - 3600_000) });
  if (!inserted) return;
  const link = `${ctx.config.publicUrl}/password-reset/${user.id}/${token}`;
  await ctx.mailer.send({
    to: user.email,
    subject: 'Reset your Sunstamp password',
    text:
      `Someone asked to reset the password of your Sunstamp account.\n\n` +
      `Open this link within ${RESET_LINK_MINUTES} minutes to choose a new password:\n${link}\n\n` +
      `If it was not you, ignore this message: your password stays as it is.\n`,
  });
}

const BAD_LINK = 'This link is invalid or has expired. Request a new one.';

/** Sets the password from a reset link; `firstPassword` when the account had none yet (an invitation). */
export async function confirmPasswordReset(ctx: Ctx, uid: string, token: string, password: string): Promise<{ firstPassword: boolean }> {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const row = await repo.findUserToken(db, sha256(token));
  if (!row || row.purpose !== 'password_reset' || row.userId !== uid || row.usedAt || row.expiresAt <= now) {
    throw badRequest(BAD_LINK, [{ token: BAD_LINK }]);
  }
  const user = await repo.findUserById(db, row.userId);
  if (!user || !user.isActive) throw badRequest(BAD_LINK, [{ token: BAD_LINK }]);
  await checkPasswordPolicy(password, { email: user.email });
  if (!(await repo.markUserTokenUsed(db, row.id, now))) throw badRequest(BAD_LINK, [{ token: BAD_LINK }]);
  // Reaching the link proves the mailbox, so the address counts as verified too.
  await repo.updateUser(db, user.id, { passwordHash: await hashPassword(password), needsPassword: false, verifiedEmail: true });
  await repo.revokeAllForUser(db, user.id, now);
  // Every session ended: so does the shift.
  await repo.closeOpenShift(db, user.id, now);
  // The reset proves the mailbox: it lifts every sign-in count of the account (ASVS 5.0 §6.3,
  // the lock must not be a weapon against the owner).
  await repo.clearFailures(db, user.email);
  await ctx.cache.invalidateUser(user.id);
  return { firstPassword: user.needsPassword };
}

export async function sendVerificationEmail(ctx: Ctx, userId: string) {
  const db = ctx.database.db;
  const user = await repo.findUserById(db, userId);
  if (!user || user.verifiedEmail) return;
  const key = randomToken(32);
  await repo.insertUserToken(db, {
    userId: user.id,
    purpose: 'verify_email',
    tokenHash: sha256(key),
    expiresAt: new Date(ctx.clock.now().getTime() + VERIFY_LINK_HOURS * 3600_000),
  });
  await ctx.mailer.send({
    to: user.email,
    subject: 'Confirm your email address for Sunstamp',
    text: `Confirm that this is your email address by opening:\n${ctx.config.publicUrl}/verify-email/${key}\n`,
  });
}

export async function verifyEmail(ctx: Ctx, key: string) {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const row = await repo.findUserToken(db, sha256(key));
  if (!row || row.purpose !== 'verify_email' || row.usedAt || row.expiresAt <= now) {
    throw badRequest(BAD_LINK, [{ key: BAD_LINK }]);
  }
  if (!(await repo.markUserTokenUsed(db, row.id, now))) throw badRequest(BAD_LINK, [{ key: BAD_LINK }]);
  await repo.updateUser(db, row.userId, { verifiedEmail: true });
  await ctx.cache.invalidateUser(row.userId);
}

/** Demo requests: per submitter address a day, and in all an hour (each one mails staff). */
export const MAX_DEMO_REQUESTS_PER_EMAIL_PER_DAY = 3;
export const MAX_DEMO_REQUESTS_PER_HOUR = 20;

export async function requestDemo(
  ctx: Ctx,
  body: { name: string; email: string; company: string; phone?: string; message?: string },
) {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const saved = await repo.insertDemoRequestUnderLimit(db, {
    name: body.name,
    email: body.email,
    company: body.company,
    phone: body.phone ?? null,
    message: body.message ?? null,
    createdAt: now,
  }, {
    perEmail: MAX_DEMO_REQUESTS_PER_EMAIL_PER_DAY,
    emailSince: new Date(now.getTime() - 24 * 3600_000),
    total: MAX_DEMO_REQUESTS_PER_HOUR,
    totalSince: new Date(now.getTime() - 3600_000),
  });
  if (!saved) {
    throw tooManyRequests('We have received several demo requests already. Please try again later, or write to us.');
  }
  await ctx.mailer.send({
    to: ctx.config.staffNotifyEmail,
    subject: `Demo request from ${body.company}`,
    text:
      `${body.name} <${body.email}> of ${body.company} asked for a demo.\n` +
      (body.phone ? `Phone: ${body.phone}\n` : '') +
      (body.message ? `\n${body.message}\n` : ''),
  });
  return saved;
}
