import { describe, expect, it } from 'vitest';
import { ZGenerateLettersBody } from '@sunstamp/domain/contracts/letters';
import { emptyLetterInputs, letterInputsBody, lettersToTick } from './letter-inputs.rules.ts';

describe('letter inputs of the generate-letters dialog', () => {
  it('asks only what the chosen letters need, and says what is missing', () => {
    const f = emptyLetterInputs();
    expect(letterInputsBody(['design_affidavit'], f)).toEqual({ body: {} });
    expect(letterInputsBody(['seismic_calculations'], f)).toEqual({ error: 'Roof plan area (ft²): enter a number.' });
    // Racking, foundation and tilt come from the job: the first thing asked is the racking maker's data.
    expect(letterInputsBody(['structural_ground_mount_letter'], f)).toEqual({ error: 'Mean height (ft): enter a number.' });
    expect(letterInputsBody(['structural_roof_letter'], { ...f, method: 'forte' })).toEqual({ error: 'Choose the Forte result (a PDF in the job\'s files).' });
    expect(letterInputsBody(['wall_mounted_battery_letter'], f)).toEqual({ error: 'Lag screws in the bracket: enter a number.' });
    expect(letterInputsBody(['third_party_stamp'], f)).toEqual({ error: 'Name who stamps the plan set, their credential and its number.' });
  });

  it('builds a body the API contract accepts', () => {
    const f = emptyLetterInputs();
    f.method = 'skyciv';
    f.resultFileId = '6f1b7a52-3c1e-4f7e-9d7c-1f2a3b4c5d6e';
    f.racking = 'IronRidge GM';
    f.foundation = 'Ground Screw';
    f.ground = { tilt_deg: '25', mean_height_ft: '6', array_depth_ft: '13.5', post_spacing_ft: '10', posts_per_column: '2', dead_load_psf: '3.5', cn_uplift: '1.6', cn_down: '1.8', allowable_uplift_lb: '2000', allowable_compression_lb: '3000', allowable_lateral_lb: '1000' };
    f.battery = { fasteners: '4', top_row_fasteners: '2', row_spacing_in: '24', lag_diameter_in: '0.3125', thread_penetration_in: '2.5', lateral_design_value_lb: '150' };
    f.roofArea = '2400';
    f.thirdParty = { kind: 'third_party', name: 'Sam Ortiz', credential: 'PE', number: 'PE-1', organisation: ' ' };
    const types = ['structural_roof_letter', 'structural_ground_mount_letter', 'wall_mounted_battery_letter', 'seismic_calculations', 'third_party_stamp'] as const;
    const r = letterInputsBody([...types], f);
    if (!('body' in r)) throw new Error(r.error);
    expect(r.body.ground_mount).toMatchObject({ racking: 'IronRidge GM', foundation: 'Ground Screw', tilt_deg: 25, cn_uplift: 1.6 });
    expect(r.body.third_party).toEqual({ kind: 'third_party', name: 'Sam Ortiz', credential: 'PE', number: 'PE-1' });
    expect(ZGenerateLettersBody.safeParse({ letter_types: [...types], ...r.body }).success).toBe(true);
  });
});

describe('letters ticked when the dialog opens', () => {
  it('the services and the engineering requirements that are on', () => {
    expect(lettersToTick(['structural_roof_letter', 'cad_design'], ['appendix_g', 'NABCEP_stamp', 'third_party_stamps', 'taps_not_allowed', 'unreduced_snow_load']))
      .toEqual(['structural_roof_letter', 'appendix_g', 'unreduced_snow_load', 'third_party_stamp']);
    expect(lettersToTick([], [])).toEqual([]);
  });
});
