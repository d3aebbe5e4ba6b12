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
}, (t) => [index('job_files_job_idx').on(t.jobId, t.createdAt)]);
