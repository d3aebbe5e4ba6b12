import { LETTER_ASKED_BY_REQUIREMENT, LETTER_TYPE_VALUES, type GenerateLettersBody, type STRUCTURAL_METHOD_VALUES } from '@sunstamp/domain/contracts/letters';

/*
 * What the generate-letters dialog asks beyond the letter list: the structural method and the
 * uploaded Forte/SkyCiv result, the racking's design of a ground mount, the bracket of a wall
 * battery, the roof's plan area for the seismic calculations and who stamps a NABCEP or third-party
 * page. The form keeps text; this turns it into the request's fields or says what is missing.
 */

type LetterType = (typeof LETTER_TYPE_VALUES)[number];
type StructuralMethod = (typeof STRUCTURAL_METHOD_VALUES)[number];

/** The racking's design; the tilt, racking and foundation come from the job when it has them (asked here only otherwise). */
export const GROUND_MOUNT_FIELDS = [
  ['tilt_deg', 'Tilt (°), if the job has no racking pitch'],
  ['mean_height_ft', 'Mean height (ft)'],
  ['array_depth_ft', 'Table depth (ft)'],
  ['post_spacing_ft', 'Post spacing along the row (ft)'],
  ['posts_per_column', 'Posts per column'],
  ['dead_load_psf', 'Dead load, modules and racking (psf)'],
  ['cn_uplift', 'CN uplift (racking design)'],
  ['cn_down', 'CN downward (racking design)'],
  ['allowable_uplift_lb', 'Allowable uplift per post (lb)'],
  ['allowable_compression_lb', 'Allowable compression per post (lb)'],
  ['allowable_lateral_lb', 'Allowable lateral per post (lb)'],
] as const;

export const BATTERY_MOUNT_FIELDS = [
  ['fasteners', 'Lag screws in the bracket'],
  ['top_row_fasteners', 'Lag screws in the top row'],
  ['row_spacing_in', 'Top to bottom row (in)'],
  ['lag_diameter_in', 'Lag diameter (in)'],
  ['thread_penetration_in', 'Thread penetration (in)'],
  ['lateral_design_value_lb', 'Lateral design value Z (lb, NDS Table 12K)'],
] as const;

export const STUD_SPECIES = ['DF-L', 'SP', 'HF', 'SPF'] as const;

type GroundKey = (typeof GROUND_MOUNT_FIELDS)[number][0];
type BatteryKey = (typeof BATTERY_MOUNT_FIELDS)[number][0];

export interface LetterInputsForm {
  method: StructuralMethod;
  resultFileId: string;
  racking: string;
  foundation: string;
  ground: Record<GroundKey, string>;
  battery: Record<BatteryKey, string>;
  species: (typeof STUD_SPECIES)[number];
  roofArea: string;
  thirdParty: { kind: 'nabcep' | 'third_party'; name: string; credential: string; number: string; organisation: string };
}

export const emptyLetterInputs = (): LetterInputsForm => ({
  method: 'prescriptive', resultFileId: '', racking: '', foundation: '',
  ground: Object.fromEntries(GROUND_MOUNT_FIELDS.map(([k]) => [k, ''])) as Record<GroundKey, string>,
  battery: Object.fromEntries(BATTERY_MOUNT_FIELDS.map(([k]) => [k, ''])) as Record<BatteryKey, string>,
  species: 'SPF', roofArea: '',
  thirdParty: { kind: 'nabcep', name: '', credential: '', number: '', organisation: '' },
});

/** The letters the uploaded analysis result goes with. */
export const usesStructuralMethod = (types: readonly LetterType[]) => types.includes('structural_roof_letter') || types.includes('post_install_letter');

type Extra = Pick<GenerateLettersBody, 'structural_method' | 'structural_result_file_id' | 'ground_mount' | 'battery_mount' | 'roof_area_ft2' | 'third_party'>;

const numbers = <K extends string>(fields: readonly (readonly [K, string])[], values: Record<K, string>, optional: readonly K[] = []): Record<K, number> | string => {
  const out = {} as Record<K, number>;
  for (const [k, label] of fields) {
    if (values[k].trim() === '' && optional.includes(k)) continue;
    const n = Number(values[k].trim());
    if (values[k].trim() === '' || !Number.isFinite(n) || n < 0) return `${label}: enter a number.`;
    out[k] = n;
  }
  return out;
};

/** The request's extra fields for the letters chosen, or the first thing missing in words. */
export function letterInputsBody(types: readonly LetterType[], f: LetterInputsForm): { body: Extra } | { error: string } {
  const body: Extra = {};
  if (usesStructuralMethod(types) && f.method !== 'prescriptive') {
    if (!f.resultFileId) return { error: `Choose the ${f.method === 'forte' ? 'Forte' : 'SkyCiv'} result (a PDF in the job's files).` };
    body.structural_method = f.method;
    body.structural_result_file_id = f.resultFileId;
  }
  if (types.includes('structural_ground_mount_letter')) {
    // Racking, foundation and tilt come from the job; sent only when typed (for a job that has none).
    const g = numbers(GROUND_MOUNT_FIELDS, f.ground, ['tilt_deg']);
    if (typeof g === 'string') return { error: g };
    body.ground_mount = { ...(f.racking.trim() ? { racking: f.racking.trim() } : {}), ...(f.foundation.trim() ? { foundation: f.foundation.trim() } : {}), ...g };
  }
  if (types.includes('wall_mounted_battery_letter')) {
    const b = numbers(BATTERY_MOUNT_FIELDS, f.battery);
    if (typeof b === 'string') return { error: b };
    body.battery_mount = { ...b, species: f.species };
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
