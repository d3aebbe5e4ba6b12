import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

/*
 * PostgreSQL text and jsonb cannot hold a NUL character (U+0000): storing or even comparing one
 * fails inside the database, which would surface as a 500. Refuse it up front as a 400.
 */

const MESSAGE = 'Text may not contain NUL (\\u0000) characters.';

function nulPath(v: unknown, path: string, depth = 0): string | undefined {
  if (typeof v === 'string') return v.includes('\u0000') ? path : undefined;
  if (v === null || typeof v !== 'object' || depth > 32) return undefined;
  for (const [k, x] of Object.entries(v)) {
    if (k.includes('\u0000')) return path ? `${path}.${k}` : k;
    const found = nulPath(x, path ? `${path}.${k}` : k, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

export function assertNoNul(value: unknown, field: string) {
  const found = nulPath(value, '');
  if (found !== undefined) throw badRequest(MESSAGE, [{ [found ? (field === 'body' ? found : `${field}.${found}`) : field]: MESSAGE }]);
}

/** Checks the body, query and path parameters of every API route (installed once in buildApp). */
export function installNulGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    assertNoNul(req.query, 'query');
    assertNoNul(req.params, 'params');
    assertNoNul(req.body, 'body');
  });
}
