import { describe, expect, it } from 'vitest';
import { createCadIntake } from '@sunstamp/domain/jobs/cad-intake.schema';
import { createJobArray } from '@sunstamp/domain/jobs/job-defaults.schema';
import { prefillCadIntake, servesState } from './cad-prefill.rules.ts';

describe('prefillCadIntake', () => {
  const arrays = [
    createJobArray({ panel_quantity: 12, roof_material: 'asphalt_shingle', roof_pitch: 22, racking_type: 'ironridge_xr100' }),
    createJobArray({ panel_quantity: 8 }),
  ];
  it('takes the state from the address and the rest from the arrays', () => {
    const cad = prefillCadIntake(createCadIntake({ state: 'AB' }), { stateAbbreviation: 'TX', arrays });
    expect(cad).toMatchObject({ state: 'TX', roof_material: 'asphalt_shingle', roof_pitch: 22, racking_type: 'ironridge_xr100' });
    // The module count is the equipment step's module line, not the CAD form's.
    expect(cad.module_count).toBeNull();
  });
  it('never overwrites an answer the client typed', () => {
    const cad = prefillCadIntake(createCadIntake({ roof_material: 'metal' }), { stateAbbreviation: null, arrays });
    expect(cad).toMatchObject({ state: '', roof_material: 'metal' });
  });
});

describe('servesState', () => {
  it('offers a utility of the job\'s state, or one without states', () => {
    expect(servesState({ states: ['TX'] }, 'TX')).toBe(true);
    expect(servesState({ states: ['AZ'] }, 'TX')).toBe(false);
    expect(servesState({ states: [] }, 'TX')).toBe(true);
    expect(servesState({ states: ['AZ'] }, null)).toBe(true);
  });
});
