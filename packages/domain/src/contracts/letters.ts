import { z } from 'zod';

/*
 * generate-letters and recalculate-url (spec §7): `arrays, letter_types, include_digital_signature,
 * revision_letter_data`, and `arrays`. The letter types are packages/planset's LETTER_TYPES.
 */

export const LETTER_TYPE_VALUES = [
  'structural_roof_letter',
  'electrical_load_calculations',
  'busbar_certification',
  'revision_letter',
  'design_affidavit',
  'florida_statute_377_705',
  'post_install_letter',
] as const;

/** The spec §4 progress events of a letters run, in the order they are sent. */
export const LETTER_PROGRESS_EVENTS = ['calculations_initiated', 'calculations_passed', 'calculations_failed', 'stamp_file_passed', 'combine_files_passed'] as const;
export type LetterProgressEvent = (typeof LETTER_PROGRESS_EVENTS)[number];

/** One array as the engine takes it (ids and module counts are the job's; the rest has the engine's defaults). */
export const ZLetterArray = z.object({
  id: z.string().trim().min(1).max(50),
  moduleCount: z.number().int().positive().max(2000),
  roofPitchDeg: z.number().min(0).max(45),
}).passthrough();

export const ZRevisionLetterBody = z.object({
  reason: z.string().trim().min(1).max(200),
  description: z.string().trim().min(1).max(2000),
  changes: z.array(z.object({ item: z.string().trim().min(1).max(200), before: z.string().trim().max(500).optional(), after: z.string().trim().max(500).optional() })).max(50).default([]),
});

export const ZGenerateLettersBody = z.object({
  /** The arrays to calculate with; omitted: the job's own. */
  arrays: z.array(ZLetterArray).min(1).max(50).optional(),
  letter_types: z.array(z.enum(LETTER_TYPE_VALUES)).min(1, 'Choose at least one letter.').max(LETTER_TYPE_VALUES.length),
  include_digital_signature: z.boolean().default(false),
  revision_letter_data: ZRevisionLetterBody.nullable().optional(),
}).strict().superRefine((b, ctx) => {
  if (new Set(b.letter_types).size !== b.letter_types.length) ctx.addIssue({ code: 'custom', path: ['letter_types'], message: 'A letter type is listed twice.' });
  if (b.letter_types.includes('revision_letter') && !b.revision_letter_data) ctx.addIssue({ code: 'custom', path: ['revision_letter_data'], message: 'A revision letter needs revision_letter_data: what changed and why.' });
});
export type GenerateLettersBody = z.input<typeof ZGenerateLettersBody>;

export const ZGenerateLettersAnswer = z.object({ run_id: z.string(), status: z.literal('queued') });

export const ZRecalculateBody = z.object({ arrays: z.array(ZLetterArray).min(1).max(50).optional() }).strict();
export const ZRecalculateAnswer = z.object({ url: z.string(), file_id: z.string(), letter_id: z.string(), pass: z.boolean(), checks: z.number() });

export const ZJobLetter = z.object({
  id: z.string(),
  run_id: z.string(),
  revision: z.number(),
  letter_type: z.string(),
  file_id: z.string(),
  name: z.string(),
  download_url: z.string(),
  sha256: z.string(),
  engineer: z.object({ id: z.string(), name: z.string() }).nullable(),
  calculation_pages: z.array(z.object({ name: z.string(), page: z.number() })),
  signature_status: z.enum(['unsigned', 'required', 'signed']),
  signed_download_url: z.string().nullable(),
  signed_by: z.string().nullable(),
  signed_at: z.string().nullable(),
  created_at: z.string(),
});
export type JobLetter = z.infer<typeof ZJobLetter>;
