import { sql, type SQL } from 'drizzle-orm';
import {
  bigint, bigserial, boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';
import { companies, states, users } from './people.schema.ts';
import { ahjs } from './catalogue.schema.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A job (spec §3). Scalar fields the list filters or sorts on are columns; the nested forms
 * (arrays, requirements, CAD intake, parcel info) are jsonb validated by the domain schemas.
 * Overdue bookkeeping is kept on the row so the list can filter without reading the history:
 * pending_admin_ms_closed sums the closed pending-admin periods, pending_since opens the current
 * one, and overdue_at = pending_since + threshold − closed (null when not pending admin or exempt).
 */
export const jobs = pgTable('jobs', {
  id: uuid('id').primaryKey().defaultRandom(),
  companyId: uuid('company_id').notNull().references(() => companies.id),
  name: text('name').notNull().default(''),
  clientName: text('client_name').notNull().default(''),
  clientStreetAddress: text('client_street_address').notNull().default(''),
  clientCity: text('client_city').notNull().default(''),
  clientStateId: integer('client_state_id').references(() => states.id),
  clientZipCode: text('client_zip_code').notNull().default(''),
  connectionType: text('connection_type'),
  structureType: text('structure_type'),
  homeElevation: doublePrecision('home_elevation'),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  companyVerifiedInspection: boolean('company_verified_inspection').notNull().default(false),
  noPictures: boolean('no_pictures').notNull().default(false),
  roofType: text('roof_type').notNull(),
  gypsumType: text('gypsum_type').notNull(),
  enclosed: text('enclosed').notNull(),
  exposureCategory: text('exposure_category'),
  status: text('status').notNull(),
  /** Derived from status (clientStatusOf) on every write; stored so the client-status filter uses an index. */
  clientStatus: text('client_status').notNull(),
  notes: text('notes').notNull().default(''),
  servicesRequested: text('services_requested').array().notNull().default(sql`'{}'::text[]`),
  jobFilesLink: text('job_files_link').notNull().default(''),
  arrays: jsonb('arrays').notNull().default([]),
  requirements: jsonb('requirements').notNull().default([]),
  cadIntake: jsonb('cad_intake').notNull(),
  parcelInfo: jsonb('parcel_info'),
  /** The job's authority having jurisdiction: its requirement values resolve last. Kept if the AHJ is deactivated. */
  ahjId: uuid('ahj_id').references(() => ahjs.id),
  /**
   * Values of the dynamic CAD fields (spec §3) other than parcel_info.*, which live in parcel_info:
   * {key: string | number | file id[]}; a key without a value is absent.
   */
  cadFields: jsonb('cad_fields').$type<Record<string, unknown>>().notNull().default({}),
  /**
   * The wet stamp's copies and shipping address as the client ordered them at intake
   * ({copies, recipient, street, city, state, zip}, wet-stamp.rules.ts ZWetStampOrder), or null.
   */
  wetStampOrder: jsonb('wet_stamp_order'),
  sitePhotoCount: integer('site_photo_count').notNull().default(2),
  structuralPagesToStamp: text('structural_pages_to_stamp').notNull().default(''),
  electricalPagesToStamp: text('electrical_pages_to_stamp').notNull().default(''),
  rejectionNotice: text('rejection_notice'),
  assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
  createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  /** Kept even if the creator is deleted: staff-created jobs are exempt from overdue (spec §4). */
  createdByRole: text('created_by_role'),
  isActive: boolean('is_active').notNull().default(true),
  revisionNumber: integer('revision_number').notNull().default(0),
  /** Each requested service's task (spec §4 task completion labels): {service: 'in_progress' | 'completed' | 'failed'}; absent is Not Completed. */
  serviceTasks: jsonb('service_tasks').$type<Record<string, string>>().notNull().default({}),
  pendingAdminMsClosed: bigint('pending_admin_ms_closed', { mode: 'number' }).notNull().default(0),
  pendingSince: ts('pending_since'),
  overdueAt: ts('overdue_at'),
  submittedAt: ts('submitted_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  /** What the list search matches: name, client name and address, lower-cased, for a trigram index. */
  searchText: text('search_text').generatedAlwaysAs((): SQL => sql`lower(${jobs.name} || ' ' || ${jobs.clientName} || ' ' || ${jobs.clientStreetAddress} || ' ' || ${jobs.clientCity} || ' ' || ${jobs.clientZipCode})`),
}, (t) => [
  index('jobs_created_idx').on(t.createdAt.desc(), t.id),
  index('jobs_updated_idx').on(t.updatedAt.desc()),
  index('jobs_company_created_idx').on(t.companyId, t.createdAt.desc()),
  index('jobs_status_created_idx').on(t.status, t.createdAt.desc()),
  index('jobs_client_status_created_idx').on(t.clientStatus, t.createdAt.desc()),
  index('jobs_assignee_created_idx').on(t.assigneeId, t.createdAt.desc()),
  index('jobs_overdue_at_idx').on(t.overdueAt).where(sql`${t.overdueAt} is not null`),
  index('jobs_services_gin').using('gin', t.servicesRequested),
  index('jobs_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
]);

/** Every change to a job (spec §4 history events), oldest first by id. */
export const jobHistory = pgTable('job_history', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  jobId: uuid('job_id').notNull().references(() => jobs.id, { onDelete: 'cascade' }),
  event: text('event').notNull(),
  actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
  actorRole: text('actor_role'),
  fromStatus: text('from_status'),
  toStatus: text('to_status'),
  note: text('note'),
  data: jsonb('data'),
  at: ts('at').notNull(),
}, (t) => [index('job_history_job_idx').on(t.jobId, t.id)]);

/** One row per revision: its number, reason (spec §9), involuntary flag and what changed. */
export const jobRevisions = pgTable('job_revisions', {
  id: uuid('id').primaryKey().defaultRandom(),
  jobId: uuid('job_id').notNull().references(() => jobs.id, { onDelete: 'cascade' }),
  number: integer('number').notNull(),
  reason: text('reason').notNull(),
  involuntary: boolean('involuntary').notNull(),
  note: text('note').notNull().default(''),
  fromStatus: text('from_status').notNull(),
  requestedById: uuid('requested_by_id').references(() => users.id, { onDelete: 'set null' }),
  changes: jsonb('changes'),
  /** The AHJ's or utility's rejection comments that caused the revision, as the client pasted them. */
  rejectionComments: text('rejection_comments').notNull().default(''),
  createdAt: ts('created_at').notNull(),
}, (t) => [uniqueIndex('job_revisions_job_number_uq').on(t.jobId, t.number)]);
