import { z } from 'zod';
import { ZPage, ZPageQuery, ZQueryBool } from './common.ts';
import { CODE_TYPES, EDITABLE_CODE_TYPES } from '../catalogue/code-types.ts';
import {
  EXPOSURE_CATEGORIES, JURISDICTION_TYPES, SEISMIC_DESIGN_CATEGORIES,
} from '../constants/options.constants.ts';
import { CANADIAN_PROVINCES, STATES, type OptionListKey } from '../catalogue/option-lists.data.ts';
import {
  ZAcDisconnect, ZBattery, ZInverter, ZMci, ZMicrogridController, ZModule, ZOptimizer, ZProductionMeter, ZRacking,
  type EquipmentKind,
} from '../catalogue/equipment.schema.ts';

/*
 * Catalogue API contracts: code lists, AHJs, utilities, option-list items, equipment
 * and CSV imports. Bodies are strict: an unknown field is a 400, not silently dropped.
 */

// ---------------------------------------------------------------- codes

export { CODE_TYPES, EDITABLE_CODE_TYPES };
export const ZCodeType = z.enum(CODE_TYPES);
export type CodeType = z.infer<typeof ZCodeType>;
/** Spec §7 route segments (GET /codes/electrical-code, …) → code type. */
export const CODE_ROUTES = {
  ibc: 'ibc', irc: 'irc', iebc: 'iebc', asce: 'asce', 'electrical-code': 'electrical', 'fire-code': 'fire',
} as const satisfies Record<string, CodeType>;

export const ZCodeEdition = z.object({
  value: z.string().trim().min(1).max(40),
  label: z.string().trim().min(1).max(100),
}).strict();
export type CodeEdition = z.infer<typeof ZCodeEdition>;

/** A code list: the editions on offer for one code, and the one a new AHJ starts with. */
export const ZCodeList = z.object({
  type: ZCodeType,
  label: z.string(),
  editions: z.array(ZCodeEdition),
  default: z.string().nullable(),
  updated_at: z.string(),
});
export type CodeList = z.infer<typeof ZCodeList>;

export const ZCodeListBody = z.object({
  label: z.string().trim().min(1).max(100).optional(),
  editions: z.array(ZCodeEdition).min(1).max(50),
  default: z.string().trim().min(1),
}).strict().superRefine((b, ctx) => {
  const seen = new Set<string>();
  b.editions.forEach((e, i) => {
    if (seen.has(e.value)) ctx.addIssue({ code: 'custom', path: ['editions', i, 'value'], message: `"${e.value}" is listed twice.` });
    seen.add(e.value);
  });
  if (!seen.has(b.default)) ctx.addIssue({ code: 'custom', path: ['default'], message: 'The default must be one of the editions.' });
});
export type CodeListBody = z.infer<typeof ZCodeListBody>;

// ---------------------------------------------------------------- AHJs and utilities

const STATE_CODES: ReadonlySet<string> = new Set([...STATES.items, ...CANADIAN_PROVINCES.items].map((s) => s.value));
/** A US state/territory or Canadian province abbreviation (the states list), upper-cased. */
export const ZStateCode = z.string().trim().toUpperCase()
  // A blank state is a missing one, not an unknown one: say so, and stop there.
  .min(1, { message: 'This field is required.', abort: true })
  .refine((v) => STATE_CODES.has(v), { message: 'Unknown state; use its two-letter abbreviation, e.g. CA.' });

export const STAMP_TYPES = ['wet', 'digital'] as const;
export const ZStampType = z.enum(STAMP_TYPES);
/** Engineering reviews an AHJ may require on a permit set (ours: the spec names the field only). */
export const ENGINEERING_REVIEWS = ['Structural', 'Electrical', 'Fire'] as const;

const edition = z.string().trim().min(1).max(40).nullable();
const ahjFields = {
  name: z.string().trim().min(1).max(200),
  state: ZStateCode,
  jurisdiction_type: z.enum(JURISDICTION_TYPES),
  /** Adopted code editions: values of the code lists (GET /codes/…); null = not known. */
  ibc: edition,
  irc: edition,
  iebc: edition,
  asce: edition,
  electrical: edition,
  fire: edition,
  /** Design criteria: ultimate wind speed (ASCE 7), ground snow load, exposure, lowest expected temperature (NEC 690.7). */
  wind_speed_mph: z.number().positive().max(300).nullable(),
  ground_snow_load_psf: z.number().min(0).max(1000).nullable(),
  exposure_category: z.enum(EXPOSURE_CATEGORIES).nullable(),
  min_design_temp_c: z.number().min(-70).max(40).nullable(),
  seismic_design_category: z.enum(SEISMIC_DESIGN_CATEGORIES).nullable(),
  stamp_type: ZStampType.nullable(),
  required_reviews: z.array(z.enum(ENGINEERING_REVIEWS)).max(ENGINEERING_REVIEWS.length)
    .refine((a) => new Set(a).size === a.length, { message: 'A review is listed twice.' }),
  notes: z.string().max(5000),
};

/** POST /ahjs: name, state and jurisdiction type are required; everything else may be left unknown. */
export const ZAhjBody = z.object({
  ...ahjFields,
  ibc: ahjFields.ibc.optional(),
  irc: ahjFields.irc.optional(),
  iebc: ahjFields.iebc.optional(),
  asce: ahjFields.asce.optional(),
  electrical: ahjFields.electrical.optional(),
  fire: ahjFields.fire.optional(),
  wind_speed_mph: ahjFields.wind_speed_mph.optional(),
  ground_snow_load_psf: ahjFields.ground_snow_load_psf.optional(),
  exposure_category: ahjFields.exposure_category.optional(),
  min_design_temp_c: ahjFields.min_design_temp_c.optional(),
  seismic_design_category: ahjFields.seismic_design_category.optional(),
  stamp_type: ahjFields.stamp_type.optional(),
  required_reviews: ahjFields.required_reviews.optional(),
  notes: ahjFields.notes.optional(),
}).strict();
export type AhjBody = z.infer<typeof ZAhjBody>;
export const ZAhjPatch = z.object(ahjFields).partial().extend({ is_active: z.boolean().optional() }).strict();
export type AhjPatch = z.infer<typeof ZAhjPatch>;

export const ZAhj = z.object({
  id: z.string(),
  ...ahjFields,
  state: z.string(),
  required_reviews: z.array(z.string()),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Ahj = z.infer<typeof ZAhj>;

export const ZDirectoryQuery = ZPageQuery.extend({
  /** Matches the name (and for utilities the notes), case-insensitively. */
  search: z.string().trim().max(200).optional(),
  state: z.string().trim().toUpperCase().max(2).optional(),
  include_inactive: ZQueryBool.optional(),
});
export const ZAhjPage = ZPage(ZAhj);

const utilityFields = {
  name: z.string().trim().min(1).max(200),
  states: z.array(ZStateCode).max(70).refine((a) => new Set(a).size === a.length, { message: 'A state is listed twice.' }),
  notes: z.string().max(5000),
};
export const ZUtilityBody = z.object({
  ...utilityFields,
  states: utilityFields.states.optional(),
  notes: utilityFields.notes.optional(),
}).strict();
export type UtilityBody = z.infer<typeof ZUtilityBody>;
export const ZUtilityPatch = z.object(utilityFields).partial().extend({ is_active: z.boolean().optional() }).strict();
export type UtilityPatch = z.infer<typeof ZUtilityPatch>;
export const ZUtility = z.object({
  id: z.string(),
  name: z.string(),
  states: z.array(z.string()),
  notes: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Utility = z.infer<typeof ZUtility>;
export const ZUtilityPage = ZPage(ZUtility);

/** Answer of every CSV import: rows read, and how many were new or updated an existing record. */
export const ZImportResult = z.object({ total: z.number().int(), created: z.number().int(), updated: z.number().int() });
export type ImportResult = z.infer<typeof ZImportResult>;

// ---------------------------------------------------------------- option lists

/** PUT /option-lists/{key}/order: the full order of the list's ids. */
export { ZOptionListOrderBody } from '../catalogue/option-list.schema.ts';

const ZJsonObject = z.record(z.string(), z.unknown());

export const ZOptionListItemOut = z.object({
  id: z.number().int(),
  list_key: z.string(),
  value: z.string(),
  label: z.string(),
  /** The list's typed extras (dead load, member count, …); see option-lists.data.ts. */
  data: ZJsonObject,
  sort: z.number().int(),
  is_active: z.boolean(),
});
export type OptionListItemOut = z.infer<typeof ZOptionListItemOut>;

export const ZOptionListSummary = z.object({
  key: z.string(),
  label: z.string(),
  /** GET /api/{route} serves the list. */
  route: z.string(),
  item_count: z.number().int(),
});

export const ZOptionListQuery = z.object({ include_inactive: ZQueryBool.optional() });

export const ZOptionListItemBody = z.object({
  /** The stored value jobs keep; it cannot change later (label can). */
  value: z.string().trim().min(1).max(200),
  label: z.string().trim().min(1).max(200),
  data: ZJsonObject.optional(),
  sort: z.number().int().min(0).max(1_000_000).optional(),
}).strict();
export const ZOptionListItemPatch = z.object({
  label: z.string().trim().min(1).max(200),
  data: ZJsonObject,
  sort: z.number().int().min(0).max(1_000_000),
  is_active: z.boolean(),
}).partial().strict();

// ---------------------------------------------------------------- equipment

export const EQUIPMENT_KINDS = [
  'module', 'inverter', 'optimizer', 'battery', 'mci', 'microgrid_controller', 'ac_disconnect', 'production_meter', 'racking',
] as const satisfies readonly EquipmentKind[];
export const ZEquipmentKind = z.enum(EQUIPMENT_KINDS);

/** The option list an equipment kind's `type` comes from. */
export const EQUIPMENT_TYPE_LISTS = {
  module: 'module_types', inverter: 'inverter_types', optimizer: 'optimizer_types', battery: 'battery_types',
  mci: 'mci_types', microgrid_controller: 'microgrid_controller_types', ac_disconnect: 'ac_disconnect_types',
  production_meter: 'production_meter_types', racking: 'racking_types',
} as const satisfies Record<EquipmentKind, OptionListKey>;

const KIND_SCHEMAS = {
  module: ZModule, inverter: ZInverter, optimizer: ZOptimizer, battery: ZBattery, mci: ZMci,
  microgrid_controller: ZMicrogridController, ac_disconnect: ZAcDisconnect, production_meter: ZProductionMeter,
  racking: ZRacking,
} as const;

/**
 * The `data` of an equipment item: the kind's catalogue fields (equipment.schema.ts), each
 * optional because imported lists lack some (the CEC lists have no weights), with their types and
 * ranges checked; further keys (the imported SAM parameters) are kept.
 */
const OMITTED = { id: true, kind: true, manufacturer: true, model: true, type: true } as const;
const omitted = <T extends z.ZodObject>(s: T) => (s as unknown as z.ZodObject).omit(OMITTED as never).partial().loose();
const DATA_SCHEMAS = Object.fromEntries(
  Object.entries(KIND_SCHEMAS).map(([k, s]) => [k, omitted(s)]),
) as unknown as Record<EquipmentKind, z.ZodType<Record<string, unknown>>>;
export function equipmentDataSchema(kind: EquipmentKind): z.ZodType<Record<string, unknown>> {
  return DATA_SCHEMAS[kind];
}

export const EQUIPMENT_SOURCES = ['seed', 'cec_import', 'staff'] as const;

export const ZEquipmentItem = z.object({
  id: z.string(),
  kind: ZEquipmentKind,
  manufacturer: z.string(),
  model: z.string(),
  /** An item of the kind's option list (EQUIPMENT_TYPE_LISTS), or null when not known (CEC imports). */
  type: z.string().nullable(),
  data: ZJsonObject,
  /** Where the row came from: the built-in seed, a CEC list import, or a staff edit. */
  source: z.enum(EQUIPMENT_SOURCES),
  is_active: z.boolean(),
  updated_at: z.string(),
});
export type EquipmentItem = z.infer<typeof ZEquipmentItem>;
export const ZEquipmentPage = ZPage(ZEquipmentItem);

export const ZEquipmentQuery = ZPageQuery.extend({
  kind: ZEquipmentKind.optional(),
  /** Words matched anywhere in "manufacturer model", case-insensitively. */
  search: z.string().trim().max(200).optional(),
  include_inactive: ZQueryBool.optional(),
});

const text200 = z.string().trim().min(1).max(200);
export const ZEquipmentBody = z.object({
  kind: ZEquipmentKind,
  manufacturer: text200,
  model: text200,
  type: z.string().trim().min(1).max(200).nullable().optional(),
  data: ZJsonObject.optional(),
}).strict().superRefine((b, ctx) => {
  if (!b.data) return;
  const r = equipmentDataSchema(b.kind).safeParse(b.data);
  if (!r.success) for (const i of r.error.issues) ctx.addIssue({ code: 'custom', path: ['data', ...i.path.map(String)], message: i.message });
});
export type EquipmentBody = z.infer<typeof ZEquipmentBody>;
/** PUT /equipment/{id}: the kind never changes; `data` replaces the stored data when given. */
export const ZEquipmentPatch = z.object({
  manufacturer: text200,
  model: text200,
  type: z.string().trim().min(1).max(200).nullable(),
  data: ZJsonObject,
  is_active: z.boolean(),
}).partial().strict();
export type EquipmentPatch = z.infer<typeof ZEquipmentPatch>;

export const EQUIPMENT_IMPORT_KINDS = ['inverter', 'module'] as const;
export const ZEquipmentImportQuery = z.object({ kind: z.enum(EQUIPMENT_IMPORT_KINDS) });
export const ZEquipmentImportResult = ZImportResult.extend({ kind: z.enum(EQUIPMENT_IMPORT_KINDS) });
