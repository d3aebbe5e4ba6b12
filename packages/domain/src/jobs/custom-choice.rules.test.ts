import { describe, expect, it } from 'vitest';
import { CONNECTION_TYPES, OPTION_LISTS, RACKING_TYPES } from '../catalogue/option-lists.data.ts';
import { createCadIntake, isCadIntakeFieldShown, ZCadIntake } from './cad-intake.schema.ts';
import { CUSTOM_TEXT_REQUIRED, isCustomChoice } from './custom-choice.rules.ts';
import { createJobArray, ZJobArray } from './job-defaults.schema.ts';

describe('isCustomChoice: one rule for slugs and labels', () => {
  it.each([
    ['Other', true],
    ['other', true],
    ['  OTHER ', true],
    ['Custom', true],
    ['custom', true],
    ['flashed_l_foot', false],
    ['Otherwise', false],
    ['Other Roof', false],
    ['', false],
    [null, false],
    [undefined, false],
    [0, false],
  ] as const)('%j → %s', (v, expected) => expect(isCustomChoice(v)).toBe(expected));

  it('the connection type "other" matches by its slug and by its label', () => {
    const other = CONNECTION_TYPES.items.find((i) => i.value === 'other')!;
    expect(other.label).toBe('Other');
    expect(isCustomChoice(other.value)).toBe(true);
    expect(isCustomChoice(other.label)).toBe(true);
    expect(CONNECTION_TYPES.items.filter((i) => isCustomChoice(i.value)).map((i) => i.value)).toEqual(['other']);
  });

  it('every option list item labelled Other or Custom is a custom choice by its stored value', () => {
    for (const list of OPTION_LISTS) {
      for (const item of list.items) {
        if (item.label === 'Other' || item.label === 'Custom') expect(isCustomChoice(item.value), `${list.key}: ${item.value}`).toBe(true);
      }
    }
  });
});

describe('custom text for connection type "other"', () => {
  const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

  it.each(['other', 'Other'])('an array with connection type %j needs custom_connection_type', (v) => {
    expect(issues(ZJobArray.safeParse(createJobArray({ connection_type: v })))).toEqual([`custom_connection_type: ${CUSTOM_TEXT_REQUIRED}`]);
    expect(ZJobArray.safeParse(createJobArray({ connection_type: v, custom_connection_type: 'S-5! ProteaBracket' })).success).toBe(true);
  });

  it('the racking type slug "other" follows the same rule', () => {
    const other = RACKING_TYPES.items.find((i) => i.label === 'Other')!;
    expect(issues(ZJobArray.safeParse(createJobArray({ racking_type: other.value })))).toEqual([`custom_racking_type: ${CUSTOM_TEXT_REQUIRED}`]);
  });

  it('a listed connection type needs no text', () => {
    expect(ZJobArray.safeParse(createJobArray({ connection_type: 'flashed_l_foot' })).success).toBe(true);
  });

  it.each(['other', 'Other'])('the CAD intake shows and requires the text for %j', (v) => {
    const values = createCadIntake({ connection_type: v });
    expect(isCadIntakeFieldShown('custom_connection_type', values)).toBe(true);
    expect(issues(ZCadIntake.safeParse(values))).toEqual([`custom_connection_type: ${CUSTOM_TEXT_REQUIRED}`]);
    expect(ZCadIntake.safeParse({ ...values, custom_connection_type: 'Unirac FlashLoc' }).success).toBe(true);
  });
});
