import { date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, boolean } from 'drizzle-orm/pg-core';
import { users } from './people.schema.ts';
import { jobs } from './jobs.schema.ts';
import { jobFiles } from './files.schema.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A staff engineer who seals letters and plan sets. The seal and signature images live in the
 * storage (keys made by the server); the private key never does: it is supplied per signing.
 */
export const engineers = pgTable('engineers', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The Sunstamp account the engineer signs in with (the one who may sign as this engineer). */
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  email: text('email').notNull().default(''),
  /** structural, electrical. */
  disciplines: text('disciplines').array().notNull(),
  sealKey: text('seal_key'),
  sealMime: text('seal_mime'),
  signatureKey: text('signature_key'),
  signatureMime: text('signature_mime'),
  isActive: boolean('is_active').notNull().default(true),
  /** The demo workspace's engineer: every seal it applies says "DEMO – NOT A VALID SEAL". */
  isDemo: boolean('is_demo').notNull().default(false),
  /**
   * The engineer's standing authorisation for an admin to apply their seal in their name: when,
   * recorded by whom (the engineer's own account, or an admin) and the written authorisation cited.
   */
  sealAuthorisedAt: ts('seal_authorised_at'),
  sealAuthorisedById: uuid('seal_authorised_by_id').references(() => users.id, { onDelete: 'set null' }),
  sealAuthorisedByName: text('seal_authorised_by_name'),
  sealAuthorisationRef: text('seal_authorisation_ref'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** One PE licence per state and engineer. */
export const engineerLicences = pgTable('engineer_licences', {
  id: uuid('id').primaryKey().defaultRandom(),
  engineerId: uuid('engineer_id').notNull().references(() => engineers.id, { onDelete: 'cascade' }),
  state: text('state').notNull(),
  number: text('number').notNull(),
  expiresOn: date('expires_on', { mode: 'string' }).notNull(),
}, (t) => [uniqueIndex('engineer_licences_engineer_state_uq').on(t.engineerId, t.state), index('engineer_licences_state_idx').on(t.state)]);

/**
 * A letter or calculation package generated for a job's revision: its job file, who sealed it, the
 * SHA-256 of the bytes generated (what an outside signature must begin with) and its signature.
 */
export const jobLetters = pgTable('job_letters', {
  id: uuid('id').primaryKey().defaultRandom(),
  jobId: uuid('job_id').notNull().references(() => jobs.id, { onDelete: 'cascade' }),
  /** The generate-letters run (one queue job); a rerun of the same run finds its letters made. */
  runId: uuid('run_id').notNull(),
  revision: integer('revision').notNull(),
  /** A letter type, or calculation_package. */
  letterType: text('letter_type').notNull(),
  engineerId: uuid('engineer_id').references(() => engineers.id, { onDelete: 'set null' }),
  fileId: uuid('file_id').notNull().references(() => jobFiles.id, { onDelete: 'cascade' }),
  sha256: text('sha256').notNull(),
  calculationPages: jsonb('calculation_pages').notNull().default([]),
  /** unsigned (no signature asked), required (include_digital_signature), signed. */
  signatureStatus: text('signature_status').notNull(),
  signedFileId: uuid('signed_file_id').references(() => jobFiles.id, { onDelete: 'set null' }),
  signedSha256: text('signed_sha256'),
  signedBy: text('signed_by'),
  signedAt: ts('signed_at'),
  createdAt: ts('created_at').notNull(),
}, (t) => [uniqueIndex('job_letters_run_type_uq').on(t.runId, t.letterType), index('job_letters_job_idx').on(t.jobId, t.createdAt)]);
