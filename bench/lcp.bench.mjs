#!/usr/bin/env node
// Largest Contentful Paint on loopback, headless Chromium (Debian's), against the built server on
// a fresh demo install: the open pages `/help`, `/`, `/login` and the signed-in jobs list `/jobs`
// (the demo admin and the demo client owner, signed in as the web client keeps a session: the
// token pair and the session's CSRF token in localStorage) in the same run, each page loaded `--runs` times in a fresh context
// (cold cache). Wall time by nature: the machine's load average is printed beside the figures.
//   npm run build && node bench/lcp.bench.mjs [--runs 5]
// A/B of two web builds (e.g. main's and a branch's `apps/web/dist`, copied aside), one server each
// on its own install, their loads alternated so both meet the same load:
//   node bench/lcp.bench.mjs --runs 7 --dists /tmp/web-main,apps/web/dist
// or of two API bundles serving the same web build (the server's own HTML changes):
//   node bench/lcp.bench.mjs --runs 7 --mains apps/api/dist-main/main.js,apps/api/dist/main.js
// Signed-in pages also report when the jobs list's first row appeared (a load that shows none is
// left out of that figure). TRACE=1 prints each request's start and end (ms from navigation), then
// the page's LCP candidates and its main thread's long tasks (> 50 ms); PAGES=/jobs#staff picks pages.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const arg = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const runs = Number(arg('--runs')) || 5;
const dists = arg('--dists')?.split(',') ?? [undefined];
// Or an A/B of two server bundles (e.g. main's `apps/api/dist` copied aside) on the same web build.
const mains = arg('--mains')?.split(',');
const pages = process.env.PAGES ? process.env.PAGES.split(',') : ['/help', '/', '/login', '/jobs#staff', '/jobs#client'];

/** The built API on a fresh demo install (PGlite), serving `dist` (or the default web build). */
async function startServer(dist, main = 'apps/api/dist/main.js') {
  const port = 4300 + Math.floor(Math.random() * 500);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunstamp-lcp-'));
  const server = spawn('node', [main], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: base, ...(dist ? { WEB_DIST: path.resolve(dist) } : {}) },
    stdio: 'ignore',
  });
  for (;;) {
    try { if ((await fetch(`${base}/api/health`)).ok) break; } catch { /* not up */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  /** The demo account's token pair from the API's sign-in, as the web client stores it after the form. */
  const tokensOf = async (email) => {
    const csrf = (await (await fetch(`${base}/api/auth/csrf/`)).json()).csrfToken;
    const r = await fetch(`${base}/api/auth/login/`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'X-CSRFToken': csrf },
      body: JSON.stringify({ email, password: 'sunstamp-demo' }),
    });
    if (!r.ok) throw new Error(`sign-in of ${email}: ${r.status}`);
    const pair = await r.json();
    // After its sign-in the web client fetches a CSRF token for the new session and keeps it
    // beside the pair (api-client.ts login); a returning user's first load finds all three.
    const signed = await fetch(`${base}/api/auth/csrf/`, { headers: { authorization: `Bearer ${pair.access}` } });
    if (!signed.ok) throw new Error(`CSRF token of ${email}: ${signed.status}`);
    return { ...pair, csrf: (await signed.json()).csrfToken };
  };
  const sessions = { staff: await tokensOf('admin@sunstamp.test'), client: await tokensOf('owner@acme-solar.test') };
  const stop = async () => {
    await new Promise((r) => { server.on('exit', r); server.kill('SIGTERM'); });
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { name: mains ? main : dist ?? 'apps/web/dist', base, sessions, stop };
}

const servers = [];
if (mains) for (const m of mains) servers.push(await startServer(undefined, m));
else for (const d of dists) servers.push(await startServer(d));
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

async function lcpOf(server, entry) {
  const [url, who] = entry.split('#');
  const storageState = who && {
    cookies: [],
    origins: [{ origin: server.base, localStorage: [{ name: 'accessToken', value: server.sessions[who].access }, { name: 'refreshToken', value: server.sessions[who].refresh }, { name: 'csrfToken', value: server.sessions[who].csrf }] }],
  };
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, storageState });
  const page = await context.newPage();
  const t0 = Date.now();
  // Signed-in `/jobs`: also when the list's first row is in the page (its LCP is the layout's alert,
  // so a change that paints the layout sooner must not show the list later).
  if (who) {
    await page.addInitScript(() => {
      const seen = new MutationObserver(() => {
        if (document.querySelector('.MuiDataGrid-row')) { window.__listAt = performance.now(); seen.disconnect(); }
      });
      seen.observe(document, { childList: true, subtree: true });
    });
  }
  if (process.env.TRACE) {
    page.on('request', (r) => console.log('  req', Date.now() - t0, r.url().replace(server.base, '')));
    page.on('requestfinished', (r) => console.log('  fin', Date.now() - t0, r.url().replace(server.base, '')));
    await page.addInitScript(() => {
      window.__longTasks = [];
      new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask' });
    });
  }
  await page.goto(`${server.base}${url}`, { waitUntil: 'networkidle' });
  if (new URL(page.url()).pathname !== url) throw new Error(`${entry} ended on ${page.url()}`);
  const lcp = await page.evaluate(() => new Promise((resolve) => {
    new PerformanceObserver((list) => {
      const entries = list.getEntries();
      const last = entries[entries.length - 1];
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      // What TRACE prints: every candidate, the first contentful paint and the long tasks.
      const trace = [
        `  first contentful paint ${Math.round(fcp?.startTime ?? -1)} ms`,
        ...entries.map((e) => `  lcp candidate ${Math.round(e.startTime)} ms: ${e.element?.tagName ?? '?'}.${String(e.element?.className ?? '').slice(0, 40)} "${(e.element?.textContent ?? '').slice(0, 50)}" (${e.size} px²)`),
        `  long tasks (start+ms): ${(window.__longTasks ?? []).map(([a, b]) => `${a}+${b}`).join(' ')}`,
      ].join('\n');
      resolve({ ms: last.startTime, element: last.element?.tagName ?? '?', trace });
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  }));
  if (process.env.TRACE) console.log(lcp.trace);
  if (who) lcp.listAt = await page.evaluate(() => window.__listAt ?? NaN);
  await context.close();
  return lcp;
}

const results = servers.map(() => Object.fromEntries(pages.map((p) => [p, []])));
for (let i = 0; i < runs; i++) {
  for (const p of pages) for (const [s, server] of servers.entries()) results[s][p].push(await lcpOf(server, p));
}
const load = os.loadavg().map((l) => l.toFixed(2)).join(' ');
console.log(`LCP, loopback, headless Chromium, ${runs} cold loads each (load average ${load}):`);
for (const [s, server] of servers.entries()) {
  if (servers.length > 1) console.log(` ${server.name}`);
  for (const p of pages) {
    const ms = results[s][p].map((r) => r.ms).sort((a, b) => a - b);
    const list = results[s][p].map((r) => r.listAt).filter((t) => Number.isFinite(t)).sort((a, b) => a - b);
    const listed = list.length ? `; first row of the list: median ${list[Math.floor(list.length / 2)].toFixed(0)} ms, range ${list[0].toFixed(0)}–${list[list.length - 1].toFixed(0)} ms` : '';
    console.log(`  ${p.replace('#', ' as ').padEnd(16)} median ${ms[Math.floor(ms.length / 2)].toFixed(0)} ms, range ${ms[0].toFixed(0)}–${ms[ms.length - 1].toFixed(0)} ms (element ${results[s][p][0].element})${listed}`);
  }
}
await browser.close();
for (const server of servers) await server.stop();
