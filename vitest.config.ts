import fs from 'node:fs';
import { defineConfig } from 'vitest/config';
import { OrderSequencer } from './scripts/test-order.ts';

// Projects: pure packages and the web's pure code run once; the API suite runs on PostgreSQL when
// TEST_DATABASE_URL is set and on PGlite (every file without PostgreSQL, the engine's own files
// with it; see below). Each file runs in its own database.
//
// The API projects start every file from a template database built once per run
// (apps/api/src/test/test-templates.setup.ts) and share one module graph per worker
// (`isolate: false`): no API test mocks a module, so re-importing the whole app for every file
// only cost time (~3 s of CPU a file). Each file still builds its own app, context and database.
const apiFiles = ['apps/api/src/**/*.test.ts'];

/*
 * With PostgreSQL at hand (TEST_DATABASE_URL, as .ci/run sets it), every API file runs on it, the
 * production engine, and PGlite runs the files where the embedded engine itself is under test: its
 * driver and data directory, start-up and migrations, the queue and crash recovery, LISTEN/NOTIFY
 * (events, messages, notifications), counters and limits that depend on how writes interleave,
 * error mapping (fuzz, bad inputs), statement counts, SQL-heavy rollups, and the demo that
 * `npm start` seeds on it. The browser tests run against a PGlite server too. PGlite costs about five
 * times PostgreSQL per file, and the rest of its runs only repeated the same SQL on the same
 * PostgreSQL code compiled to WASM. TEST_PGLITE=all runs every file on both; without
 * TEST_DATABASE_URL every file runs on PGlite. (docs/operations.md, "Test suite".)
 */
const api = 'apps/api/src';
const pgliteEngineFiles = [
  `${api}/app.test.ts`,
  `${api}/context.test.ts`,
  `${api}/db/**/*.test.ts`,
  `${api}/platform/queue/*.test.ts`,
  `${api}/platform/mailer.test.ts`,
  `${api}/modules/events/*.test.ts`,
  `${api}/modules/messages/*.test.ts`,
  `${api}/modules/notifications/*.test.ts`,
  `${api}/modules/plansets/cad-runs.crash.test.ts`,
  `${api}/modules/analytics/analytics.rollups.test.ts`,
  `${api}/modules/jobs/jobs.test.ts`,
  `${api}/modules/jobs/jobs.write-path.test.ts`,
  `${api}/modules/jobs/jobs.workflow.property.test.ts`,
  `${api}/modules/jobs/jobs.option-lists.test.ts`,
  `${api}/modules/requirements/requirement-files.test.ts`,
  `${api}/modules/jobs/demo-stamped-set.test.ts`,
  `${api}/test/hardening/durability.test.ts`,
  `${api}/test/hardening/lockout.test.ts`,
  `${api}/test/hardening/auth-hardening.test.ts`,
  `${api}/test/hardening/double-submit.test.ts`,
  `${api}/test/hardening/imports.test.ts`,
  `${api}/test/hardening/fuzz.test.ts`,
  `${api}/test/hardening/bad-inputs.test.ts`,
  // Issue 29's checks ask for items 1–5 on both engines: the lockout and imports above, and these.
  `${api}/test/hardening/multipart-shapes.test.ts`,
  `${api}/test/hardening/role-before-body.test.ts`,
  `${api}/modules/contact/contact.test.ts`,
];
// A file named here that no longer exists would silently leave PGlite's share untested (the demo's
// stamped-set test moved from deliverables to jobs and ran on PostgreSQL only): refuse to start.
for (const f of pgliteEngineFiles) {
  if (!f.includes('*') && !fs.existsSync(f)) throw new Error(`vitest.config.ts: ${f} is listed for PGlite but does not exist`);
}
const onBoth = !process.env.TEST_DATABASE_URL || process.env.TEST_PGLITE === 'all';
const apiProject = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: db === 'pglite' && !onBoth ? pgliteEngineFiles : apiFiles,
    environment: 'node',
    env: { SUNSTAMP_TEST_DB: db },
    globalSetup: ['apps/api/src/test/test-templates.setup.ts'],
    isolate: false,
    // No API test is about time (speed lives in bench/): the limits only catch a hang. A plan-set
    // run or a sealed letter on PGlite took 30–60 s at load 15–18 (letters, seal tests).
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
const projects: any[] = [
  {
    test: {
      name: 'packages',
      include: ['packages/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'apps/web/build/**/*.test.ts', 'scripts/**/*.test.ts'],
      environment: 'node',
      // One module graph per worker, as the API projects: each file used to import pdfkit, fontkit,
      // the engine and the renderer afresh. Nothing here mocks a module; the few stubs of globals
      // (fetch, XMLHttpRequest, EventSource, a sequencer's sort) are restored after each test.
      // The project alone: 154 s of CPU with isolation, 84 s without (docs/operations.md).
      isolate: false,
      // Rendering a plan set takes about a second; on a busy machine several times that. No test
      // here is about time (speed lives in bench/), so the limit only has to catch a hang.
      testTimeout: 30_000,
    },
  },
  // The web's component tests: screens in jsdom with Testing Library (apps/web/src/test/).
  { test: { name: 'web', include: ['apps/web/src/**/*.test.tsx'], environment: 'jsdom', setupFiles: ['apps/web/src/test/setup.ts'], isolate: false, testTimeout: 60_000 } },
  apiProject('api-pglite', 'pglite'),
];
if (process.env.TEST_DATABASE_URL) projects.push(apiProject('api-postgres', 'postgres'));

export default defineConfig({
  test: {
    projects,
    pool: 'forks',
    // Both cores: the default leaves one idle on this 2-core machine.
    maxWorkers: 2,
    // TEST_ORDER=reverse, or --sequence.shuffle (scripts/test-order.ts).
    sequence: { sequencer: OrderSequencer },
  },
});
