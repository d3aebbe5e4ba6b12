import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker thread from its own file: from the bundle (`dist`, beside the bundle's chunks, as
 * apps/api/build.mjs writes it) when the caller runs bundled, or from the TypeScript `source`
 * through tsx's ESM API when it runs from the sources (dev, tests). `here` is the caller's
 * import.meta.url; both paths are relative to it as it stands in its own tree.
 */
export function startWorkerThread(here: string, files: { dist: string; source: string }, options: WorkerOptions = {}): Worker {
  if (!here.endsWith('.ts')) return new Worker(new URL(files.dist, here), options);
  // tsx's ESM API (its .mjs beside the CommonJS one require resolves), then the TypeScript worker.
  const api = pathToFileURL(path.join(path.dirname(createRequire(here).resolve('tsx/esm/api')), 'index.mjs')).href;
  const source = `
    const { workerData } = require('node:worker_threads');
    import(workerData.api).then(({ register }) => { register(); return import(workerData.entry); });
  `;
  return new Worker(source, { ...options, eval: true, workerData: { ...(options.workerData ?? {}), api, entry: new URL(files.source, here).href } });
}
