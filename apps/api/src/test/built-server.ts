import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/*
 * The real server for the tests that run it as a child process and kill it (crash and durability
 * tests): the API bundled from the current sources once per test process (apps/api/build.mjs,
 * esbuild, about a second), then started with plain `node`. Starting node on the bundle costs a
 * fraction of compiling the sources with tsx at every start, and the pid is the server itself.
 * The bundle sits under node_modules/.cache inside the repository so its npm imports resolve.
 */

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** What `build.mjs` answers: esbuild's metafile, the inputs of each output file. */
export type BundleMetafile = {
  inputs: Record<string, { imports: { path: string; kind: string; external?: boolean; original?: string }[] }>;
  outputs: Record<string, { inputs: Record<string, unknown> }>;
};
let built: Promise<{ main: string; worker: string; meta: BundleMetafile }> | undefined;

export function builtServer(): Promise<{ main: string; worker: string; meta: BundleMetafile }> {
  built ??= (async () => {
    const dir = path.join(apiRoot, '../../node_modules/.cache/sunstamp-test-server', `${process.pid}-${crypto.randomBytes(4).toString('hex')}`);
    const { buildApi } = (await import(pathToFileURL(path.join(apiRoot, 'build.mjs')).href)) as { buildApi(outdir: string): Promise<BundleMetafile> };
    const meta = await buildApi(dir);
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    return { main: path.join(dir, 'main.js'), worker: path.join(dir, 'worker.js'), meta };
  })();
  return built;
}

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/**
 * The built server started with plain node on `port` (the embedded database under `env.DATA_DIR`;
 * DATABASE_URL is dropped), once it answers /api/health; `out()` is what it printed.
 */
export async function startBuiltServer(port: number, env: NodeJS.ProcessEnv): Promise<ChildProcess & { out: () => string }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env };
  delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, [(await builtServer()).main], { cwd: apiRoot, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => { out += d; });
  child.stderr!.on('data', (d) => { out += d; });
  // Generous: a machine shared by many test suites takes minutes to start and migrate.
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
    if (await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok).catch(() => false)) return Object.assign(child, { out: () => out });
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${out}`);
}
