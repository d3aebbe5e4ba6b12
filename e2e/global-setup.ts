import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR (its generated signing secret is there: the unsubscribe test signs a link with it). */
    dataDir: string;
    /** One Chromium for the whole run (launching one per spec cost seconds each); a spec opens a fresh context in it. */
    browserWsEndpoint: string;
  }
}

/** Debian's Chromium, headless (no browser download needed). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function run(cmd: string, args: string[]) {
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed with ${r.status}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`API exited early with code ${child.exitCode}`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`API did not become healthy at ${url} within ${timeoutMs} ms`);
}

let child: ChildProcess | undefined;
let dataDir: string | undefined;
let browserServer: BrowserServer | undefined;

export default async function setup(project: TestProject) {
  // `npm test` builds both while the type check runs and says so (E2E_PREBUILT=1). Run alone, the
  // web build is slow-ish and rarely stale; E2E_REBUILD_WEB=1 forces it.
  if (process.env.E2E_PREBUILT !== '1') {
    if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html')) || process.env.E2E_REBUILD_WEB === '1') {
      run('npm', ['run', 'build', '-w', '@sunstamp/web']);
    }
    run('npm', ['run', 'build', '-w', '@sunstamp/api']);
  }

  // Chromium starts while the server migrates and seeds.
  const browserStarting = chromium
    .launchServer({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS })
    .then((b) => (browserServer = b));
  browserStarting.catch(() => undefined);
  const port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunstamp-e2e-data-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const logs: string[] = [];
  child = spawn(process.execPath, ['apps/api/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => logs.push(String(d)));
  child.stderr?.on('data', (d) => logs.push(String(d)));
  try {
    // On a busy machine the first start (PGlite migrations, seeds) can take over a minute.
    await waitForHealth(baseUrl, child, Number(process.env.E2E_START_TIMEOUT_MS ?? 180_000));
  } catch (e) {
    console.error(logs.join(''));
    await browserStarting.catch(() => undefined);
    await teardown();
    throw e;
  }
  let wsEndpoint: string;
  try {
    wsEndpoint = (await browserStarting).wsEndpoint();
  } catch (e) {
    await teardown();
    throw e;
  }
  project.provide('browserWsEndpoint', wsEndpoint);
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  return teardown;
}

async function teardown() {
  const b = browserServer;
  browserServer = undefined;
  await b?.close().catch(() => undefined);
  const c = child;
  child = undefined;
  if (c && c.exitCode === null) {
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (c.exitCode === null) c.kill('SIGKILL');
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
}
