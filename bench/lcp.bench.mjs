#!/usr/bin/env node
// Largest Contentful Paint of the open pages on loopback, headless Chromium (Debian's), against
// the built server on a fresh demo install: `/`, `/login` and the prerendered `/help` in the same
// run, each page loaded `--runs` times in a fresh context (cold cache). Wall time by nature: the
// machine's load average is printed beside the figures.
//   npm run build && node bench/lcp.bench.mjs [--runs 5]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 5;
const port = 4300 + Math.floor(Math.random() * 50);
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunstamp-lcp-'));
const server = spawn('node', ['apps/api/dist/main.js'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: base },
  stdio: 'ignore',
});
for (;;) {
  try { if ((await fetch(`${base}/api/health`)).ok) break; } catch { /* not up */ }
  await new Promise((r) => setTimeout(r, 100));
}
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const lcpOf = async (url) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${base}${url}`, { waitUntil: 'networkidle' });
  const lcp = await page.evaluate(() => new Promise((resolve) => {
    new PerformanceObserver((list) => {
      const entries = list.getEntries();
      const last = entries[entries.length - 1];
      resolve({ ms: last.startTime, element: last.element?.tagName ?? '?' });
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  }));
  await context.close();
  return lcp;
};
const pages = ['/help', '/', '/login'];
const results = Object.fromEntries(pages.map((p) => [p, []]));
for (let i = 0; i < runs; i++) for (const p of pages) results[p].push(await lcpOf(p));
const load = os.loadavg().map((l) => l.toFixed(2)).join(' ');
console.log(`LCP, loopback, headless Chromium, ${runs} cold loads each (load average ${load}):`);
for (const p of pages) {
  const ms = results[p].map((r) => r.ms).sort((a, b) => a - b);
  console.log(`  ${p.padEnd(8)} median ${ms[Math.floor(ms.length / 2)].toFixed(0)} ms, range ${ms[0].toFixed(0)}–${ms[ms.length - 1].toFixed(0)} ms (element ${results[p][0].element})`);
}
await browser.close();
await new Promise((r) => { server.on('exit', r); server.kill('SIGTERM'); });
fs.rmSync(dataDir, { recursive: true, force: true });
