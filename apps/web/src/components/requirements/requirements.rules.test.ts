import { describe, expect, it } from 'vitest';
import { parseNumberText } from '../form/number-text.rules.ts';
import { CHIP_GROUPS, REQUIREMENT_HEADINGS } from '@sunstamp/domain/requirements/chip-groups.data';
import { REQUIREMENT_DEFINITIONS, defaultGroupValue } from '@sunstamp/domain/requirements/requirement-definitions.data';
import { validateRequirementValue } from '@sunstamp/domain/requirements/validate.rules';
import {
  changedKeys, errorsOfKey, fileFieldHelp, formatRequirementValue, inheritedOf, matchesSearch, originText,
  requirementUploadProblem, resolvedSectionsOf, fileDownloadKindOf, savePatch, scopeBody, sectionsFor, textRowsFor, widgetFor,
  type RequirementWidget,
} from './requirements.rules.ts';

const WIDGET_OF_TYPE: Record<string, RequirementWidget> = {
  bool: 'switch', text: 'text', int: 'number', float: 'number', select: 'select', file: 'file', group: 'group',
};

describe('every definition renders in the form', () => {
  it('walks all 142 definitions (issue 25 added three_line_diagram) (the span limit is an engineering setting, not a requirement): each has a widget for its type', () => {
    expect(REQUIREMENT_DEFINITIONS.length).toBe(142);
    for (const def of REQUIREMENT_DEFINITIONS) {
      expect(widgetFor(def), def.key).toBe(WIDGET_OF_TYPE[def.type]);
      if (def.type === 'select') expect(def.options?.length, def.key).toBeGreaterThan(0);
      if (def.type === 'group') {
        expect(def.items?.length, def.key).toBeGreaterThan(0);
        // Group items are drawn by the same widgets; a group never nests a group.
        for (const item of def.items ?? []) expect(['switch', 'text', 'number', 'select', 'file'], `${def.key}.${item.key}`).toContain(widgetFor(item));
      }
    }
  });

  it('each definition sits in exactly one section of the unfiltered form, under its chip and heading', () => {
    const sections = sectionsFor(REQUIREMENT_DEFINITIONS, null);
    const seen = sections.flatMap((s) => s.groups.flatMap((g) => g.definitions.map((d) => d.key)));
    expect(seen.sort()).toEqual(REQUIREMENT_DEFINITIONS.map((d) => d.key).sort());
  });

  it('clicking each chip shows exactly its definitions, and together the chips show all of them', () => {
    const shown = new Set<string>();
    for (const chip of CHIP_GROUPS) {
      const sections = sectionsFor(REQUIREMENT_DEFINITIONS, chip.key);
      const keys = sections.flatMap((s) => s.groups.flatMap((g) => g.definitions.map((d) => d.key)));
      expect(keys.length, chip.key).toBeGreaterThan(0);
      expect(sections.map((s) => s.heading), chip.key).toEqual([chip.heading]);
      keys.forEach((k) => shown.add(k));
    }
    expect(shown.size).toBe(REQUIREMENT_DEFINITIONS.length);
  });

  it('has the 21 chip groups of spec §2, each with a heading of the spec, and every heading is used', () => {
    expect(CHIP_GROUPS).toHaveLength(21);
    for (const c of CHIP_GROUPS) expect(REQUIREMENT_HEADINGS, c.key).toContain(c.heading);
    for (const h of REQUIREMENT_HEADINGS) expect(CHIP_GROUPS.some((c) => c.heading === h), h).toBe(true);
    // Every definition's chip group is one of them.
    for (const d of REQUIREMENT_DEFINITIONS) expect(CHIP_GROUPS.some((c) => c.key === d.chipGroup), d.key).toBe(true);
  });

  it('stickers 1–12 are under Custom Sticker and stamps 1–9 under Extra Stamps', () => {
    const keysOf = (chip: string) => sectionsFor(REQUIREMENT_DEFINITIONS, chip).flatMap((s) => s.groups.flatMap((g) => g.definitions.map((d) => d.key)));
    expect(keysOf('customSticker')).toEqual(Array.from({ length: 12 }, (_, i) => `sticker_${i + 1}`));
    expect(keysOf('extraStamps')).toEqual(Array.from({ length: 9 }, (_, i) => `stamp_${i + 1}`));
  });

  it('every default is a valid value (the form starts valid), and a group switched on is valid', () => {
    for (const def of REQUIREMENT_DEFINITIONS) {
      expect(validateRequirementValue(def, def.default), def.key).toEqual({});
      if (def.type === 'group') expect(validateRequirementValue(def, defaultGroupValue(def)), def.key).toEqual({});
    }
  });
});

describe('text rows', () => {
  it('uses lineCount as the rows, 3 rows for notes, one line otherwise', () => {
    expect(textRowsFor({ lineCount: 6 })).toBe(6);
    expect(textRowsFor({ format: 'points', maxLength: 1000 })).toBe(3);
    expect(textRowsFor({ maxLength: 4000 })).toBe(3);
    expect(textRowsFor({ maxLength: 60 })).toBeUndefined();
    const titleBlock = REQUIREMENT_DEFINITIONS.find((d) => d.key === 'title_block_notes')!;
    expect(textRowsFor(titleBlock)).toBe(titleBlock.lineCount);
  });
});

describe('search', () => {
  it('matches every word in the label, key or helper text', () => {
    const d = { key: 'ac_wire_size', label: 'AC Wire Size', helperText: 'Leave as Calculated' };
    expect(matchesSearch(d, '')).toBe(true);
    expect(matchesSearch(d, 'wire ac')).toBe(true);
    expect(matchesSearch(d, 'ac_wire')).toBe(true);
    expect(matchesSearch(d, 'calculated')).toBe(true);
    expect(matchesSearch(d, 'dc wire')).toBe(false);
    expect(sectionsFor(REQUIREMENT_DEFINITIONS, null, 'sticker').flatMap((s) => s.groups).map((g) => g.chip.key)).toContain('customSticker');
  });
});

describe('values', () => {
  const def = REQUIREMENT_DEFINITIONS.find((d) => d.key === 'ac_disconnect')!;
  it('inherits the resolved value below, else the default', () => {
    expect(inheritedOf(def, undefined)).toEqual({ value: 'Always Include', source: 'default' });
    expect(inheritedOf(def, { ac_disconnect: { key: 'ac_disconnect', value: 'Not Required', source: 'company', on: false } }))
      .toEqual({ value: 'Not Required', source: 'company' });
  });
  it('keeps every value set here, null and false included; undefined is not set', () => {
    expect(scopeBody({ a: 1, b: undefined, c: null, d: false, e: '' })).toEqual({ a: 1, c: null, d: false, e: '' });
  });
  it('saves only what changed: explicit "off" values are set, reset keys inherited', () => {
    const saved = { sticker_1: { title: 'A' }, labels_page: true, conduit_naming: 'PVC', rail_length: 12 };
    const values = { sticker_1: null, labels_page: false, rail_length: 12, noa_cut_sheets: [] };
    expect(savePatch(saved, values)).toEqual({ set: { sticker_1: null, labels_page: false, noa_cut_sheets: [] }, inherit: ['conduit_naming'] });
    expect(savePatch(saved, { ...saved })).toEqual({ set: {}, inherit: [] });
  });
  it('says where a value comes from', () => {
    expect(originText(true, 'AHJ', { source: 'company' })).toBe('Set on this AHJ');
    expect(originText(false, 'AHJ', { source: 'company' })).toBe('Inherited from the company');
    expect(originText(false, 'AHJ', { source: 'utility' })).toBe('Inherited from the utility');
    expect(originText(false, 'company', { source: 'default' })).toBe('Inherited from the default');
  });
  it('lists changed keys', () => {
    expect(changedKeys({ a: 1, b: { x: 1 } }, { a: 1, b: { x: 2 }, c: '' }).sort()).toEqual(['b', 'c']);
  });
  it('picks a key’s errors with its group items', () => {
    expect(errorsOfKey({ sticker_1: 'x', 'sticker_1.title': 'y', sticker_10: 'z' }, 'sticker_1')).toEqual({ sticker_1: 'x', 'sticker_1.title': 'y' });
  });
  it('formats values for reading', () => {
    const sticker = REQUIREMENT_DEFINITIONS.find((d) => d.key === 'sticker_1')!;
    expect(formatRequirementValue(def, 'Always Include')).toBe('Always Include');
    expect(formatRequirementValue(sticker, null)).toBe('Off');
    expect(formatRequirementValue(sticker, defaultGroupValue(sticker))).toBe('On: WARNING at AC Disconnect');
    const bool = REQUIREMENT_DEFINITIONS.find((d) => d.type === 'bool')!;
    expect(formatRequirementValue(bool, true)).toBe('Yes');
    const file = REQUIREMENT_DEFINITIONS.find((d) => d.type === 'file')!;
    expect(formatRequirementValue(file, [{ id: '1', name: 'a.pdf' }, { id: '2', name: 'b.pdf' }])).toBe('a.pdf, b.pdf');
    expect(formatRequirementValue(file, null)).toBe('No file');
  });
  it('gives number requirements their unit, and an empty distance limit its meaning', () => {
    const byKey = (k: string) => REQUIREMENT_DEFINITIONS.find((d) => d.key === k)!;
    expect(formatRequirementValue(byKey('ac_disconnect_distance_to_meter'), 10)).toBe('10 ft');
    expect(formatRequirementValue(byKey('rail_length'), 14)).toBe('14 ft');
    expect(formatRequirementValue(byKey('micro_combiner_panel_amperage'), 125)).toBe('125 A');
    expect(formatRequirementValue(byKey('pv_equipment_distance_to_meter'), null)).toBe('No limit');
    expect(formatRequirementValue(byKey('site_photo_count'), 2)).toBe('2');
    expect(formatRequirementValue(byKey('site_photo_count'), null)).toBe('Not set');
  });
  it('reads number inputs', () => {
    expect(parseNumberText('')).toBeNull();
    expect(parseNumberText(' 12.5 ')).toBe(12.5);
    expect(parseNumberText('x')).toBeNaN();
  });
});

describe('requirement file uploads', () => {
  const def = (k: string) => REQUIREMENT_DEFINITIONS.find((d) => d.key === k)!;
  const f = (name: string, size = 1000) => ({ name, size });
  it('checks the count, the size and the extension before sending', () => {
    expect(requirementUploadProblem(def('contractor_stamp'), [f('stamp.png')], 0)).toBeNull();
    expect(requirementUploadProblem(def('contractor_stamp'), [f('stamp.JPEG')], 0)).toBeNull();
    expect(requirementUploadProblem(def('contractor_stamp'), [f('a.png'), f('b.png')], 0)).toBe('Contractor Stamp takes one file.');
    expect(requirementUploadProblem(def('contractor_stamp'), [f('stamp.pdf')], 0)).toBe('stamp.pdf is not a PNG or JPEG file.');
    expect(requirementUploadProblem(def('noa_cut_sheets'), [f('noa.pdf'), f('noa.png')], 0)).toBeNull();
    expect(requirementUploadProblem(def('noa_cut_sheets'), [f('setup.exe')], 0)).toBe('setup.exe is not a PNG, JPEG or PDF file.');
    expect(requirementUploadProblem(def('noa_cut_sheets'), [f('big.pdf', 50 * 1024 * 1024 + 1)], 0)).toBe('big.pdf is larger than the 50 MB limit.');
    expect(requirementUploadProblem(def('noa_cut_sheets'), [f('a.pdf'), f('b.pdf')], 19)).toBe('NOA Cut Sheets holds at most 20 files; 1 more can be added.');
    expect(requirementUploadProblem(def('noa_cut_sheets'), Array.from({ length: 21 }, (_, i) => f(`${i}.pdf`)), 0)).toBe('Choose at most 20 files at once.');
  });
  it('explains types, limits and when file changes are saved', () => {
    expect(fileFieldHelp(def('contractor_stamp'))).toBe(
      'Image (PNG or JPEG), 750x500 pixels recommended. Removed when an engineering stamp is required. PNG or JPEG, up to 50 MB. Uploads and removals are saved at once.',
    );
    expect(fileFieldHelp(def('noa_cut_sheets'))).toMatch(/PNG, JPEG or PDF, up to 50 MB each, 20 files at most\./);
  });
});

describe('the resolved view (requirements page and job page)', () => {
  const [a, b, c] = REQUIREMENT_DEFINITIONS.filter((d) => d.chipGroup === 'wireSize' || d.chipGroup === 'general').slice(0, 3) as [
    (typeof REQUIREMENT_DEFINITIONS)[number], (typeof REQUIREMENT_DEFINITIONS)[number], (typeof REQUIREMENT_DEFINITIONS)[number],
  ];
  const values = { [a.key]: { on: true }, [b.key]: { on: false }, [c.key]: { on: true } };
  const keys = (onlyOn: boolean) => resolvedSectionsOf(REQUIREMENT_DEFINITIONS, values, onlyOn).flatMap((s) => s.groups.flatMap((g) => g.definitions.map((d) => d.key)));

  it('lists only the requirements that are on, under their headings and chip groups', () => {
    expect(keys(true).sort()).toEqual([a.key, c.key].sort());
    for (const s of resolvedSectionsOf(REQUIREMENT_DEFINITIONS, values, true)) {
      for (const g of s.groups) {
        expect(g.chip.heading).toBe(s.heading);
        for (const d of g.definitions) expect(d.chipGroup).toBe(g.chip.key);
      }
    }
  });

  it('lists every resolved requirement when asked, and none the resolver did not answer for', () => {
    expect(keys(false).sort()).toEqual([a.key, b.key, c.key].sort());
    expect(resolvedSectionsOf(REQUIREMENT_DEFINITIONS, {}, false)).toEqual([]);
  });

  it('keeps the form order: a full answer with everything on reads as the form does', () => {
    const all = Object.fromEntries(REQUIREMENT_DEFINITIONS.map((d) => [d.key, { on: true }]));
    expect(resolvedSectionsOf(REQUIREMENT_DEFINITIONS, all, true)).toEqual(sectionsFor(REQUIREMENT_DEFINITIONS, null));
  });

  it('treats a failed cut sheet download as an error, other files as a warning', () => {
    expect(fileDownloadKindOf({ chipGroup: 'extraCutSheets' })).toBe('cut-sheet');
    expect(fileDownloadKindOf({ chipGroup: 'extraStamps' })).toBe('file');
  });
});
