import { describe, expect, it } from 'vitest';
import { autoBranchesOf, autoStringsOf, electricalDesignProblems, splitEven } from './electrical-design.rules.ts';

const mod = (id: string) => ({ id, planeId: 'R1', x: 0, y: 0, orientation: 'portrait' as const });
const modules = ['a', 'b', 'c', 'd', 'e'].map(mod);

describe('the run\'s own stringing', () => {
  it.each([
    [12, 10, [6, 6]], [13, 10, [7, 6]], [10, 10, [10]], [1, 10, [1]], [0, 10, []], [5, 0, []], [25, 11, [9, 8, 8]],
  ])('splits %i modules into strings of at most %i: %j', (total, max, want) => {
    expect(splitEven(total, max)).toEqual(want);
  });

  it('strings each array on its own, numbered across the arrays', () => {
    const s = autoStringsOf([{ moduleIds: ['a', 'b', 'c'] }, { moduleIds: ['d', 'e'] }], 2);
    expect(s).toEqual([{ id: 'S1', moduleIds: ['a', 'b'] }, { id: 'S2', moduleIds: ['c'] }, { id: 'S3', moduleIds: ['d', 'e'] }]);
  });

  it('puts micro-inverter units on branches, two modules a unit for dual micro-inverters', () => {
    expect(autoBranchesOf(['a', 'b', 'c', 'd', 'e'], 1, 3)).toEqual([{ id: 'B1', moduleIds: ['a', 'b', 'c'] }, { id: 'B2', moduleIds: ['d', 'e'] }]);
    expect(autoBranchesOf(['a', 'b', 'c', 'd', 'e'], 2, 2)).toEqual([{ id: 'B1', moduleIds: ['a', 'b', 'c', 'd'] }, { id: 'B2', moduleIds: ['e'] }]);
  });
});

describe('what holds an electrical design together', () => {
  const strings = (...s: string[][]) => ({ modules, branchCircuits: [], strings: s.map((ids, i) => ({ id: `S${i + 1}`, moduleIds: ids })) });

  it('accepts every module in one string, and no strings at all', () => {
    expect(electricalDesignProblems(strings(['a', 'b'], ['c', 'd', 'e']), { complete: true })).toEqual([]);
    expect(electricalDesignProblems({ modules, strings: [], branchCircuits: [] }, { complete: true })).toEqual([]);
  });

  it('names a module in two strings, twice in one, or not placed', () => {
    expect(electricalDesignProblems(strings(['a', 'b'], ['b', 'c']), { complete: false })).toEqual([
      { path: 'model.strings.1.moduleIds.0', message: 'Module b is in the strings S1 and S2: a module belongs to one string.' },
    ]);
    expect(electricalDesignProblems(strings(['a', 'a']), { complete: false })[0]!.message).toBe('Module a is twice in the string S1.');
    expect(electricalDesignProblems(strings(['z']), { complete: false })).toEqual([
      { path: 'model.strings.0.moduleIds.0', message: 'The string S1 names module z, which is not placed.' },
    ]);
  });

  it('leaves modules unstrung while designing, not in a save', () => {
    expect(electricalDesignProblems(strings(['a', 'b']), { complete: false })).toEqual([]);
    expect(electricalDesignProblems(strings(['a', 'b']), { complete: true })).toEqual([
      { path: 'model.strings', message: '3 placed modules are in no string (c, d, e): assign every module to a string.' },
    ]);
  });

  it('refuses empty strings, a name used twice, and strings with branch circuits', () => {
    const p = electricalDesignProblems({ modules, strings: [{ id: 'S1', moduleIds: [] }, { id: 'S1', moduleIds: ['a'] }], branchCircuits: [{ id: 'B1', moduleIds: ['b'] }] }, { complete: false });
    expect(p.map((x) => x.message)).toEqual([
      'A design has strings or branch circuits, not both.',
      'The string S1 has no modules: remove it or assign modules to it.',
      'Two strings are called S1.',
    ]);
    const b = electricalDesignProblems({ modules, strings: [], branchCircuits: [{ id: 'B1', moduleIds: ['a'] }] }, { complete: true });
    expect(b).toEqual([{ path: 'model.branchCircuits', message: '4 placed modules are in no branch circuit (b, c, d, e): assign every module to a branch circuit.' }]);
  });
});
