import { describe, expect, it } from 'vitest';
import { newAhjCodeDefaults, suggestNextEdition } from './code-lists.rules.ts';

describe('newAhjCodeDefaults: a new AHJ starts with each code list\'s default edition', () => {
  it('takes the default of every list that has one', () => {
    expect(newAhjCodeDefaults([
      { type: 'ibc', default: '2021' },
      { type: 'electrical', default: 'NEC2020' },
      { type: 'fire', default: null },
    ])).toEqual({ ibc: '2021', electrical: 'NEC2020' });
  });
  it('leaves every code not known while the lists load', () => {
    expect(newAhjCodeDefaults(undefined)).toEqual({});
  });
});

describe('suggestNextEdition', () => {
  it('offers the next ICC cycle after the newest year', () => {
    expect(suggestNextEdition({ editions: [{ value: '2018', label: 'IBC 2018' }, { value: '2021', label: 'IBC 2021' }] })).toEqual({ value: '2024', label: 'IBC 2024' });
  });
});
