import type { FastifyRequest } from 'fastify';
import type { Role } from '@sunstamp/domain/roles';
import { unauthorized } from './errors.ts';

/** Who is calling: the signed-in user as every authorised service call sees it. */
export type Principal = {
  id: string;
  email: string;
  role: Role;
  companyIds: string[];
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook (modules/auth/auth.hooks.ts) on a signed-in call; null otherwise. */
    principal: Principal | null;
  }
}

/** For handlers behind the auth hook: the signed-in principal (the hook already refused anonymous calls). */
export function principalOf(req: FastifyRequest): Principal {
  if (!req.principal) throw unauthorized();
  return req.principal;
}
