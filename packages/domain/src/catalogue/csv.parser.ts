/*
 * A small RFC 4180 CSV reader: quoted fields (with commas, doubled quotes and line breaks inside),
 * LF or CRLF. Hand-written because the domain package has no I/O dependencies and the SAM files
 * need only this; it records the line each record starts on so importers can report it.
 */

export interface CsvRecord {
  /** 1-based line number the record starts on. */
  line: number;
  fields: string[];
}

/**
 * What one import may hold. The largest real file (the CEC module list) has ~25 columns and ~21,000
 * rows; a header of 50,000 columns once held the event loop for tens of seconds. Past a cap the
 * reader stops at once (CsvLimitError), so a hostile file costs no more than a legal one.
 */
export const MAX_CSV_COLUMNS = 200;
export const MAX_CSV_ROWS = 100_000;
export type CsvLimits = { maxColumns: number; maxRows: number };

export function parseCsv(text: string, limits: CsvLimits = { maxColumns: MAX_CSV_COLUMNS, maxRows: MAX_CSV_ROWS }): CsvRecord[] {
  const out: CsvRecord[] = [];
  const n = text.length;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  while (i < n) {
    const start = line;
    const fields: string[] = [];
    for (;;) {
      let field: string;
      if (text.charCodeAt(i) === 34 /* " */) {
        let buf = '';
        let j = i + 1;
        for (;;) {
          const q = text.indexOf('"', j);
          if (q < 0) throw new CsvError(start, 'Unclosed quoted field.');
          buf += text.slice(j, q);
          for (let k = j; k < q; k++) if (text.charCodeAt(k) === 10) line++;
          if (text.charCodeAt(q + 1) === 34) { buf += '"'; j = q + 2; continue; }
          i = q + 1;
          break;
        }
        field = buf;
        // Anything between the closing quote and the delimiter is kept, as most readers do.
        const c = text.charCodeAt(i);
        if (i < n && c !== 44 && c !== 10 && c !== 13) {
          const end = nextDelimiter(text, i);
          field += text.slice(i, end);
          i = end;
        }
      } else {
        const end = nextDelimiter(text, i);
        field = text.slice(i, end);
        i = end;
      }
      fields.push(field);
      if (fields.length > limits.maxColumns) {
        throw new CsvLimitError(start, `The line has more than ${limits.maxColumns} columns; an import reads at most ${limits.maxColumns}.`, 'columns');
      }
      const c = text.charCodeAt(i);
      if (c === 44) { i++; continue; }
      if (c === 13) i++;
      if (text.charCodeAt(i) === 10) i++;
      line++;
      break;
    }
    // Blank lines carry no record.
    if (!(fields.length === 1 && fields[0] === '')) {
      if (out.length >= limits.maxRows) {
        throw new CsvLimitError(start, `The file has more than ${limits.maxRows} lines; import at most ${limits.maxRows} at a time.`, 'rows');
      }
      out.push({ line: start, fields });
    }
  }
  return out;
}

function nextDelimiter(text: string, from: number): number {
  for (let k = from; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c === 44 || c === 10 || c === 13) return k;
  }
  return text.length;
}

export class CsvError extends Error {
  /** The message without its "Line n: " prefix. */
  readonly detail: string;
  constructor(readonly line: number, message: string) {
    super(`Line ${line}: ${message}`);
    this.detail = message;
  }
}

/** A file past MAX_CSV_COLUMNS or MAX_CSV_ROWS: refused whole (413), not reported as a bad line. */
export class CsvLimitError extends CsvError {
  constructor(line: number, message: string, readonly limit: 'columns' | 'rows') {
    super(line, message);
  }
}
