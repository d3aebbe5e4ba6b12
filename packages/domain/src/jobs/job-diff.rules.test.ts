import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CAD_INTAKE_DEFAULTS } from './cad-intake.schema.ts';
import { changedJobFields, normaliseJobValue, sameJobValue } from './job-diff.rules.ts';
import { createJobArray } from './job-defaults.schema.ts';

describe('sameJobValue', () => {
  it.each([
    ['missing and null', undefined, null, true],
    ['blank text and null', '  ', null, true],
    ['text trimmed', ' Gate code ', 'Gate code', true],
    ['text changed', 'Gate code 1', 'Gate code 2', false],
    ['text case matters', 'austin', 'Austin', false],
    ['number and its text', 24, '24', true],
    ['decimal and its text', 30.2672, '30.2672', true],
    ['negative decimal and its text', -97.7431, '-97.7431', true],
    ['ZIP with a leading zero stays text', '02134', 2134, false],
    ['trailing zero stays text', '24.50', 24.5, false],
    ['numbers', 24, 24.000, true],
    ['number changed', 24, 16, false],
    ['zero and null differ', 0, null, false],
    ['false and null differ', false, null, false],
    ['booleans', true, false, false],
    ['empty list and null', [], null, true],
    ['lists by content', [168, 120], [168, 120], true],
    ['list order matters', [168, 120], [120, 168], false],
    ['list numbers as text', [168, '120'], [168, 120], true],
    ['objects whatever the key order', { a: 1, b: 'x' }, { b: 'x', a: 1 }, true],
    ['a key set to null and a missing key', { a: 1, b: null }, { a: 1 }, true],
    ['an object with nothing set and null', { parcel_id: null, zoning: '' }, null, true],
    ['nested change', { a: { b: [1, 2] } }, { a: { b: [1, 3] } }, false],
    ['dates and their ISO text', new Date('2025-01-02T03:04:05.000Z'), '2025-01-02T03:04:05.000Z', true],
  ] as const)('%s', (_name, a, b, same) => {
    expect(sameJobValue(a, b)).toBe(same);
    expect(sameJobValue(b, a)).toBe(same);
  });

  it('compares a set in any order when asked', () => {
    expect(sameJobValue(['cad_packet', 'wet_stamp'], ['wet_stamp', 'cad_packet'])).toBe(false);
    expect(sameJobValue(['cad_packet', 'wet_stamp'], ['wet_stamp', 'cad_packet'], { unordered: true })).toBe(true);
    expect(sameJobValue(['cad_packet', 'cad_packet'], ['cad_packet'], { unordered: true })).toBe(false);
  });

  it('an array card with its defaults equals itself read back from jsonb (keys reordered)', () => {
    const a = createJobArray({ panel_quantity: 18 });
    const reordered = Object.fromEntries(Object.entries(a).reverse());
    expect(sameJobValue([a], [reordered])).toBe(true);
    expect(sameJobValue([a], [{ ...reordered, panel_quantity: 19 }])).toBe(false);
  });

  it('is reflexive and symmetric for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        expect(sameJobValue(a, a)).toBe(true);
        expect(sameJobValue(a, structuredClone(a))).toBe(true);
        expect(sameJobValue(a, b)).toBe(sameJobValue(b, a));
      }),
    );
  });

  it('normalises to plain JSON', () => {
    expect(normaliseJobValue({ b: ' 2 ', a: [], c: { d: null } })).toEqual({ b: 2 });
  });
});

describe('changedJobFields', () => {
  const stored = {
    name: 'Smith Residence',
    notes: '',
    latitude: 30.2672,
    services_requested: ['structural_roof_letter', 'cad_packet'],
    cad_intake: { ...CAD_INTAKE_DEFAULTS, module_count: 18 },
    arrays: [createJobArray()],
  };

  it('names nothing when the whole form comes back unchanged', () => {
    const incoming = {
      name: ' Smith Residence ',
      notes: '',
      latitude: 30.2672,
      services_requested: ['cad_packet', 'structural_roof_letter'],
      cad_intake: { ...CAD_INTAKE_DEFAULTS, module_count: 18 },
      arrays: [createJobArray()],
    };
    expect(changedJobFields(incoming, stored, { unordered: ['services_requested'] })).toEqual([]);
  });

  it('names only what changed, in the order sent', () => {
    const incoming = {
      notes: 'Gate code 1234',
      name: 'Smith Residence',
      cad_intake: { ...CAD_INTAKE_DEFAULTS, module_count: 20 },
      arrays: [createJobArray()],
    };
    expect(changedJobFields(incoming, stored)).toEqual(['notes', 'cad_intake']);
  });

  it('never names a field that was not sent', () => {
    expect(changedJobFields({ notes: undefined }, stored)).toEqual([]);
    expect(changedJobFields<string>({}, stored)).toEqual([]);
  });
});
