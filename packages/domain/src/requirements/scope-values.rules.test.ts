import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getRequirementDefinition, REQUIREMENT_DEFINITIONS } from './requirement-definitions.data.ts';
import { isRequirementOn, resolveRequirements } from './resolve.rules.ts';
import { applyScopePatch, checkScopePatch, isEmptyPatch, offValueOf, scopePatchBetween } from './scope-values.rules.ts';
import { validateRequirementValue } from './validate.rules.ts';

const def = (k: string) => getRequirementDefinition(k)!;

describe('offValueOf', () => {
  it('gives each type its explicit "off"', () => {
    expect(offValueOf(def('parcel_info_on_title_block'))).toBe(false);
    expect(offValueOf(def('conduit_naming'))).toBe('');
    expect(offValueOf(def('sticker_1'))).toBeNull();
    expect(offValueOf(def('stamp_9'))).toBeNull();
    expect(offValueOf(def('contractor_stamp'))).toBeNull();
    expect(offValueOf(def('noa_cut_sheets'))).toEqual([]);
    expect(offValueOf(def('pv_equipment_distance_to_meter'))).toBeNull();
    expect(offValueOf(def('structural_stamps_on_cad'))).toBe('No Stamp Required');
    expect(offValueOf(def('ac_wire_size'))).toBe('');
    // No "off" exists: a number with a default, a select whose options all apply.
    expect(offValueOf(def('rail_length'))).toBeUndefined();
    expect(offValueOf(def('page_naming'))).toBeUndefined();
  });
  it('is, for every definition that has one, a valid value that switches the requirement off', () => {
    for (const d of REQUIREMENT_DEFINITIONS) {
      const off = offValueOf(d);
      if (off === undefined) continue;
      expect(validateRequirementValue(d, off), d.key).toEqual({});
      expect(isRequirementOn(d, off), d.key).toBe(false);
    }
  });
  it('set at the AHJ, overrides every value the company set, with the AHJ as the source', () => {
    const company = Object.fromEntries(REQUIREMENT_DEFINITIONS.map((d) => [d.key, d.type === 'group' ? {} : d.default]));
    const ahj: Record<string, unknown> = {};
    for (const d of REQUIREMENT_DEFINITIONS) if (offValueOf(d) !== undefined) ahj[d.key] = offValueOf(d);
    const r = resolveRequirements(REQUIREMENT_DEFINITIONS, { company, ahj });
    for (const [k, v] of Object.entries(ahj)) expect(r.values[k], k).toMatchObject({ value: v, source: 'ahj', on: false });
    expect(r.dynamicCadFields).toEqual([]);
    expect(r.contractorStamp.removed).toBe(false);
  });
});

describe('scope patches', () => {
  it('sets what is new or changed, inherits what was removed, leaves the rest alone', () => {
    const saved = { a: 1, b: true, c: 'x', d: null };
    const next = { a: 1, b: false, d: null, e: null, f: undefined };
    expect(scopePatchBetween(saved, next)).toEqual({ set: { b: false, e: null }, inherit: ['c'] });
    expect(isEmptyPatch(scopePatchBetween(saved, { ...saved }))).toBe(true);
  });
  it('applying the patch between two value sets gives the second (property)', () => {
    const values = fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd', 'e'), fc.oneof(fc.boolean(), fc.constant(null), fc.string(), fc.integer(), fc.constant([])));
    fc.assert(fc.property(values, values, (saved, next) => {
      expect(applyScopePatch(saved, scopePatchBetween(saved, next))).toEqual(next);
    }));
  });
  it('refuses a key both set and inherited, and unknown keys to inherit', () => {
    expect(checkScopePatch({ set: { rail_length: 3 }, inherit: ['rail_length', 'nope', 'conduit_naming'] }, REQUIREMENT_DEFINITIONS)).toEqual({
      rail_length: 'A requirement cannot be both set and inherited.',
      nope: 'Unknown requirement.',
    });
  });
});
