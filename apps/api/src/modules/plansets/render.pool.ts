import type { PlanSetResult, RenderStage } from '@sunstamp/planset/planset.render';
import { PlanSetError, type GenerationErrorKey } from '@sunstamp/planset/planset.errors';
import { ThreadPool } from '../../platform/thread-pool.ts';
import { startWorkerThread } from '../../platform/worker-thread.ts';

/*
 * Plan sets rendered in worker threads (issue 27, part 4): a render is ~0.8 s of CPU, and on the
 * event loop it held every request of the process for that long and kept a process to one core
 * whatever WORKER_CONCURRENCY said. With RENDER_THREADS > 0 (the default outside tests: one per
 * run worked at once) each render runs in a thread of a ThreadPool (platform/thread-pool.ts);
 * threads start on first use and stay for the next run. RENDER_THREADS=0 renders in process (the
 * API tests, where a thread per file would only add its start-up).
 */

type Failure = { key: GenerationErrorKey; detail: string } | { message: string };

let pool: ThreadPool<unknown, PlanSetResult> | null = null;
/** Renders completed by pools since replaced or closed (a pool of another size replaces the last). */
let retired = 0;

function poolOf(threads: number): ThreadPool<unknown, PlanSetResult> {
  if (pool && pool.size === threads) return pool;
  retired += pool?.completed ?? 0;
  void pool?.close();
  pool = new ThreadPool<unknown, PlanSetResult>({
    size: threads,
    maxQueue: 10_000,
    // The run's own limit (120 s) aborts between stages; past this the thread is ended and replaced.
    timeoutMs: 180_000,
    start: () => startWorkerThread(import.meta.url, { dist: './modules/plansets/render.worker.js', source: './render.worker.ts' }),
    errors: {
      closed: () => new Error('the render threads are closed'),
      busy: () => new Error('too many plan sets are waiting to render'),
      timeout: () => new PlanSetError('title_block_failed', 'generation stopped: the render thread passed its time limit'),
      crashed: (message) => new Error(`the render thread stopped: ${message}`),
      failed: (error) => {
        const f = error as Failure;
        return 'key' in f ? new PlanSetError(f.key, f.detail) : new Error(`the render thread failed: ${f.message}`);
      },
    },
  });
  return pool;
}

/** Renders a plan set in a worker thread; the same answer, stages and errors as renderPlanSet in process. */
export function renderInThread(input: unknown, threads: number, opts: { signal?: AbortSignal; onStage?: (stage: RenderStage) => void } = {}): Promise<PlanSetResult> {
  return poolOf(threads).run(input, { signal: opts.signal, onProgress: (stage) => opts.onStage?.(stage as RenderStage) });
}

/** Plan sets rendered in a thread so far (tests check that runs took this path). */
export function rendersInThreads(): number {
  return retired + (pool?.completed ?? 0);
}

/** Ends the threads (the context's close). */
export async function closeRenderThreads(): Promise<void> {
  const p = pool;
  pool = null;
  retired += p?.completed ?? 0;
  await p?.close();
}
