import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { randomToken, hmac, safeEqual } from '../../platform/secrets.ts';
import type { Clock } from '../../platform/clock.ts';

export const ACCESS_TTL_SECONDS = 15 * 60;
/** A refresh token lives a week unused; its family never outlives 30 days from sign-in. */
export const REFRESH_IDLE_SECONDS = 7 * 24 * 3600;
export const REFRESH_ABSOLUTE_SECONDS = 30 * 24 * 3600;
const CSRF_TTL_SECONDS = 7 * 24 * 3600;

export type AccessClaims = { sub: string; role: string; type: 'access' };

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

  async signAccess(userId: string, role: string): Promise<string> {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ role, type: 'access' })
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
      const { payload } = await jwtVerify(token, await this.cryptoKey, {
        algorithms: ['HS256'],
        currentDate: this.clock.now(),
      });
      if (payload.type !== 'access' || typeof payload.sub !== 'string' || typeof payload.role !== 'string') return null;
      const claims: AccessClaims = { sub: payload.sub, role: payload.role, type: 'access' };
      if (typeof payload.exp === 'number') {
        if (this.verified.size >= VERIFIED_CACHE_MAX) this.verified.clear();
        this.verified.set(token, { claims, exp: payload.exp });
      }
      return claims;
    } catch (e) {
      if (e instanceof joseErrors.JOSEError || e instanceof TypeError) return null;
      throw e;
    }
  }

  /** A CSRF token the server can recognise later without storing it: nonce.issuedAt.mac */
  issueCsrf(): string {
    const nonce = randomToken(16);
    const at = Math.floor(this.clock.now().getTime() / 1000).toString(36);
    return `${nonce}.${at}.${hmac(this.secret, `csrf:${nonce}.${at}`)}`;
  }

  checkCsrf(token: string | undefined): boolean {
    if (!token || token.length > 200) return false;
    const [nonce, at, mac] = token.split('.');
    if (!nonce || !at || !mac) return false;
    if (!safeEqual(mac, hmac(this.secret, `csrf:${nonce}.${at}`))) return false;
    const issued = parseInt(at, 36) * 1000;
    return this.clock.now().getTime() - issued < CSRF_TTL_SECONDS * 1000;
  }
}
