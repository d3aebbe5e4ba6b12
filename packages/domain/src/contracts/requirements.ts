import { z } from 'zod';
import { REQUIREMENT_HEADINGS } from '../requirements/chip-groups.data.ts';
import {
  ZRequirementDefinition, ZRequirementScope, ZRequirementSource,
} from '../requirements/requirement.schema.ts';

/*
 * Requirements API contracts (issue 4). Values are validated by validateRequirementValues (the
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
 * PUT /requirements/{scope_type}/{scope_id}: the scope's whole set of values. A key that is absent
 * or null is not set at this scope (its row is deleted), so the next scope down shows through.
 */
export const ZRequirementScopeBody = z.record(z.string(), z.unknown());

/** One scope's stored values, with who last changed each. */
export const ZRequirementScopeValues = z.object({
  scope_type: ZRequirementScope,
  scope_id: z.string(),
  values: z.record(z.string(), z.unknown()),
  updated: z.record(z.string(), z.object({ updated_by: z.string().nullable(), updated_at: z.string() })),
});
export type RequirementScopeValuesResponse = z.infer<typeof ZRequirementScopeValues>;

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
