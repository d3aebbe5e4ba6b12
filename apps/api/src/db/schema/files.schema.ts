import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './people.schema.ts';
import { jobs } from './jobs.schema.ts';

/** A file attached to a job; the bytes live in the storage (platform/storage.ts) under storage_key. */
export const jobFiles = pgTable('job_files', {
  id: uuid('id').primaryKey().defaultRandom(),
  jobId: uuid('job_id').notNull().references(() => jobs.id, { onDelete: 'cascade' }),
  /** What the file is for (contracts/files.ts FILE_KINDS); decides who sees it and its deletion event. */
  kind: text('kind').notNull(),
  category: text('category').notNull(),
  name: text('name').notNull(),
  mime: text('mime').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  storageKey: text('storage_key').notNull(),
  previewKey: text('preview_key'),
  ahjs: jsonb('ahjs').notNull().default([]),
  verificationFile: boolean('verification_file').notNull().default(false),
  arrayIndex: integer('array_index'),
  uploadedById: uuid('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
  uploadedByRole: text('uploaded_by_role').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  /**
   * A file that is a deliverable (the plan set, a letter, a calculation package): its kind
   * (constants/deliverables.constants.ts), state (draft, sealed, released) and the job revision it
   * belongs to. Null on other files. A client reads a deliverable only once it is released.
   */
  deliverableKind: text('deliverable_kind'),
  deliverableState: text('deliverable_state'),
  deliverableRevision: integer('deliverable_revision'),
  /** The bytes' SHA-256 (hex), taken when the file became a deliverable. */
  sha256: text('sha256'),
  sealedAt: timestamp('sealed_at', { withTimezone: true }),
  releasedAt: timestamp('released_at', { withTimezone: true }),
  releasedById: uuid('released_by_id').references(() => users.id, { onDelete: 'set null' }),
  /**
   * Where a generated document is sealed (seal-slots.ts: a sheet's stamp box, a letter's seal box and
   * footer lines), as the renderer reserved them; null for a file made elsewhere (sealed in the
   * margin of every page). Each slot is drawn once its discipline's seal is applied.
   */
  sealSlots: jsonb('seal_slots'),
  /** The verification code printed by the first seal applied, kept for the next seal of the same document. */
  sealCode: text('seal_code'),
}, (t) => [index('job_files_job_idx').on(t.jobId, t.createdAt)]);

/**
 * The public record behind the code printed on a sealed document: what an AHJ reviewer may read
 * (engineer, licence, the job's address, the date, the document's hash) and nothing else of the
 * tenant. The address is kept as it was when sealed, as the document prints it.
 */
export const documentVerifications = pgTable('document_verifications', {
  code: text('code').primaryKey(),
  /** Null once the file itself is deleted: a withdrawn document's record stays (migration 0030). */
  fileId: uuid('file_id').references(() => jobFiles.id, { onDelete: 'set null' }),
  jobId: uuid('job_id').notNull().references(() => jobs.id, { onDelete: 'cascade' }),
  documentKind: text('document_kind').notNull(),
  documentName: text('document_name').notNull(),
  engineerName: text('engineer_name').notNull(),
  licenceState: text('licence_state').notNull(),
  licenceNumber: text('licence_number').notNull(),
  jobAddress: text('job_address').notNull(),
  /** City and state, e.g. "Austin, TX": what anyone may read of where the job is. */
  location: text('location').notNull().default(''),
  sha256: text('sha256').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  sealedAt: timestamp('sealed_at', { withTimezone: true }).notNull(),
  /** When the document was taken out of the deliverables: its code then answers "withdrawn". */
  withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
}, (t) => [index('document_verifications_file_idx').on(t.fileId)]);
