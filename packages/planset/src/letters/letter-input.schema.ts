import { z } from 'zod';
import { ZReport } from '@sunstamp/engineering/report.schema';

/*
 * LetterInput: everything one engineering letter needs and nothing it must fetch. The API assembles
 * it from the job, its AHJ (code editions and design criteria), the engineering report, the sealing
 * engineer and the seal and signature images; renderLetter is a pure function of it.
 */

const bytes = z.custom<Uint8Array>((v) => v instanceof Uint8Array, 'expected bytes (Uint8Array)');

/** The letter types this renderer writes; the values are the service keys where a service exists. */
export const LETTER_TYPES = [
  'structural_roof_letter',
  'electrical_load_calculations',
  'busbar_certification',
  'revision_letter',
  'design_affidavit',
  'florida_statute_377_705',
  'post_install_letter',
] as const;
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
  calculation_package: 'structural',
};

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
  engineer: ZLetterEngineer,
  firm: z.object({ name: z.string().min(1), address: z.string().min(1), phone: z.string().min(1) }),
  revisionData: ZRevisionLetterData.optional(),
  /** PE seal (PNG or JPEG), placed beside the signature block. */
  seal: bytes.optional(),
  /** Where and with which code anyone checks this sealed document (printed under the seal and in the footer). */
  verification: z.object({ url: z.string().min(1), code: z.string().min(1) }).optional(),
  signature: bytes.optional(),
});
export type LetterInput = z.infer<typeof ZLetterInput>;
export type LetterInputRaw = z.input<typeof ZLetterInput>;
