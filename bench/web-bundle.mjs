#!/usr/bin/env node
// Initial JS of the web app: the gzip size of the JavaScript a first page load fetches before any
// route's own code, i.e. the entry chunk index.html loads plus every chunk it imports statically
// (transitively). Lazy routes (dynamic imports) are not counted. Reads apps/web/dist, so run
// `npm run build -w @sunstamp/web` first.
//
//   node bench/web-bundle.mjs [--json] [--budget-kb=300]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const args = process.argv.slice(2);
const asJson = args.includes('--json');
const budgetKb = Number(args.find((a) => a.startsWith('--budget-kb='))?.split('=')[1] ?? 300);

const htmlPath = path.join(dist, 'index.html');
const manifestPath = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(htmlPath) || !fs.existsSync(manifestPath)) {
  console.error('apps/web/dist/index.html or .vite/manifest.json missing: run `npm run build -w @sunstamp/web` first.');
  process.exit(2);
}
const html = fs.readFileSync(htmlPath, 'utf8');
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));

// What index.html itself asks for: module scripts and modulepreload links.
const attr = (tag, name) => new RegExp(`${name}\\s*=\\s*"([^"]+)"`, 'i').exec(tag)?.[1];
const fromHtml = new Set();
for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
  const src = attr(tag, 'src');
  if (src) fromHtml.add(src.replace(/^\//, ''));
}
for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
  if (/rel\s*=\s*"modulepreload"/i.test(tag)) {
    const href = attr(tag, 'href');
    if (href) fromHtml.add(href.replace(/^\//, ''));
  }
}
const inline = (html.match(/<script\b(?![^>]*\bsrc=)[^>]*>[\s\S]*?<\/script>/gi) ?? []).length;

// The entry and its static imports, from the manifest.
const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, { key, ...chunk }]));
const entries = Object.entries(manifest).filter(([, c]) => c.isEntry);
const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) visit(dep);
};
for (const [key] of entries) visit(key);
for (const f of fromHtml) if (f.endsWith('.js') && !files.has(f)) files.add(f);

const rows = [...files].map((file) => {
  const buf = fs.readFileSync(path.join(dist, file));
  return { file, bytes: buf.length, gzip: zlib.gzipSync(buf, { level: 9 }).length };
});
rows.sort((a, b) => b.gzip - a.gzip);
const total = rows.reduce((s, r) => ({ bytes: s.bytes + r.bytes, gzip: s.gzip + r.gzip }), { bytes: 0, gzip: 0 });
const kb = (n) => (n / 1024).toFixed(1);
const allJs = Object.values(manifest).reduce((s, c) => s + (c.file.endsWith('.js') ? 1 : 0), 0);

if (asJson) {
  console.log(JSON.stringify({ initialJsGzipKb: Number(kb(total.gzip)), initialJsKb: Number(kb(total.bytes)), budgetKb, files: rows, inlineScripts: inline }, null, 2));
} else {
  console.log(`Initial JS loaded by index.html (entry + static imports), gzip -9:`);
  for (const r of rows) console.log(`  ${r.file.padEnd(48)} ${kb(r.bytes).padStart(8)} KB  ${kb(r.gzip).padStart(7)} KB gz`);
  console.log(`  ${'total'.padEnd(48)} ${kb(total.bytes).padStart(8)} KB  ${kb(total.gzip).padStart(7)} KB gz`);
  console.log(`\n${kb(total.gzip)} KB gzipped initial JS (${rows.length} of ${allJs} chunks; budget ${budgetKb} KB)`);
  // The theme script: the API's CSP allows each inline script of the built index.html by its hash (app.ts).
  if (inline) console.log(`index.html has ${inline} inline script(s) beside (allowed by their hash in the CSP).`);
}
if (total.gzip / 1024 > budgetKb) process.exitCode = 1;
