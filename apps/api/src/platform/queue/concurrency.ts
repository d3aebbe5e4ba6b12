import os from 'node:os';

/**
 * How many plan-set and letter runs one process works at once (WORKER_CONCURRENCY; issue 27). A run
 * is ~0.5 s of rendering on the event loop plus ~0.3–0.5 s of waiting (queue pick-up, storage
 * writes, two transactions, events), so a second run overlaps the first's waiting even on one
 * core. By default one per core, and no more than the memory allows: a run holds up to
 * RUN_MEMORY_BYTES (the 20-runs bench's peak RSS growth was ~190 MB for a whole burst; one run's
 * PDF, DXF, previews and cut sheets are tens of MB), and half the memory is left to the rest of
 * the process and the machine.
 */
export const RUN_MEMORY_BYTES = 256 * 1024 * 1024;
export const MAX_WORKER_CONCURRENCY = 16;

export function defaultWorkerConcurrency(machine: { cpus: number; memoryBytes: number } = currentMachine()): number {
  const byMemory = Math.floor(machine.memoryBytes / 2 / RUN_MEMORY_BYTES);
  return Math.max(1, Math.min(machine.cpus, byMemory, MAX_WORKER_CONCURRENCY));
}

/**
 * Plan sets rendered in worker threads at once by default (RENDER_THREADS; modules/plansets/
 * render.pool.ts): one per run worked at once, leaving a core to the event loop (which still does
 * the run's layout, calculation and storage): on 2 cores, one thread. Measured on this machine
 * (bench/README.md, "Generation throughput"): 20 runs at once on PostgreSQL took 14.3 s on the event
 * loop, 10.7 s with one render thread and 12.7 s with two; each thread holds ~250–300 MB.
 */
export function defaultRenderThreads(concurrency: number, machine: { cpus: number } = currentMachine()): number {
  return Math.max(1, Math.min(concurrency, machine.cpus - 1));
}

/** The cores this process may use and its memory: the container's limit when there is one (cgroup), else the machine's. */
function currentMachine() {
  const constrained = typeof process.constrainedMemory === 'function' ? process.constrainedMemory() : 0;
  const total = os.totalmem();
  return {
    cpus: typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length,
    memoryBytes: constrained && constrained > 0 && constrained < total ? constrained : total,
  };
}
