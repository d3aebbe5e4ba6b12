import { z } from 'zod';

/*
 * generate-letters and recalculate-url (spec §7): `arrays, letter_types, include_digital_signature,
 * revision_letter_data`, and `arrays`. LETTER_TYPE_VALUES is also the renderer's LETTER_TYPES (packages/planset).
 */

export const LETTER_TYPE_VALUES = [
  'structural_roof_letter',
  'electrical_load_calculations',
  'busbar_certification',
  'revision_letter',
  'design_affidavit',
  'florida_statute_377_705',
  'post_install_letter',
  'structural_ground_mount_letter',
  'wall_mounted_battery_letter',
  'seismic_calculations',
  'appendix_g',
  'unreduced_snow_load',
  'third_party_stamp',
] as const;

/** The letter each engineering requirement (spec §3) asks for when it is on. */
export const LETTER_ASKED_BY_REQUIREMENT: Record<string, (typeof LETTER_TYPE_VALUES)[number]> = {
  seismic_calculations: 'seismic_calculations',
  unreduced_snow_load: 'unreduced_snow_load',
  post_install_letter: 'post_install_letter',
  appendix_g: 'appendix_g',
  revision_letter: 'revision_letter',
  florida_statute_377_705: 'florida_statute_377_705',
  design_affidavit: 'design_affidavit',
  third_party_stamps: 'third_party_stamp',
  NABCEP_stamp: 'third_party_stamp',
};

/** Spec §9 structural methods: the Prescriptive Method (5 %), or a member analysis in Forte or SkyCiv. */
export const STRUCTURAL_METHOD_VALUES = ['prescriptive', 'forte', 'skyciv'] as const;
export const STRUCTURAL_METHOD_LABELS: Record<(typeof STRUCTURAL_METHOD_VALUES)[number], string> = { prescriptive: 'Prescriptive Method (5%)', forte: 'Forte', skyciv: 'SkyCiv' };

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

const positive = (max: number) => z.number().positive().max(max);

/**
 * What the ground-mount and wall-mounted battery letters calculate with comes from the job, never
 * from the request: the CAD intake (Ground Mount: foundation, racking pitch, mean height, table
 * depth, post spacing, posts per column; Battery: wall stud species), the job's equipment and the
 * catalogue (module and racking weights, the racking's post capacities, the battery's weight,
 * depth and wall bracket), and the engine (ASCE 7 net pressure coefficients, NDS values). The
 * fields that once carried them are refused by name (400), as any unknown field is.
 */
export const JOB_SOURCED_LETTER_FIELDS = {
  ground_mount: 'ground_mount is no longer sent: the ground-mount letter takes its design from the job (CAD intake, Ground Mount), the racking\'s catalogue data and ASCE 7. Fill those in on the job and the catalogue.',
  battery_mount: 'battery_mount is no longer sent: the wall-mounted battery letter takes the bracket\'s fastening from the battery\'s catalogue data and the stud species from the job\'s CAD intake (Battery).',
} as const;
const fromTheJob = (field: keyof typeof JOB_SOURCED_LETTER_FIELDS) => z.never({ error: JOB_SOURCED_LETTER_FIELDS[field] }).optional();

/** Who stamps the plan set for the NABCEP or third-party stamp page. */
export const ZThirdPartyBody = z.object({
  kind: z.enum(['nabcep', 'third_party']),
  name: z.string().trim().min(1).max(200),
  credential: z.string().trim().min(1).max(200),
  number: z.string().trim().min(1).max(100),
  organisation: z.string().trim().min(1).max(200).optional(),
}).strict();

export const ZGenerateLettersBody = z.object({
  /** The arrays to calculate with; omitted: the job's own. */
  arrays: z.array(ZLetterArray).min(1).max(50).optional(),
  letter_types: z.array(z.enum(LETTER_TYPE_VALUES)).min(1, 'Choose at least one letter.').max(LETTER_TYPE_VALUES.length),
  include_digital_signature: z.boolean().default(false),
  revision_letter_data: ZRevisionLetterBody.nullable().optional(),
  /** The structural method of the job's arrays; omitted: the Prescriptive Method (5 %). */
  structural_method: z.enum(STRUCTURAL_METHOD_VALUES).optional(),
  /** A Forte or SkyCiv job: the job file (PDF) holding the analysis result, appended to the structural letter. */
  structural_result_file_id: z.string().uuid().optional(),
  ground_mount: fromTheJob('ground_mount'),
  battery_mount: fromTheJob('battery_mount'),
  /** Seismic calculations: the roof's plan area, ft², the arrays' weight is compared with. */
  roof_area_ft2: positive(1_000_000).optional(),
  third_party: ZThirdPartyBody.optional(),
  /**
   * The engineer who will seal each discipline's letters (Engineers page ids); omitted: the first
   * active engineer licensed in the job's state for it. The letter names them; only they seal it.
   */
  engineers: z.object({ structural: z.string().uuid().optional(), electrical: z.string().uuid().optional() }).strict().optional(),
}).strict().superRefine((b, ctx) => {
  if (new Set(b.letter_types).size !== b.letter_types.length) ctx.addIssue({ code: 'custom', path: ['letter_types'], message: 'A letter type is listed twice.' });
  if (b.letter_types.includes('revision_letter') && !b.revision_letter_data) ctx.addIssue({ code: 'custom', path: ['revision_letter_data'], message: 'A revision letter needs revision_letter_data: what changed and why.' });
  const needs: [(typeof LETTER_TYPE_VALUES)[number], keyof typeof b, string][] = [
    ['seismic_calculations', 'roof_area_ft2', 'Seismic calculations need roof_area_ft2: the roof\'s plan area the arrays\' weight is compared with.'],
    ['third_party_stamp', 'third_party', 'A NABCEP or third-party stamp needs third_party: who stamps the plan set.'],
  ];
  for (const [type, field, message] of needs) if (b.letter_types.includes(type) && b[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message });
  if (b.structural_result_file_id && (b.structural_method ?? 'prescriptive') === 'prescriptive') ctx.addIssue({ code: 'custom', path: ['structural_result_file_id'], message: 'An analysis result belongs to a Forte or SkyCiv job: set structural_method.' });
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
  /** The letter as a deliverable: a draft until its engineer seals it, then sealed, then released. */
  deliverable_state: z.enum(['draft', 'sealed', 'released']).nullable(),
  /** Whether the caller may sign it now: the account linked to its engineer, once it is sealed and not yet signed. */
  may_sign: z.boolean(),
  signed_download_url: z.string().nullable(),
  signed_by: z.string().nullable(),
  signed_at: z.string().nullable(),
  created_at: z.string(),
});
export type JobLetter = z.infer<typeof ZJobLetter>;

/**
 * GET /jobs/{id}/letter-runs: the caller's letters runs of the job in the last hour, each with the
 * last progress event it sent (so a reloaded page shows a run still under way, or how it ended).
 */
export const ZLetterRun = z.object({
  run_id: z.string(),
  event: z.enum(LETTER_PROGRESS_EVENTS),
  /** calculations_failed: the reason. */
  message: z.string().nullable(),
  at: z.string(),
});
export type LetterRun = z.infer<typeof ZLetterRun>;
export const ZLetterRuns = z.object({ results: z.array(ZLetterRun) });
