// Bundles the API and the workspace packages it imports into dist/main.js; npm dependencies stay
// external (resolved from node_modules at run time). Migrations are copied beside the bundle.
// `buildApi(outdir)` is also what the crash tests use to run the real server from a fresh bundle
// (apps/api/src/test/built-server.ts): starting node on a bundle costs a fraction of compiling the
// sources with tsx at every start.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const externalDeps = {
  name: 'external-deps',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@sunstamp/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** Bundles main.js, worker.js, create-admin.js, the CSV parse and plan-set render threads into `outdir`, with the migrations beside them. */
export async function buildApi(outdir = path.join(here, 'dist')) {
  await build({
    entryPoints: [
      path.join(here, 'src/main.ts'), path.join(here, 'src/worker.ts'), path.join(here, 'src/cli/create-admin.ts'),
      // A worker thread's own file (platform/csv-parse.pool.ts loads it beside the bundle's chunks).
      path.join(here, 'src/platform/csv-parse.worker.ts'),
      // The plan-set render thread (modules/plansets/render.pool.ts).
      path.join(here, 'src/modules/plansets/render.worker.ts'),
    ],
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    splitting: true,
    plugins: [externalDeps],
    logLevel: 'warning',
  });
  fs.rmSync(path.join(outdir, 'migrations'), { recursive: true, force: true });
  fs.cpSync(path.join(here, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildApi();
  console.log('api built into apps/api/dist');
}
