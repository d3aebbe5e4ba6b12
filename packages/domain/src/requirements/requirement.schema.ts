import { z } from 'zod';

/** Spec §3: the seven requirement value types. */
export const REQUIREMENT_TYPES = ['bool', 'text', 'int', 'float', 'select', 'file', 'group'] as const;
export const ZRequirementType = z.enum(REQUIREMENT_TYPES);
export type RequirementType = z.infer<typeof ZRequirementType>;

/** Where a resolved value came from; precedence is this order, later wins. */
export const REQUIREMENT_SOURCES = ['default', 'company', 'utility', 'ahj'] as const;
export const ZRequirementSource = z.enum(REQUIREMENT_SOURCES);
export type RequirementSource = z.infer<typeof ZRequirementSource>;
/** The scopes an admin can set values on: rows of `requirement_values(scope_type, …)`. */
export const REQUIREMENT_SCOPES = ['company', 'utility', 'ahj'] as const;
export const ZRequirementScope = z.enum(REQUIREMENT_SCOPES);
export type RequirementScope = z.infer<typeof ZRequirementScope>;

/**
 * When a conditional select option ("Only Over 10 Kilowatts", "Only with Solar Rewards", …) applies.
 * All given criteria must hold; one the caller cannot judge yet counts as holding (see resolve.rules.ts).
 */
export const ZOptionCondition = z.object({
  overKw: z.number().positive().optional(),
  program: z.string().optional(),
  logic: z.string().optional(),
});
export type OptionCondition = z.infer<typeof ZOptionCondition>;

export const ZRequirementOption = z.object({
  value: z.string(),
  label: z.string().min(1),
  /** Choosing this option switches the requirement off (e.g. "No Stamp Required"). */
  off: z.boolean().optional(),
  when: ZOptionCondition.optional(),
});
export type RequirementOption = z.infer<typeof ZRequirementOption>;

/**
 * Text formats with their own checks (spec §5): `pageList` comma-separated pages; `points`
 * semicolon-separated title block points.
 */
export const ZTextFormat = z.enum(['pageList', 'points']);
export type TextFormat = z.infer<typeof ZTextFormat>;

/**
 * File types a requirement file may have, judged by content (magic bytes, files/sniff.rules.ts),
 * never by name. The names are the sniffer's kinds.
 */
export const REQUIREMENT_FILE_TYPES = ['png', 'jpeg', 'pdf'] as const;
export const ZRequirementFileType = z.enum(REQUIREMENT_FILE_TYPES);
export type RequirementFileType = z.infer<typeof ZRequirementFileType>;

const definitionShape = {
  key: z.string().regex(/^[A-Za-z][A-Za-z0-9_]*$/),
  label: z.string().min(1),
  helperText: z.string(),
  type: ZRequirementType,
  default: z.unknown(),
  automated: z.boolean(),
  options: z.array(ZRequirementOption).optional(),
  maxLength: z.number().int().positive().optional(),
  /** Most lines a text may hold (and the rows the form shows). */
  lineCount: z.number().int().positive().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  format: ZTextFormat.optional(),
  /** Text may contain {variable} placeholders from DRAWING_VARIABLES. */
  drawingVariables: z.boolean().optional(),
  /** File fields: a list of files allowed, not only one. */
  multiple: z.boolean().optional(),
  /** File fields: the types an upload may have (requirement-files.rules.ts fileTypesOf). */
  fileTypes: z.array(ZRequirementFileType).optional(),
};

export const ZRequirementItemDefinition = z.object(definitionShape);
export type RequirementItemDefinition = z.infer<typeof ZRequirementItemDefinition>;

export const ZRequirementDefinition = z.object({
  ...definitionShape,
  chipGroup: z.string(),
  /** Dynamic CAD fields (spec §3) the designer must fill when this requirement is on. */
  dynamicCadFields: z.array(z.string()).optional(),
  /** Puts an engineer's seal in the title block stamp box, which removes the contractor stamp (spec §5). */
  engineeringStamp: z.boolean().optional(),
  /** Group type: the fields of one group value (a sticker, a stamp). */
  items: z.array(ZRequirementItemDefinition).optional(),
});
export type RequirementDefinition = z.infer<typeof ZRequirementDefinition>;

/**
 * A stored file reference. Upload fields accept one file or a list (spec §5); the bytes live in
 * file storage (uploaded through POST /requirements/{scope}/{id}/files/{key}), the requirement
 * value holds only the reference. The API writes name, contentType and size from its own record.
 */
export const ZRequirementFileRef = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  contentType: z.string().optional(),
  size: z.number().int().nonnegative().optional(),
});
export type RequirementFileRef = z.infer<typeof ZRequirementFileRef>;

/**
 * Values of one scope, keyed by requirement key. A key that is present is set explicitly at that
 * scope, whatever its value: `false`, `''`, `null` (a group switched off, no file, an empty
 * number) and `[]` are values that override the scopes below. A key that is absent (or undefined)
 * is not set there: the scope inherits. Stored as a row per set key; no row = inherit.
 */
export type RequirementValues = Readonly<Record<string, unknown>>;
