import { LETTER_ASKED_BY_REQUIREMENT, LETTER_TYPE_VALUES, type GenerateLettersBody, type STRUCTURAL_METHOD_VALUES } from '@sunstamp/domain/contracts/letters';

/*
 * What the generate-letters dialog asks beyond the letter list: the engineer's own choices, the
 * structural method and the uploaded Forte/SkyCiv result, the roof's plan area for the seismic
 * calculations and who stamps a NABCEP or third-party page. The ground-mount and wall-battery
 * letters ask nothing here: their values are the job's (CAD intake) and the catalogue's, and the
 * API refuses them in the request. The form keeps text; this turns it into the request's fields
 * or says what is missing.
 */

type LetterType = (typeof LETTER_TYPE_VALUES)[number];
type StructuralMethod = (typeof STRUCTURAL_METHOD_VALUES)[number];

export interface LetterInputsForm {
  method: StructuralMethod;
  resultFileId: string;
  roofArea: string;
  thirdParty: { kind: 'nabcep' | 'third_party'; name: string; credential: string; number: string; organisation: string };
}

export const emptyLetterInputs = (): LetterInputsForm => ({
  method: 'prescriptive', resultFileId: '', roofArea: '',
  thirdParty: { kind: 'nabcep', name: '', credential: '', number: '', organisation: '' },
});

/** Where the letters that ask nothing here take their values from (shown in the dialog). */
export const FROM_THE_JOB: Partial<Record<LetterType, string>> = {
  structural_ground_mount_letter: 'From the job: foundation, racking pitch, mean height, table depth, post spacing and posts per column (CAD intake, Ground Mount); the racking\'s weight and post capacities and the module\'s weight (catalogue); the wind coefficients from ASCE 7.',
  wall_mounted_battery_letter: 'From the job: the battery\'s weight, depth and wall bracket (catalogue) and the wall stud species (CAD intake, Battery).',
};

/** The letters the uploaded analysis result goes with. */
export const usesStructuralMethod = (types: readonly LetterType[]) => types.includes('structural_roof_letter') || types.includes('post_install_letter');

type Extra = Pick<GenerateLettersBody, 'structural_method' | 'structural_result_file_id' | 'roof_area_ft2' | 'third_party'>;

/** The request's extra fields for the letters chosen, or the first thing missing in words. */
export function letterInputsBody(types: readonly LetterType[], f: LetterInputsForm): { body: Extra } | { error: string } {
  const body: Extra = {};
  if (usesStructuralMethod(types) && f.method !== 'prescriptive') {
    if (!f.resultFileId) return { error: `Choose the ${f.method === 'forte' ? 'Forte' : 'SkyCiv'} result (a PDF in the job's files).` };
    body.structural_method = f.method;
    body.structural_result_file_id = f.resultFileId;
  }
  if (types.includes('seismic_calculations')) {
    const a = Number(f.roofArea.trim());
    if (!f.roofArea.trim() || !(a > 0)) return { error: 'Roof plan area (ft²): enter a number.' };
    body.roof_area_ft2 = a;
  }
  if (types.includes('third_party_stamp')) {
    const t = f.thirdParty;
    if (!t.name.trim() || !t.credential.trim() || !t.number.trim()) return { error: 'Name who stamps the plan set, their credential and its number.' };
    body.third_party = { kind: t.kind, name: t.name.trim(), credential: t.credential.trim(), number: t.number.trim(), ...(t.organisation.trim() ? { organisation: t.organisation.trim() } : {}) };
  }
  return { body };
}

/** The letters to tick when the dialog opens: those the job's services name and those its requirements that are on ask for. */
export function lettersToTick(services: readonly string[], requirementsOn: readonly string[]): LetterType[] {
  const asked = new Set<string>([...services, ...requirementsOn.map((k) => LETTER_ASKED_BY_REQUIREMENT[k]).filter((t) => t !== undefined)]);
  return LETTER_TYPE_VALUES.filter((t) => asked.has(t));
}
