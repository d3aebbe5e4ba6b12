// Bundles the API and the workspace packages it imports into dist/main.js; npm dependencies stay
// external (resolved from node_modules at run time). Migrations are copied beside the bundle.
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
await build({
  entryPoints: [path.join(here, 'src/main.ts'), path.join(here, 'src/worker.ts'), path.join(here, 'src/cli/create-admin.ts')],
  outdir: path.join(here, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  splitting: true,
  plugins: [externalDeps],
  logLevel: 'warning',
});
fs.rmSync(path.join(here, 'dist/migrations'), { recursive: true, force: true });
fs.cpSync(path.join(here, 'src/db/migrations'), path.join(here, 'dist/migrations'), { recursive: true });
console.log('api built into apps/api/dist');
