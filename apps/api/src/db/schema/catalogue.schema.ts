import { sql, type SQL } from 'drizzle-orm';
import {
  boolean, doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';
import { users } from './people.schema.ts';

/*
 * Reference data: code lists, AHJs, utilities, option-list items and the equipment
 * catalogue. Seeded at start (db/seed/catalogue.seed.ts: insert missing, never overwrite), edited
 * by staff. Nothing here is deleted by the API: a removed record is deactivated, because jobs keep
 * the values and ids they were made with.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true });
const updatedBy = () => uuid('updated_by').references(() => users.id, { onDelete: 'set null' });

/** The editions on offer for each code (spec §3 "Code lists"), with the default a new AHJ starts with. */
export const codeLists = pgTable('code_lists', {
  type: text('type').primaryKey(),
  label: text('label').notNull(),
  editions: jsonb('editions').$type<{ value: string; label: string }[]>().notNull(),
  defaultEdition: text('default_edition'),
  updatedById: updatedBy(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Authorities having jurisdiction: adopted codes and design criteria. Unique by (state, lower(name)). */
export const ahjs = pgTable('ahjs', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** Lower-cased name: the upsert key of the CSV import, so "City of Austin" and "city of austin" are one AHJ. */
  nameKey: text('name_key').notNull().generatedAlwaysAs((): SQL => sql`lower(${ahjs.name})`),
  state: text('state').notNull(),
  jurisdictionType: text('jurisdiction_type').notNull(),
  ibc: text('ibc'),
  irc: text('irc'),
  iebc: text('iebc'),
  asce: text('asce'),
  electrical: text('electrical'),
  fire: text('fire'),
  windSpeedMph: doublePrecision('wind_speed_mph'),
  groundSnowLoadPsf: doublePrecision('ground_snow_load_psf'),
  exposureCategory: text('exposure_category'),
  minDesignTempC: doublePrecision('min_design_temp_c'),
  seismicDesignCategory: text('seismic_design_category'),
  stampType: text('stamp_type'),
  requiredReviews: text('required_reviews').array().notNull().default(sql`'{}'::text[]`),
  notes: text('notes').notNull().default(''),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedById: updatedBy(),
}, (t) => [
  uniqueIndex('ahjs_state_name_uq').on(t.state, t.nameKey),
  index('ahjs_name_trgm').using('gin', t.nameKey.op('gin_trgm_ops')),
]);

/** Electric utilities; unique by lower(name). */
export const utilities = pgTable('utilities', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  nameKey: text('name_key').notNull().generatedAlwaysAs((): SQL => sql`lower(${utilities.name})`),
  states: text('states').array().notNull().default(sql`'{}'::text[]`),
  notes: text('notes').notNull().default(''),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedById: updatedBy(),
}, (t) => [
  uniqueIndex('utilities_name_uq').on(t.nameKey),
  index('utilities_states_gin').using('gin', t.states),
  index('utilities_name_trgm').using('gin', t.nameKey.op('gin_trgm_ops')),
]);

/**
 * Items of the reference option lists (spec §7). `value` is what jobs store and never changes;
 * `data` holds the list's typed extras (option-lists.data.ts).
 */
export const optionItems = pgTable('option_items', {
  id: serial('id').primaryKey(),
  listKey: text('list_key').notNull(),
  value: text('value').notNull(),
  label: text('label').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  sort: integer('sort').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  updatedById: updatedBy(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('option_items_list_value_uq').on(t.listKey, t.value)]);

/** The equipment catalogue: every kind in one table, the kind's fields in `data` (equipment.schema.ts). */
export const equipment = pgTable('equipment', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind').notNull(),
  manufacturer: text('manufacturer').notNull(),
  model: text('model').notNull(),
  type: text('type'),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  source: text('source', { enum: ['seed', 'cec_import', 'staff'] }).notNull(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedById: updatedBy(),
  /** The manufacturer's datasheet (a PDF in the storage): the model's cut sheet in a plan set. */
  datasheetKey: text('datasheet_key'),
  datasheetName: text('datasheet_name'),
  datasheetSize: integer('datasheet_size'),
  /** What the search matches, for a trigram index (searches are "words anywhere"). */
  searchText: text('search_text').notNull().generatedAlwaysAs((): SQL => sql`lower(${equipment.manufacturer} || ' ' || ${equipment.model})`),
}, (t) => [
  uniqueIndex('equipment_kind_manufacturer_model_uq').on(t.kind, t.manufacturer, t.model),
  index('equipment_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
]);
