import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, NoSuchKey } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
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
  readonly client: S3Client;

  constructor(private settings: S3Settings, private spoolDir: string) {
    fs.mkdirSync(spoolDir, { recursive: true });
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
    });
  }

  private keyOf(key: string) {
    assertSafeKey(key);
    return this.settings.prefix ? `${this.settings.prefix.replace(/\/+$/, '')}/${key}` : key;
  }

  async put(key: string, bytes: Uint8Array) {
    await this.client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(key), Body: bytes }));
  }

  async putFile(key: string, sourcePath: string) {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.settings.bucket, Key: this.keyOf(key), Body: fs.createReadStream(sourcePath) },
      // Parts of 8 MiB, two at a time: bounded memory whatever the file size.
      partSize: 8 * 1024 * 1024,
      queueSize: 2,
    });
    await upload.done();
    await fsp.rm(sourcePath, { force: true });
  }

  async read(key: string): Promise<Readable> {
    try {
      const r = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(key) }));
      if (!(r.Body instanceof Readable)) throw new Error('S3 answered without a body stream');
      return r.Body;
    } catch (e) {
      if (e instanceof NoSuchKey || (e as { name?: string }).name === 'NoSuchKey') {
        throw Object.assign(new Error(`No stored object ${key}`), { code: 'ENOENT' });
      }
      throw e;
    }
  }

  async remove(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(key) }));
  }

  tempDir() {
    return this.spoolDir;
  }

  close() {
    this.client.destroy();
  }
}

export function s3SpoolDir(dataDir: string) {
  return path.join(dataDir, 'spool');
}
