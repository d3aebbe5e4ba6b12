import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded and generated file bytes live. Keys are opaque, slash-separated paths made by
 * the server (never from a user's file name). The default is local disk under DATA_DIR/files.
 *
 * S3-compatible storage (s3-storage.ts) implements the same calls: put → PutObject, putFile → a
 * multipart upload streamed from the spooled file, read → GetObject's body stream, remove →
 * DeleteObject. createContext picks one from the configuration; reading a missing key rejects with
 * an error whose code is ENOENT in both.
 */
export interface Storage {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** Moves a finished temporary file into the store (uploads are spooled to disk first). */
  putFile(key: string, sourcePath: string): Promise<void>;
  read(key: string): Promise<Readable>;
  remove(key: string): Promise<void>;
  /** A directory for spooling uploads before they are checked. */
  tempDir(): string;
}

/** All the bytes of a stream (a stored object's body, a spooled file): the one copy of this loop (issue 28). */
export async function bytesOfStream(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export function assertSafeKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
}

export class LocalDiskStorage implements Storage {
  constructor(private root: string) {
    fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
  }

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, bytes: Uint8Array) {
    const p = this.pathOf(key);
    await fsp.mkdir(path.dirname(p), { recursive: true });
    await fsp.writeFile(p, bytes);
  }

  async putFile(key: string, sourcePath: string) {
    const p = this.pathOf(key);
    await fsp.mkdir(path.dirname(p), { recursive: true });
    try {
      await fsp.rename(sourcePath, p);
    } catch {
      // Another filesystem: copy, then remove the spool file.
      await fsp.copyFile(sourcePath, p);
      await fsp.rm(sourcePath, { force: true });
    }
  }

  async read(key: string) {
    const p = this.pathOf(key);
    await fsp.access(p);
    return fs.createReadStream(p);
  }

  async remove(key: string) {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  tempDir() {
    return path.join(this.root, '.tmp');
  }
}
