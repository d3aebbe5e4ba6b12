import { z } from 'zod';

/**
 * Plan-set generation runs: POST /jobs/{id}/generate-cad, GET /jobs/{id}/cad-runs, GET
 * /cad-runs/{id}, and the progress events a run publishes on the requester's event stream.
 */

export const CAD_RUN_STATUSES = ['queued', 'running', 'passed', 'failed'] as const;
export const ZCadRunStatus = z.enum(CAD_RUN_STATUSES);
export type CadRunStatus = z.infer<typeof ZCadRunStatus>;

export const ZCadRunFile = z.object({
  file_id: z.string(),
  part: z.enum(['pdf', 'dxf', 'preview', 'cut_sheet']),
  name: z.string(),
  /** Previews: the sheet's printed number and title, in page order. */
  number: z.string().optional(),
  title: z.string().optional(),
});
export type CadRunFile = z.infer<typeof ZCadRunFile>;

export const ZCadRunMessage = z.object({ key: z.string(), message: z.string(), detail: z.string() });

export const ZCadRun = z.object({
  id: z.string(),
  job_id: z.string(),
  revision: z.number().int(),
  status: ZCadRunStatus,
  /** The last progress event (spec §4 type) and its percentage. */
  stage: z.string().nullable(),
  progress: z.number().int().min(0).max(100),
  /** The spec §8 message of the part that failed, with the detail naming the sheet and value. */
  error: ZCadRunMessage.nullable(),
  /** cut_sheets_failed: the set is complete, a cut sheet page may be missing. */
  warnings: z.array(ZCadRunMessage),
  files: z.array(ZCadRunFile),
  page_count: z.number().int().nullable(),
  input_hash: z.string(),
  template_version: z.string(),
  attempts: z.number().int(),
  requested_by: z.object({ id: z.string(), full_name: z.string() }).nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type CadRun = z.infer<typeof ZCadRun>;

export const ZCadRunList = z.object({ results: z.array(ZCadRun) });
export type CadRunList = z.infer<typeof ZCadRunList>;

/** The payload of every progress event of a run (type = the spec's event name). */
export const ZCadRunEvent = z.object({
  run_id: z.string(),
  job_id: z.string(),
  label: z.string(),
  progress: z.number().int().nullable(),
  /** Failures and the cut-sheet warning: the spec §8 message. */
  message: z.string().optional(),
  severity: z.enum(['error', 'warning']).optional(),
});
export type CadRunEvent = z.infer<typeof ZCadRunEvent>;

export const CAD_RUN_EVENT_TYPES = [
  'calculations_initiated', 'calculations_passed', 'calculations_failed',
  'cad_generation_initiated', 'cut_sheets_initiated', 'title_block_initiated',
  'combine_files_passed', 'cad_generation_passed', 'cad_generation_failed',
  'cut_sheets_failed', 'modelspace_failed', 'title_block_failed',
  'pv1_failed', 'pv2_failed', 'pv3_failed', 'pv4_failed', 'pv5_failed',
] as const;

const ZCheckValueOut = z.union([z.number(), z.string(), z.boolean()]);

/**
 * GET /cad-runs/{id}/checks: the engineering checks a passed run drew its sheets from (the
 * engineering report's, with the section each belongs to). The preview's numbers carry a check id
 * (data-check) and open the check: formula, inputs, value against its limit, code section, remedy.
 */
export const ZCadRunCheck = z.object({
  id: z.string(),
  section: z.string(),
  title: z.string(),
  formula: z.string(),
  inputs: z.array(z.object({ name: z.string(), value: ZCheckValueOut, unit: z.string().optional() })),
  value: ZCheckValueOut,
  unit: z.string(),
  limit: z.object({ relation: z.string(), value: ZCheckValueOut, unit: z.string() }).nullable(),
  /** null: a computed quantity with nothing to pass or fail. */
  pass: z.boolean().nullable(),
  ref: z.object({ code: z.string(), edition: z.string(), section: z.string() }),
  remedy: z.string().optional(),
  notes: z.array(z.string()).optional(),
});
export type CadRunCheck = z.infer<typeof ZCadRunCheck>;

export const ZCadRunChecks = z.object({
  run_id: z.string(),
  /** The code editions the report was calculated with; null when the run kept no checks. */
  codes: z.object({ nec: z.string(), asce: z.string(), iebc: z.string() }).nullable(),
  results: z.array(ZCadRunCheck),
});
export type CadRunChecks = z.infer<typeof ZCadRunChecks>;
