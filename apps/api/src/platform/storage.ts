import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded and generated file bytes live. Keys are opaque, slash-separated paths made by
 * the server (never from a user's file name). The default is local disk under DATA_DIR/files.
 *
 * S3-compatible storage (DESIGN.md) implements the same four calls: put → PutObject (multipart
 * upload for large files), putFile → the same from a file stream, read → GetObject's body stream,
 * remove → DeleteObject. It is not written yet; nothing outside this file needs to change for it.
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

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export class LocalDiskStorage implements Storage {
  constructor(private root: string) {
    fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
  }

  private pathOf(key: string): string {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
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

export function createStorage(dataDir: string): Storage {
  return new LocalDiskStorage(path.join(dataDir, 'files'));
}
