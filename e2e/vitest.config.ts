import { defineConfig } from 'vitest/config';
import { OrderSequencer } from '../scripts/test-order.ts';

// Browser tests: one server for the whole run (global setup builds what is missing, starts the
// API with the built web app on a free port, and stops it at the end).
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('..', import.meta.url).pathname,
    include: ['e2e/**/*.spec.ts'],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    pool: 'forks',
    // TEST_ORDER=reverse, or --sequence.shuffle (scripts/test-order.ts).
    sequence: { sequencer: OrderSequencer },
  },
});
