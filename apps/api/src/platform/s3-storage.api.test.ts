import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../test/test-app.ts';
import { file, PDF, PNG, postMultipart } from '../test/upload-fixtures.ts';
import { S3Storage } from './s3-storage.ts';

/** The API on S3 storage (a real s3rver on loopback): uploads land in the bucket and download back. */
const S3rver = createRequire(import.meta.url)('s3rver') as new (o: object) => { run(): Promise<{ port: number }>; close(): Promise<void> };

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunstamp-s3api-'));
let server: InstanceType<typeof S3rver>;
let storage: S3Storage;
let t: TestApp;
beforeAll(async () => {
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: path.join(dir, 's3'), configureBuckets: [{ name: 'files' }] });
  const { port } = await server.run();
  storage = new S3Storage({
    bucket: 'files', endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1',
    accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true, prefix: '',
  }, path.join(dir, 'spool'));
  t = await createTestApp({ deps: { storage } });
}, 180_000);
afterAll(async () => {
  await t?.close();
  storage?.close();
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('job files on S3 storage', () => {
  it('stores uploads in the bucket and streams downloads from it', async () => {
    const token = await t.tokenOf(DEMO.acmeUser);
    const jobId = (await t.request('PUT', '/api/jobs', { token, body: { name: 'On S3' } })).data.id;
    const big = Buffer.concat([PDF, crypto.randomBytes(3 * 1024 * 1024)]);
    const res = await postMultipart(t, `/api/jobs/${jobId}/files`, [file('site.png', PNG), file('plan.pdf', big)], { as: DEMO.acmeUser });
    expect(res.statusCode, res.body).toBe(201);
    const keys = (await storage.client.send(new ListObjectsV2Command({ Bucket: 'files' }))).Contents?.map((c) => c.Key) ?? [];
    // Both files are objects in the bucket (a PNG is its own preview; HEIC would add a JPEG).
    expect(keys).toHaveLength(2);
    expect(keys.every((k) => /^[A-Za-z0-9._/-]+$/.test(k!))).toBe(true);
    const dl = await t.request('GET', `/api/files/${res.data[1].id}/download`, { token });
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.equals(big)).toBe(true);
    const pv = await t.request('GET', `/api/files/${res.data[0].id}/preview`, { token });
    expect(pv.statusCode).toBe(200);
    // Deleting the file removes its objects.
    expect((await t.request('DELETE', `/api/files/${res.data[1].id}`, { token })).statusCode).toBe(204);
    const after = (await storage.client.send(new ListObjectsV2Command({ Bucket: 'files' }))).Contents?.map((c) => c.Key) ?? [];
    expect(after.length).toBe(keys.length - 1);
    expect((await t.request('GET', `/api/files/${res.data[1].id}/download`, { token })).statusCode).toBe(404);
  });
});
