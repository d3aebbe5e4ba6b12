// `npm test`: the type check and lint first (an error in either stops here), then the unit and API
// suites (vitest projects) and the browser tests, with one closing line "N passed, N failed" that
// sums the runs. With TEST_NODE22=1 (CI sets it) the unit suite and a smoke of the API suite run
// again under Node 22 (`npx -y node@22`), so the move off Node 20 stays one bump away
// (docs/operations.md).
// Arguments after `npm test --` go to vitest.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const extra = process.argv.slice(2);
const started = Date.now();
const seconds = (t0) => `${((Date.now() - t0) / 1000).toFixed(0)} s`;

// The checks: both tsc programs and ESLint, side by side (each is single-threaded).
function run(name, cmd, args) {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ name, code: code ?? 1, out, time: seconds(t0) }));
  });
}
const checks = await Promise.all([
  run('typecheck (api, packages, bench, e2e, scripts)', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']),
  run('typecheck (web)', 'npx', ['tsc', '-p', 'apps/web/tsconfig.json', '--noEmit']),
  run('lint', 'npx', ['eslint', '.']),
]);
let checksFailed = 0;
for (const c of checks) {
  const text = c.out.split('\n').filter((l) => !/^npm warn/.test(l)).join('\n').trim();
  console.log(`${c.code === 0 ? '✓' : '✗'} ${c.name} (${c.time})`);
  if (c.code !== 0) {
    checksFailed += 1;
    console.log(text);
  }
}
if (checksFailed > 0) {
  console.log(`\nType check or lint failed: no tests were run.\n0 passed, ${checksFailed} failed, 0 skipped`);
  process.exit(1);
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunstamp-test-'));
const runs = [
  { name: 'unit + api', cmd: 'npx', args: ['vitest', 'run'] },
  {
    name: 'unit + api smoke on Node 22',
    cmd: 'npx',
    // A smoke run, not the whole suite again: the pure packages (engine, renderer, rules) and the
    // API files that lean on the runtime most (crypto and signing, uploads and image decoding,
    // the queue and its runs, sign-in). The whole API suite on Node 22 doubled CI's time.
    args: ['-y', 'node@22', 'node_modules/vitest/vitest.mjs', 'run', '--project', 'packages', '--project', 'api-pglite', 'packages/', 'apps/web/', 'scripts/',
      'apps/api/src/modules/auth/auth.test.ts', 'apps/api/src/modules/files/', 'apps/api/src/modules/letters/', 'apps/api/src/modules/plansets/cad-runs.test.ts',
      'apps/api/src/modules/deliverables/', 'apps/api/src/modules/jobs/jobs.test.ts'],
    when: () => process.env.TEST_NODE22 === '1',
  },
  { name: 'browser', cmd: 'npx', args: ['vitest', 'run', '--config', 'e2e/vitest.config.ts'], when: () => fs.existsSync('e2e/vitest.config.ts') },
];
let passed = 0;
let failed = 0;
let skipped = 0;
let exit = 0;
for (const [i, r] of runs.entries()) {
  if (r.when && !r.when()) continue;
  const out = path.join(dir, `report-${i}.json`);
  const t0 = Date.now();
  const res = spawnSync(r.cmd, [...r.args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...extra], { stdio: 'inherit' });
  console.log(`${r.name}: ${seconds(t0)}`);
  if (res.status !== 0) exit = res.status ?? 1;
  if (fs.existsSync(out)) {
    const rep = JSON.parse(fs.readFileSync(out, 'utf8'));
    passed += rep.numPassedTests ?? 0;
    failed += rep.numFailedTests ?? 0;
    skipped += (rep.numPendingTests ?? 0) + (rep.numTodoTests ?? 0);
    if ((rep.numFailedTestSuites ?? 0) > 0 && (rep.numFailedTests ?? 0) === 0) failed += rep.numFailedTestSuites;
  } else {
    console.error(`${r.name}: no report written`);
    failed += 1;
  }
}
fs.rmSync(dir, { recursive: true, force: true });
console.log(`\nnpm test took ${seconds(started)}`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(exit || (failed > 0 ? 1 : 0));
