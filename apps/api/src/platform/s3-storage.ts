import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import type * as S3Lib from '@aws-sdk/lib-storage';
import { assertSafeKey, type Storage } from './storage.ts';

export type S3Settings = {
  bucket: string;
  /** For S3-compatible services (MinIO, R2, …); absent = AWS. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Bucket in the path (most S3-compatible servers) rather than the host name. */
  forcePathStyle: boolean;
  /** Prepended to every key, so one bucket can hold several installs. */
  prefix: string;
};

/**
 * The Storage interface on S3-compatible object storage. Uploads are still spooled to a local temp
 * folder first (they are sniffed and checked before they are kept), then streamed up, in parts
 * when large; reads stream the object's body, never buffering a whole file.
 */
export class S3Storage implements Storage {
  private loaded: S3.S3Client | null = null;
  private sdkLoad: Promise<{ s3: typeof S3; lib: typeof S3Lib; client: S3.S3Client }> | null = null;

  constructor(private settings: S3Settings, private spoolDir: string) {
    fs.mkdirSync(spoolDir, { recursive: true });
  }

  /**
   * The AWS SDK (client-s3, lib-storage and the smithy stack) is imported at the first storage
   * call, not when the process starts: it was a large part of every restart's module loading,
   * also for installs on local disk, since context.ts imports this file (issue 27).
   */
  private sdk() {
    this.sdkLoad ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(([s3, lib]) => {
      const { settings } = this;
      this.loaded = new s3.S3Client({
        region: settings.region,
        ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
        forcePathStyle: settings.forcePathStyle,
        ...(settings.accessKeyId && settings.secretAccessKey
          ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
          : {}),
      });
      return { s3, lib, client: this.loaded };
    });
    return this.sdkLoad;
  }

  /** The SDK client, once a storage call has loaded it (tests list the bucket with it). */
  get client(): S3.S3Client {
    if (!this.loaded) throw new Error('The S3 client is made at the first storage call');
    return this.loaded;
  }

  private keyOf(key: string) {
    assertSafeKey(key);
    return this.settings.prefix ? `${this.settings.prefix.replace(/\/+$/, '')}/${key}` : key;
  }

  async put(key: string, bytes: Uint8Array) {
    const { s3, client } = await this.sdk();
    await client.send(new s3.PutObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(key), Body: bytes }));
  }

  async putFile(key: string, sourcePath: string) {
    const { lib, client } = await this.sdk();
    const upload = new lib.Upload({
      client,
      params: { Bucket: this.settings.bucket, Key: this.keyOf(key), Body: fs.createReadStream(sourcePath) },
      // Parts of 8 MiB, two at a time: bounded memory whatever the file size.
      partSize: 8 * 1024 * 1024,
      queueSize: 2,
    });
    await upload.done();
    await fsp.rm(sourcePath, { force: true });
  }

  async read(key: string): Promise<Readable> {
    const { s3, client } = await this.sdk();
    try {
      const r = await client.send(new s3.GetObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(key) }));
      if (!(r.Body instanceof Readable)) throw new Error('S3 answered without a body stream');
      return r.Body;
    } catch (e) {
      if (e instanceof s3.NoSuchKey || (e as { name?: string }).name === 'NoSuchKey') {
        throw Object.assign(new Error(`No stored object ${key}`), { code: 'ENOENT' });
      }
      throw e;
    }
  }

  async remove(key: string) {
    const { s3, client } = await this.sdk();
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(key) }));
  }

  tempDir() {
    return this.spoolDir;
  }

  close() {
    this.loaded?.destroy();
  }
}

export function s3SpoolDir(dataDir: string) {
  return path.join(dataDir, 'spool');
}
