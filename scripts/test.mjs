// `npm test`: the type check and lint (an error in either stops the run), the unit and API suites
// (vitest projects) and the browser tests, with one closing line "N passed, N failed" that
// sums the runs. With TEST_NODE22=1 (CI sets it) a smoke of the unit and API suites also runs under
// Node 22 (`npx -y node@22`), beside the browser tests, so the move off Node 20 stays one bump away
// (docs/operations.md).
//
// The stages are arranged to keep both cores of a small machine busy (docs/operations.md, "Test
// suite"): the web app and the API are built while tsc and ESLint run; the browser tests, which
// mostly wait on pages, start as soon as the builds are done and run beside the unit and API suites
// and then the Node 22 smoke.
//
// `npm test -- --changed [ref]`: only what a change touches, in seconds to a minute: ESLint on the
// changed files, the unit and API tests that import them (vitest --changed, PGlite only), and the
// browser specs that changed. Against uncommitted changes, or since `ref` (e.g. main).
// Other arguments after `npm test --` go to vitest.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const started = Date.now();
const seconds = (t0) => `${((Date.now() - t0) / 1000).toFixed(0)} s`;

const argv = process.argv.slice(2);
const changedAt = argv.indexOf('--changed');
const changed = changedAt >= 0;
let changedRef;
if (changed && argv[changedAt + 1] && !argv[changedAt + 1].startsWith('-')) changedRef = argv[changedAt + 1];
const extra = argv.filter((a, i) => !(changed && (i === changedAt || (changedRef !== undefined && i === changedAt + 1))));

/** Runs a command; its output goes to the console (`inherit`) or is kept and returned. */
function run(name, cmd, args, { env = {}, capture = false } = {}) {
  const t0 = Date.now();
  return new Promise((resolve) => {
    // Each stage in a process group of its own, so that stopping the run stops its grandchildren
    // too (npx → vitest → workers, the browser tests' server and Chromium).
    const child = spawn(cmd, args, { stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env }, detached: true });
    children.add(child);
    let out = '';
    if (capture) {
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
    }
    child.on('close', (code) => {
      children.delete(child);
      resolve({ name, code: code ?? 1, out, time: seconds(t0) });
    });
  });
}

const quiet = (text) => text.split('\n').filter((l) => !/^npm warn/.test(l)).join('\n').trim();

function changedFiles() {
  const git = (args) => (spawnSync('git', args, { encoding: 'utf8' }).stdout ?? '').split('\n').map((l) => l.trim()).filter(Boolean);
  const files = new Set([
    ...git(['diff', '--name-only', changedRef ?? 'HEAD']),
    ...git(['ls-files', '--others', '--exclude-standard']),
  ]);
  return [...files].filter((f) => fs.existsSync(f));
}

const browserSpecs = (files) => files.filter((f) => /^e2e\/.*\.spec\.ts$/.test(f));
const withBrowser = fs.existsSync('e2e/vitest.config.ts');

// 1. The checks and the builds side by side; the test stages start as soon as what they need is
//    ready (a full run keeps both cores busy from the first second to the last, see
//    docs/operations.md "Test suite"):
//    - the browser tests once the web and API builds are done: they mostly wait on pages, so they
//      run beside the CPU-bound stages instead of after them;
//    - the unit and API suites at once, beside the checks (an error in a check stops them and the run);
//    - the Node 22 smoke as soon as either the unit and API suites or the browser tests end.
// 2. Each test stage writes a JSON report that the closing line sums.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunstamp-test-'));
let n = 0;
const report = () => path.join(dir, `report-${n++}.json`);
const vitestArgs = (file) => ['--reporter=default', '--reporter=json', `--outputFile.json=${file}`, ...extra];
const stages = [];
const children = new Set();

async function stage(name, cmd, args, opts = {}) {
  const file = report();
  const res = await run(name, cmd, [...args, ...vitestArgs(file)], opts);
  if (opts.capture) console.log(`\n── ${name} ──\n${quiet(res.out)}`);
  console.log(`${name}: ${res.time}`);
  stages.push({ ...res, file });
  return res;
}

function reportChecks(list) {
  let failedChecks = 0;
  for (const c of list) {
    console.log(`${c.code === 0 ? '✓' : '✗'} ${c.name} (${c.time})`);
    if (c.code !== 0) {
      failedChecks += 1;
      console.log(quiet(c.out));
    }
  }
  return failedChecks;
}

function killAll() {
  for (const c of children) {
    try {
      process.kill(-c.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    killAll();
    process.exit(130);
  });
}

function stopAll(message, count) {
  killAll();
  console.log(`\n${message}\n0 passed, ${count} failed, 0 skipped`);
  process.exit(1);
}

const node22Smoke = [
  // A smoke run, not the whole suite again: the pure packages (engine, rules, and the renderer with
  // its PDF and fonts, below) and the API files that lean on the runtime most, each at its smallest: sign-in
  // (crypto), uploads and image decoding, PAdES signing, the queue and its recovery, a seal drawn
  // and read back (canvas, pdfjs), the jobs API. The web's pure code and the scripts' tests are
  // plain TypeScript with no runtime API of note. The whole API suite on Node 22 doubled CI's time.
  // The API files on PostgreSQL when it is there: PGlite runs only its engine's own files then
  // (vitest.config.ts), and these are not all among them.
  // The plan-set package's runtime is met by one golden run of every set (pdfkit, fontkit, the DXF
  // writer, pdf-lib), the drafting file (the PDF's text read back with pdfjs, the DXF parsed), text
  // measured at 10 pt, the letters (PAdES-ready PDFs) and the seals (canvas, pdfjs); its other files
  // (electrical sets, requirements, structure, failures: ~150 s of the stage's CPU) render the same
  // way with other inputs, so under Node 22 they only repeated Node 20's work beside the other stages.
  '-y', 'node@22', 'node_modules/vitest/vitest.mjs', 'run', '--project', 'packages',
  '--project', process.env.TEST_DATABASE_URL ? 'api-postgres' : 'api-pglite',
  'packages/domain/', 'packages/engineering/', 'packages/planset/src/planset.golden.test.ts',
  'packages/planset/src/planset.drafting.test.ts', 'packages/planset/src/planset.ten-point.test.ts',
  'packages/planset/src/letters/', 'packages/planset/src/seals/', 'packages/planset/src/layout/',
  'apps/api/src/modules/auth/auth.test.ts', 'apps/api/src/modules/files/', 'apps/api/src/platform/signing/pades.test.ts',
  'apps/api/src/platform/queue/queue.test.ts', 'apps/api/src/platform/queue/queue-recovery.test.ts',
  'apps/api/src/modules/deliverables/seal.test.ts', 'apps/api/src/modules/jobs/jobs.test.ts',
];

if (changed) {
  const files = changedFiles();
  const lintable = files.filter((f) => /\.(ts|tsx|js|mjs)$/.test(f));
  console.log(`--changed${changedRef ? ` since ${changedRef}` : ''}: ${files.length} changed file(s)`);
  const checks = lintable.length ? [await run('lint (changed files)', 'npx', ['eslint', ...lintable], { capture: true })] : [];
  const failedChecks = reportChecks(checks);
  if (failedChecks > 0) stopAll('Lint failed: no tests were run.', failedChecks);
  await stage('unit + api (changed)', 'npx', ['vitest', 'run', '--changed', ...(changedRef ? [changedRef] : []), '--project', 'packages', '--project', 'web', '--project', 'api-pglite', '--passWithNoTests']);
  const specs = browserSpecs(files);
  if (withBrowser && specs.length) await stage('browser (changed specs)', 'npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...specs]);
} else {
  const checks = Promise.all([
    run('typecheck (api, packages, bench, e2e, scripts)', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'], { capture: true }),
    run('typecheck (web)', 'npx', ['tsc', '-p', 'apps/web/tsconfig.json', '--noEmit'], { capture: true }),
    run('lint', 'npx', ['eslint', '.'], { capture: true }),
  ]);
  const builds = withBrowser
    ? Promise.all([
        // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
        run('build web (for the browser tests)', 'npm', ['run', 'build', '-w', '@sunstamp/web'], { capture: true, env: { NODE_ENV: 'production' } }),
        run('build api (for the browser tests)', 'npm', ['run', 'build', '-w', '@sunstamp/api'], { capture: true }),
      ])
    : Promise.resolve([]);

  // The browser tests: their output is kept and printed when they end, so it does not interleave
  // with the unit and API run's.
  const browser = builds.then((built) => {
    const failedBuilds = reportChecks(built);
    if (failedBuilds > 0) stopAll('A build failed: the tests that had started were stopped.', failedBuilds);
    return withBrowser ? stage('browser', 'npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts'], { env: { E2E_PREBUILT: '1' }, capture: true }) : null;
  });
  // The unit and API suites start at once instead of waiting for lint (which took 342 s of a
  // 1,900 s run): a failed type check or lint still stops the run, and stops them with it.
  const unitApi = stage('unit + api', 'npx', ['vitest', 'run']);
  const failedChecks = reportChecks(await checks);
  if (failedChecks > 0) stopAll('Type check or lint failed: the tests that had started were stopped.', failedChecks);
  // The Node 22 smoke starts as soon as either long stage ends, so it does not wait for the later one.
  const smoke = process.env.TEST_NODE22 === '1'
    ? Promise.race([unitApi, browser].filter(Boolean)).then(() => stage('unit + api smoke on Node 22', 'npx', node22Smoke, { capture: true }))
    : null;
  await Promise.all([unitApi, browser, smoke]);
}

let passed = 0;
let failed = 0;
let skipped = 0;
let exit = 0;
// CI shows only the tail of the output, so the names of the failed tests are repeated last.
const failures = [];
for (const s of stages) {
  if (s.code !== 0) exit = s.code;
  if (fs.existsSync(s.file)) {
    const rep = JSON.parse(fs.readFileSync(s.file, 'utf8'));
    passed += rep.numPassedTests ?? 0;
    failed += rep.numFailedTests ?? 0;
    skipped += (rep.numPendingTests ?? 0) + (rep.numTodoTests ?? 0);
    if ((rep.numFailedTestSuites ?? 0) > 0 && (rep.numFailedTests ?? 0) === 0) failed += rep.numFailedTestSuites;
    for (const file of rep.testResults ?? []) {
      const where = path.relative(process.cwd(), file.name ?? '');
      const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of failedTests) {
        const why = String(t.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
        failures.push(`${s.name}: ${where} > ${t.fullName ?? t.title}\n    ${why}`);
      }
      if (failedTests.length === 0 && file.status === 'failed') {
        failures.push(`${s.name}: ${where} (file failed)\n    ${String(file.message ?? '').split('\n')[0].slice(0, 300)}`);
      }
    }
  } else if (s.code !== 0) {
    console.error(`${s.name}: no report written`);
    failed += 1;
  }
}
fs.rmSync(dir, { recursive: true, force: true });
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\nnpm test took ${seconds(started)}`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(exit || (failed > 0 ? 1 : 0));
