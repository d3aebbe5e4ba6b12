import { describe, expect, it } from 'vitest';
import { ZGenerateLettersBody } from '@sunstamp/domain/contracts/letters';
import { emptyLetterInputs, letterInputsBody, lettersToTick } from './letter-inputs.rules.ts';

describe('letter inputs of the generate-letters dialog', () => {
  it('asks only what the chosen letters need, and says what is missing', () => {
    const f = emptyLetterInputs();
    expect(letterInputsBody(['design_affidavit'], f)).toEqual({ body: {} });
    expect(letterInputsBody(['seismic_calculations'], f)).toEqual({ error: 'Roof plan area (ft²): enter a number.' });
    // The ground mount's and the wall battery's values are the job's and the catalogue's: nothing is asked or sent.
    expect(letterInputsBody(['structural_ground_mount_letter', 'wall_mounted_battery_letter'], f)).toEqual({ body: {} });
    expect(letterInputsBody(['structural_roof_letter'], { ...f, method: 'forte' })).toEqual({ error: 'Choose the Forte result (a PDF in the job\'s files).' });
    expect(letterInputsBody(['third_party_stamp'], f)).toEqual({ error: 'Name who stamps the plan set, their credential and its number.' });
  });

  it('builds a body the API contract accepts', () => {
    const f = emptyLetterInputs();
    f.method = 'skyciv';
    f.resultFileId = '6f1b7a52-3c1e-4f7e-9d7c-1f2a3b4c5d6e';
    f.roofArea = '2400';
    f.thirdParty = { kind: 'third_party', name: 'Sam Ortiz', credential: 'PE', number: 'PE-1', organisation: ' ' };
    const types = ['structural_roof_letter', 'structural_ground_mount_letter', 'wall_mounted_battery_letter', 'seismic_calculations', 'third_party_stamp'] as const;
    const r = letterInputsBody([...types], f);
    if (!('body' in r)) throw new Error(r.error);
    expect(Object.keys(r.body).sort()).toEqual(['roof_area_ft2', 'structural_method', 'structural_result_file_id', 'third_party']);
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
