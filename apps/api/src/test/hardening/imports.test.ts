// Issue 29, item 2: CSV imports. A hostile header (50,000 columns) or file
// (past the row cap) is a clear 4xx in the envelope and cheap to refuse; large imports are parsed
// off the event loop. Runs on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CSV_COLUMNS, MAX_CSV_ROWS } from '@sunstamp/domain/catalogue/csv.parser';
import { createTestApp, DEMO, type TestApp } from '../test-app.ts';
import { expectEnvelope, IMPORTS, sendRaw } from './raw-requests.ts';
import { multipart } from '../upload-fixtures.ts';
import { csvParseStats, OFF_LOOP_BYTES } from '../../platform/csv-parse.pool.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });

const send = (url: string, o: Parameters<typeof sendRaw>[2]) => sendRaw(t, url, o);

describe('CSV imports: caps, a linear header check, large files off the event loop (item 2)', () => {
  it.each(IMPORTS)('%s: a 50,000-column header is 413 in the envelope, as text/csv and as a multipart file', async (url) => {
    const header = Array.from({ length: 50_000 }, (_, i) => `c${i}`).join(',');
    const csv = `${header}\n${'1,'.repeat(49_999)}1\n`;
    const raw = await send(url, { contentType: 'text/csv', payload: csv });
    expectEnvelope(raw, 413);
    expect(JSON.parse(raw.body).message).toBe(`Line 1: The line has more than ${MAX_CSV_COLUMNS} columns; an import reads at most ${MAX_CSV_COLUMNS}.`);
    const form = multipart([{ name: 'file', filename: 'wide.csv', content: Buffer.from(csv), type: 'text/csv' }]);
    expectEnvelope(await send(url, { contentType: form.contentType, payload: form.payload }), 413);
  });

  it(`more than ${MAX_CSV_ROWS} lines is 413 (read in a worker thread)`, async () => {
    const before = csvParseStats.offLoop;
    const csv = `name,states,notes\n${'x,CO,\n'.repeat(MAX_CSV_ROWS)}`;
    expect(csv.length).toBeGreaterThanOrEqual(OFF_LOOP_BYTES);
    const res = await send('/api/utilities/import', { contentType: 'text/csv', payload: csv });
    expectEnvelope(res, 413);
    expect(JSON.parse(res.body).message).toMatch(new RegExp(`more than ${MAX_CSV_ROWS} lines`));
    expect(csvParseStats.offLoop).toBe(before + 1);
  });

  it(`${MAX_CSV_COLUMNS} unknown columns: 400 naming the first ten and counting the rest; a repeated column is named`, async () => {
    const header = ['name', 'state', 'jurisdiction_type', ...Array.from({ length: MAX_CSV_COLUMNS - 3 }, (_, i) => `extra${i}`)].join(',');
    const res = await send('/api/ahjs/import', { contentType: 'text/csv', payload: `${header}\n` });
    expectEnvelope(res, 400);
    expect(JSON.parse(res.body).args[0]).toMatch(/^Line 1: Unknown columns "extra0", .*"extra9" and 187 more; known: /);
    const dup = await send('/api/ahjs/import', { contentType: 'text/csv', payload: 'name,state,jurisdiction_type,state\nA,CO,City,CO\n' });
    expectEnvelope(dup, 400);
    expect(JSON.parse(dup.body).args[0]).toBe('Line 1: Column state appears twice.');
  });

  it('a large import is parsed in a worker thread and answers exactly as a small one', async () => {
    const before = csvParseStats.offLoop;
    const rows = Array.from({ length: 12_000 }, (_, i) => `Big Utility ${i},CO;WY,a note long enough to pad the file`);
    rows[7_000] = ',CO,no name';
    const res = await send('/api/utilities/import', { contentType: 'text/csv', payload: `name,states,notes\n${rows.join('\n')}\n` });
    expectEnvelope(res, 400);
    expect(JSON.parse(res.body)).toMatchObject({ message: 'The file has 1 bad line; nothing was imported.', args: [expect.stringMatching(/^Line 7002: name/)] });
    expect(csvParseStats.offLoop).toBe(before + 1);
  });

  it('an unclosed quote in a large file is a bad line, read off the loop like any other', async () => {
    const csv = `name,states,notes\n${'x,CO,\n'.repeat(60_000)}"unclosed,CO,\n`;
    const res = await send('/api/utilities/import', { contentType: 'text/csv', payload: csv });
    expectEnvelope(res, 400);
    expect(JSON.parse(res.body).args[0]).toMatch(/^Line 60002: Unclosed quoted field\.$/);
  });
});
