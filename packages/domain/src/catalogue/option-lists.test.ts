import { describe, expect, it } from 'vitest';
import {
  BEAM_SHAPES, CANADIAN_PROVINCES, GYPSUM_TYPES, INVERTER_TYPES, OPTION_LIST_ROUTES, OPTION_LISTS, ROOF_MATERIALS,
  STATES, STRUCTURE_TYPES, TRUSS_TYPES, WIRE_SIZES, getOptionList,
} from './option-lists.data.ts';
import { ZOptionList } from './option-list.schema.ts';

describe('option lists', () => {
  it.each(OPTION_LISTS.map((l) => [l.key, l] as const))('%s is well formed', (_k, list) => {
    expect(ZOptionList.parse(list)).toBeTruthy();
    const values = list.items.map((i) => i.value);
    expect(new Set(values).size).toBe(values.length);
  });

  it('keys are unique and every spec §7 route has a list', () => {
    const keys = OPTION_LISTS.map((l) => l.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(Object.keys(OPTION_LIST_ROUTES)).toHaveLength(14);
    for (const key of Object.values(OPTION_LIST_ROUTES)) expect(getOptionList(key).items.length).toBeGreaterThan(0);
  });

  it('carries the spec wording', () => {
    expect(INVERTER_TYPES.items.map((i) => i.value)).toEqual(['String Inverter', 'Microinverter', 'Dual Microinverter', 'True String Inverter']);
    expect(GYPSUM_TYPES.items.map((i) => i.value)).toEqual(['1/2"', '1/4"', '3/8"', '5/8"', 'Lath and Plaster', 'No Drywall']);
    expect(STRUCTURE_TYPES.items.map((i) => i.value)).toContain('Manufactured Home');
    expect(TRUSS_TYPES.items.map((i) => i.value)).toEqual([
      'Non Standard', 'Rafter', 'Kingpost', 'Collar Tie', 'Simple Fink', 'Queen', 'Fink', 'Howe', 'Fan',
      'Modified Queen', 'Double Fink', 'Double Howe', 'Purlin',
    ]);
    expect(BEAM_SHAPES.items.map((i) => i.value)).toEqual(expect.arrayContaining(['Pre-Manufactured Truss', 'Pre-Manufactured Truss (2x2)', '2x4', '2x12', 'Custom']));
  });

  it('states include Puerto Rico; provinces are all 13', () => {
    expect(STATES.items.find((s) => s.value === 'PR')?.label).toBe('Puerto Rico');
    expect(STATES.items.filter((s) => s.country === 'US')).toHaveLength(56);
    expect(CANADIAN_PROVINCES.items).toHaveLength(13);
  });

  it('wire sizes run from 12 AWG to 600 kcmil in increasing area', () => {
    expect(WIRE_SIZES.items[0]!.value).toBe('12 AWG');
    expect(WIRE_SIZES.items.at(-1)!.value).toBe('600 kcmil');
    for (let i = 1; i < WIRE_SIZES.items.length; i++) expect(WIRE_SIZES.items[i]!.areaCmil).toBeGreaterThan(WIRE_SIZES.items[i - 1]!.areaCmil);
  });

  it('metal roofs have a gauge; thinner gauges are thicker numbers', () => {
    for (const r of ROOF_MATERIALS.items) expect(r.gauge !== null).toBe(r.family === 'metal');
    const metal = ROOF_MATERIALS.items.filter((r) => r.gauge !== null).sort((a, b) => a.gauge! - b.gauge!);
    for (let i = 1; i < metal.length; i++) expect(metal[i]!.thicknessIn!).toBeLessThanOrEqual(metal[i - 1]!.thicknessIn!);
  });

  it('truss flags are consistent', () => {
    for (const t of TRUSS_TYPES.items) {
      if (t.kingPost) expect(t.truss).toBe(true);
      expect(t.memberCount).toBeGreaterThanOrEqual(0);
    }
  });
});
