import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildPgliteImages, buildPostgresTemplates } from './test-database.ts';

/*
 * Global setup of the API test projects: the migrated and seeded template databases every test file
 * copies (test-database.ts), built once per run: PGlite images in a temporary folder for api-pglite,
 * template databases on the TEST_DATABASE_URL server for api-postgres. Worker processes find them
 * through environment variables set here, and the teardown removes them.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env?.SUNSTAMP_TEST_DB === 'postgres') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('SUNSTAMP_TEST_DB=postgres needs TEST_DATABASE_URL');
    return buildPostgresTemplates(base);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunstamp-test-images-'));
  await buildPgliteImages(dir);
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}
