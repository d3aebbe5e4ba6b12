import { describe, expect, it } from 'vitest';
import { formReducer, validateAll, type FormState } from './requirements-form.state.ts';

const empty: FormState = { values: {}, errors: {} };

describe('requirements form state', () => {
  it('checks a value as it is set, with the shared rules (sticker title ≤ 20)', () => {
    let s = formReducer(empty, { type: 'set', key: 'sticker_1', value: { title: 'WARNING' } });
    expect(s.errors).toEqual({});
    s = formReducer(s, { type: 'setItem', key: 'sticker_1', item: 'title', value: 'X'.repeat(21), base: {} });
    expect(s.errors).toEqual({ 'sticker_1.title': 'At most 20 characters.' });
    expect(s.values.sticker_1).toEqual({ title: 'X'.repeat(21) });
    s = formReducer(s, { type: 'setItem', key: 'sticker_1', item: 'title', value: 'SOLAR', base: {} });
    expect(s.errors).toEqual({});
  });

  it('starts a group item edit from the shown (inherited) group', () => {
    const s = formReducer(empty, { type: 'setItem', key: 'stamp_2', item: 'logic', value: 'battery_present', base: { title: 'T', location: 'Main Panel' } });
    expect(s.values.stamp_2).toEqual({ title: 'T', location: 'Main Panel', logic: 'battery_present' });
  });

  it('names an unknown drawing variable and a bad page list', () => {
    let s = formReducer(empty, { type: 'set', key: 'pv1_title_block_notes', value: 'A {nope}' });
    expect(s.errors.pv1_title_block_notes).toMatch(/\{nope\}/);
    s = formReducer(s, { type: 'set', key: 'structural_pages_to_stamp', value: 'PV-3, sheet four' });
    expect(s.errors.structural_pages_to_stamp).toMatch(/sheet four/);
    expect(Object.keys(validateAll(s.values)).sort()).toEqual(['pv1_title_block_notes', 'structural_pages_to_stamp']);
  });

  it('resets a key to inherited: the value and its errors go', () => {
    let s = formReducer(empty, { type: 'set', key: 'sticker_1', value: { title: 'X'.repeat(30) } });
    s = formReducer(s, { type: 'set', key: 'rail_length', value: 12 });
    s = formReducer(s, { type: 'reset', key: 'sticker_1' });
    expect(s).toEqual({ values: { rail_length: 12 }, errors: {} });
  });

  it('loads saved values and takes server errors', () => {
    let s = formReducer(empty, { type: 'set', key: 'rail_length', value: -1 });
    s = formReducer(s, { type: 'load', values: { rail_length: 10 } });
    expect(s).toEqual({ values: { rail_length: 10 }, errors: {} });
    s = formReducer(s, { type: 'errors', errors: { rail_length: 'Server says no.' } });
    expect(s.errors).toEqual({ rail_length: 'Server says no.' });
  });

  it('takes a value the server stored (a file upload or removal), or its removal', () => {
    const ref = { id: 'f1', name: 'stamp.png', contentType: 'image/png', size: 10 };
    let s = formReducer(empty, { type: 'set', key: 'contractor_stamp', value: 'bad' });
    expect(s.errors.contractor_stamp).toBeDefined();
    s = formReducer(s, { type: 'stored', key: 'contractor_stamp', value: ref });
    expect(s).toEqual({ values: { contractor_stamp: ref }, errors: {} });
    s = formReducer(s, { type: 'stored', key: 'contractor_stamp', value: undefined });
    expect(s).toEqual({ values: {}, errors: {} });
  });

  it('an explicit "off" is a value set here, not a reset', () => {
    let s = formReducer(empty, { type: 'set', key: 'sticker_2', value: null });
    s = formReducer(s, { type: 'set', key: 'labels_page', value: false });
    expect(s.values).toEqual({ sticker_2: null, labels_page: false });
    expect(s.errors).toEqual({});
  });
});
