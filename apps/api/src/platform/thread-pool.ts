import type { Worker } from 'node:worker_threads';

/*
 * A small pool of worker threads for CPU-heavy work kept off the event loop (HEIC previews, plan-set
 * rendering): at most `size` tasks at once, a bounded queue, a time limit per task (a worker past it
 * is ended and replaced), a crashed worker replaced, and idle workers kept for the next task.
 *
 * The protocol with a worker: the pool posts { id, input } (and { id, abort: true } when the task's
 * signal aborts); the worker answers { id, progress } any number of times, then { id, ok: true, out }
 * or { id, ok: false, error }.
 */

export interface ThreadPoolOptions<TErr extends Error> {
  /** Tasks at once (worker threads). */
  size: number;
  /** Tasks waiting beyond the running ones; more are refused with `errors.busy`. */
  maxQueue: number;
  /** A task running longer than this is abandoned and its worker replaced. */
  timeoutMs: number;
  /** Starts one worker thread. */
  start: () => Worker;
  errors: {
    closed: () => TErr;
    busy: () => TErr;
    timeout: () => TErr;
    /** The worker failed or stopped (crash, out of memory). */
    crashed: (message: string) => TErr;
    /** The worker answered `{ ok: false, error }`. */
    failed: (error: unknown) => Error;
  };
}

export interface TaskOptions {
  /** Each `{ progress }` the worker posts for this task. */
  onProgress?: (progress: unknown) => void;
  /** Aborting posts `{ id, abort: true }` to the worker, which ends the task as it sees fit. */
  signal?: AbortSignal;
}

type Task<TIn, TOut> = { id: number; input: TIn; opts: TaskOptions; resolve: (out: TOut) => void; reject: (e: Error) => void; onAbort?: () => void };
type Slot<TIn, TOut> = { worker: Worker; task: Task<TIn, TOut> | null; timer: NodeJS.Timeout | null };
type Answer = { id: number; progress?: unknown; ok?: boolean; out?: unknown; error?: unknown };

export class ThreadPool<TIn, TOut, TErr extends Error = Error> {
  private slots: Slot<TIn, TOut>[] = [];
  private queue: Task<TIn, TOut>[] = [];
  private nextId = 1;
  private closed = false;
  /** Tasks finished in a worker thread (tests check that the work took this path). */
  completed = 0;

  constructor(readonly options: ThreadPoolOptions<TErr>) {}

  get size() { return this.options.size; }

  /** Tasks running and waiting. */
  get pending() {
    return this.queue.length + this.slots.filter((s) => s.task).length;
  }

  run(input: TIn, opts: TaskOptions = {}): Promise<TOut> {
    if (this.closed) return Promise.reject(this.options.errors.closed());
    if (this.queue.length >= this.options.maxQueue) return Promise.reject(this.options.errors.busy());
    return new Promise<TOut>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, input, opts, resolve, reject });
      this.pump();
    });
  }

  async close() {
    this.closed = true;
    for (const t of this.queue.splice(0)) t.reject(this.options.errors.closed());
    await Promise.all(this.slots.splice(0).map(async (s) => {
      const task = s.task;
      this.finish(s);
      task?.reject(this.options.errors.closed());
      await s.worker.terminate();
    }));
  }

  private pump() {
    while (this.queue.length) {
      let slot = this.slots.find((s) => !s.task);
      if (!slot && this.slots.length < this.options.size) slot = this.spawn();
      if (!slot) return;
      const task = this.queue.shift()!;
      const held = slot;
      held.task = task;
      held.timer = setTimeout(() => this.fail(held, this.options.errors.timeout()), this.options.timeoutMs);
      held.timer.unref();
      held.worker.postMessage({ id: task.id, input: task.input });
      if (task.opts.signal) {
        task.onAbort = () => held.worker.postMessage({ id: task.id, abort: true });
        if (task.opts.signal.aborted) task.onAbort();
        else task.opts.signal.addEventListener('abort', task.onAbort, { once: true });
      }
    }
  }

  private spawn(): Slot<TIn, TOut> {
    const worker = this.options.start();
    worker.unref();
    const slot: Slot<TIn, TOut> = { worker, task: null, timer: null };
    worker.on('message', (m: Answer) => {
      const task = slot.task;
      if (!task || task.id !== m.id) return;
      if ('progress' in m) {
        task.opts.onProgress?.(m.progress);
        return;
      }
      this.finish(slot);
      this.completed++;
      if (m.ok) task.resolve(m.out as TOut);
      else task.reject(this.options.errors.failed(m.error));
      this.pump();
    });
    worker.on('error', (e) => this.fail(slot, this.options.errors.crashed(e.message)));
    worker.on('exit', () => {
      if (this.slots.includes(slot)) this.fail(slot, this.options.errors.crashed('the worker stopped'));
    });
    this.slots.push(slot);
    return slot;
  }

  private finish(slot: Slot<TIn, TOut>) {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    const task = slot.task;
    if (task?.onAbort) task.opts.signal?.removeEventListener('abort', task.onAbort);
    slot.task = null;
  }

  /** Ends a slot's worker (stuck, crashed or out of memory), fails its task and carries on with a fresh one. */
  private fail(slot: Slot<TIn, TOut>, err: Error) {
    const task = slot.task;
    this.finish(slot);
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    void slot.worker.terminate().catch(() => {});
    task?.reject(err);
    if (!this.closed) this.pump();
  }
}
