import { describe, expect, it } from 'vitest';
import {
  askedByText, cadFieldDraftsOf, cadFieldErrorsOf, changedCadFieldValues, parseCadFieldDraft, type JobCadField,
} from './job-cad-fields.rules.ts';

const field = (key: string, type: JobCadField['type'], value: JobCadField['value']): JobCadField => ({
  key, label: key, type, value, asked_by: ['r'],
});

const FIELDS: JobCadField[] = [
  field('case_number', 'text', 'C-12'),
  field('num_stories', 'int', 2),
  field('parcel_info.acreage_calc', 'float', null),
  field('cad_photos.attic_photos_on_cad', 'files', [{ id: 'f1', name: 'a.jpg' }, { id: 'f2', name: 'b.jpg' }]),
  field('site_id', 'text', null),
];

describe('CAD field drafts', () => {
  it('holds numbers as text, empty values as "" and files as ids', () => {
    expect(cadFieldDraftsOf(FIELDS)).toEqual({
      case_number: 'C-12',
      num_stories: '2',
      'parcel_info.acreage_calc': '',
      'cad_photos.attic_photos_on_cad': ['f1', 'f2'],
      site_id: '',
    });
  });

  it('parses inputs: blank is null, numbers checked by type', () => {
    expect(parseCadFieldDraft({ type: 'text' }, '  x ')).toEqual({ value: 'x' });
    expect(parseCadFieldDraft({ type: 'text' }, '   ')).toEqual({ value: null });
    expect(parseCadFieldDraft({ type: 'int' }, '3')).toEqual({ value: 3 });
    expect(parseCadFieldDraft({ type: 'int' }, '3.5')).toEqual({ error: 'Enter a whole number.' });
    expect(parseCadFieldDraft({ type: 'float' }, '0.25')).toEqual({ value: 0.25 });
    expect(parseCadFieldDraft({ type: 'float' }, 'abc')).toEqual({ error: 'Enter a number.' });
    expect(parseCadFieldDraft({ type: 'files' }, [])).toEqual({ value: null });
    expect(parseCadFieldDraft({ type: 'files' }, ['a'])).toEqual({ value: ['a'] });
  });
});

describe('what Save sends', () => {
  it('sends nothing when nothing changed', () => {
    expect(changedCadFieldValues(FIELDS, cadFieldDraftsOf(FIELDS))).toEqual({ values: {}, errors: {} });
  });

  it('sends only the changed keys, cleared ones as null', () => {
    const drafts = {
      ...cadFieldDraftsOf(FIELDS),
      case_number: '',
      num_stories: ' 2 ', // the same number, typed differently: unchanged
      'parcel_info.acreage_calc': '1.5',
      'cad_photos.attic_photos_on_cad': ['f2', 'f1'], // the order is the order on the sheet
    };
    expect(changedCadFieldValues(FIELDS, drafts)).toEqual({
      values: { case_number: null, 'parcel_info.acreage_calc': 1.5, 'cad_photos.attic_photos_on_cad': ['f2', 'f1'] },
      errors: {},
    });
  });

  it('reports inputs that do not parse and leaves them out', () => {
    const drafts = { ...cadFieldDraftsOf(FIELDS), num_stories: 'two', site_id: 'S1' };
    expect(changedCadFieldValues(FIELDS, drafts)).toEqual({ values: { site_id: 'S1' }, errors: { num_stories: 'Enter a number.' } });
  });
});

describe('server messages', () => {
  it('puts each message beside the field its path names, dotted keys included', () => {
    const keys = FIELDS.map((f) => f.key);
    expect(
      cadFieldErrorsOf(
        {
          'values.parcel_info.acreage_calc': 'Too big.',
          'values.cad_photos.attic_photos_on_cad.0': 'Not a file of this job.',
          case_number: 'Too long.',
          values: 'Unknown field: foo.',
        },
        keys,
      ),
    ).toEqual({
      byField: {
        'parcel_info.acreage_calc': 'Too big.',
        'cad_photos.attic_photos_on_cad': 'Not a file of this job.',
        case_number: 'Too long.',
      },
      other: ['Unknown field: foo.'],
    });
  });

  it('names the asking requirements by label', () => {
    expect(askedByText(['a', 'b'], (k) => (k === 'a' ? 'Label A' : undefined))).toBe('Asked by: Label A, b');
  });
});
