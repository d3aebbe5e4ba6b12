import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REQUIREMENT_DEFINITIONS } from './requirement-definitions.data.ts';
import { REQUIREMENT_SCOPES, type RequirementDefinition } from './requirement.schema.ts';
import { isRequirementOn, resolveRequirements } from './resolve.rules.ts';

const defs: RequirementDefinition[] = [
  { key: 'a', label: 'A', helperText: '', type: 'int', default: 1, chipGroup: 'general', automated: true },
  { key: 'b', label: 'B', helperText: '', type: 'text', default: '', chipGroup: 'general', automated: true },
  { key: 'c', label: 'C', helperText: '', type: 'bool', default: false, chipGroup: 'general', automated: true },
];

describe('resolveRequirements precedence', () => {
  it('default → company → utility → AHJ, later wins (property)', () => {
    const scopeValues = fc.dictionary(fc.constantFrom('a', 'b', 'c'), fc.oneof(fc.integer(), fc.constant(undefined), fc.constant(null)));
    fc.assert(
      fc.property(scopeValues, scopeValues, scopeValues, (company, utility, ahj) => {
        const r = resolveRequirements(defs, { company, utility, ahj });
        for (const d of defs) {
          const layers = [['default', d.default], ['company', company[d.key]], ['utility', utility[d.key]], ['ahj', ahj[d.key]]] as const;
          const winner = [...layers].reverse().find(([source, v]) => source === 'default' || v !== undefined)!;
          expect(r.values[d.key]).toMatchObject({ key: d.key, source: winner[0], value: winner[1] });
        }
      }),
    );
  });

  it('resolves every real definition with each scope in turn', () => {
    const all = Object.fromEntries(REQUIREMENT_DEFINITIONS.map((d) => [d.key, d.default]));
    for (const scope of REQUIREMENT_SCOPES) {
      const r = resolveRequirements(REQUIREMENT_DEFINITIONS, { [scope]: all });
      expect(Object.keys(r.values)).toEqual(REQUIREMENT_DEFINITIONS.map((d) => d.key));
      for (const v of Object.values(r.values)) expect(v.source).toBe(scope);
    }
    const none = resolveRequirements(REQUIREMENT_DEFINITIONS, {});
    for (const v of Object.values(none.values)) expect(v.source).toBe('default');
  });

  it('a null value is set (it clears), undefined is not', () => {
    const r = resolveRequirements(REQUIREMENT_DEFINITIONS, { company: { contractor_stamp: { id: 'f', name: 's.png' } }, ahj: { contractor_stamp: null, rail_length: undefined } });
    expect(r.values.contractor_stamp).toMatchObject({ value: null, source: 'ahj', on: false });
    expect(r.values.rail_length).toMatchObject({ value: 14, source: 'default' });
  });
});

describe('explicit "off" at a lower scope', () => {
  const sticker = { title: 'PV DISCONNECT', color: 'Red' };
  const company = { sticker_3: sticker, parcel_info_on_title_block: true, conduit_naming: 'PVC', structural_stamps_on_cad: 'Always Include' };
  it('an AHJ "off" overrides a company "on", and the source is the AHJ', () => {
    const r = resolveRequirements(REQUIREMENT_DEFINITIONS, {
      company,
      ahj: { sticker_3: null, parcel_info_on_title_block: false, conduit_naming: '', structural_stamps_on_cad: 'No Stamp Required' },
    });
    expect(r.values.sticker_3).toEqual({ key: 'sticker_3', value: null, source: 'ahj', on: false });
    expect(r.values.parcel_info_on_title_block).toEqual({ key: 'parcel_info_on_title_block', value: false, source: 'ahj', on: false });
    expect(r.values.conduit_naming).toMatchObject({ value: '', source: 'ahj', on: false });
    expect(r.values.structural_stamps_on_cad).toMatchObject({ value: 'No Stamp Required', source: 'ahj', on: false });
    expect(r.dynamicCadFields).toEqual([]);
    expect(r.contractorStamp.removed).toBe(false);
  });
  it('a utility "off" overrides the company, and an AHJ "on" overrides the utility', () => {
    const r = resolveRequirements(REQUIREMENT_DEFINITIONS, { company, utility: { sticker_3: null }, ahj: { sticker_3: { title: 'AHJ' } } });
    expect(r.values.sticker_3).toMatchObject({ value: { title: 'AHJ' }, source: 'ahj', on: true });
    const u = resolveRequirements(REQUIREMENT_DEFINITIONS, { company, utility: { sticker_3: null } });
    expect(u.values.sticker_3).toMatchObject({ value: null, source: 'utility', on: false });
  });
  it('inherit (no value at the AHJ) falls back to the nearest scope that has one', () => {
    const r = resolveRequirements(REQUIREMENT_DEFINITIONS, { company, utility: {}, ahj: { rail_length: 10 } });
    expect(r.values.sticker_3).toMatchObject({ value: sticker, source: 'company', on: true });
    expect(r.values.parcel_info_on_title_block).toMatchObject({ value: true, source: 'company', on: true });
    expect(r.values.attachment_detail).toMatchObject({ value: true, source: 'default' });
  });
  it('file values resolve with their scope like any other value', () => {
    const stamp = { id: 'f1', name: 'stamp.png', contentType: 'image/png', size: 812 };
    const sheets = [{ id: 'f2', name: 'noa.pdf', contentType: 'application/pdf', size: 9000 }];
    const r = resolveRequirements(REQUIREMENT_DEFINITIONS, { company: { contractor_stamp: stamp, noa_cut_sheets: [] }, ahj: { noa_cut_sheets: sheets } });
    expect(r.values.contractor_stamp).toEqual({ key: 'contractor_stamp', value: stamp, source: 'company', on: true });
    expect(r.values.noa_cut_sheets).toEqual({ key: 'noa_cut_sheets', value: sheets, source: 'ahj', on: true });
    const none = resolveRequirements(REQUIREMENT_DEFINITIONS, { company: { noa_cut_sheets: sheets }, ahj: { noa_cut_sheets: [] } });
    expect(none.values.noa_cut_sheets).toEqual({ key: 'noa_cut_sheets', value: [], source: 'ahj', on: false });
  });
});

describe('dynamic CAD fields', () => {
  it('none by default', () => {
    expect(resolveRequirements(REQUIREMENT_DEFINITIONS, {}).dynamicCadFields).toEqual([]);
  });
  it('lists the fields of every requirement that is on, once, in spec order', () => {
    const r = resolveRequirements(REQUIREMENT_DEFINITIONS, {
      company: { parcel_info_on_title_block: true, tmk_on_title_block: true },
      utility: { electrical_photos_on_cad: true, tmk_on_title_block: false },
      ahj: { asphalt_shingle_layers_on_cad: true, case_number_on_title_block: true },
    });
    expect(r.dynamicCadFields).toEqual([
      'asphalt_shingle_layers', 'cad_photos.electrical_photos_on_cad', 'case_number',
      'parcel_info.parcel_id', 'parcel_info.county_name', 'parcel_info.muni_name', 'parcel_info.zoning',
      'parcel_info.acreage_calc', 'parcel_info.bldg_sqft', 'parcel_info.roof_height', 'parcel_info.legal_desc1',
    ]);
  });
});

describe('engineering stamp removes the contractor stamp (spec §5)', () => {
  const stamp = { id: 'f1', name: 'contractor.png' };
  it('keeps the contractor stamp when no engineering stamp is on', () => {
    const r = resolveRequirements(REQUIREMENT_DEFINITIONS, { company: { contractor_stamp: stamp } });
    expect(r.contractorStamp).toEqual({ removed: false, removedBy: [] });
    expect(r.values.contractor_stamp!.on).toBe(true);
  });
  it.each(['structural_stamps_on_cad', 'professional_stamps_on_electrical', 'electrical_stamps_on_cad'])('%s Always Include removes it', (key) => {
    const r = resolveRequirements(REQUIREMENT_DEFINITIONS, { company: { contractor_stamp: stamp }, ahj: { [key]: 'Always Include' } });
    expect(r.contractorStamp).toEqual({ removed: true, removedBy: [key] });
    expect(r.values.contractor_stamp).toMatchObject({ value: stamp, on: false, suppressedBy: [key] });
    expect(r.values.contractor_stamp_layout!.on).toBe(false);
  });
  it('wet stamps and third-party stamps count; NABCEP does not', () => {
    expect(resolveRequirements(REQUIREMENT_DEFINITIONS, { utility: { wet_stamps: '2 Copies' } }).contractorStamp.removed).toBe(true);
    expect(resolveRequirements(REQUIREMENT_DEFINITIONS, { utility: { third_party_stamps: true } }).contractorStamp.removed).toBe(true);
    expect(resolveRequirements(REQUIREMENT_DEFINITIONS, { utility: { NABCEP_stamp: true } }).contractorStamp.removed).toBe(false);
  });
  it('"Only Over 10 Kilowatts" follows the system size when known', () => {
    const scopes = { ahj: { structural_stamps_on_cad: 'Only Over 10 Kilowatts' } };
    expect(resolveRequirements(REQUIREMENT_DEFINITIONS, scopes, { systemSizeKw: 8.2 }).contractorStamp.removed).toBe(false);
    expect(resolveRequirements(REQUIREMENT_DEFINITIONS, scopes, { systemSizeKw: 10.4 }).contractorStamp.removed).toBe(true);
    expect(resolveRequirements(REQUIREMENT_DEFINITIONS, scopes).contractorStamp.removed).toBe(true);
  });
});

describe('isRequirementOn', () => {
  const get = (k: string) => REQUIREMENT_DEFINITIONS.find((d) => d.key === k)!;
  it('judges conditional options from the facts', () => {
    expect(isRequirementOn(get('production_meter'), 'No Production Meter')).toBe(false);
    expect(isRequirementOn(get('production_meter'), 'Only with Solar Rewards', { utilityProgram: 'solar rewards' })).toBe(true);
    expect(isRequirementOn(get('production_meter'), 'Only with Solar Rewards', { utilityProgram: 'NEM 3.0' })).toBe(false);
    expect(isRequirementOn(get('production_meter'), 'Only Over 20 Kilowatts', { systemSizeKw: 15 })).toBe(false);
    expect(isRequirementOn(get('double_acd'), 'Only with Battery', { hasBattery: false })).toBe(false);
    expect(isRequirementOn(get('double_acd'), 'Only with Battery', { hasBattery: true })).toBe(true);
    expect(isRequirementOn(get('ac_wire_size'), '')).toBe(false);
    expect(isRequirementOn(get('ac_wire_size'), '8 AWG')).toBe(true);
    expect(isRequirementOn(get('sticker_1'), null)).toBe(false);
    expect(isRequirementOn(get('sticker_1'), {})).toBe(true);
    expect(isRequirementOn(get('noa_cut_sheets'), [])).toBe(false);
  });
});
