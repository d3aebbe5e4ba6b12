import { UUID_RE } from '@sunstamp/domain/constants/ids.constants';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { randomToken, hmac, safeEqual } from '../../platform/secrets.ts';
import type { Clock } from '../../platform/clock.ts';

export const ACCESS_TTL_SECONDS = 15 * 60;
/** A refresh token lives a week unused; its family never outlives 30 days from sign-in. */
export const REFRESH_IDLE_SECONDS = 7 * 24 * 3600;
export const REFRESH_ABSOLUTE_SECONDS = 30 * 24 * 3600;
const CSRF_TTL_SECONDS = 7 * 24 * 3600;

/**
 * `sid` is the refresh family the access token was issued for (the session): a CSRF token is
 * bound to it, and a password change keeps that one session and revokes the others. Tokens
 * signed without a family (tests, tools) use the user as their session.
 */
export type AccessClaims = { sub: string; role: string; type: 'access'; sid?: string };

/** The session a CSRF token is bound to: the refresh family, else the user; `anon` when signed out. */
export function sessionKeyOf(claims: AccessClaims | null): string {
  if (!claims) return 'anon';
  return claims.sid ? `s:${claims.sid}` : `u:${claims.sub}`;
}

/** Bound on remembered verified tokens; past it the memory starts over (a few MB at most). */
const VERIFIED_CACHE_MAX = 20_000;

export class TokenSigner {
  private key: Uint8Array;
  /** The HMAC key imported once: jose re-imports a raw key on every call, which was ~10% of a list request. */
  private cryptoKey: Promise<CryptoKey>;
  /**
   * Tokens already verified, with their claims and expiry. A client sends the same access token on
   * every call for 15 minutes; its signature cannot change, so only the expiry is checked again.
   */
  private verified = new Map<string, { claims: AccessClaims; exp: number }>();
  constructor(private secret: string, private clock: Clock) {
    this.key = new TextEncoder().encode(secret);
    this.cryptoKey = crypto.subtle.importKey('raw', Buffer.from(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  }

  async signAccess(userId: string, role: string, sessionId?: string): Promise<string> {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ role, type: 'access', ...(sessionId ? { sid: sessionId } : {}) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuedAt(now)
      .setExpirationTime(now + ACCESS_TTL_SECONDS)
      .setJti(randomToken(12))
      .sign(await this.cryptoKey);
  }

  /** Returns the claims of a valid access token, or null for anything else (expired, forged, wrong type). */
  async verifyAccess(token: string): Promise<AccessClaims | null> {
    const nowSeconds = this.clock.now().getTime() / 1000;
    const known = this.verified.get(token);
    if (known) {
      if (nowSeconds < known.exp) return known.claims;
      this.verified.delete(token);
    }
    try {
      // `exp` is required: a token without an end would be valid forever (jose accepts one otherwise).
      const { payload } = await jwtVerify(token, await this.cryptoKey, {
        algorithms: ['HS256'],
        currentDate: this.clock.now(),
        requiredClaims: ['exp', 'sub'],
      });
      if (payload.type !== 'access' || typeof payload.sub !== 'string' || typeof payload.role !== 'string') return null;
      if (typeof payload.exp !== 'number' || payload.exp - nowSeconds > ACCESS_TTL_SECONDS + 60) return null;
      const sid = typeof payload.sid === 'string' ? payload.sid : undefined;
      const claims: AccessClaims = { sub: payload.sub, role: payload.role, type: 'access', ...(sid ? { sid } : {}) };
      if (this.verified.size >= VERIFIED_CACHE_MAX) this.verified.clear();
      this.verified.set(token, { claims, exp: payload.exp });
      return claims;
    } catch (e) {
      if (e instanceof joseErrors.JOSEError || e instanceof TypeError) return null;
      throw e;
    }
  }

  /** An opaque tag of the session a CSRF token belongs to (the session key itself stays private). */
  private sessionTag(session: string): string {
    return hmac(this.secret, `csrf-session:${session}`).slice(0, 16);
  }

  /**
   * A CSRF token the server can recognise later without storing it: nonce.issuedAt.sessionTag.mac,
   * bound to the session it was issued for (sessionKeyOf; `anon` when fetched signed out).
   */
  issueCsrf(session = 'anon'): string {
    const nonce = randomToken(16);
    const at = Math.floor(this.clock.now().getTime() / 1000).toString(36);
    const tag = this.sessionTag(session);
    return `${nonce}.${at}.${tag}.${hmac(this.secret, `csrf:${nonce}.${at}.${tag}`)}`;
  }

  /**
   * Whether `token` is one we issued, not too old, and (for a signed-in call, `session` given)
   * issued for that very session: a token fetched signed out or by another user is refused. A
   * signed-out call (sign-in, refresh, reset) accepts any token we issued.
   */
  checkCsrf(token: string | undefined, session?: string): boolean {
    if (!token || token.length > 200) return false;
    const [nonce, at, tag, mac, extra] = token.split('.');
    if (!nonce || !at || !tag || !mac || extra !== undefined) return false;
    if (!safeEqual(mac, hmac(this.secret, `csrf:${nonce}.${at}.${tag}`))) return false;
    if (session !== undefined && !safeEqual(tag, this.sessionTag(session))) return false;
    const age = this.clock.now().getTime() - parseInt(at, 36) * 1000;
    return age >= -60_000 && age < CSRF_TTL_SECONDS * 1000;
  }

  /** The known-device cookie's name for an account: one per account a browser signed in to, opaque. */
  knownDeviceCookieName(userId: string): string {
    return `ss_kd_${hmac(this.secret, `known-device-name:${userId}`).replace(/[^A-Za-z0-9]/g, '').slice(0, 16)}`;
  }

  /**
   * A known-device cookie value for the account: deviceId.issuedAt.mac. It proves only that this
   * browser signed in to this account before (its failures count apart from strangers'); it
   * opens nothing by itself.
   */
  issueKnownDevice(userId: string, deviceId = randomToken(12)): { name: string; value: string } {
    const at = Math.floor(this.clock.now().getTime() / 1000).toString(36);
    return { name: this.knownDeviceCookieName(userId), value: `${deviceId}.${at}.${hmac(this.secret, `known-device:${userId}.${deviceId}.${at}`)}` };
  }

  /** The device id of a known-device cookie we signed for this account and not older than `maxAgeSeconds`, or null. */
  readKnownDevice(userId: string, value: string | undefined, maxAgeSeconds: number): string | null {
    if (!value || value.length > 200) return null;
    const [deviceId, at, mac, extra] = value.split('.');
    if (!deviceId || !at || !mac || extra !== undefined || !/^[\w-]{8,40}$/.test(deviceId)) return null;
    if (!safeEqual(mac, hmac(this.secret, `known-device:${userId}.${deviceId}.${at}`))) return null;
    const age = this.clock.now().getTime() - parseInt(at, 36) * 1000;
    return age >= -60_000 && age < maxAgeSeconds * 1000 ? deviceId : null;
  }

  /**
   * The one-click unsubscribe token of a notification mail: who, and which switches it turns off
   * (`m` messages, `j` job events). It carries no expiry: a link in an old mail keeps working,
   * and all it can do is switch mail off. userId.kinds.mac.
   */
  signUnsubscribe(userId: string, kinds: readonly ('message' | 'job')[]): string {
    const code = [kinds.includes('message') ? 'm' : '', kinds.includes('job') ? 'j' : ''].join('');
    return `${userId}.${code}.${hmac(this.secret, `unsubscribe:${userId}.${code}`)}`;
  }

  /** The user and switches of an unsubscribe token we signed, or null. */
  readUnsubscribe(token: string | undefined): { userId: string; kinds: ('message' | 'job')[] } | null {
    if (!token || token.length > 200) return null;
    const [userId, code, mac, extra] = token.split('.');
    if (!userId || !code || !mac || extra !== undefined || !/^(m|j|mj)$/.test(code)) return null;
    if (!UUID_RE.test(userId)) return null;
    if (!safeEqual(mac, hmac(this.secret, `unsubscribe:${userId}.${code}`))) return null;
    return { userId, kinds: [...(code.includes('m') ? ['message' as const] : []), ...(code.includes('j') ? ['job' as const] : [])] };
  }
}
