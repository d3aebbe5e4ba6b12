import { defineConfig } from 'vitest/config';
import { OrderSequencer } from '../scripts/test-order.ts';

// Browser tests: one server and one Chromium for the whole run (global setup builds what is missing,
// starts the API with the built web app on a free port and Chromium, and stops both at the end).
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('..', import.meta.url).pathname,
    include: ['e2e/**/*.spec.ts'],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two spec files at a time against the one server and the one Chromium (a fresh context each):
    // every file makes the data it reads, so files need not wait for each other. E2E_WORKERS=1 runs
    // them one after another.
    fileParallelism: true,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    pool: 'forks',
    // TEST_ORDER=reverse, or --sequence.shuffle (scripts/test-order.ts).
    sequence: { sequencer: OrderSequencer },
  },
});
