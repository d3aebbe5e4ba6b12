import { z } from 'zod';
import { LETTER_TYPE_VALUES } from '@sunstamp/domain/contracts/letters';
import { ZReport } from '@sunstamp/engineering/report.schema';

/*
 * LetterInput: everything one engineering letter needs and nothing it must fetch. The API assembles
 * it from the job, its AHJ (code editions and design criteria), the engineering report and the
 * engineer who will seal it; renderLetter is a pure function of it. Seal, signature and verification
 * code are not among its inputs: they are drawn when the engineer seals the draft.
 */

const bytes = z.custom<Uint8Array>((v) => v instanceof Uint8Array, 'expected bytes (Uint8Array)');

/** The letter types this renderer writes (the API contract's list; the values are the service keys where a service exists). */
export const LETTER_TYPES = LETTER_TYPE_VALUES;
/** What renderLetter writes: a letter, or the calculation package (every report section). */
export const DOCUMENT_TYPES = [...LETTER_TYPES, 'calculation_package'] as const;
export const ZLetterType = z.enum(DOCUMENT_TYPES);
export type LetterType = z.infer<typeof ZLetterType>;

export const LETTER_TITLES: Record<LetterType, string> = {
  structural_roof_letter: 'Structural Roof Letter',
  electrical_load_calculations: 'Electrical Letter and Load Calculations',
  busbar_certification: 'Busbar Certification',
  revision_letter: 'Revision Letter',
  design_affidavit: 'Design Affidavit',
  florida_statute_377_705: 'Florida Statute 377.705 Certification',
  post_install_letter: 'Post-Install Letter',
  structural_ground_mount_letter: 'Structural Ground-Mount Letter',
  wall_mounted_battery_letter: 'Wall-Mounted Battery Letter',
  seismic_calculations: 'Seismic Calculations',
  appendix_g: 'Appendix G: Structural Calculations',
  unreduced_snow_load: 'Unreduced Snow Load Letter',
  third_party_stamp: 'NABCEP or Third-Party Stamp',
  calculation_package: 'Calculation Package',
};

/** Which licence discipline seals each letter type. */
export const LETTER_DISCIPLINE: Record<LetterType, 'structural' | 'electrical'> = {
  structural_roof_letter: 'structural',
  electrical_load_calculations: 'electrical',
  busbar_certification: 'electrical',
  revision_letter: 'structural',
  design_affidavit: 'structural',
  florida_statute_377_705: 'structural',
  post_install_letter: 'structural',
  structural_ground_mount_letter: 'structural',
  wall_mounted_battery_letter: 'structural',
  seismic_calculations: 'structural',
  appendix_g: 'structural',
  unreduced_snow_load: 'structural',
  third_party_stamp: 'structural',
  calculation_package: 'structural',
};

/** A ground-mounted array as the racking's design gives it (ASCE 7 free roof; foundation capacities). */
export const ZGroundMount = z.object({
  racking: z.string().min(1),
  foundation: z.string().min(1),
  tiltDeg: z.number().min(0).max(60),
  meanHeightFt: z.number().positive().max(60),
  arrayDepthFt: z.number().positive(),
  postSpacingFt: z.number().positive(),
  postsPerColumn: z.number().int().positive(),
  deadLoadPsf: z.number().positive(),
  allowableUpliftLb: z.number().positive(),
  allowableCompressionLb: z.number().positive(),
  allowableLateralLb: z.number().positive(),
});
export type GroundMount = z.infer<typeof ZGroundMount>;

/** A wall-mounted battery: the model's catalogue weight and depth, and the bracket's lag screws into the studs. */
export const ZWallBattery = z.object({
  model: z.string().min(1),
  weightLb: z.number().positive(),
  depthIn: z.number().positive(),
  count: z.number().int().positive().default(1),
  fasteners: z.number().int().positive(),
  topRowFasteners: z.number().int().positive(),
  rowSpacingIn: z.number().positive(),
  species: z.enum(['DF-L', 'SP', 'HF', 'SPF']),
  diameterIn: z.number().positive(),
  threadPenetrationIn: z.number().positive(),
  lateralDesignValueLb: z.number().positive(),
});
export type WallBattery = z.infer<typeof ZWallBattery>;

/** Who stamps the plan set when the AHJ asks for a NABCEP or third-party stamp. */
export const ZThirdParty = z.object({
  kind: z.enum(['nabcep', 'third_party']),
  name: z.string().min(1),
  credential: z.string().min(1),
  number: z.string().min(1),
  organisation: z.string().optional(),
});
export type ThirdParty = z.infer<typeof ZThirdParty>;

/** revision_letter_data of generate-letters: what changed and why. */
export const ZRevisionLetterData = z.object({
  /** A spec §9 revision reason key (equipment_change, layout_change, …) or free words. */
  reason: z.string().trim().min(1).max(200),
  description: z.string().trim().min(1).max(2000),
  changes: z.array(z.object({
    item: z.string().trim().min(1).max(200),
    before: z.string().trim().max(500).optional(),
    after: z.string().trim().max(500).optional(),
  })).max(50).default([]),
});
export type RevisionLetterData = z.infer<typeof ZRevisionLetterData>;

export const ZLetterEngineer = z.object({
  name: z.string().min(1),
  discipline: z.enum(['structural', 'electrical']),
  licenceState: z.string().length(2),
  licenceNumber: z.string().min(1),
  /** ISO date. */
  licenceExpires: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  email: z.string().optional(),
});
export type LetterEngineer = z.infer<typeof ZLetterEngineer>;

export const ZLetterInput = z.object({
  type: ZLetterType,
  job: z.object({
    id: z.string().min(1),
    name: z.string().min(1),
    clientName: z.string().min(1),
    address: z.object({ street: z.string().min(1), city: z.string().min(1), state: z.string().length(2), zip: z.string() }),
    ahjName: z.string().min(1),
    revision: z.number().int().min(0),
    /** The letter's date (the renderer has no clock). ISO date. */
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  }),
  /** The AHJ's adopted editions as printed, e.g. "2021 IBC", "ASCE 7-16", "NEC 2020". */
  codes: z.object({
    building: z.string().min(1),
    residential: z.string().min(1),
    existingBuilding: z.string().min(1),
    structural: z.string().min(1),
    electrical: z.string().min(1),
    fire: z.string().min(1),
  }),
  designCriteria: z.object({
    windSpeedMph: z.number().positive(),
    exposure: z.enum(['B', 'C', 'D']),
    groundSnowLoadPsf: z.number().min(0),
    riskCategory: z.string().default('II'),
    seismicDesignCategory: z.string().optional(),
    minDesignTempC: z.number().optional(),
  }),
  report: ZReport,
  /** Requirement facts the letters obey. */
  requirements: z.object({
    stressAnalysis: z.boolean().default(false),
    unreducedSnowLoad: z.boolean().default(false),
  }).prefault({}),
  groundMount: ZGroundMount.optional(),
  /** Seismic calculations: the arrays' area (from the modules) and the roof's plan area (from the job). */
  seismic: z.object({ arrayAreaFt2: z.number().positive(), roofAreaFt2: z.number().positive() }).optional(),
  wallBattery: ZWallBattery.optional(),
  thirdParty: ZThirdParty.optional(),
  /** The uploaded Forte or SkyCiv result of a job designed with that tool: cited, and its pages appended. */
  structuralAnalysis: z.object({ tool: z.enum(['Forte', 'SkyCiv']), fileName: z.string().min(1), pdf: bytes }).optional(),
  engineer: ZLetterEngineer,
  firm: z.object({ name: z.string().min(1), address: z.string().min(1), phone: z.string().min(1) }),
  revisionData: ZRevisionLetterData.optional(),
});
export type LetterInput = z.infer<typeof ZLetterInput>;
export type LetterInputRaw = z.input<typeof ZLetterInput>;
