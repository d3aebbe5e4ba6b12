import { describe, expect, it } from 'vitest';
import { OPTION_LISTS } from './option-lists.data.ts';
import { OPTION_LIST_DATA_FIELDS, optionDataFieldsOf, optionItemDataSchema } from './option-list-data.schema.ts';
import { ZOptionListOrderBody } from './option-list.schema.ts';

const dataOf = ({ value: _v, label: _l, ...data }: Record<string, unknown>) => data;

describe('option-list data fields', () => {
  it.each(OPTION_LISTS.map((l) => [l.key, l] as const))('%s: every seed item fits its schema, and the fields are exactly its keys', (key, list) => {
    const schema = optionItemDataSchema(key);
    const declared = optionDataFieldsOf(key).map((f) => f.key).sort();
    for (const item of list.items) {
      const data = dataOf(item as unknown as Record<string, unknown>);
      const r = schema.safeParse(data);
      expect(r.success, `${key}/${item.value}: ${JSON.stringify(r.error?.issues)}`).toBe(true);
      // States carry abbreviation/country but are not staff-edited here (served by GET /states).
      if (key !== 'states' && key !== 'canadian_provinces') expect(Object.keys(data).sort(), `${key}/${item.value}`).toEqual(declared);
    }
  });

  it('declares fields only for lists that exist, each key once', () => {
    const keys = new Set<string>(OPTION_LISTS.map((l) => l.key));
    for (const [key, fields] of Object.entries(OPTION_LIST_DATA_FIELDS)) {
      expect(keys.has(key), key).toBe(true);
      expect(new Set(fields!.map((f) => f.key)).size).toBe(fields!.length);
    }
  });

  it.each([
    ['a missing dead load', 'roof_materials', { family: 'tile', gauge: null, thicknessIn: 0.5 }, 'deadLoadPsf'],
    ['a negative dead load', 'gypsum_types', { deadLoadPsf: -1 }, 'deadLoadPsf'],
    ['a zero thickness (must be more than 0)', 'roof_materials', { family: 'tile', gauge: null, thicknessIn: 0, deadLoadPsf: 1 }, 'thicknessIn'],
    ['a fractional member count', 'truss_types', { memberCount: 2.5, kingPost: false, truss: true }, 'memberCount'],
    ['an unknown family', 'roof_materials', { family: 'glass', gauge: null, thicknessIn: 0.5, deadLoadPsf: 1 }, 'family'],
    ['null where the field needs a value', 'wire_sizes', { areaCmil: null }, 'areaCmil'],
    ['an unknown key', 'wire_sizes', { areaCmil: 100, colour: 'red' }, ''],
    ['a text that is blank', 'material_grades', { species: ' ', grade: 'No. 2', fbPsi: null, ePsi: null }, 'species'],
    ['a racking brand not on the list', 'racking_types', { brand: 'Acme', railless: false }, 'brand'],
  ])('refuses %s', (_what, key, data, path) => {
    const r = optionItemDataSchema(key).safeParse(data);
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join('.'))).toContain(path);
  });

  it('accepts null where a field allows it, and any object for lists without fields', () => {
    expect(optionItemDataSchema('roof_materials').safeParse({ family: 'other', gauge: null, thicknessIn: null, deadLoadPsf: 0 }).success).toBe(true);
    expect(optionItemDataSchema('module_types').safeParse({ anything: [1, 2] }).success).toBe(true);
    expect(optionDataFieldsOf('module_types')).toEqual([]);
  });
});

describe('option-list order body', () => {
  it('takes distinct positive ids', () => {
    expect(ZOptionListOrderBody.safeParse({ ids: [3, 1, 2] }).success).toBe(true);
    expect(ZOptionListOrderBody.safeParse({ ids: [1, 1] }).success).toBe(false);
    expect(ZOptionListOrderBody.safeParse({ ids: [] }).success).toBe(false);
    expect(ZOptionListOrderBody.safeParse({ ids: [0] }).success).toBe(false);
    expect(ZOptionListOrderBody.safeParse({ ids: [1], extra: true }).success).toBe(false);
  });
});
