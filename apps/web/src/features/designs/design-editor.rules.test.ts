import { describe, expect, it } from 'vitest';
import type { DesignModel } from '@sunstamp/domain/design/design-model.schema';
import { addModule, commit, designSubtitle, historyOf, nudge, redo, removeSelected, sameLayout, snap, stepFrom, undo, viewBoxOf } from './design-editor.rules.ts';

const model: DesignModel = {
  revision: 0,
  site: {
    property: [{ x: -10, y: -10 }, { x: 50, y: -10 }, { x: 50, y: 40 }],
    building: [{ x: 0, y: 0 }, { x: 40, y: 0 }, { x: 40, y: 30 }],
    street: { from: { x: -10, y: -15 }, to: { x: 50, y: -15 }, name: 'Oak St' },
  },
  roofPlanes: [{
    id: 'R1', name: 'Roof 1', polygon: [{ x: 0, y: 0 }, { x: 40, y: 0 }, { x: 40, y: 15 }, { x: 0, y: 15 }], edges: ['eave', 'rake', 'ridge', 'rake'],
    pitchDeg: 26, azimuthDeg: 180, material: 'Asphalt Shingle', framing: { type: 'Rafter', size: '2x6', spacingIn: 24, spansIn: [168] }, arrayId: 'array-1',
  }],
  modules: [{ id: 'R1-M1', planeId: 'R1', x: 10, y: 5, orientation: 'portrait' }, { id: 'R1-M2', planeId: 'R1', x: 14, y: 5, orientation: 'portrait' }],
  attachments: [], equipment: [{ kind: 'main_panel', x: 41, y: 5 }], strings: [{ id: 'S1', moduleIds: ['R1-M1', 'R1-M2'] }], branchCircuits: [], runs: [], obstructions: [],
};

describe('design editor rules', () => {
  it('snaps to the grid', () => {
    expect(snap(10.26, 0.5)).toBe(10.5);
    expect(snap(10.24, 0.5)).toBe(10);
    expect(snap(-3.1, 1)).toBe(-3);
    expect(snap(1.2345, 0)).toBe(1.235);
  });
  it('moves the selection by keys on the grid, and undoes and redoes whole steps', () => {
    let h = historyOf(model);
    h = commit(h, nudge(h.present, { kind: 'module', id: 'R1-M1' }, 0.5, 0, 0.5));
    h = commit(h, nudge(h.present, { kind: 'module', id: 'R1-M1' }, 0, -0.5, 0.5));
    expect(h.present.modules[0]).toMatchObject({ x: 10.5, y: 4.5 });
    h = undo(h);
    expect(h.present.modules[0]).toMatchObject({ x: 10.5, y: 5 });
    h = undo(h);
    expect(h.present).toBe(model);
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present.modules[0]).toMatchObject({ x: 10.5, y: 5 });
    // A new step drops what could be redone.
    h = commit(h, nudge(h.present, { kind: 'equipment', index: 0 }, 1, 0, 0.5));
    expect(h.future).toEqual([]);
    expect(h.present.equipment[0]).toMatchObject({ x: 42, y: 5 });
  });
  it('removes a module from its string too, and adds one at the plane centre with a free name', () => {
    const m = removeSelected(model, { kind: 'module', id: 'R1-M1' });
    expect(m.modules.map((x) => x.id)).toEqual(['R1-M2']);
    expect(m.strings[0]!.moduleIds).toEqual(['R1-M2']);
    const added = addModule(m, model.roofPlanes[0]!, 'portrait', 0.5);
    expect(added.modules.at(-1)).toEqual({ id: 'R1-M3', planeId: 'R1', x: 20, y: 7.5, orientation: 'portrait' });
  });
  it('moves a module in grid steps from where it is, so it stays in its row; equipment lands on the grid', () => {
    expect(stepFrom({ x: 1.9437, y: 3.2 }, { x: 0.6, y: -0.2 }, 0.5)).toEqual({ x: 2.4437, y: 3.2 });
    const off = { ...model, modules: [{ ...model.modules[0]!, x: 1.9437 }], equipment: [{ kind: 'main_panel' as const, x: 41.3, y: 5 }] };
    expect(nudge(off, { kind: 'module', id: 'R1-M1' }, 0.5, 0, 0.5).modules[0]!.x).toBe(2.4437);
    expect(nudge(off, { kind: 'equipment', index: 0 }, 0.5, 0, 0.5).equipment[0]!.x).toBe(42);
  });
  it('moves a plane with its modules', () => {
    const m = nudge(model, { kind: 'plane', id: 'R1' }, 1, 0, 0.5);
    expect(m.roofPlanes[0]!.polygon[0]).toEqual({ x: 1, y: 0 });
    expect(m.modules[0]).toMatchObject({ x: 11, y: 5 });
  });
  it('compares layouts by the modules\' places, not their order', () => {
    expect(sameLayout(model, { ...model, modules: [...model.modules].reverse() })).toBe(true);
    expect(sameLayout(model, nudge(model, { kind: 'module', id: 'R1-M2' }, 0.5, 0, 0.5))).toBe(false);
  });
  it('frames the site with a margin, y pointing down', () => {
    expect(viewBoxOf(model, 5)).toEqual({ x: -15, y: -45, w: 70, h: 65 });
  });
});

describe('designSubtitle: where the drawing comes from, as the viewer should read it', () => {
  const fmt = (iso: string) => `at ${iso}`;
  it('tells the editing team an auto-filled layout is not saved yet', () => {
    expect(designSubtitle({ source: 'auto', version: 0, updated_at: null, updated_by: null }, false, fmt)).toBe('Auto-filled from the job\'s arrays (not saved yet)');
  });
  it('tells a read-only client the team has not drawn the plan yet, not that something is unsaved', () => {
    const text = designSubtitle({ source: 'auto', version: 0, updated_at: null, updated_by: null }, true, fmt);
    expect(text).not.toMatch(/not saved/);
    expect(text).toMatch(/design team has not drawn/);
  });
  it('adds the version, the formatted time and who saved it', () => {
    expect(designSubtitle({ source: 'saved', version: 3, updated_at: '2026-11-27T10:00:00Z', updated_by: { name: 'Ada Admin' } }, true, fmt))
      .toBe('Saved design · version 3, at 2026-11-27T10:00:00Z by Ada Admin');
  });
});
