import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { randomToken, hmac, safeEqual } from '../../platform/secrets.ts';
import type { Clock } from '../../platform/clock.ts';

export const ACCESS_TTL_SECONDS = 15 * 60;
/** A refresh token lives a week unused; its family never outlives 30 days from sign-in. */
export const REFRESH_IDLE_SECONDS = 7 * 24 * 3600;
export const REFRESH_ABSOLUTE_SECONDS = 30 * 24 * 3600;
const CSRF_TTL_SECONDS = 7 * 24 * 3600;

export type AccessClaims = { sub: string; role: string; type: 'access' };

export class TokenSigner {
  private key: Uint8Array;
  constructor(private secret: string, private clock: Clock) {
    this.key = new TextEncoder().encode(secret);
  }

  async signAccess(userId: string, role: string): Promise<string> {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ role, type: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuedAt(now)
      .setExpirationTime(now + ACCESS_TTL_SECONDS)
      .setJti(randomToken(12))
      .sign(this.key);
  }

  /** Returns the claims of a valid access token, or null for anything else (expired, forged, wrong type). */
  async verifyAccess(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: this.clock.now(),
      });
      if (payload.type !== 'access' || typeof payload.sub !== 'string' || typeof payload.role !== 'string') return null;
      return { sub: payload.sub, role: payload.role, type: 'access' };
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
