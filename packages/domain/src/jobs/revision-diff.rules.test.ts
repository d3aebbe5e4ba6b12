import { describe, expect, it } from 'vitest';
import { revisionChangesOf } from './revision-diff.rules.ts';

describe('revisionChangesOf', () => {
  it('names each changed array field, an added array, a CAD form key and a whole field', () => {
    const before = { arrays: [{ panel_quantity: 20, roof_pitch: 26 }], cad_intake: { module_count: 20, state: 'TX' }, notes: 'a' };
    const after = {
      arrays: [{ panel_quantity: 24, roof_pitch: 26 }, { panel_quantity: 4, roof_pitch: 18 }],
      cad_intake: { module_count: 28, state: 'TX' },
      notes: 'a',
      services_requested: ['cad_packet'],
    };
    expect(revisionChangesOf(before, after)).toEqual([
      { field: 'arrays.0.panel_quantity', from: '20', to: '24' },
      { field: 'arrays.1', from: '—', to: 'Array 2 added' },
      { field: 'cad_intake.module_count', from: '20', to: '28' },
      { field: 'services_requested', from: '—', to: 'cad_packet' },
    ]);
  });

  it('sees no change through form differences (blank vs null, "24" vs 24)', () => {
    expect(revisionChangesOf({ notes: null, arrays: [{ beam_spacing: 24 }] }, { notes: '  ', arrays: [{ beam_spacing: '24' }] })).toEqual([]);
  });

  it('names a removed array', () => {
    expect(revisionChangesOf({ arrays: [{ panel_quantity: 1 }, { panel_quantity: 2 }] }, { arrays: [{ panel_quantity: 1 }] }))
      .toEqual([{ field: 'arrays.1', from: 'Array 2', to: 'removed' }]);
  });
});
