import { parentPort } from 'node:worker_threads';
import { CsvError, CsvLimitError, parseCsv } from '@sunstamp/domain/catalogue/csv.parser';

/*
 * The worker thread of csv-parse.pool.ts: reads one CSV text into records and answers
 * { ok, records } or the reader's error (line, message, which cap).
 */
parentPort!.on('message', (text: string) => {
  try {
    parentPort!.postMessage({ ok: true, records: parseCsv(text) });
  } catch (e) {
    if (e instanceof CsvError) {
      parentPort!.postMessage({ ok: false, line: e.line, detail: e.detail, limit: e instanceof CsvLimitError ? e.limit : null });
    } else {
      parentPort!.postMessage({ ok: false, line: 0, detail: String((e as Error)?.message ?? e).slice(0, 200), limit: null, crashed: true });
    }
  }
});
