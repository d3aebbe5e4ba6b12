import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { createTestApp, type TestApp } from './test/test-app.ts';
import { loadConfig } from './config.ts';

let t: TestApp;
/** An inline script as the built index.html has one (the theme, set before the first paint). */
const THEME_SCRIPT = "document.documentElement.dataset.theme='dark'";
let dist: string;
const CHUNK = `export const words = ${JSON.stringify('sunstamp '.repeat(400))};\n`;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><head><script>${THEME_SCRIPT}</script></head><div id="root"></div><script type="module" src="/assets/app.js"></script>`);
  fs.writeFileSync(path.join(dist, 'assets/app.js'), 'console.log(1)');
  // As the build writes them (apps/web/build/precompress.plugin.ts): a hashed chunk with its
  // brotli and gzip files, and a file without a hash in its name.
  fs.writeFileSync(path.join(dist, 'assets/chunk-Ab12Cd34.js'), CHUNK);
  fs.writeFileSync(path.join(dist, 'assets/chunk-Ab12Cd34.js.br'), zlib.brotliCompressSync(CHUNK));
  fs.writeFileSync(path.join(dist, 'assets/chunk-Ab12Cd34.js.gz'), zlib.gzipSync(CHUNK));
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ seed: false, webDist: dist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it.each(['/', '/jobs', '/jobs/123?tab=files', '/password-reset/abc/def'])('answers %s with index.html', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
  });
  it('allows the built index.html\'s own inline script by its hash, and no other inline script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    const hash = crypto.createHash('sha256').update(THEME_SCRIPT).digest('base64');
    expect(scriptSrc.split(' ')).toEqual(["'self'", `'sha256-${hash}'`]);
    expect(res.body).toContain(`<script>${THEME_SCRIPT}</script>`);
  });
  it('serves built assets as files', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1)');
  });
  it.each(['/assets/gone-after-deploy.js', '/favicon-missing.ico'])('answers a missing asset %s with 404, not the page', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
  });
});

describe('WEB_DIST', () => {
  it('is read from the working directory when relative, as DATA_DIR is (the static server needs an absolute root)', () => {
    expect(loadConfig({ WEB_DIST: 'apps/web/dist' }).webDist).toBe(path.resolve('apps/web/dist'));
    expect(loadConfig({ WEB_DIST: dist }).webDist).toBe(dist);
    expect(loadConfig({}).webDist).toBeUndefined();
  });
});

describe('compression and caching of the web app', () => {
  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('sends a built file brotli-compressed to a browser that accepts br, from the file the build wrote', async () => {
    const res = await get('/assets/chunk-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(CHUNK.length);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(CHUNK);
  });

  it('sends gzip to a client that accepts only gzip, and the file itself to one that accepts nothing', async () => {
    const gz = await get('/assets/chunk-Ab12Cd34.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(CHUNK);
    const plain = await get('/assets/chunk-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(CHUNK);
    const refused = await get('/assets/chunk-Ab12Cd34.js', 'br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(CHUNK);
  });

  it('caches content-hashed files for a year as immutable, in every encoding', async () => {
    for (const enc of ['br', 'gzip', undefined]) {
      const res = await get('/assets/chunk-Ab12Cd34.js', enc);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('has files without a hash in their name checked again, not kept for a year', async () => {
    const res = await get('/favicon.svg', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/', '/login', '/help', '/jobs'])('answers the page %s with no-cache HTML, compressed by Accept-Encoding', async (url) => {
    const br = await get(url, 'gzip, deflate, br');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers['content-type']).toMatch(/text\/html/);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    const html = zlib.brotliDecompressSync(br.rawPayload).toString();
    expect(html).toContain('<div id="root">');
    const gz = await get(url, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(html);
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(html);
  });
});
