// HEIC previews are decoded on worker threads, with limits, never on the request path.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from '../../platform/storage.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { postMultipart, type Part } from '../../test/upload-fixtures.ts';
import { HeicPreviewError, HeicPreviewPool } from '../../platform/heic-preview.pool.ts';
import { HeicPreviews } from '../../platform/heic-previews.ts';

const HEIC = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'tiny.heic'));
const isJpeg = (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

describe('HeicPreviewPool', () => {
  it('decodes on worker threads, at most `size` at once, the event loop free meanwhile', async () => {
    const pool = new HeicPreviewPool({ size: 1, maxQueue: 50 });
    // The event loop's turns while the decodes run: a decode on the loop would hold it for its
    // whole ~0.3 s, one after another; in threads the loop keeps turning. No timing is asserted
    // (speed lives in bench/): the decoder is never loaded on this thread, and the loop turns.
    let turns = 0;
    let running = true;
    const spin = () => { turns++; if (running) setImmediate(spin); };
    setImmediate(spin);
    try {
      const jobs = Array.from({ length: 6 }, () => pool.toJpeg(HEIC));
      expect(pool.pending).toBe(6);
      const out = await Promise.all(jobs);
      expect(out.every(isJpeg)).toBe(true);
    } finally {
      running = false;
      await pool.close();
    }
    const decoder = createRequire(import.meta.url).resolve('heic-convert');
    expect(createRequire(import.meta.url).cache[decoder], 'heic-convert was loaded on the main thread').toBeUndefined();
    expect(turns).toBeGreaterThan(6);
  });

  it('refuses an input over the size limit, a full queue, and reports an undecodable image', async () => {
    const pool = new HeicPreviewPool({ size: 1, maxQueue: 1, maxInputBytes: HEIC.length });
    try {
      await expect(pool.toJpeg(Buffer.concat([HEIC, Buffer.alloc(1)]))).rejects.toMatchObject({ reason: 'too_large' });
      const running = pool.toJpeg(HEIC);
      const queued = pool.toJpeg(HEIC);
      await expect(pool.toJpeg(HEIC)).rejects.toMatchObject({ reason: 'busy' });
      await Promise.all([running, queued]);
      const broken = Buffer.from(HEIC);
      broken.fill(7, 64);
      await expect(pool.toJpeg(broken)).rejects.toBeInstanceOf(HeicPreviewError);
      // The pool carries on after a failure.
      expect(isJpeg(await pool.toJpeg(HEIC))).toBe(true);
    } finally {
      await pool.close();
    }
  });

  it('ends a decode past its time limit and replaces the worker', async () => {
    const pool = new HeicPreviewPool({ size: 1, timeoutMs: 1 });
    try {
      await expect(pool.toJpeg(HEIC)).rejects.toMatchObject({ reason: 'timeout' });
    } finally {
      await pool.close();
    }
  });
});

describe('HeicPreviews: placeholder until ready', () => {
  it('serves pending, then the JPEG; an undecodable file stays a "no preview" placeholder', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heic-previews-'));
    const storage = new LocalDiskStorage(dir);
    const previews = new HeicPreviews(storage, { size: 1 });
    try {
      await storage.put('a.heic', HEIC);
      const first = await previews.open('a.heic', 'a.heic.preview.jpg');
      expect(first.state).toBe('pending');
      await previews.settle();
      const ready = await previews.open('a.heic', 'a.heic.preview.jpg');
      expect(ready.state).toBe('ready');

      await storage.put('b.heic', Buffer.from('ftypheic not really an image'));
      expect((await previews.open('b.heic', 'b.heic.preview.jpg')).state).toBe('pending');
      await previews.settle();
      expect((await previews.open('b.heic', 'b.heic.preview.jpg')).state).toBe('unavailable');
    } finally {
      await previews.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('an upload of 20 HEIC files answers without decoding them', () => {
  let t: TestApp;
  let jobId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const created = await t.request('PUT', '/api/jobs', { token: await t.tokenOf(DEMO.acmeUser), body: { name: 'Heic burst' } });
    jobId = created.data.id;
  });
  afterAll(async () => { await t?.close(); });

  it('stores all 20, their previews pending at first and all JPEG later', async () => {
    expect(jobId, 'a job to upload to').toBeTruthy();
    const parts: Part[] = Array.from({ length: 20 }, (_, i) => ({ name: 'files', filename: `roof-${i}.heic`, content: HEIC }));
    const res = await postMultipart(t, `/api/jobs/${jobId}/files`, parts, { as: DEMO.acmeUser });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.data).toHaveLength(20);
    const token = await t.tokenOf(DEMO.acmeUser);
    const preview = (id: string) => t.app.inject({ method: 'GET', url: `/api/files/${id}/preview`, headers: { authorization: `Bearer ${token}` } });
    // The last one cannot be ready yet: one decode takes longer than the request took after the upload.
    expect((await preview(res.data[19].id)).headers['x-preview-status']).toBe('pending');
    for (const f of res.data as { id: string }[]) {
      let pv = await preview(f.id);
      for (let i = 0; i < 600 && pv.headers['x-preview-status'] === 'pending'; i++) {
        await new Promise((r) => setTimeout(r, 50));
        pv = await preview(f.id);
      }
      expect(pv.headers['x-preview-status']).toBe('ready');
      expect(isJpeg(pv.rawPayload)).toBe(true);
    }
  }, 120_000);
});
