import { z } from 'zod';
import { REQUIREMENT_HEADINGS } from '../requirements/chip-groups.data.ts';
import {
  ZRequirementDefinition, ZRequirementFileRef, ZRequirementScope, ZRequirementSource,
} from '../requirements/requirement.schema.ts';

/*
 * Requirements API contracts. Values are validated by validateRequirementValues (the
 * same rules the web form runs); these schemas only shape the requests and answers.
 */

export const ZChipGroup = z.object({ key: z.string(), label: z.string(), heading: z.enum(REQUIREMENT_HEADINGS) });

/** GET /requirements/definitions: everything the requirements form needs to draw itself. */
export const ZRequirementDefinitionsResponse = z.object({
  definitions: z.array(ZRequirementDefinition),
  chip_groups: z.array(ZChipGroup),
  headings: z.array(z.enum(REQUIREMENT_HEADINGS)),
  dynamic_cad_fields: z.array(z.object({ key: z.string(), label: z.string(), type: z.string() })),
  drawing_variables: z.array(z.object({ name: z.string(), label: z.string() })),
});
export type RequirementDefinitionsResponse = z.infer<typeof ZRequirementDefinitionsResponse>;

export const ZRequirementScopeParams = z.object({
  scope_type: ZRequirementScope,
  scope_id: z.string().uuid(),
});

/**
 * PUT /requirements/{scope_type}/{scope_id}: the scope's whole set of values. Every key present is
 * set at this scope, whatever its value (`false`, `''`, `null` = off / no file / empty, `[]`); a
 * key that is absent is not set here (its row is deleted): the scope inherits it from below.
 */
export const ZRequirementScopeBody = z.record(z.string(), z.unknown());

/**
 * PATCH /requirements/{scope_type}/{scope_id}: change some keys and leave the rest alone. `set`
 * gives explicit values (null and false included); `inherit` lists keys whose value at this scope
 * is removed, so the scopes below show through (scope-values.rules.ts).
 */
export const ZRequirementScopePatch = z.strictObject({
  set: z.record(z.string(), z.unknown()).default({}),
  inherit: z.array(z.string().max(100)).max(1000).default([]),
});
export type RequirementScopePatch = z.infer<typeof ZRequirementScopePatch>;

/** POST /requirements/{scope_type}/{scope_id}/files/{key}: multipart, one or more parts named `files`. */
export const ZRequirementFileUploadParams = ZRequirementScopeParams.extend({ key: z.string().max(100) });
/** DELETE /requirements/{scope_type}/{scope_id}/files/{key}/{file_id}. */
export const ZRequirementFileParams = ZRequirementFileUploadParams.extend({ file_id: z.string().max(100) });
/** GET /requirements/files/{file_id}/download. */
export const ZRequirementFileDownloadParams = z.object({ file_id: z.string().max(100) });

/** One scope's stored values, with who last changed each. */
export const ZRequirementScopeValues = z.object({
  scope_type: ZRequirementScope,
  scope_id: z.string(),
  values: z.record(z.string(), z.unknown()),
  updated: z.record(z.string(), z.object({ updated_by: z.string().nullable(), updated_at: z.string() })),
});
export type RequirementScopeValuesResponse = z.infer<typeof ZRequirementScopeValues>;

/** An upload's answer: the scope's values after it, and the files just stored. */
export const ZRequirementFileUploadResponse = ZRequirementScopeValues.extend({ uploaded: z.array(ZRequirementFileRef) });
export type RequirementFileUploadResponse = z.infer<typeof ZRequirementFileUploadResponse>;

/** GET /requirements/resolve: any of the three scopes, plus the plan-set facts the resolver can use. */
export const ZResolveQuery = z.object({
  company_id: z.string().uuid().optional(),
  utility_id: z.string().uuid().optional(),
  ahj_id: z.string().uuid().optional(),
  system_size_kw: z.coerce.number().positive().max(100_000).optional(),
  utility_program: z.string().max(200).optional(),
});

export const ZResolvedRequirement = z.object({
  key: z.string(),
  value: z.unknown(),
  source: ZRequirementSource,
  on: z.boolean(),
  suppressedBy: z.array(z.string()).optional(),
});

/** The resolver's answer (resolve.rules.ts), as the job page shows it. */
export const ZResolvedRequirements = z.object({
  values: z.record(z.string(), ZResolvedRequirement),
  dynamicCadFields: z.array(z.string()),
  contractorStamp: z.object({ removed: z.boolean(), removedBy: z.array(z.string()) }),
});
export type ResolvedRequirementsResponse = z.infer<typeof ZResolvedRequirements>;
