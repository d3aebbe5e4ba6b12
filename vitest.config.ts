import { defineConfig } from 'vitest/config';
import { OrderSequencer } from './scripts/test-order.ts';

// Projects: pure packages and the web's pure code run once; the API suite runs on PGlite always
// and a second time on PostgreSQL when TEST_DATABASE_URL is set (each file in its own database).
//
// The API projects start every file from a template database built once per run
// (apps/api/src/test/test-templates.setup.ts) and share one module graph per worker
// (`isolate: false`): no API test mocks a module, so re-importing the whole app for every file
// only cost time (~3 s of CPU a file). Each file still builds its own app, context and database.
const apiFiles = ['apps/api/src/**/*.test.ts'];
const api = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: apiFiles,
    environment: 'node',
    env: { SUNSTAMP_TEST_DB: db },
    globalSetup: ['apps/api/src/test/test-templates.setup.ts'],
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
const projects: any[] = [
  {
    test: {
      name: 'packages',
      include: ['packages/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'scripts/**/*.test.ts'],
      environment: 'node',
      // Rendering a plan set takes about a second; on a busy machine several times that. No test
      // here is about time (speed lives in bench/), so the limit only has to catch a hang.
      testTimeout: 30_000,
    },
  },
  api('api-pglite', 'pglite'),
];
if (process.env.TEST_DATABASE_URL) projects.push(api('api-postgres', 'postgres'));

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
