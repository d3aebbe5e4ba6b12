import crypto from 'node:crypto';
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

/**
 * The CSP sources ('sha256-…') of the scripts written inline in an HTML page (index.html's theme
 * script), so `script-src 'self'` allows exactly those and no other inline script. A script with a
 * src, or of a type that never runs (application/json: the runtime settings), needs none.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1] ?? '';
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && type !== 'text/javascript' && type !== 'module') continue;
    hashes.push(`'sha256-${crypto.createHash('sha256').update(m[2] ?? '', 'utf8').digest('base64')}'`);
  }
  return hashes;
}

export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = securityHeadersOf(options);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
