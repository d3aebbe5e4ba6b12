// Speed: cold start of the built server to its first answer, and GET /api/users/me under
// load (autocannon, 50 connections) on the embedded PGlite database.
// Run: npm run build -w @sunstamp/api && node bench/api-me.bench.mjs [--duration 15] [--start-only]
// Beside each start's wall time, the server process's own CPU time until its first answer (from
// /proc/<pid>/stat on Linux), which the machine's load does not inflate, and the load average.
// `--restarts N --mains a.js,b.js` (with --start-only): after the first install, N restarts of each
// built server in turn on the same install (to compare two builds under the same load).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const duration = Number(process.argv[process.argv.indexOf('--duration') + 1]) || 15;
const port = 3900 + Math.floor(Math.random() * 50);
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunstamp-bench-'));

/** CPU time (user + system) the process has used so far, in ms (Linux /proc; null elsewhere). */
function cpuMsOf(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return null;
  }
}

const mainsArg = process.argv.indexOf('--mains');
const mains = mainsArg > 0 ? process.argv[mainsArg + 1].split(',') : ['apps/api/dist/main.js'];
const restarts = Number(process.argv[process.argv.indexOf('--restarts') + 1]) || 1;

async function startServer(main = mains[0]) {
  const t0 = performance.now();
  const proc = spawn('node', [main], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'silent', HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    try {
      const r = await fetch(`${base}/api/health`);
      if (r.ok) return { proc, ms: performance.now() - t0, cpuMs: cpuMsOf(proc.pid) };
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 10));
  }
}
const stop = (proc) => new Promise((r) => { proc.on('exit', r); proc.kill('SIGTERM'); });

const first = await startServer(); // creates the database, migrates and seeds
await stop(first.proc);
const warm = await startServer(); // the usual restart of an existing install
const load = os.loadavg().map((l) => l.toFixed(2)).join(' ');
console.log(`cold start, new install (migrate + seed): ${first.ms.toFixed(0)} ms wall, ${first.cpuMs} ms server CPU (load average ${load})`);
console.log(`cold start, existing install: ${warm.ms.toFixed(0)} ms wall, ${warm.cpuMs} ms server CPU (load average ${load})`);
if (process.argv.includes('--start-only')) {
  await stop(warm.proc);
  for (let i = 0; i < restarts - (mains.length === 1 ? 1 : 0); i++) {
    for (const main of mains) {
      const s = await startServer(main);
      await stop(s.proc);
      console.log(`restart ${i + 1}, ${main}: ${s.ms.toFixed(0)} ms wall, ${s.cpuMs} ms server CPU (load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')})`);
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}

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
