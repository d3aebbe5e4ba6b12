// `npm test`: the unit and API suites (vitest projects), then the browser tests, with one closing
// line "N passed, N failed" that sums both runs.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunstamp-test-'));
const runs = [
  { name: 'unit + api', args: ['vitest', 'run'] },
  { name: 'browser', args: ['vitest', 'run', '--config', 'e2e/vitest.config.ts'], when: () => fs.existsSync('e2e/vitest.config.ts') },
];
let passed = 0;
let failed = 0;
let skipped = 0;
let exit = 0;
for (const [i, run] of runs.entries()) {
  if (run.when && !run.when()) continue;
  const out = path.join(dir, `report-${i}.json`);
  const extra = process.argv.slice(2);
  const r = spawnSync('npx', [...run.args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...extra], { stdio: 'inherit' });
  if (r.status !== 0) exit = r.status ?? 1;
  if (fs.existsSync(out)) {
    const rep = JSON.parse(fs.readFileSync(out, 'utf8'));
    passed += rep.numPassedTests ?? 0;
    failed += rep.numFailedTests ?? 0;
    skipped += (rep.numPendingTests ?? 0) + (rep.numTodoTests ?? 0);
    if ((rep.numFailedTestSuites ?? 0) > 0 && (rep.numFailedTests ?? 0) === 0) failed += rep.numFailedTestSuites;
  } else {
    console.error(`${run.name}: no report written`);
    failed += 1;
  }
}
fs.rmSync(dir, { recursive: true, force: true });
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(exit || (failed > 0 ? 1 : 0));
