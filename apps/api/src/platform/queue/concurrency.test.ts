import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { defaultRenderThreads, defaultWorkerConcurrency, MAX_WORKER_CONCURRENCY, RUN_MEMORY_BYTES } from './concurrency.ts';

const GB = 1024 ** 3;

describe('WORKER_CONCURRENCY', () => {
  it('defaults to one run per core', () => {
    expect(defaultWorkerConcurrency({ cpus: 2, memoryBytes: 8 * GB })).toBe(2);
    expect(defaultWorkerConcurrency({ cpus: 8, memoryBytes: 32 * GB })).toBe(8);
  });

  it('is bounded by memory: half of it, RUN_MEMORY_BYTES per run, and never below one', () => {
    expect(defaultWorkerConcurrency({ cpus: 8, memoryBytes: 4 * RUN_MEMORY_BYTES })).toBe(2);
    expect(defaultWorkerConcurrency({ cpus: 8, memoryBytes: 512 * 1024 * 1024 })).toBe(1);
    expect(defaultWorkerConcurrency({ cpus: 4, memoryBytes: RUN_MEMORY_BYTES })).toBe(1);
    expect(defaultWorkerConcurrency({ cpus: 1, memoryBytes: 64 * GB })).toBe(1);
    expect(defaultWorkerConcurrency({ cpus: 96, memoryBytes: 512 * GB })).toBe(MAX_WORKER_CONCURRENCY);
  });

  it('is read from the environment, and a bad value is refused', () => {
    expect(loadConfig({ WORKER_CONCURRENCY: '3' }).queue.concurrency).toBe(3);
    expect(loadConfig({}).queue.concurrency).toBe(defaultWorkerConcurrency());
    expect(() => loadConfig({ WORKER_CONCURRENCY: '0' })).toThrow(/WORKER_CONCURRENCY/);
    expect(() => loadConfig({ WORKER_CONCURRENCY: 'many' })).toThrow(/WORKER_CONCURRENCY/);
  });
});

describe('RENDER_THREADS', () => {
  it('defaults to one per run worked at once, leaving a core to the event loop, and at least one', () => {
    expect(defaultRenderThreads(2, { cpus: 2 })).toBe(1);
    expect(defaultRenderThreads(8, { cpus: 8 })).toBe(7);
    expect(defaultRenderThreads(2, { cpus: 8 })).toBe(2);
    expect(defaultRenderThreads(1, { cpus: 1 })).toBe(1);
  });

  it('is read from the environment (0 renders on the event loop), is 0 under NODE_ENV=test, and a bad value is refused', () => {
    expect(loadConfig({ RENDER_THREADS: '0' }).renderThreads).toBe(0);
    expect(loadConfig({ RENDER_THREADS: '3', NODE_ENV: 'test' }).renderThreads).toBe(3);
    expect(loadConfig({ NODE_ENV: 'test' }).renderThreads).toBe(0);
    expect(loadConfig({ WORKER_CONCURRENCY: '2' }).renderThreads).toBe(defaultRenderThreads(2));
    expect(() => loadConfig({ RENDER_THREADS: '-1' })).toThrow(/RENDER_THREADS/);
    expect(() => loadConfig({ RENDER_THREADS: 'lots' })).toThrow(/RENDER_THREADS/);
  });
});
