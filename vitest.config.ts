import { defineConfig } from 'vitest/config';

// Projects: pure packages and the web's pure code run once; the API suite runs on PGlite always
// and a second time on PostgreSQL when TEST_DATABASE_URL is set (each file in its own database).
const apiFiles = ['apps/api/src/**/*.test.ts'];
const projects: any[] = [
  {
    test: {
      name: 'packages',
      include: ['packages/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'scripts/**/*.test.ts'],
      environment: 'node',
    },
  },
  {
    test: {
      name: 'api-pglite',
      include: apiFiles,
      environment: 'node',
      env: { SUNSTAMP_TEST_DB: 'pglite' },
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  },
];
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    test: {
      name: 'api-postgres',
      include: apiFiles,
      environment: 'node',
      env: { SUNSTAMP_TEST_DB: 'postgres' },
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  });
}

export default defineConfig({
  test: {
    projects,
    pool: 'forks',
  },
});
