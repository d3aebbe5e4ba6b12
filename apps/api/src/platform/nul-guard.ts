import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

/*
 * PostgreSQL text and jsonb cannot hold a NUL character (U+0000): storing or even comparing one
 * fails inside the database, which would surface as a 500. Refuse it up front as a 400.
 */

const MESSAGE = 'Text may not contain NUL (\\u0000) characters or unpaired UTF-16 surrogates.';

/*
 * An unpaired surrogate ("\ud800" in JSON) is not a character: PostgreSQL refuses it in jsonb and
 * text, so it is refused here too. Bodies are at most MAX_JSON_DEPTH deep (platform/http.ts), so
 * the walk reaches every string.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const badText = (s: string) => s.includes('\u0000') || LONE_SURROGATE.test(s);

function nulPath(v: unknown, path: string, depth = 0): string | undefined {
  if (typeof v === 'string') return badText(v) ? path : undefined;
  if (v === null || typeof v !== 'object' || depth > 128) return undefined;
  for (const [k, x] of Object.entries(v)) {
    if (badText(k)) return path ? `${path}.${k.replace(/[^\x20-\x7e]/g, '?')}` : k.replace(/[^\x20-\x7e]/g, '?');
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
