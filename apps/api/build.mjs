// Bundles the API, the workspace packages and the npm packages it imports into dist/main.js (and
// its chunks), except the packages below that must stay in node_modules; migrations are copied
// beside the bundle. `buildApi(outdir)` is also what the crash tests use to run the real server
// from a fresh bundle (apps/api/src/test/built-server.ts): starting node on a bundle costs a
// fraction of compiling the sources with tsx at every start.
//
// Why npm packages are bundled too (issue 27, the restart): resolving and loading ~1,000 files of
// node_modules one by one (ESM and CommonJS loaders, stat, read, compile) was ~0.5 s of a restart;
// bundled, a restart of a demo install went from 1.92–1.99 s to 1.49–1.56 s (bench/README.md).
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Packages that stay external, each because bundling would break it: it finds files beside its own
 * module at run time (WASM, data, fonts, a worker script, its package.json), loads a native addon,
 * or starts worker threads by file name. Everything else an import reaches is bundled.
 */
export const EXTERNAL_PACKAGES = [
  '@electric-sql/pglite', // pglite.wasm and pglite.data beside its module
  'pdfkit', 'fontkit', // pdfkit reads its AFM font data from its own folder
  'pdfjs-dist', // loads its worker script by path
  'dejavu-fonts-ttf', // font files, found with require.resolve
  '@napi-rs/canvas', '@node-rs/argon2', 'pg-native', // native addons
  'heic-convert', 'libheif-js', // libheif's WASM beside its module
  'pino', 'thread-stream', // log transports run in worker threads loaded by file name
  '@aws-sdk', '@smithy', // loaded at S3's first call only; large, nothing gained at start
];
const isExternal = (spec) => spec.startsWith('node:') || EXTERNAL_PACKAGES.some((p) => spec === p || spec.startsWith(`${p}/`));
const externalDeps = {
  name: 'external-deps',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (isExternal(args.path) ? { path: args.path, external: true } : undefined));
  },
};

/**
 * Packages that dependencies require at load time but use only later, if at all: each is replaced
 * in the bundle by a small module whose named functions load the real package (from node_modules,
 * like the external packages above) at their first call. Only the functions named here exist on
 * it; `src/test/lazy-packages.test.ts` checks that they are all the bundled code uses.
 *   - yaml: @fastify/swagger and @fastify/swagger-ui, for the YAML form of the API description;
 *   - glob: @fastify/static, only for `wildcard: false` (app.ts serves with one wildcard route);
 *   - cron-parser (and luxon under it): pg-boss, for cron schedules, which the queue does not use.
 * Why (issue 27, the restart; bench/README.md): the three with what they pull in were 0.93 MB of the
 * 4.3 MB chunk compiled at every start; without them a restart of the demo install took 1–14 % less
 * (the medians of five alternated comparisons on one slow day) and 3–5 % less server CPU.
 */
export const LAZY_PACKAGES = { yaml: ['parse', 'stringify'], glob: ['glob'], 'cron-parser': ['parseExpression'] };
/** The module that stands for `pkg`: its named functions require `target` (the real file) at their first call. */
export const lazyShim = (pkg, target) => [
  'let real;',
  `const load = () => (real ??= require(${JSON.stringify(`lazy-real:${target}`)}));`,
  ...LAZY_PACKAGES[pkg].map((fn) => `exports[${JSON.stringify(fn)}] = function (...args) { return load()[${JSON.stringify(fn)}].apply(this, args); };`),
].join('\n');
/**
 * Each import of a lazy package becomes its shim, which requires the very file the import would
 * have reached (a dependency may have its own version nested), by a path relative to `outdir`,
 * where every chunk is written; node loads it from node_modules at run time.
 */
const lazyDeps = (outdir) => ({
  name: 'lazy-deps',
  setup(b) {
    const names = Object.keys(LAZY_PACKAGES).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
    b.onResolve({ filter: new RegExp(`^(${names})$`) }, async (args) => {
      if (args.pluginData?.lazyReal) return undefined;
      const real = await b.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, pluginData: { lazyReal: true } });
      if (real.errors.length > 0) return { errors: real.errors };
      return { path: real.path, namespace: 'lazy-deps', pluginData: { pkg: args.path } };
    });
    b.onLoad({ filter: /.*/, namespace: 'lazy-deps' }, (args) => {
      const relative = path.relative(outdir, args.path).split(path.sep).join('/');
      return { contents: lazyShim(args.pluginData.pkg, relative.startsWith('.') ? relative : `./${relative}`), loader: 'js' };
    });
    b.onResolve({ filter: /^lazy-real:/ }, (args) => ({ path: args.path.slice('lazy-real:'.length), external: true }));
  },
});

/**
 * Bundles main.js, worker.js, create-admin.js, the CSV parse and plan-set render threads into
 * `outdir`, with the migrations beside them. Answers esbuild's metafile (what went where).
 */
export async function buildApi(outdir = path.join(here, 'dist')) {
  const result = await build({
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
    plugins: [lazyDeps(outdir), externalDeps],
    // CommonJS packages in an ESM bundle still call require() (node built-ins, the external packages).
    banner: { js: "import { createRequire as __sunstampRequire } from 'node:module'; const require = __sunstampRequire(import.meta.url);" },
    logLevel: 'warning',
    metafile: true,
  });
  fs.rmSync(path.join(outdir, 'migrations'), { recursive: true, force: true });
  fs.cpSync(path.join(here, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
  return result.metafile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildApi();
  console.log('api built into apps/api/dist');
}
