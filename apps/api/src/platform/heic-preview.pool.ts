import os from 'node:os';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/*
 * HEIC/HEIF previews are decoded by heic-convert (JS + wasm), which takes about 0.3 s of CPU for a
 * small photo and far more for a large one. On the event loop that stalled every other request
 * (measured: one upload of 20 small HEIC files took 6 s, three at once took other users' requests
 * from ~2 ms to ~243 ms). Here they are decoded in worker threads: a small pool (at most
 * `size` decodes at once), a bounded queue, a size limit on the input, a memory limit and a time
 * limit per decode (a worker past it is ended and replaced).
 *
 * The worker is given as source text (eval) so it runs the same from the TypeScript sources,
 * under tests and from the bundled dist/ build, without a second entry file to ship.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const convert = require(workerData.heicConvertPath);
parentPort.on('message', async ({ id, input }) => {
  try {
    const out = Buffer.from(await convert({ buffer: Buffer.from(input), format: 'JPEG', quality: 0.85 }));
    parentPort.postMessage({ id, ok: true, jpeg: out });
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

type Task = { id: number; input: Buffer; resolve: (b: Buffer) => void; reject: (e: Error) => void };
type Slot = { worker: Worker; task: Task | null; timer: NodeJS.Timeout | null };

export class HeicPreviewPool {
  readonly size: number;
  readonly maxQueue: number;
  readonly maxInputBytes: number;
  readonly timeoutMs: number;
  private slots: Slot[] = [];
  private queue: Task[] = [];
  private nextId = 1;
  private closed = false;
  private readonly heicConvertPath = createRequire(import.meta.url).resolve('heic-convert');

  constructor(o: HeicPoolOptions = {}) {
    this.size = o.size ?? Math.max(1, Math.min(2, os.availableParallelism() - 1));
    this.maxQueue = o.maxQueue ?? 500;
    this.maxInputBytes = o.maxInputBytes ?? 40 * 1024 * 1024;
    this.timeoutMs = o.timeoutMs ?? 60_000;
  }

  /** Decodes at once and waiting. */
  get pending() {
    return this.queue.length + this.slots.filter((s) => s.task).length;
  }

  /** The JPEG preview of a HEIC/HEIF image, decoded in a worker thread. */
  toJpeg(input: Buffer): Promise<Buffer> {
    if (this.closed) return Promise.reject(new HeicPreviewError('The preview pool is closed.', 'closed'));
    if (input.length > this.maxInputBytes) return Promise.reject(new HeicPreviewError('The image is too large to preview.', 'too_large'));
    if (this.queue.length >= this.maxQueue) return Promise.reject(new HeicPreviewError('Too many previews are waiting.', 'busy'));
    return new Promise<Buffer>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, input, resolve, reject });
      this.pump();
    });
  }

  async close() {
    this.closed = true;
    for (const t of this.queue.splice(0)) t.reject(new HeicPreviewError('The preview pool is closed.', 'closed'));
    await Promise.all(this.slots.splice(0).map(async (s) => {
      if (s.timer) clearTimeout(s.timer);
      s.task?.reject(new HeicPreviewError('The preview pool is closed.', 'closed'));
      await s.worker.terminate();
    }));
  }

  private pump() {
    while (this.queue.length) {
      let slot = this.slots.find((s) => !s.task);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const task = this.queue.shift()!;
      slot.task = task;
      slot.timer = setTimeout(() => this.fail(slot!, new HeicPreviewError('The preview took too long.', 'timeout')), this.timeoutMs);
      slot.timer.unref();
      slot.worker.postMessage({ id: task.id, input: task.input });
    }
  }

  private spawn(): Slot {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { heicConvertPath: this.heicConvertPath },
      // A hostile image must not take the process's memory with it.
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    });
    worker.unref();
    const slot: Slot = { worker, task: null, timer: null };
    worker.on('message', (m: { id: number; ok: boolean; jpeg?: Uint8Array; error?: string }) => {
      const task = slot.task;
      if (!task || task.id !== m.id) return;
      this.finish(slot);
      if (m.ok && m.jpeg) task.resolve(Buffer.from(m.jpeg.buffer, m.jpeg.byteOffset, m.jpeg.byteLength));
      else task.reject(new HeicPreviewError(`The image could not be decoded: ${m.error ?? 'unknown error'}`, 'undecodable'));
      this.pump();
    });
    worker.on('error', (e) => this.fail(slot, new HeicPreviewError(`The decoder failed: ${e.message}`, 'undecodable')));
    worker.on('exit', () => {
      if (this.slots.includes(slot)) this.fail(slot, new HeicPreviewError('The decoder stopped.', 'undecodable'));
    });
    this.slots.push(slot);
    return slot;
  }

  private finish(slot: Slot) {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.task = null;
  }

  /** Ends a slot's worker (stuck, crashed or out of memory), fails its task and carries on with a fresh one. */
  private fail(slot: Slot, err: HeicPreviewError) {
    const task = slot.task;
    this.finish(slot);
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    void slot.worker.terminate().catch(() => {});
    task?.reject(err);
    if (!this.closed) this.pump();
  }
}
