import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INVALID_TOKEN_MESSAGE } from '@sunstamp/domain/constants/auth.constants';
import type { Role } from '@sunstamp/domain/roles';
import { AppError, unauthorized } from '../../platform/errors.ts';
import { loadPrincipal } from './auth.repository.ts';

export type Principal = {
  id: string;
  email: string;
  role: Role;
  companyIds: string[];
};

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** No sign-in needed. */
    public?: boolean;
    /** Exempt from the CSRF header (none are: kept for completeness of the type). */
    csrfExempt?: boolean;
    /** Accept the access token as ?access_token= (EventSource cannot set headers). */
    tokenInQuery?: boolean;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function installAuth(app: FastifyInstance) {
  app.decorateRequest('principal', null);

  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    if (STATE_CHANGING.has(req.method) && !req.routeOptions.config?.csrfExempt) {
      const header = req.headers['x-csrftoken'];
      const token = Array.isArray(header) ? header[0] : header;
      if (!app.ctx.signer.checkCsrf(token)) {
        throw new AppError(403, 'CSRF Failed: CSRF token missing or incorrect.', 'csrf');
      }
    }
  });

  app.addHook('preHandler', async (req) => {
    if (!req.url.startsWith('/api/') || req.url.startsWith('/api/docs')) return;
    // Unknown routes answer 404 from the not-found handler, signed in or not.
    if (!req.routeOptions.url) return;
    const cfg = req.routeOptions.config ?? {};
    const token = bearerOf(req, !!cfg.tokenInQuery);
    if (!token) {
      if (cfg.public) return;
      throw unauthorized();
    }
    const claims = await app.ctx.signer.verifyAccess(token);
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

function bearerOf(req: FastifyRequest, allowQuery: boolean): string | undefined {
  const h = req.headers.authorization;
  if (h) {
    const m = /^Bearer\s+(\S+)$/i.exec(h);
    return m ? m[1] : '\u0000invalid';
  }
  if (allowQuery) {
    const q = (req.query as Record<string, unknown> | undefined)?.access_token;
    if (typeof q === 'string' && q) return q;
  }
  return undefined;
}

/** For handlers behind the auth hook: the signed-in principal (the hook already refused anonymous calls). */
export function principalOf(req: FastifyRequest): Principal {
  if (!req.principal) throw unauthorized();
  return req.principal;
}
