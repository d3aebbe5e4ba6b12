import { z } from 'zod';
import { DYNAMIC_CAD_FIELDS } from '../requirements/dynamic-cad-fields.data.ts';
import { ZResolvedRequirements } from './requirements.ts';

/*
 * A job's requirements: the values its company, utility and AHJ resolve to, each with
 * its source, and the dynamic CAD fields the designer must fill because a requirement that asks
 * for them is on.
 *
 * The job's scopes: its company; its utility = the CAD intake's `utility` when that is a utility id
 * (a custom utility has no requirements); its AHJ = the job's `ahj_id` (PUT /jobs `ahj_id`, uuid or
 * null; GET /jobs/{id} answers `ahj: {id, name, state} | null`).
 */

const ZScopeRef = z.object({ id: z.string(), name: z.string() }).nullable();

export const ZJobCadFieldFile = z.object({ id: z.string(), name: z.string() });

/** One dynamic CAD field as the job holds it. `parcel_info.*` read and write the job's parcel_info. */
export const ZJobCadField = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(['text', 'int', 'float', 'files']),
  /** text → string, int/float → number, files → the job files chosen (ids of the job's files); null when empty. */
  value: z.union([z.string(), z.number(), z.array(ZJobCadFieldFile)]).nullable(),
  /** The keys of the requirements that are on and ask for it. */
  asked_by: z.array(z.string()),
});

/** GET /jobs/{id}/requirements: anyone who may see the job (an assigned contractor included). */
export const ZJobRequirementsAnswer = z.object({
  scopes: z.object({ company: ZScopeRef, utility: ZScopeRef, ahj: ZScopeRef }),
  resolved: ZResolvedRequirements,
  /** Only the fields some requirement that is on asks for, in DYNAMIC_CAD_FIELDS order. */
  cad_fields: z.array(ZJobCadField),
  /** Staff, and the contractor assigned to the job: the designers. */
  may_edit_cad_fields: z.boolean(),
});
export type JobRequirementsAnswer = z.infer<typeof ZJobRequirementsAnswer>;

const CAD_FIELD_KEYS = DYNAMIC_CAD_FIELDS.map((f) => f.key) as [string, ...string[]];

/**
 * PUT /jobs/{id}/cad-fields: sets the named fields (null clears one); other fields are kept. A key
 * that is not a dynamic CAD field is a 400; `files` values are ids of the job's own files. Answers
 * the job's requirements (ZJobRequirementsAnswer). Writes an "Edited" history event naming the
 * fields that changed.
 */
export const ZJobCadFieldsBody = z.strictObject({
  values: z.partialRecord(z.enum(CAD_FIELD_KEYS), z.union([z.string().max(2000), z.number(), z.array(z.string().max(100)).max(50), z.null()])),
});
export type JobCadFieldsBody = z.infer<typeof ZJobCadFieldsBody>;

/**
 * GET /jobs/{id}/requirements/files/{file_id}/download: a requirement file (stamp, cut sheet, …) that
 * the job's resolved requirements reference, to anyone who may see the job; any other file id 404.
 */
export const ZJobRequirementFileParams = z.object({ id: z.string().max(100), file_id: z.string().max(100) });
