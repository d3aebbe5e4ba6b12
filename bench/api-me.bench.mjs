// Speed: cold start of the built server to its first answer, and GET /api/users/me under
// load (autocannon, 50 connections) on the embedded PGlite database.
// Run: npm run build -w @sunstamp/api && node bench/api-me.bench.mjs [--duration 15]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const duration = Number(process.argv[process.argv.indexOf('--duration') + 1]) || 15;
const port = 3900 + Math.floor(Math.random() * 50);
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunstamp-bench-'));

async function startServer() {
  const t0 = performance.now();
  const proc = spawn('node', ['apps/api/dist/main.js'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'silent', HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    try {
      const r = await fetch(`${base}/api/health`);
      if (r.ok) return { proc, ms: performance.now() - t0 };
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 10));
  }
}
const stop = (proc) => new Promise((r) => { proc.on('exit', r); proc.kill('SIGTERM'); });

const first = await startServer(); // creates the database, migrates and seeds
await stop(first.proc);
const warm = await startServer(); // the usual restart of an existing install
console.log(`cold start, new install (migrate + seed): ${first.ms.toFixed(0)} ms`);
console.log(`cold start, existing install: ${warm.ms.toFixed(0)} ms`);

const { csrfToken } = await (await fetch(`${base}/api/auth/csrf/`)).json();
const login = await fetch(`${base}/api/auth/login/`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-csrftoken': csrfToken },
  body: JSON.stringify({ email: 'installer@acme-solar.test', password: 'sunstamp-demo' }),
});
const { access } = await login.json();
const result = await autocannon({
  url: `${base}/api/users/me`,
  connections: 50,
  duration,
  headers: { authorization: `Bearer ${access}` },
});
console.log(`GET /api/users/me, 50 connections, ${duration} s: ${result.requests.average.toFixed(0)} req/s, ` +
  `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}`);
await stop(warm.proc);
fs.rmSync(dataDir, { recursive: true, force: true });
