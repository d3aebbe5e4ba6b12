import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INVALID_TOKEN_MESSAGE } from '@sunstamp/domain/constants/auth.constants';
import { AppError, unauthorized } from '../../platform/errors.ts';
import { loadPrincipal } from './auth.repository.ts';
import type { Principal } from '../../platform/principal.ts';
import { sessionKeyOf, type AccessClaims } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified access token's claims (null when signed out or the token is not valid). */
    accessClaims: AccessClaims | null;
  }
  interface FastifyContextConfig {
    /** No sign-in needed. */
    public?: boolean;
    /** Exempt from the CSRF header (none are: kept for completeness of the type). */
    csrfExempt?: boolean;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether the matched route is an API route. The decision is made on the route the router chose,
 * never on the raw URL: `//api/…` or `/%61pi/…` reach the same handlers and must meet the same checks.
 */
function apiRoute(req: FastifyRequest): string | undefined {
  const url = req.routeOptions.url;
  return url && url.startsWith('/api/') ? url : undefined;
}

export function installAuth(app: FastifyInstance) {
  app.decorateRequest('principal', null);
  app.decorateRequest('accessClaims', null);

  app.addHook('onRequest', async (req) => {
    const route = apiRoute(req);
    if (!route || route.startsWith('/api/docs')) return;
    const cfg = req.routeOptions.config ?? {};
    const token = bearerOf(req);
    req.accessClaims = token ? await app.ctx.signer.verifyAccess(token) : null;
    if (STATE_CHANGING.has(req.method) && !cfg.csrfExempt) {
      const header = req.headers['x-csrftoken'];
      const csrf = Array.isArray(header) ? header[0] : header;
      // A signed-in call needs a token issued for its own session (decisions.md); a signed-out
      // one (or one whose access token expired, which the auth check answers 401) any we issued.
      const session = req.accessClaims ? sessionKeyOf(req.accessClaims) : undefined;
      if (!app.ctx.signer.checkCsrf(csrf, session)) {
        throw new AppError(403, 'CSRF Failed: CSRF token missing or incorrect.', 'csrf');
      }
    }
  });

  // Before validation: a signed-out caller learns nothing about a protected route's schema (401, not 400).
  app.addHook('preValidation', async (req) => {
    const route = apiRoute(req);
    // Unknown routes answer 404 from the not-found handler, signed in or not.
    if (!route || route.startsWith('/api/docs')) return;
    const cfg = req.routeOptions.config ?? {};
    const token = bearerOf(req);
    if (!token) {
      if (cfg.public) return;
      throw unauthorized();
    }
    const claims = req.accessClaims;
    if (!claims) {
      // A public route ignores a stale token instead of failing the call.
      if (cfg.public) return;
      throw new AppError(401, INVALID_TOKEN_MESSAGE, 'token_not_valid');
    }
    let principal = app.ctx.cache.principals.get(claims.sub) as Principal | null | undefined;
    if (principal === undefined) {
      principal = await loadPrincipal(app.ctx.database.db, claims.sub);
      if (principal) app.ctx.cache.principals.set(claims.sub, principal);
    }
    if (!principal) {
      if (cfg.public) return;
      throw new AppError(401, INVALID_TOKEN_MESSAGE, 'token_not_valid');
    }
    req.principal = principal;
  });
}

/** Only the Authorization header carries a token: never the URL, which logs and proxies keep. */
function bearerOf(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m ? m[1] : '\u0000invalid';
}
