import type { Worker } from 'node:worker_threads';
import { CsvError, CsvLimitError, parseCsv, type CsvRecord } from '@sunstamp/domain/catalogue/csv.parser';
import { AppError } from './errors.ts';
import { startWorkerThread } from './worker-thread.ts';

/*
 * CSV imports are read off the event loop once they are large: a text of OFF_LOOP_BYTES or more
 * is parsed in a worker thread (one per import, at most MAX_WORKERS at once, the rest wait), so
 * one import of a large file never stalls every other tenant's requests (issue 29: a 50,000-column
 * header held the loop 10–90 s). Small texts are parsed in place: a worker costs more than they do.
 *
 * The worker is csv-parse.worker.ts: from the sources (dev, tests) it is loaded through tsx; the
 * build bundles it as dist/platform/csv-parse.worker.js (apps/api/build.mjs).
 */
export const OFF_LOOP_BYTES = 256 * 1024;
const MAX_WORKERS = 2;
const TIMEOUT_MS = 60_000;

/** How many texts were parsed in a worker thread (tests check that large imports take that path). */
export const csvParseStats = { offLoop: 0 };

export type CsvRead = { records: CsvRecord[] } | { error: { line: number; message: string } };

/**
 * The records of an import's text. A syntax error comes back as the line to report (the import
 * lists it as a bad line, 400); a file past the caps of columns or rows is refused whole, 413.
 */
export async function readCsvRecords(text: string): Promise<CsvRead> {
  try {
    return { records: text.length >= OFF_LOOP_BYTES ? await parseInWorker(text) : parseCsv(text) };
  } catch (e) {
    if (e instanceof CsvLimitError) throw new AppError(413, `Line ${e.line}: ${e.detail}`, 'too_large');
    if (e instanceof CsvError) return { error: { line: e.line, message: e.detail } };
    throw e;
  }
}

let running = 0;
const waiting: (() => void)[] = [];

async function parseInWorker(text: string): Promise<CsvRecord[]> {
  if (running >= MAX_WORKERS) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    csvParseStats.offLoop++;
    return await runWorker(text);
  } finally {
    running--;
    waiting.shift()?.();
  }
}

type Answer = { ok: true; records: CsvRecord[] } | { ok: false; line: number; detail: string; limit: 'columns' | 'rows' | null; crashed?: boolean };

function runWorker(text: string): Promise<CsvRecord[]> {
  const worker = startWorker();
  return new Promise<CsvRecord[]>((resolve, reject) => {
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new AppError(503, 'Reading the file took too long. Try a smaller file.', 'timeout'));
    }, TIMEOUT_MS);
    const done = () => { clearTimeout(timer); void worker.terminate(); };
    worker.once('message', (a: Answer) => {
      done();
      if (a.ok) resolve(a.records);
      else if (a.limit) reject(new CsvLimitError(a.line, a.detail, a.limit));
      else if (a.crashed) reject(new Error(`CSV worker failed: ${a.detail}`));
      else reject(new CsvError(a.line, a.detail));
    });
    worker.once('error', (e) => { done(); reject(e); });
    worker.postMessage(text);
  });
}

/** The worker from the bundle (dist/platform/csv-parse.worker.js), or from the TypeScript source through tsx. */
function startWorker(): Worker {
  return startWorkerThread(import.meta.url, { dist: './platform/csv-parse.worker.js', source: './csv-parse.worker.ts' }, { resourceLimits: { maxOldGenerationSizeMb: 512 } });
}
