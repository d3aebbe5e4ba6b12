import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, pgliteSharedBuffersMb } from './client.ts';

const MB = 1024 * 1024;

// PGlite's own, whatever the project's engine: it runs in the PGlite project only (not twice).
describe.runIf(process.env.SUNSTAMP_TEST_DB !== 'postgres')("PGlite's buffer cache, sized by its data", () => {
  it('is 1.5x the tables and indexes in 16 MB steps, between 32 and 128 MB', () => {
    expect(pgliteSharedBuffersMb(0)).toBe(32);
    expect(pgliteSharedBuffersMb(20 * MB)).toBe(32);
    expect(pgliteSharedBuffersMb(28 * MB)).toBe(48);
    expect(pgliteSharedBuffersMb(60 * MB)).toBe(96);
    expect(pgliteSharedBuffersMb(500 * MB)).toBe(128);
  });

  it('opens a directory with the size its data asks for, and keeps PGlite\'s own start parameters', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunstamp-buffers-'));
    try {
      const first = await openDatabase({ kind: 'pglite', dataDir: dir });
      // A new install: next to no data, the smallest cache.
      expect(await first.query('show shared_buffers')).toEqual([{ shared_buffers: '32MB' }]);
      // PGlite's defaults still hold (search_path=public among them).
      expect(await first.query('show search_path')).toEqual([{ search_path: 'public' }]);
      // ~40 MB of table: the next start has a larger cache.
      await first.exec(`create table filler as select g as id, repeat('x', 900) as pad from generate_series(1, 40000) g`);
      await first.close();
      const again = await openDatabase({ kind: 'pglite', dataDir: dir });
      const [{ shared_buffers }] = await again.query<{ shared_buffers: string }>('show shared_buffers') as [{ shared_buffers: string }];
      expect(Number.parseInt(shared_buffers, 10)).toBeGreaterThanOrEqual(64);
      await again.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
