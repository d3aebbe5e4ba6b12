import { describe, expect, it } from 'vitest';
import type { DesignModel } from '@sunstamp/domain/design/design-model.schema';
import { electricalDesignProblems } from '@sunstamp/domain/design/electrical-design.rules';
import {
  CIRCUIT_COLORS, applyAutoAssignment, assignModules, circuitIndexByModule, colorOfCircuit, nextCircuitId, pickModule, strungCount, unassignModules,
} from './design-strings.rules.ts';
import { removeModule } from './design-editor.rules.ts';

const mod = (id: string) => ({ id, planeId: 'R1', x: 0, y: 0, orientation: 'portrait' as const });
const model = (strings: [string, string[]][] = []): DesignModel => ({
  revision: 0,
  site: { property: [{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 1, y: 1 }], building: [{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 1, y: 1 }], street: { from: { x: 0, y: 0 }, to: { x: 1, y: 0 }, name: 'St' } },
  roofPlanes: [],
  modules: ['a', 'b', 'c', 'd', 'e', 'f'].map(mod),
  attachments: [], equipment: [], runs: [], obstructions: [], branchCircuits: [],
  strings: strings.map(([id, moduleIds]) => ({ id, moduleIds })),
});
const ids = (m: DesignModel) => m.strings.map((s) => [s.id, s.moduleIds]);

describe('assigning modules to strings', () => {
  it('starts a new string with the picked modules, named with the first free number', () => {
    const m = assignModules(model([['S1', ['a']], ['S3', ['b']]]), 'strings', ['c', 'd'], 'new');
    expect(ids(m)).toEqual([['S1', ['a']], ['S3', ['b']], ['S2', ['c', 'd']]]);
    expect(nextCircuitId(m.strings, 'strings')).toBe('S4');
    expect(nextCircuitId([], 'branch_circuits')).toBe('B1');
  });

  it('moves modules from the string they were in to the one chosen; a string left empty goes', () => {
    const m = assignModules(model([['S1', ['a', 'b']], ['S2', ['c']]]), 'strings', ['c', 'a'], 'S1');
    expect(ids(m)).toEqual([['S1', ['b', 'c', 'a']]]);
    // Every module stays in one string: what the API checks on save.
    expect(electricalDesignProblems(m, { complete: false })).toEqual([]);
  });

  it('ignores modules that are not placed and picks named twice; nothing picked changes nothing', () => {
    const before = model([['S1', ['a']]]);
    expect(ids(assignModules(before, 'strings', ['b', 'b', 'zz'], 'S1'))).toEqual([['S1', ['a', 'b']]]);
    expect(assignModules(before, 'strings', [], 'new')).toBe(before);
    expect(assignModules(before, 'strings', ['zz'], 'new')).toBe(before);
  });

  it('takes modules out of their strings', () => {
    expect(ids(unassignModules(model([['S1', ['a', 'b']], ['S2', ['c']]]), 'strings', ['b', 'c']))).toEqual([['S1', ['a']]]);
  });

  it('a removed module leaves its string, and an emptied string goes with it', () => {
    expect(ids(removeModule(model([['S1', ['a', 'b']], ['S2', ['c']]]), 'c'))).toEqual([['S1', ['a', 'b']]]);
  });

  it('branch circuits work the same way, on their own list', () => {
    const m = assignModules(model(), 'branch_circuits', ['a', 'b'], 'new');
    expect(m.branchCircuits).toEqual([{ id: 'B1', moduleIds: ['a', 'b'] }]);
    expect(m.strings).toEqual([]);
    expect(strungCount(m, 'branch_circuits')).toBe(2);
  });

  it('auto-assign replaces the strings with the run\'s own, of modules still placed', () => {
    const m = applyAutoAssignment(model([['S1', ['a']]]), 'strings', [{ id: 'S1', moduleIds: ['a', 'b', 'c'] }, { id: 'S2', moduleIds: ['d', 'e', 'f', 'gone'] }]);
    expect(ids(m)).toEqual([['S1', ['a', 'b', 'c']], ['S2', ['d', 'e', 'f']]]);
    expect(strungCount(m, 'strings')).toBe(6);
  });
});

describe('picking modules', () => {
  it('a click picks one module; clicking it again alone drops it; shift adds or takes out', () => {
    expect(pickModule([], 'a', false)).toEqual(['a']);
    expect(pickModule(['a'], 'a', false)).toEqual([]);
    expect(pickModule(['a', 'b'], 'a', false)).toEqual(['a']);
    expect(pickModule(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(pickModule(['a', 'b'], 'a', true)).toEqual(['b']);
  });

  it('colours strings apart, repeating after the palette', () => {
    expect(new Set(CIRCUIT_COLORS).size).toBe(CIRCUIT_COLORS.length);
    expect(colorOfCircuit(CIRCUIT_COLORS.length)).toBe(colorOfCircuit(0));
    expect([...circuitIndexByModule([{ id: 'S1', moduleIds: ['a'] }, { id: 'S2', moduleIds: ['b', 'c'] }]).entries()]).toEqual([['a', 0], ['b', 1], ['c', 1]]);
  });
});
