import type { CsvRecord } from '@sunstamp/domain/catalogue/csv.parser';
import { readCsvRecords } from '../../platform/csv-parse.pool.ts';
import type { z } from 'zod';

/*
 * Reads an AHJ or utility CSV into body objects for the same zod schemas the JSON routes use, so a
 * row is valid exactly when the same record posted as JSON would be. Headers are matched
 * case-insensitively ("Wind Speed MPH" = wind_speed_mph); an empty cell is "not known" (null).
 */

/** text: empty = null; note: empty = ''; list / listOf: separated by ; | or , (empty = none); oneOf/listOf match case-insensitively. */
export type CellKind = 'text' | 'note' | 'number' | 'list' | { oneOf: readonly string[] } | { listOf: readonly string[] };
export type LineError = { line: number; message: string };
export type ReadRow<T> = { line: number; body: T };

const headerKey = (h: string) => h.trim().toLowerCase().replace(/[\s-]+/g, '_');

function cellValue(raw: string, kind: CellKind, column: string): { value?: unknown; error?: string } {
  const v = raw.trim();
  if (kind === 'list' || (typeof kind === 'object' && 'listOf' in kind)) {
    const items = v === '' ? [] : v.split(/[;|,]/).map((s) => s.trim()).filter(Boolean);
    return { value: kind === 'list' ? items : items.map((i) => canonical(i, kind.listOf)) };
  }
  if (kind === 'note') return { value: v };
  if (v === '') return { value: null };
  if (kind === 'number') {
    const n = Number(v);
    return Number.isFinite(n) ? { value: n } : { error: `${column}: "${v}" is not a number.` };
  }
  if (kind === 'text') return { value: v };
  return { value: canonical(v, kind.oneOf) };
}

// Enumerations match case-insensitively and are stored in their canonical spelling.
const canonical = (v: string, options: readonly string[]) => options.find((o) => o.toLowerCase() === v.toLowerCase()) ?? v;

/** Rows validated between two turns of the event loop (a large import lets other requests in). */
const ROWS_PER_TURN = 500;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Names listed in an "Unknown columns" message; the rest are counted. */
const LISTED_UNKNOWN = 10;

export async function readDirectoryCsv<T>(
  text: string,
  columns: Record<string, CellKind>,
  required: readonly string[],
  schema: z.ZodType<T>,
): Promise<{ rows: ReadRow<T>[]; errors: LineError[]; present: string[] }> {
  const fail = (errors: LineError[]) => ({ rows: [], errors, present: [] });
  // Large files are parsed off the event loop; past the caps of columns or rows: 413.
  const read = await readCsvRecords(text);
  if ('error' in read) return fail([read.error]);
  const records: CsvRecord[] = read.records;
  if (records.length === 0) return fail([{ line: 1, message: `The file is empty; the first line names the columns (${required.join(', ')}, …).` }]);
  const header = records[0]!;
  const names = header.fields.map(headerKey);
  const unknown = names.filter((n) => !Object.hasOwn(columns, n));
  const present = new Set(names);
  const missing = required.filter((r) => !present.has(r));
  // One pass with a set: the check that compared every name with every other grew with the square.
  const seen = new Set<string>();
  const dup = names.find((n) => (seen.has(n) ? true : (seen.add(n), false)));
  const headErrors: string[] = [];
  if (unknown.length) {
    const listed = unknown.slice(0, LISTED_UNKNOWN).map((u) => `"${u.slice(0, 60)}"`).join(', ');
    const more = unknown.length > LISTED_UNKNOWN ? ` and ${unknown.length - LISTED_UNKNOWN} more` : '';
    headErrors.push(`Unknown column${unknown.length > 1 ? 's' : ''} ${listed}${more}; known: ${Object.keys(columns).join(', ')}.`);
  }
  if (missing.length) headErrors.push(`Missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}.`);
  if (dup !== undefined) headErrors.push(`Column ${dup.slice(0, 60)} appears twice.`);
  if (headErrors.length) return fail([{ line: header.line, message: headErrors.join(' ') }]);
  if (records.length === 1) return fail([{ line: header.line + 1, message: 'The file has no rows after the header.' }]);

  const rows: ReadRow<T>[] = [];
  const errors: LineError[] = [];
  for (let k = 1; k < records.length; k++) {
    if (k % ROWS_PER_TURN === 0) await nextTurn();
    const rec = records[k]!;
    if (rec.fields.length !== names.length) {
      errors.push({ line: rec.line, message: `Expected ${names.length} columns, found ${rec.fields.length}.` });
      continue;
    }
    const obj: Record<string, unknown> = {};
    const cellErrors: string[] = [];
    names.forEach((n, i) => {
      const { value, error } = cellValue(rec.fields[i]!, columns[n]!, n);
      if (error) cellErrors.push(error);
      // A required column left empty is reported by the schema as missing.
      else if (!(value === null && required.includes(n))) obj[n] = value;
    });
    if (cellErrors.length) {
      errors.push({ line: rec.line, message: cellErrors.join(' ') });
      continue;
    }
    const r = schema.safeParse(obj);
    if (!r.success) {
      errors.push({ line: rec.line, message: r.error.issues.map((i) => `${i.path.join('.') || 'row'}: ${i.message}`).join(' ') });
      continue;
    }
    rows.push({ line: rec.line, body: r.data });
  }
  // Row errors come back with the good rows, so the caller can add its own checks and report all at once.
  return { rows, errors, present: names };
}
