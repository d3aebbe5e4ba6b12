import { describe, expect, it } from 'vitest';
import { getRequirementDefinition } from './requirement-definitions.data.ts';
import { validateRequirementValue, validateRequirementValues, ZRequirementValues } from './validate.rules.ts';

const def = (key: string) => getRequirementDefinition(key)!;
const check = (key: string, value: unknown) => validateRequirementValue(def(key), value)[key];

describe('validateRequirementValue', () => {
  it('checks types', () => {
    expect(check('seismic_calculations', true)).toBeUndefined();
    expect(check('seismic_calculations', 'yes')).toBe('Must be true or false.');
    expect(check('conduit_naming', 3)).toBe('Must be text.');
    expect(check('site_photo_count', 2.5)).toBe('Must be a whole number.');
    expect(check('site_photo_count', '2')).toBe('Must be a number.');
    expect(check('site_photo_count', -1)).toBe('Must be at least 0.');
    expect(check('rail_length', 13.5)).toBeUndefined();
    expect(check('rail_length', Number.NaN)).toBe('Must be a number.');
    expect(check('rail_length', null)).toBe('A number is required.');
    expect(check('pv_equipment_distance_to_meter', null)).toBeUndefined();
  });

  it('checks select options', () => {
    expect(check('dwg_electrical_code', 'CEC')).toBeUndefined();
    expect(check('dwg_electrical_code', 'IEC')).toBe('"IEC" is not one of the options.');
    expect(check('ac_wire_size', '600 kcmil')).toBeUndefined();
    expect(check('ac_wire_size', '14 AWG')).toMatch(/not one of the options/);
  });

  it('checks maxLength and lineCount', () => {
    expect(check('conduit_naming', 'x'.repeat(21))).toBe('At most 20 characters.');
    expect(check('title_block_notes', 'a\nb\nc')).toBeUndefined();
    expect(check('title_block_notes', 'a\nb\nc\nd')).toBe('At most 3 lines.');
  });

  it('sticker title is at most 20 characters (spec §5)', () => {
    const d = def('sticker_1');
    expect(validateRequirementValue(d, { title: 'x'.repeat(20) })).toEqual({});
    expect(validateRequirementValue(d, { title: 'x'.repeat(21) })).toEqual({ 'sticker_1.title': 'At most 20 characters.' });
  });

  it('checks group items and unknown item keys', () => {
    const d = def('sticker_2');
    expect(validateRequirementValue(d, null)).toEqual({});
    expect(validateRequirementValue(d, { color: 'Purple', nope: 1 })).toEqual({
      'sticker_2.color': '"Purple" is not one of the options.',
      'sticker_2.nope': 'Unknown field.',
    });
    expect(validateRequirementValue(d, [1])).toEqual({ sticker_2: 'Must be a group of fields.' });
    expect(validateRequirementValue(def('stamp_1'), { logic: 'battery_present', location: 'Sub Panel' })).toEqual({});
  });

  it('page lists are comma separated', () => {
    expect(check('structural_pages_to_stamp', '')).toBeUndefined();
    expect(check('structural_pages_to_stamp', 'PV-3, PV-3A,PV-4')).toBeUndefined();
    expect(check('electrical_pages_to_stamp', 'PV1,PV-01, E-2')).toBeUndefined();
    // Empty items (a stray comma) are dropped by the shared page-list rule, not refused.
    expect(check('structural_pages_to_stamp', 'PV-3, , PV-4,')).toBeUndefined();
    expect(check('structural_pages_to_stamp', 'PV-3, Cover')).toMatch(/"Cover" is not a page name/);
    expect(check('structural_pages_to_stamp', 'PV-3; PV-4')).toBe('"PV-3; PV-4" is not a page name; separate pages with commas, e.g. "PV-3, PV-4".');
    expect(check('structural_pages_to_stamp', 'PV-3 PV-4')).toMatch(/"PV-3 PV-4" is not a page name/);
  });

  it('title block points are semicolon separated', () => {
    expect(check('pv1_title_block_notes', 'First point; second point;')).toBeUndefined();
    expect(check('pv1_title_block_notes', 'First;; third')).toBe('Separate points with one semicolon; point 2 is empty.');
    expect(check('title_block_notes', ';start')).toBe('Separate points with one semicolon; point 1 is empty.');
  });

  it('drawing variables must be known', () => {
    expect(check('pv4_warning_notes', 'System size {system_size_dc_kw} kW; {module_count} modules')).toBeUndefined();
    expect(validateRequirementValue(def('sticker_1'), { text: 'MAX {max_ac_output_current} A AT {nominal_ac_voltage} V' })).toEqual({});
    expect(check('pv4_warning_notes', 'Size {system_size}')).toBe('Unknown drawing variable {system_size}.');
    expect(check('pv4_warning_notes', '{foo} and {bar}')).toBe('Unknown drawing variables {foo}, {bar}.');
    expect(check('pv4_warning_notes', 'Size {system_size_dc_kw')).toMatch(/unmatched/);
    expect(check('conduit_naming', '{module_count}')).toBe('This field does not take drawing variables.');
  });

  it('files are a file or a list of files', () => {
    const f = { id: 'f1', name: 'stamp.png' };
    expect(check('contractor_stamp', f)).toBeUndefined();
    expect(check('contractor_stamp', null)).toBeUndefined();
    expect(check('contractor_stamp', [f, { id: 'f2', name: 'b.png' }])).toBe('Only one file is accepted.');
    expect(check('noa_cut_sheets', [f, { id: 'f2', name: 'b.pdf' }])).toBeUndefined();
    expect(check('noa_cut_sheets', 'f1')).toBe('Must be a file or a list of files.');
  });
  it('"no file" is null for one file and [] for a list; a list holds at most 20 distinct files', () => {
    const f = (i: number) => ({ id: `f${i}`, name: `s${i}.pdf`, contentType: 'application/pdf', size: 10 });
    expect(check('noa_cut_sheets', [])).toBeUndefined();
    expect(check('noa_cut_sheets', null)).toBeUndefined();
    expect(check('noa_cut_sheets', Array.from({ length: 20 }, (_, i) => f(i)))).toBeUndefined();
    expect(check('noa_cut_sheets', Array.from({ length: 21 }, (_, i) => f(i)))).toBe('At most 20 files.');
    expect(check('noa_cut_sheets', [f(1), f(1)])).toBe('A file is listed twice.');
    expect(check('contractor_stamp', { ...f(1), size: -1 })).toBe('Must be a file or a list of files.');
    expect(check('contractor_stamp', { ...f(1), size: 1.5 })).toBe('Must be a file or a list of files.');
    expect(check('contractor_stamp', { ...f(1), contentType: 7 })).toBe('Must be a file or a list of files.');
    expect(check('contractor_stamp', { id: 'f1', name: '' })).toBe('Must be a file or a list of files.');
  });
});

describe('validateRequirementValues', () => {
  it('collects per-field messages and flags unknown keys', () => {
    expect(validateRequirementValues({ rail_length: 12, conduit_naming: 'PVC' })).toEqual({});
    expect(validateRequirementValues({ rail_length: 'long', bogus: true, sticker_4: { title: 'A'.repeat(25) }, skipped: undefined })).toEqual({
      rail_length: 'Must be a number.',
      bogus: 'Unknown requirement.',
      'sticker_4.title': 'At most 20 characters.',
    });
  });
  it('is usable as a zod schema', () => {
    const r = ZRequirementValues.safeParse({ dwg_electrical_code: 'XYZ', sticker_1: { title: 'T'.repeat(30) } });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['dwg_electrical_code', '"XYZ" is not one of the options.'],
      ['sticker_1.title', 'At most 20 characters.'],
    ]);
    expect(ZRequirementValues.safeParse({ dwg_electrical_code: 'CEC' }).success).toBe(true);
  });
});
