import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textParam, type Database } from './client.ts';
import { openTestPglite } from '../test/test-database.ts';

describe('textParam: parameters in PostgreSQL text input form', () => {
  it.each([
    [null, null],
    [undefined, null],
    [42, '42'],
    [true, 'true'],
    ['plain', 'plain'],
    [new Date('2026-11-21T10:00:00.123Z'), '2026-11-21T10:00:00.123Z'],
    [['a', 'b'], '{"a","b"}'],
    [['say "hi"', 'back\\slash', null], '{"say \\"hi\\"","back\\\\slash",NULL}'],
    [[], '{}'],
    [{ a: 1 }, '{"a":1}'],
  ])('%j → %j', (v, want) => {
    expect(textParam(v)).toBe(want);
  });
});

// The named (prepared) path of queryArrays on PGlite, which bypasses PGlite's query(). It opens
// PGlite whatever the project's engine, so it runs in the PGlite project only (not twice).
describe.runIf(process.env.SUNSTAMP_TEST_DB !== 'postgres')('queryArrays on PGlite', () => {
  let database: Database;
  beforeAll(async () => { database = await openTestPglite(); }, 120_000);
  afterAll(async () => { await database.close(); });

  it('reads the same rows prepared as unprepared, and again once prepared', async () => {
    const q = { text: "select x, $1::text[] @> array[x], $2::timestamptz from unnest(array['a','b\"c','d\\e']) x order by x", values: [['a', 'b"c', 'd\\e'], new Date('2026-01-02T03:04:05.678Z')] };
    const plain = await database.queryArrays(q);
    expect(plain.map((r) => r[0])).toEqual(['a', 'b"c', 'd\\e']);
    expect(plain.every((r) => r[1] === true)).toBe(true);
    for (let i = 0; i < 2; i++) {
      const named = await database.queryArrays({ ...q, name: 'client_test_1' });
      expect(named.map((r) => r[0])).toEqual(['a', 'b"c', 'd\\e']);
      expect(named.map((r) => r[1])).toEqual(['t', 't', 't']);
      expect(new Date(String(named[0]![2]).replace(' ', 'T').replace(/\+00$/, 'Z')).toISOString()).toBe('2026-01-02T03:04:05.678Z');
    }
  });

  it('reports a bad statement and stays usable', async () => {
    await expect(database.queryArrays({ name: 'client_test_bad', text: 'select nope from nowhere', values: [] })).rejects.toThrow(/nowhere/);
    expect(await database.queryArrays({ name: 'client_test_2', text: 'select $1::int + 1', values: [41] })).toEqual([['42']]);
  });

  it('forgets a statement whose first run failed at bind: the next good call works', async () => {
    const q = { name: 'client_test_poison', text: 'select $1::timestamptz < now()', values: ['0000-01-01'] as unknown[] };
    // Year 0 parses as SQL but fails when the value is bound: the statement was parsed first.
    await expect(database.queryArrays(q)).rejects.toThrow();
    for (let i = 0; i < 3; i++) {
      expect(await database.queryArrays({ ...q, values: ['2026-01-01T00:00:00Z'] })).toEqual([['t']]);
    }
    // Once prepared, a bad value fails alone and the statement stays usable.
    await expect(database.queryArrays(q)).rejects.toThrow();
    expect(await database.queryArrays({ ...q, values: ['2026-01-01T00:00:00Z'] })).toEqual([['t']]);
  });

  it('never runs inside another caller\'s open transaction', async () => {
    await database.query('create table client_tx_probe (n int)');
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    const tx = database.db.transaction(async (t) => {
      await t.execute('insert into client_tx_probe values (1)' as never);
      await held;
      throw new Error('roll back');
    }).catch(() => 'rolled back');
    await new Promise((r) => setTimeout(r, 20));
    const read = database.queryArrays({ name: 'client_test_3', text: 'select count(*) from client_tx_probe', values: [] });
    release();
    expect(await tx).toBe('rolled back');
    expect(await read).toEqual([['0']]);
  });
});
