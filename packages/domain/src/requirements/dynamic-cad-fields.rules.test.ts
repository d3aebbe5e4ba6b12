import { describe, expect, it } from 'vitest';
import { askedBy, blankCadFields, caseNumberMissing, isCadValueFilled } from './dynamic-cad-fields.rules.ts';
import { REQUIREMENT_DEFINITIONS } from './requirement-definitions.data.ts';
import { resolveRequirements } from './resolve.rules.ts';

const resolve = (ahj: Record<string, unknown>) => resolveRequirements(REQUIREMENT_DEFINITIONS, { ahj });

describe('askedBy', () => {
  it('names the requirements that are on and ask for the field', () => {
    const r = resolve({ num_stories_on_cad: true, case_number_on_title_block: false });
    expect(askedBy('num_stories', r)).toEqual(['num_stories_on_cad']);
    expect(askedBy('case_number', r)).toEqual([]);
    expect(askedBy('parcel_info.zoning', resolve({ parcel_info_on_title_block: true }))).toEqual(['parcel_info_on_title_block']);
  });
});

describe('blankCadFields', () => {
  it('the text and number fields asked for and left blank, with who asks', () => {
    const r = resolve({ num_stories_on_cad: true, utility_program_on_cad: true, case_number_on_title_block: true });
    const values: Record<string, unknown> = { case_number: 'C-1', utility_program: '   ' };
    expect(blankCadFields(r, (k) => values[k]).map((b) => [b.field.key, b.askedBy])).toEqual([
      ['num_stories', ['num_stories_on_cad']], ['utility_program', ['utility_program_on_cad']],
    ]);
    expect(blankCadFields(r, (k) => ({ ...values, num_stories: 2, utility_program: 'Solar Rewards' })[k])).toEqual([]);
  });
  it('leaves out the building permit number (written in by hand) and the photos', () => {
    const r = resolve({ building_permit_number_on_title_block: true, attic_photos_on_cad: true });
    expect(r.dynamicCadFields).toEqual(['cad_photos.attic_photos_on_cad', 'building_permit_number']);
    expect(blankCadFields(r, () => null)).toEqual([]);
  });
  it('every parcel field when the parcel requirement is on', () => {
    const r = resolve({ parcel_info_on_title_block: true });
    expect(blankCadFields(r, (k) => (k === 'parcel_info.parcel_id' ? '146330210' : k === 'parcel_info.acreage_calc' ? 0.21 : null)).map((b) => b.field.key)).toEqual([
      'parcel_info.county_name', 'parcel_info.muni_name', 'parcel_info.zoning', 'parcel_info.bldg_sqft', 'parcel_info.roof_height', 'parcel_info.legal_desc1',
    ]);
  });
});

describe('isCadValueFilled', () => {
  it.each([
    ['text', 'x', true], ['text', ' ', false], ['text', null, false], ['int', 0, true], ['int', Number.NaN, false], ['int', '2', false],
    ['float', 0.5, true], ['files', ['f1'], true], ['files', [], false],
  ] as const)('%s %j → %s', (type, v, filled) => {
    expect(isCadValueFilled({ type }, v)).toBe(filled);
  });
});

describe('caseNumberMissing (issue 29, item 11: the case number asked at intake)', () => {
  it('names the AHJ that prints it when blank, nothing when given or not asked', () => {
    const byAhj = resolve({ case_number_on_title_block: true });
    expect(caseNumberMissing(byAhj, null, 'City of Austin')).toBe('City of Austin needs its case number in the plan set\'s title block: enter the AHJ case number.');
    expect(caseNumberMissing(byAhj, '  ', 'City of Austin')).toMatch(/^City of Austin needs/);
    expect(caseNumberMissing(byAhj, 'BP-1', 'City of Austin')).toBeNull();
    expect(caseNumberMissing(resolve({}), null, 'City of Austin')).toBeNull();
    const byCompany = resolveRequirements(REQUIREMENT_DEFINITIONS, { company: { case_number_on_title_block: true } });
    expect(caseNumberMissing(byCompany, null, 'City of Austin')).toBe('This job\'s requirements print the AHJ case number in the title block: enter the AHJ case number.');
  });
});
