import crypto from 'node:crypto';
import fs from 'node:fs';
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
let built: Promise<{ main: string; worker: string }> | undefined;

export function builtServer(): Promise<{ main: string; worker: string }> {
  built ??= (async () => {
    const dir = path.join(apiRoot, '../../node_modules/.cache/sunstamp-test-server', `${process.pid}-${crypto.randomBytes(4).toString('hex')}`);
    const { buildApi } = (await import(pathToFileURL(path.join(apiRoot, 'build.mjs')).href)) as { buildApi(outdir: string): Promise<void> };
    await buildApi(dir);
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    return { main: path.join(dir, 'main.js'), worker: path.join(dir, 'worker.js') };
  })();
  return built;
}
