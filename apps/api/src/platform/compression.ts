import { promisify } from 'node:util';
import zlib from 'node:zlib';

/*
 * Compression of the HTML the server writes per request (index.html with a page's head and text).
 * Static files are compressed once, at build (apps/web/build/precompress.plugin.ts), and served as
 * they are; a page's HTML changes with the database, so it is compressed here, with a fast brotli
 * level (a few KB take well under a millisecond) and the answers of recent pages kept.
 */

export type Encoding = 'br' | 'gzip';

/** The best encoding the client accepts (brotli before gzip; `q=0` refuses), or null for none. */
export function negotiateEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qp ? Number(qp.slice(2)) : 1;
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const of = (name: Encoding) => q.get(name) ?? q.get('*') ?? 0;
  if (of('br') > 0 && of('br') >= of('gzip')) return 'br';
  if (of('gzip') > 0) return 'gzip';
  return null;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const MAX_KEPT = 200;
const kept = new Map<string, Buffer>();

/** `body` compressed with `encoding`; the latest answers are kept (most pages' HTML repeats). */
export async function compressText(body: string, encoding: Encoding): Promise<Buffer> {
  const key = `${encoding}:${body}`;
  const hit = kept.get(key);
  if (hit) return hit;
  const out = encoding === 'br'
    ? await brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } })
    : await gzip(body, { level: 6 });
  if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
  kept.set(key, out);
  return out;
}

/** Content-hashed build output (Vite's `assets/name-HASH.ext`): never changes under its name. */
export const HASHED_ASSET = /^\/?assets\/.+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.(br|gz))?$/;

/** What the build precompresses (apps/web/build/precompress.plugin.ts): these answers vary by Accept-Encoding. */
export const COMPRESSIBLE_FILE = /\.(js|mjs|css|html|svg|json|txt|xml|map|webmanifest|ico)(\.(br|gz))?$/i;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
