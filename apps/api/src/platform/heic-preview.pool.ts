import os from 'node:os';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { ThreadPool } from './thread-pool.ts';

/*
 * HEIC/HEIF previews are decoded by heic-convert (JS + wasm), which takes about 0.3 s of CPU for a
 * small photo and far more for a large one. On the event loop that stalled every other request
 * (measured: one upload of 20 small HEIC files took 6 s, three at once took other users' requests
 * from ~2 ms to ~243 ms). Here they are decoded in worker threads (platform/thread-pool.ts: at
 * most `size` decodes at once, a bounded queue, a time limit per decode, a worker past it ended and
 * replaced), with a size limit on the input and a memory limit per worker.
 *
 * The worker is given as source text (eval) so it runs the same from the TypeScript sources,
 * under tests and from the bundled dist/ build, without a second entry file to ship.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const convert = require(workerData.heicConvertPath);
parentPort.on('message', async ({ id, input }) => {
  if (input === undefined) return;
  try {
    const out = Buffer.from(await convert({ buffer: Buffer.from(input), format: 'JPEG', quality: 0.85 }));
    parentPort.postMessage({ id, ok: true, out });
  } catch (e) {
    parentPort.postMessage({ id, ok: false, error: String((e && e.message) || e).slice(0, 200) });
  }
});
`;

export type HeicPoolOptions = {
  /** Decodes at once (worker threads). Default: one fewer than the cores, at least 1, at most 2. */
  size?: number;
  /** Decodes waiting beyond the running ones; more are refused (the preview is retried later). */
  maxQueue?: number;
  /** Inputs larger than this get no preview. */
  maxInputBytes?: number;
  /** A decode running longer than this is abandoned and its worker replaced. */
  timeoutMs?: number;
};

export class HeicPreviewError extends Error {
  constructor(message: string, readonly reason: 'too_large' | 'busy' | 'timeout' | 'undecodable' | 'closed') {
    super(message);
  }
}

/** HEIC/HEIF decodes on a ThreadPool (platform/thread-pool.ts), with the input's size checked first. */
export class HeicPreviewPool {
  readonly maxQueue: number;
  readonly maxInputBytes: number;
  readonly timeoutMs: number;
  private readonly pool: ThreadPool<Buffer, Uint8Array, HeicPreviewError>;

  constructor(o: HeicPoolOptions = {}) {
    this.maxQueue = o.maxQueue ?? 500;
    this.maxInputBytes = o.maxInputBytes ?? 40 * 1024 * 1024;
    this.timeoutMs = o.timeoutMs ?? 60_000;
    const heicConvertPath = createRequire(import.meta.url).resolve('heic-convert');
    this.pool = new ThreadPool({
      size: o.size ?? Math.max(1, Math.min(2, os.availableParallelism() - 1)),
      maxQueue: this.maxQueue,
      timeoutMs: this.timeoutMs,
      // A hostile image must not take the process's memory with it.
      start: () => new Worker(WORKER_SOURCE, { eval: true, workerData: { heicConvertPath }, resourceLimits: { maxOldGenerationSizeMb: 512 } }),
      errors: {
        closed: () => new HeicPreviewError('The preview pool is closed.', 'closed'),
        busy: () => new HeicPreviewError('Too many previews are waiting.', 'busy'),
        timeout: () => new HeicPreviewError('The preview took too long.', 'timeout'),
        crashed: (message) => new HeicPreviewError(`The decoder failed: ${message}`, 'undecodable'),
        failed: (error) => new HeicPreviewError(`The image could not be decoded: ${String(error ?? 'unknown error')}`, 'undecodable'),
      },
    });
  }

  get size() { return this.pool.size; }

  /** Decodes at once and waiting. */
  get pending() { return this.pool.pending; }

  /** The JPEG preview of a HEIC/HEIF image, decoded in a worker thread. */
  async toJpeg(input: Buffer): Promise<Buffer> {
    if (input.length > this.maxInputBytes) throw new HeicPreviewError('The image is too large to preview.', 'too_large');
    const jpeg = await this.pool.run(input);
    return Buffer.from(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength);
  }

  close() { return this.pool.close(); }
}
