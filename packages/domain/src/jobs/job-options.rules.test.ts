import { describe, expect, it } from 'vitest';
import { OPTION_LIST_ROUTES, OPTION_LISTS, type OptionListKey } from '../catalogue/option-lists.data.ts';
import { CAD_INTAKE_FIELDS, createCadIntake } from './cad-intake.schema.ts';
import { createJobArray } from './job-defaults.schema.ts';
import {
  ARRAY_OPTION_FIELDS, CAD_OPTION_FIELDS, cadDirectoryLookups, cadDirectoryProblems, isUtilityId, JOB_OPTION_LISTS, notInListMessage,
  optionChoiceProblems, optionLabelOf, optionListOfRoute,
  type OptionChoice, type OptionLookup,
} from './job-options.rules.ts';

/** The seed lists as the database would hold them, plus what a test changes. */
function lookup(changes: { list: OptionListKey; value: string; label?: string; active?: boolean }[] = []): OptionLookup {
  const lists = new Map<string, Map<string, OptionChoice>>();
  let id = 1;
  for (const l of OPTION_LISTS) lists.set(l.key, new Map(l.items.map((i) => [i.value, { id: id++, value: i.value, label: i.label, active: true }])));
  for (const c of changes) {
    const items = lists.get(c.list)!;
    const old = items.get(c.value);
    items.set(c.value, { id: old?.id ?? id++, value: c.value, label: c.label ?? old?.label ?? c.value, active: c.active ?? true });
  }
  return {
    byValue: (list, value) => lists.get(list)?.get(value),
    byId: (list, n) => [...(lists.get(list)?.values() ?? [])].find((i) => i.id === n),
  };
}

describe('which fields are option-backed', () => {
  it('maps every CAD select with an option list to that list; the states and utilities directories are not option lists', () => {
    expect(CAD_OPTION_FIELDS).toEqual({
      module_type: 'module_types', inverter_type: 'inverter_types', connection_type: 'connection_types', racking_type: 'racking_types',
      preferred_racking_manufacturer: 'racking_brands', optimizer_type: 'optimizer_types', mci: 'mci_types', battery_type: 'battery_types',
      roof_material: 'roof_materials', beam_shape: 'beam_shapes', existing_module_type: 'module_types', existing_inverter_type: 'inverter_types',
      existing_optimizer_type: 'optimizer_types', existing_mci_type: 'mci_types', existing_battery_type: 'battery_types',
    });
    for (const d of CAD_INTAKE_FIELDS) if (d.optionList && !['states', 'utilities'].includes(d.optionList)) expect(d.name in CAD_OPTION_FIELDS, d.name).toBe(true);
  });
  it('resolves spec §7 routes to list keys', () => {
    for (const [route, key] of Object.entries(OPTION_LIST_ROUTES)) expect(optionListOfRoute(route)).toBe(route === 'states' ? null : key);
    expect(optionListOfRoute('utilities')).toBeNull();
    expect(optionListOfRoute('racking-brands')).toBe('racking_brands');
    expect(optionListOfRoute(undefined)).toBeNull();
  });
  it('uses lists the API keeps in option items', () => {
    for (const k of JOB_OPTION_LISTS) expect(OPTION_LISTS.some((l) => l.key === k), k).toBe(true);
    expect(ARRAY_OPTION_FIELDS).not.toHaveProperty('frame_shape');
  });
});

describe('optionChoiceProblems', () => {
  const added = lookup([{ list: 'connection_types', value: 'acme_clip', label: 'Acme Clip' }]);

  it('accepts an active item, an added one included, and blanks', () => {
    expect(optionChoiceProblems({
      connection_type_id: 'acme_clip', structure_type: null, gypsum_type: 'No Drywall',
      arrays: [createJobArray({ connection_type: 'acme_clip' }), createJobArray()],
      cad_intake: createCadIntake({ connection_type: 'acme_clip', inverter_type: 'Microinverter' }),
    }, undefined, added)).toEqual([]);
  });

  it('names the field and the list of every value that is not an active item', () => {
    expect(optionChoiceProblems({
      connection_type_id: 'glue', arrays: [createJobArray(), createJobArray({ roof_material: 'thatch' })], cad_intake: createCadIntake({ mci: 'x' }),
    }, undefined, added)).toEqual([
      { connection_type_id: '"glue" is not an active item of the Connection Types list.' },
      { 'arrays.1.roof_material': '"thatch" is not an active item of the Roof Materials list.' },
      { 'cad_intake.mci': '"x" is not an active item of the MCI Types list.' },
    ]);
    expect(notInListMessage('module_types', 'y'.repeat(100))).toBe(`"${'y'.repeat(60)}…" is not an active item of the Module Types list.`);
  });

  it('refuses a deactivated item on a new job, keeps it on a job that holds it in that field', () => {
    const off = lookup([{ list: 'connection_types', value: 'tile_hook', active: false }]);
    const next = { connection_type_id: 'tile_hook', arrays: [createJobArray({ connection_type: 'tile_hook' })], cad_intake: createCadIntake({ connection_type: 'tile_hook' }) };
    expect(optionChoiceProblems(next, undefined, off)).toHaveLength(3);
    expect(optionChoiceProblems(next, next, off)).toEqual([]);
    // Held by another array of the job: still kept (arrays are added, removed and reordered).
    const moved = { arrays: [createJobArray(), createJobArray({ connection_type: 'tile_hook' })] };
    expect(optionChoiceProblems(moved, { arrays: [createJobArray({ connection_type: 'tile_hook' })] }, off)).toEqual([]);
    // Held in another field only: not kept.
    expect(optionChoiceProblems({ connection_type_id: 'tile_hook' }, { arrays: next.arrays }, off)).toEqual([
      { connection_type_id: '"tile_hook" is not an active item of the Connection Types list.' },
    ]);
  });

  it('accepts Other/Custom where the field has its custom text, whatever the list holds', () => {
    const noOther = lookup([{ list: 'connection_types', value: 'other', active: false }]);
    expect(optionChoiceProblems({
      arrays: [createJobArray({ connection_type: 'other', racking_type: 'Other', beam_shape: 'custom' })],
      cad_intake: createCadIntake({ module_type: 'Other', inverter_type: 'other', connection_type: 'Other' }),
    }, undefined, noOther)).toEqual([]);
    // Without a custom text (roof material in an array, existing equipment) it is a value like any other.
    expect(optionChoiceProblems({ arrays: [createJobArray({ module_type: 'Other' })], cad_intake: createCadIntake({ existing_battery_type: 'Other' }) }, undefined, noOther))
      .toEqual([
        { 'arrays.0.module_type': '"Other" is not an active item of the Module Types list.' },
        { 'cad_intake.existing_battery_type': '"Other" is not an active item of the Battery Types list.' },
      ]);
  });

  it('takes an array reference by item id too', () => {
    const lists = lookup();
    const slate = lists.byValue('roof_materials', 'slate')!;
    expect(optionChoiceProblems({ arrays: [createJobArray({ roof_material: slate.id })] }, undefined, lists)).toEqual([]);
    expect(optionChoiceProblems({ arrays: [createJobArray({ roof_material: -1 })] }, undefined, lists)).toHaveLength(1);
  });

  it('checks only the parts sent', () => {
    expect(optionChoiceProblems({ structure_type: 'Single Family Residence' }, { connection_type_id: 'glue' }, lookup())).toEqual([]);
  });
});

describe('optionLabelOf', () => {
  it('answers the database label, a deactivated or renamed item\'s too, else the value', () => {
    const lists = lookup([{ list: 'connection_types', value: 'tile_hook', label: 'Tile Hook (old)', active: false }]);
    expect(optionLabelOf('connection_types', 'tile_hook', lists)).toBe('Tile Hook (old)');
    expect(optionLabelOf('connection_types', 'flashed_l_foot', lists)).toBe('Flashed L-Foot (Lag Screw)');
    expect(optionLabelOf('connection_types', 'gone', lists)).toBe('gone');
  });
});

describe('cadDirectoryLookups / cadDirectoryProblems (utility and state of the CAD form)', () => {
  const id = '3f1c2b4a-0000-4000-8000-000000000001';
  it('looks up only a changed, non-blank value; never the Other choice', () => {
    expect(cadDirectoryLookups({ utility: id, state: 'TX' }, undefined)).toEqual({ utility: id, state: 'TX' });
    expect(cadDirectoryLookups({ utility: id, state: 'TX' }, { utility: id, state: 'TX' })).toEqual({});
    expect(cadDirectoryLookups({ utility: 'Austin Energy', state: '' }, { utility: 'Austin Energy' })).toEqual({});
    expect(cadDirectoryLookups({ utility: 'Other', state: null }, undefined)).toEqual({});
    expect(cadDirectoryLookups(undefined, undefined)).toEqual({});
  });
  it('names each field the database did not confirm', () => {
    expect(cadDirectoryProblems({ utility: id, state: 'ZZ' }, { utility: true, state: false })).toEqual([{ 'cad_intake.state': '"ZZ" is not a known state.' }]);
    expect(cadDirectoryProblems({ utility: 'Oncor' }, {})).toEqual([{ 'cad_intake.utility': '"Oncor" is not an active utility.' }]);
    expect(isUtilityId(id)).toBe(true);
    expect(isUtilityId('Oncor')).toBe(false);
  });
});
