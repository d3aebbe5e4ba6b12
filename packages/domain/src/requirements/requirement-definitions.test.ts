import { describe, expect, it } from 'vitest';
import { CHIP_GROUPS, REQUIREMENT_HEADINGS } from './chip-groups.data.ts';
import { DYNAMIC_CAD_FIELDS } from './dynamic-cad-fields.data.ts';
import { DOUBLE_ACD_OPTIONS, STAMP_TITLES, EQUIPMENT_LOCATIONS } from './requirement-options.data.ts';
import { defaultGroupValue, getRequirementDefinition, REQUIREMENT_DEFINITIONS } from './requirement-definitions.data.ts';
import { ZRequirementDefinition } from './requirement.schema.ts';
import { evaluateStickerLogic, STICKER_LOGIC_CONDITIONS } from './sticker-logic.data.ts';
import { validateRequirementValue } from './validate.rules.ts';

const def = (key: string) => {
  const d = getRequirementDefinition(key);
  if (!d) throw new Error(`no definition ${key}`);
  return d;
};
const optionValues = (key: string) => def(key).options?.map((o) => o.value);

describe('every requirement definition is well formed', () => {
  it.each(REQUIREMENT_DEFINITIONS.map((d) => [d.key, d] as const))('%s', (_key, d) => {
    expect(ZRequirementDefinition.parse(d)).toBeTruthy();
    expect(d.label.trim()).not.toBe('');
    // The default is valid against the definition's own validator.
    expect(validateRequirementValue(d, d.default)).toEqual({});
    if (d.type === 'select') {
      expect(d.options?.length).toBeGreaterThan(0);
      expect(d.options!.map((o) => o.value)).toContain(d.default);
      expect(new Set(d.options!.map((o) => o.value)).size).toBe(d.options!.length);
    } else {
      expect(d.options).toBeUndefined();
    }
    if (d.type === 'group') {
      expect(d.items?.length).toBeGreaterThan(0);
      for (const i of d.items!) {
        expect(i.type).not.toBe('group');
        if (i.type === 'select') expect(i.options!.map((o) => o.value)).toContain(i.default);
      }
      // A group switched on with its item defaults is valid too.
      expect(validateRequirementValue(d, defaultGroupValue(d))).toEqual({});
    } else {
      expect(d.items).toBeUndefined();
    }
    expect(CHIP_GROUPS.map((c) => c.key)).toContain(d.chipGroup);
    for (const f of d.dynamicCadFields ?? []) expect(DYNAMIC_CAD_FIELDS.map((x) => x.key)).toContain(f);
  });

  it('keys are unique', () => {
    const keys = REQUIREMENT_DEFINITIONS.map((d) => d.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('every chip group has a heading, and every heading is used', () => {
    for (const c of CHIP_GROUPS) expect(REQUIREMENT_HEADINGS).toContain(c.heading);
    expect(new Set(CHIP_GROUPS.map((c) => c.heading))).toEqual(new Set(REQUIREMENT_HEADINGS));
  });

  it('every chip group has at least one requirement', () => {
    for (const c of CHIP_GROUPS) expect(REQUIREMENT_DEFINITIONS.some((d) => d.chipGroup === c.key), c.key).toBe(true);
  });

  it('every dynamic CAD field is asked for by some requirement', () => {
    const asked = new Set(REQUIREMENT_DEFINITIONS.flatMap((d) => d.dynamicCadFields ?? []));
    for (const f of DYNAMIC_CAD_FIELDS) expect(asked.has(f.key), f.key).toBe(true);
  });
});

describe('spec chip groups and headings (§2)', () => {
  it('lists the spec chip groups in order', () => {
    expect(CHIP_GROUPS.map((c) => c.label)).toEqual([
      'General', 'Electrical', 'Engineering', 'AC', 'Labels', 'Details', 'Paper Space', 'Title Block',
      'PV1', 'PV2', 'PV3', 'PV4', 'PV5', 'Extra Cut Sheets', 'Extra Stamps', 'Custom Sticker', 'Wire Size',
      'AC Disconnect Model Numbers', 'Combiner Panel Model Numbers', 'Custom Applicable Codes', 'Elevation Detail',
    ]);
    expect(CHIP_GROUPS.slice(0, 8).map((c) => c.key)).toEqual(['general', 'electrical', 'engineering', 'ac', 'labels', 'details', 'paperspace', 'titleBlock']);
  });
  it('lists the spec headings', () => {
    expect(REQUIREMENT_HEADINGS).toEqual(['Engineering', 'Electrical', 'Details', 'Labels', 'Paper Space', 'Title Block', 'PV1', 'PV2', 'PV3', 'PV4', 'PV5', 'Extra Cut Sheets', 'Extra Stamps', 'Custom Sticker']);
  });
});

describe('spec defaults and option lists (§3, §9)', () => {
  it.each([
    ['conduit_naming', 'EMT'],
    ['rail_length', 14],
    ['ac_disconnect_distance_to_meter', 10],
    ['micro_combiner_panel_amperage', 125],
    ['dual_micro_combiner_panel_amperage', 125],
    ['site_photo_count', 2],
    ['dwg_electrical_code', 'NEC'],
    ['dwg_interconnection_label', 'Point of Interconnection'],
    ['ac_disconnect', 'Always Include'],
    ['ac_wire_size', ''],
    ['contractor_stamp_layout', 'All'],
  ])('%s defaults to %j', (key, value) => {
    expect(def(key).default).toEqual(value);
  });

  it('option lists', () => {
    expect(optionValues('dwg_electrical_code')).toEqual(['NEC', 'CEC', 'CSA C22.1-2021', 'CSA C22.1-2024']);
    expect(optionValues('dwg_interconnection_label')).toEqual(['Reference Point of Applicability (RPA)', 'Point of Interconnection']);
    for (const k of ['structural_stamps_on_cad', 'professional_stamps_on_electrical', 'electrical_stamps_on_cad']) {
      expect(optionValues(k)).toEqual(['No Stamp Required', 'Always Include', 'Only Over 10 Kilowatts']);
    }
    expect(optionValues('production_meter')).toEqual(['No Production Meter', 'Always Include', 'Only Over 10 Kilowatts', 'Only Over 20 Kilowatts', 'Only with Solar Rewards']);
    expect(optionValues('ac_disconnect')).toEqual(['Not Required', 'Always Include', 'Only Over 10 Kilowatts']);
    expect(optionValues('layout_alteration')).toEqual(['Never alter layout', 'Request permission to alter layout', 'Alter layout as needed']);
    expect(optionValues('contractor_stamp_layout')).toEqual(['All', 'PV-4 and PV-5 only']);
    expect(DOUBLE_ACD_OPTIONS).toHaveLength(6);
    expect(optionValues('double_acd')).toHaveLength(6);
    const sticker = def('sticker_1').items!;
    expect(sticker.map((i) => i.key)).toEqual(['color', 'code', 'title', 'warning_icon', 'text', 'text_white_background', 'location', 'logic']);
    expect(sticker.find((i) => i.key === 'color')!.options!.map((o) => o.value)).toEqual(['Black', 'White', 'Yellow', 'Red', 'Orange', 'Blue']);
    expect(sticker.find((i) => i.key === 'title')!.maxLength).toBe(20);
    expect(def('stamp_9').items!.map((i) => i.key)).toEqual(['title', 'location', 'logic']);
    expect(STAMP_TITLES.length).toBeGreaterThan(0);
    expect(EQUIPMENT_LOCATIONS.map((l) => l.value)).toEqual(expect.arrayContaining(['Utility Meter', 'Main Panel', 'Sub Panel']));
  });

  it('names every requirement the spec lists', () => {
    const spec = [
      'structural_pages_to_stamp', 'electrical_pages_to_stamp', 'structural_stamps_on_cad', 'professional_stamps_on_electrical',
      'electrical_stamps_on_cad', 'wet_stamps', 'seismic_calculations', 'stress_analysis', 'skyciv_v2', 'unreduced_snow_load',
      'post_install_letter', 'appendix_g', 'revision_letter', 'florida_statute_377_705', 'design_affidavit', 'third_party_stamps',
      'NABCEP_stamp', 'taps_not_allowed', 'supply_side_taps_not_allowed', 'load_side_taps_not_allowed', 'mb_derate_not_allowed',
      'meter_taps_allowed', 'meter_taps_not_allowed', 'fused_acd_required', 'ac_disconnect', 'production_meter', 'double_acd',
      'dwg_electrical_code', 'dwg_interconnection_label', 'conduit_naming', 'conduit_sizing', 'ac_wire_size', 'ac_ground_size',
      'dc_wire_size', 'dc_ground_size', 'production_meter_model_number', 'micro_combiner_panel_amperage',
      'dual_micro_combiner_panel_amperage', 'ac_disconnect_distance_to_meter', 'pv_equipment_distance_to_meter', 'rail_length',
      'contractor_stamp', 'contractor_stamp_layout', 'noa_cut_sheets', 'ul_1703_cut_sheets', 'cut_sheet_pv8a',
      ...Array.from({ length: 10 }, (_, i) => `cut_sheet_pv${i + 11}`),
      ...Array.from({ length: 12 }, (_, i) => `sticker_${i + 1}`),
      ...Array.from({ length: 9 }, (_, i) => `stamp_${i + 1}`),
      ...[30, 60, 100, 200].flatMap((a) => [`fused_${a}a_disconnect_model_number`, `unfused_${a}a_disconnect_model_number`]),
      ...[100, 125, 150, 200].map((a) => `combiner_panel_${a}a_model_number`),
      ...[1, 2, 3, 4, 5].flatMap((n) => ['title_block_notes', 'utility_notes', 'warning_notes', 'extra_notes', 'custom_leaders'].map((s) => `pv${n}_${s}`)),
    ];
    for (const k of spec) expect(getRequirementDefinition(k), k).toBeDefined();
  });
});

describe('sticker logic conditions', () => {
  it('has 16 unique conditions, always first', () => {
    expect(STICKER_LOGIC_CONDITIONS).toHaveLength(16);
    expect(new Set(STICKER_LOGIC_CONDITIONS.map((c) => c.value)).size).toBe(16);
    expect(STICKER_LOGIC_CONDITIONS[0].value).toBe('always');
  });
  it('evaluates against known facts, unknown when a fact is missing', () => {
    expect(evaluateStickerLogic('always', {})).toBe(true);
    expect(evaluateStickerLogic('battery_present', {})).toBeUndefined();
    expect(evaluateStickerLogic('battery_present', { hasBattery: true })).toBe(true);
    expect(evaluateStickerLogic('no_battery', { hasBattery: true })).toBe(false);
    expect(evaluateStickerLogic('supply_side_tap', { interconnection: 'supply_side_tap' })).toBe(true);
    expect(evaluateStickerLogic('load_side_breaker', { interconnection: 'supply_side_tap' })).toBe(false);
    expect(evaluateStickerLogic('micro_inverter', { inverterType: 'Dual Microinverter' })).toBe(true);
    expect(evaluateStickerLogic('string_inverter', { inverterType: 'Microinverter' })).toBe(false);
    expect(evaluateStickerLogic('nonsense', { hasBattery: true })).toBeUndefined();
  });
});
