// The CAD intake's vocabulary: its groups and the flags that show them, and the fixed lists and
// readings its fields use (load calculation methods, rapid-shutdown types, roof faces). cad-intake.schema.ts.

export const CAD_INTAKE_GROUPS = [
  'general',
  'optimizer',
  'mci',
  'battery',
  'structural',
  'ground_mount',
  'existing_solar',
  'load_calculation',
] as const;
export type CadIntakeGroup = (typeof CAD_INTAKE_GROUPS)[number];

export const CAD_INTAKE_GROUP_LABELS: Record<CadIntakeGroup, string> = {
  general: 'General',
  optimizer: 'Optimizer',
  mci: 'MCI',
  battery: 'Battery',
  structural: 'Structural',
  ground_mount: 'Ground Mount',
  existing_solar: 'Existing Solar',
  load_calculation: 'Load Calculation (NEC Article 220)',
};

export type CadIntakeFlag =
  | 'needs_structural_cad'
  | 'needs_ground_mount'
  | 'needs_battery_info'
  | 'needs_optimizer'
  | 'needs_mci'
  | 'existing_solar'
  | 'mpu_required'
  | 'subpanel_routed'
  | 'needs_load_calculation';

/** The flag that shows each group; general is always shown. */
export const CAD_INTAKE_GROUP_FLAGS: Record<CadIntakeGroup, CadIntakeFlag | null> = {
  general: null,
  optimizer: 'needs_optimizer',
  mci: 'needs_mci',
  battery: 'needs_battery_info',
  structural: 'needs_structural_cad',
  ground_mount: 'needs_ground_mount',
  existing_solar: 'existing_solar',
  load_calculation: 'needs_load_calculation',
};

/** Stud species of NDS Table 12.3.3A the engine has (packages/engineering nds-withdrawal.table.ts). */
export const WALL_STUD_SPECIES = ['DF-L', 'SP', 'HF', 'SPF'] as const;

/** The Article 220 dwelling load calculation methods the engine works out (NEC 220.82, 220.83, 220.87). */
export const LOAD_CALC_METHODS = ['NEC 220.82 Optional Method', 'NEC 220.83 Existing Dwelling', 'NEC 220.87 Measured Demand'] as const;
export const LOAD_CALC_DATA_PERIODS = ['12 Months', '30 Days'] as const;

/**
 * The existing PV system's rapid-shutdown type (issue 25, finding 6: one 690.56(C) placard per type): shut
 * down at the array (690.12 as from NEC 2017), only the conductors leaving it (NEC 2014), or none (before 2014).
 */
export const EXISTING_RSD_TYPES = ['690.12 compliant (array-level)', 'conductor-level only (2014)', 'none (pre-2014)'] as const;
export type ExistingRsdType = (typeof EXISTING_RSD_TYPES)[number];
/** The engine's name of each type (packages/engineering ZExistingPv). */
export const EXISTING_RSD_ENGINE: Record<ExistingRsdType, 'array-level' | 'conductor-level' | 'none'> = {
  '690.12 compliant (array-level)': 'array-level',
  'conductor-level only (2014)': 'conductor-level',
  'none (pre-2014)': 'none',
};

export const ROOF_FACES = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export type RoofFace = (typeof ROOF_FACES)[number];
const FACE_WORDS: Record<string, RoofFace> = {
  NORTH: 'N', NORTHEAST: 'NE', EAST: 'E', SOUTHEAST: 'SE', SOUTH: 'S', SOUTHWEST: 'SW', WEST: 'W', NORTHWEST: 'NW',
};

/** The compass face (of eight) a roof plane faces, from its azimuth (degrees clockwise from north). */
export const compassFace = (azimuthDeg: number): RoofFace => ROOF_FACES[((Math.round(azimuthDeg / 45) % 8) + 8) % 8]!;

/**
 * The roof faces the existing array is on, as the intake gives them ("S, W", "south and west",
 * "south-west"): the compass directions the faces look to. Answers the faces, or the word it cannot read.
 */
export function parseRoofFaces(text: string): { ok: true; faces: RoofFace[] } | { ok: false; word: string } {
  const words = text.toUpperCase().replace(/\b(NORTH|SOUTH)-(EAST|WEST)\b/g, '$1$2').split(/[\s,;/&+]+|\bAND\b/).map((w) => w.replace(/\b(FACE|FACES|ROOF)\b/g, '').trim()).filter(Boolean);
  const faces: RoofFace[] = [];
  for (const w of words) {
    const f = (ROOF_FACES as readonly string[]).includes(w) ? (w as RoofFace) : FACE_WORDS[w];
    if (!f) return { ok: false, word: w };
    if (!faces.includes(f)) faces.push(f);
  }
  return { ok: true, faces };
}
