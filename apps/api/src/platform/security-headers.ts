import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers, worked out once. @fastify/helmet builds the helmet middleware (and re-parses
 * the CSP directives) on every request, ~2% of a jobs-list page; the headers depend only on the
 * options, so they are computed at start and copied onto each reply.
 */
export function securityHeadersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: unknown) { headers[name.toLowerCase()] = String(value); },
    removeHeader(name: string) { delete headers[name.toLowerCase()]; },
    getHeader(name: string) { return headers[name.toLowerCase()]; },
  };
  let failed: unknown;
  helmet(options)({ headers: {}, method: 'GET', url: '/' } as never, res as never, (err?: unknown) => { failed = err; });
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return headers;
}

export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = securityHeadersOf(options);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
