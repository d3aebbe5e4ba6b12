import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createStorage } from '../context.ts';
import { S3Storage } from './s3-storage.ts';
import { LocalDiskStorage, type Storage } from './storage.ts';

/**
 * One contract for every Storage: local disk, and S3 against a real S3-compatible server (s3rver)
 * started here on loopback. The same cases run on both.
 */
const S3rver = createRequire(import.meta.url)('s3rver') as new (o: object) => { run(): Promise<{ port: number }>; close(): Promise<void> };

async function collect(stream: Readable): Promise<{ bytes: Buffer; chunks: number }> {
  const parts: Buffer[] = [];
  for await (const c of stream) parts.push(Buffer.from(c as Uint8Array));
  return { bytes: Buffer.concat(parts), chunks: parts.length };
}

function contract(name: string, make: () => Storage) {
  describe(`Storage contract: ${name}`, () => {
    let storage: Storage;
    beforeAll(() => { storage = make(); });

    it('puts bytes and reads them back as a stream', async () => {
      await storage.put('jobs/a/one.txt', new TextEncoder().encode('hello, storage'));
      const r = await storage.read('jobs/a/one.txt');
      expect(r).toBeInstanceOf(Readable);
      expect((await collect(r)).bytes.toString()).toBe('hello, storage');
    });

    it('overwrites a key', async () => {
      await storage.put('jobs/a/two.txt', new Uint8Array([1, 2, 3]));
      await storage.put('jobs/a/two.txt', new Uint8Array([4, 5]));
      expect([...(await collect(await storage.read('jobs/a/two.txt'))).bytes]).toEqual([4, 5]);
    });

    it('moves a spooled file in (the spool file is gone) and streams a large one back in pieces', async () => {
      const spool = path.join(storage.tempDir(), `big-${crypto.randomBytes(4).toString('hex')}`);
      const big = crypto.randomBytes(20 * 1024 * 1024 + 123);
      fs.writeFileSync(spool, big);
      await storage.putFile('jobs/b/big.bin', spool);
      expect(fs.existsSync(spool)).toBe(false);
      const { bytes, chunks } = await collect(await storage.read('jobs/b/big.bin'));
      expect(bytes.length).toBe(big.length);
      expect(crypto.createHash('sha256').update(bytes).digest('hex')).toBe(crypto.createHash('sha256').update(big).digest('hex'));
      // Streamed, not handed over as one buffer.
      expect(chunks).toBeGreaterThan(10);
    });

    it('a missing key rejects with ENOENT; remove is idempotent', async () => {
      await expect(storage.read('jobs/none/here.txt')).rejects.toMatchObject({ code: 'ENOENT' });
      await storage.put('jobs/c/gone.txt', new Uint8Array([9]));
      await storage.remove('jobs/c/gone.txt');
      await expect(storage.read('jobs/c/gone.txt')).rejects.toMatchObject({ code: 'ENOENT' });
      await storage.remove('jobs/c/gone.txt');
    });

    it('refuses keys that could leave the store', async () => {
      for (const bad of ['../etc/passwd', '/abs', 'a/../../b', '', 'a//b', '.hidden']) {
        await expect(storage.put(bad, new Uint8Array([1])), bad).rejects.toThrow(/Unsafe storage key/);
      }
    });

    it('has a writable spool folder for uploads', () => {
      const f = path.join(storage.tempDir(), 'probe');
      fs.writeFileSync(f, 'x');
      fs.rmSync(f);
    });
  });
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunstamp-storage-'));
let server: InstanceType<typeof S3rver>;
let endpoint = '';
const opened: S3Storage[] = [];
beforeAll(async () => {
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(dir, 's3rver'),
    configureBuckets: [{ name: 'sunstamp-test' }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  for (const s of opened) s.close();
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

contract('local disk', () => new LocalDiskStorage(path.join(dir, 'disk')));
/** An S3 storage chosen from the S3_* variables, as in production; closed after the file. */
function openS3Storage(): S3Storage {
  const config = loadConfig({
    DATA_DIR: path.join(dir, 'data'),
    S3_BUCKET: 'sunstamp-test',
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_PREFIX: 'install-1',
  });
  const s = createStorage(config);
  expect(s).toBeInstanceOf(S3Storage);
  opened.push(s as S3Storage);
  return s as S3Storage;
}
contract('S3 (s3rver on loopback)', openS3Storage);

describe('storage choice', () => {
  it('is local disk without S3_BUCKET', () => {
    expect(createStorage(loadConfig({ DATA_DIR: path.join(dir, 'data2') }))).toBeInstanceOf(LocalDiskStorage);
  });
  it('keeps S3 objects under S3_PREFIX', async () => {
    // Its own storage: under --sequence.shuffle this test can run before the contract opened one.
    const s = openS3Storage();
    await s.put('jobs/p/x.txt', new Uint8Array([7]));
    expect(fs.existsSync(path.join(dir, 's3rver', 'sunstamp-test'))).toBe(true);
    const { ListObjectsV2Command } = await import('@aws-sdk/client-s3');
    const listed = await s.client.send(new ListObjectsV2Command({ Bucket: 'sunstamp-test', Prefix: 'install-1/jobs/p/' }));
    expect(listed.Contents?.map((c) => c.Key)).toEqual(['install-1/jobs/p/x.txt']);
  });
});
