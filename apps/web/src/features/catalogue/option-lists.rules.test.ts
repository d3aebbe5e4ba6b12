import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { GYPSUM_TYPES, OPTION_LISTS, RACKING_TYPES, ROOF_MATERIALS } from '@sunstamp/domain/catalogue/option-lists.data';
import { optionDataFieldsOf, optionItemDataSchema } from '@sunstamp/domain/catalogue/option-list-data.schema';
import { formatOptionData, moveInOrder, optionDataFormValues, optionDataFromForm, slugOf, suggestOptionValue } from './option-lists.rules.ts';
import { mayEditCatalogue, mayEditCodeList } from '@sunstamp/domain/policies/catalogue.policy';
import { suggestNextEdition } from './code-lists.rules.ts';

describe('moving an option-list item', () => {
  it('swaps with the neighbour on screen; hidden items keep their places', () => {
    // 2 and 4 are inactive and hidden.
    expect(moveInOrder([1, 2, 3, 4, 5], [1, 3, 5], 3, -1)).toEqual([3, 1, 2, 4, 5]);
    expect(moveInOrder([1, 2, 3, 4, 5], [1, 3, 5], 3, 1)).toEqual([1, 2, 4, 5, 3]);
    expect(moveInOrder([1, 2, 3], [1, 2, 3], 1, -1)).toBeNull();
    expect(moveInOrder([1, 2, 3], [1, 2, 3], 3, 1)).toBeNull();
    expect(moveInOrder([1, 2, 3], [1, 2, 3], 9, 1)).toBeNull();
  });
  it('always answers a permutation of the full order, with the moved item next to its neighbour', () => {
    fc.assert(fc.property(
      fc.uniqueArray(fc.integer({ min: 1, max: 500 }), { minLength: 2, maxLength: 30 }),
      fc.func(fc.boolean()), fc.nat(), fc.boolean(),
      (order, shown, pick, up) => {
        const visible = order.filter((id) => shown(id));
        if (visible.length === 0) return;
        const id = visible[pick % visible.length]!;
        const dir = up ? -1 : 1;
        const out = moveInOrder(order, visible, id, dir);
        const neighbour = visible[visible.indexOf(id) + dir];
        if (neighbour === undefined) {
          expect(out).toBeNull();
          return;
        }
        expect([...out!].sort((a, b) => a - b)).toEqual([...order].sort((a, b) => a - b));
        const after = out!.filter((x) => visible.includes(x));
        expect(after.indexOf(id)).toBe(visible.indexOf(id) + dir);
      },
    ));
  });
});

describe('a new item\'s suggested value', () => {
  it('is the label for lists that store labels, a slug for the others', () => {
    expect(suggestOptionValue(' 7/8" ', GYPSUM_TYPES.items)).toBe('7/8"');
    expect(suggestOptionValue('Clay Tile (Spanish)', ROOF_MATERIALS.items)).toBe('clay_tile_spanish');
    expect(suggestOptionValue('K2 CrossRail', [])).toBe('k2_crossrail');
    expect(slugOf('  Éternit — Fibre Cement ')).toBe('eternit_fibre_cement');
  });
});

describe('typed option data in the form', () => {
  it.each(OPTION_LISTS.filter((l) => optionDataFieldsOf(l.key).length).map((l) => [l.key, l] as const))('%s: every seed item round-trips through the form', (key, list) => {
    const fields = optionDataFieldsOf(key);
    for (const { value: _v, label: _l, ...data } of list.items as unknown as Record<string, unknown>[]) {
      const back = optionDataFromForm(fields, optionDataFormValues(fields, data), data);
      expect(back).toEqual(data);
      expect(optionItemDataSchema(key).safeParse(back).success).toBe(true);
    }
  });
  it('an empty required number becomes null, which the schema refuses; lists without fields keep their data', () => {
    const fields = optionDataFieldsOf('roof_materials');
    const data = optionDataFromForm(fields, { family: 'tile', gauge: null, thicknessIn: null, deadLoadPsf: null });
    expect(data).toEqual({ family: 'tile', gauge: null, thicknessIn: null, deadLoadPsf: null });
    const r = optionItemDataSchema('roof_materials').safeParse(data);
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['deadLoadPsf']);
    expect(optionDataFromForm([], {}, { note: 'x' })).toEqual({ note: 'x' });
  });
  it('formats values for the grid', () => {
    const [family, gauge, , dead] = optionDataFieldsOf('roof_materials');
    expect(formatOptionData(dead!, 2.75)).toBe('2.75 psf');
    expect(formatOptionData(gauge!, null)).toBe('—');
    expect(formatOptionData(family!, 'metal')).toBe('Metal');
    const [brand, railless] = optionDataFieldsOf('racking_types');
    expect(formatOptionData(railless!, true)).toBe('Yes');
    expect(formatOptionData(brand!, RACKING_TYPES.items[0]!.brand)).toBe('Ironridge');
  });
});

describe('who edits what on the catalogue screens', () => {
  it('codes: admin, and only IBC and IEBC', () => {
    expect(mayEditCodeList('admin', 'ibc')).toBe(true);
    expect(mayEditCodeList('admin', 'iebc')).toBe(true);
    expect(mayEditCodeList('admin', 'asce')).toBe(false);
    expect(mayEditCodeList('support', 'ibc')).toBe(false);
  });
  it('option lists: admin; equipment: admin and support', () => {
    expect(mayEditCatalogue('admin', 'option_lists')).toBe(true);
    for (const r of ['support', 'contractor', 'user_admin', 'user'] as const) expect(mayEditCatalogue(r, 'option_lists')).toBe(false);
    expect(mayEditCatalogue('admin', 'equipment')).toBe(true);
    expect(mayEditCatalogue('support', 'equipment')).toBe(true);
    for (const r of ['contractor', 'user_admin', 'user'] as const) expect(mayEditCatalogue(r, 'equipment')).toBe(false);
  });
});

describe('code lists', () => {
  it('suggests the next ICC edition', () => {
    expect(suggestNextEdition({ editions: [{ value: '2021', label: 'IBC 2021' }, { value: '2024', label: 'IBC 2024' }] })).toEqual({ value: '2027', label: 'IBC 2027' });
    expect(suggestNextEdition({ editions: [{ value: '7-16', label: 'ASCE 7-16' }] })).toEqual({ value: '', label: '' });
  });
});
