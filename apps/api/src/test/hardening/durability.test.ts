// Durability of the embedded database and of the queue in it. The real server (src/main.ts, PGlite
// under DATA_DIR, its queue workers off so queued jobs stay queued) is killed with SIGKILL while
// clients create jobs and ask for password resets (each answer means one durable queue job); after
// each restart every acknowledged job is listed, and at the end the queue holds a job for every
// acknowledged reset. A few cycles, bounded. PGlite only: PostgreSQL's durability is the server's
// own (docs/operations.md).
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed/seed.ts';
import { freePort, startBuiltServer } from '../built-server.ts';
import { openDatabase } from '../../db/client.ts';

const CYCLES = 3;
const WRITERS = 4;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunstamp-durability-'));

const startServer = (port: number) => startBuiltServer(port, { DATA_DIR: dataDir, SEED_DEMO: 'true', WORKERS: 'off' });

async function signIn(base: string) {
  const csrf = (await (await fetch(`${base}/api/auth/csrf/`)).json()).csrfToken as string;
  const res = await fetch(`${base}/api/auth/login/`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-csrftoken': csrf },
    body: JSON.stringify({ email: 'installer@acme-solar.test', password: DEMO_PASSWORD }),
  });
  const { access } = await res.json();
  const bound = (await (await fetch(`${base}/api/auth/csrf/`, { headers: { authorization: `Bearer ${access}` } })).json()).csrfToken as string;
  return { access: access as string, csrf: bound };
}

let server: ChildProcess | undefined;
afterAll(() => {
  server?.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('kill -9 under write load (PGlite)', () => {
  it.runIf(process.env.SUNSTAMP_TEST_DB !== 'postgres')(`${CYCLES} cycles: every acknowledged job and queued reset survives`, async () => {
    const acknowledged: string[] = [];
    let resetsAcknowledged = 0;
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const port = await freePort();
      server = await startServer(port);
      const base = `http://127.0.0.1:${port}`;
      const { access, csrf } = await signIn(base);

      // All acknowledged so far are there after the restart.
      const listed = new Set<string>();
      for (let page = 1; ; page++) {
        const res = await fetch(`${base}/api/jobs?page_size=200&page=${page}&search=durability`, { headers: { authorization: `Bearer ${access}` } });
        expect(res.status).toBe(200);
        const body = await res.json();
        for (const j of body.results) listed.add(j.id);
        if (body.results.length < 200) break;
      }
      const missing = acknowledged.filter((id) => !listed.has(id));
      expect(missing, `cycle ${cycle}: ${missing.length} of ${acknowledged.length} acknowledged jobs lost`).toEqual([]);

      // Write load: WRITERS clients creating jobs until the kill.
      let stop = false;
      const writers = Array.from({ length: WRITERS }, async (_, w) => {
        for (let i = 0; !stop; i++) {
          try {
            const res = await fetch(`${base}/api/jobs`, {
              method: 'PUT',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${access}`, 'x-csrftoken': csrf },
              body: JSON.stringify({ name: `durability ${cycle}-${w}-${i}` }),
            });
            if (res.status === 201) acknowledged.push((await res.json()).id);
          } catch {
            return; // the server is gone: anything not acknowledged may or may not be there
          }
        }
      });
      // One more client asks for password resets: each 200 is a job stored in the queue.
      writers.push((async () => {
        while (!stop) {
          try {
            const res = await fetch(`${base}/api/auth/password-reset/`, {
              method: 'POST', headers: { 'content-type': 'application/json', 'x-csrftoken': csrf, authorization: `Bearer ${access}` },
              body: JSON.stringify({ email: `durability-${cycle}@nowhere.test` }),
            });
            if (res.status === 200) resetsAcknowledged++;
          } catch {
            return;
          }
        }
      })());
      const before = acknowledged.length;
      const resetsBefore = resetsAcknowledged;
      // Kill mid-load: once both kinds of write have acknowledged some (a fixed 1.5 s sleep saw none
      // on a busy machine), so more are in flight when the process dies.
      const underway = () => acknowledged.length >= before + 5 && resetsAcknowledged > resetsBefore;
      for (const until = Date.now() + 60_000; !underway() && Date.now() < until;) await new Promise((r) => setTimeout(r, 50));
      server.kill('SIGKILL');
      stop = true;
      await Promise.all(writers);
      await new Promise<void>((r) => (server!.exitCode !== null || server!.signalCode ? r() : server!.once('exit', () => r())));
      expect(acknowledged.length, `cycle ${cycle}: the load wrote nothing`).toBeGreaterThan(before);
    }
    // The last cycle's writes, checked after one more restart.
    const port = await freePort();
    server = await startServer(port);
    const base = `http://127.0.0.1:${port}`;
    const { access } = await signIn(base);
    const listed = new Set<string>();
    for (let page = 1; ; page++) {
      const body = await (await fetch(`${base}/api/jobs?page_size=200&page=${page}&search=durability`, { headers: { authorization: `Bearer ${access}` } })).json();
      for (const j of body.results) listed.add(j.id);
      if (body.results.length < 200) break;
    }
    expect(acknowledged.filter((id) => !listed.has(id))).toEqual([]);
    server.kill('SIGKILL');
    await new Promise<void>((r) => (server!.exitCode !== null || server!.signalCode ? r() : server!.once('exit', () => r())));

    // The queue, read from the data directory the killed server left: a job per acknowledged reset.
    expect(resetsAcknowledged).toBeGreaterThan(0);
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    try {
      const [row] = await database.query<{ n: string }>(
        "select count(*)::text as n from pgboss.job where name = 'auth-password-reset' and data->>'email' like 'durability-%'");
      expect(Number(row!.n)).toBeGreaterThanOrEqual(resetsAcknowledged);
    } finally {
      await database.close();
    }
  }, 600_000);
});
