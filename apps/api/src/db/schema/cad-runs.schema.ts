import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './people.schema.ts';
import { jobs } from './jobs.schema.ts';

/** One file a plan-set run produced: a job file of the run's revision, and what it is in the set. */
export type CadRunFile = {
  file_id: string;
  part: 'pdf' | 'dxf' | 'preview' | 'cut_sheet';
  name: string;
  /** Previews: the sheet's printed number and title, in page order. */
  number?: string;
  title?: string;
};

/**
 * A plan-set generation run (modules/plansets): queued by POST /jobs/{id}/generate-cad, worked by
 * the `cad-generate` queue job. `input_hash` is the hash of everything the render reads, so the
 * same inputs find the run they already have (a partial unique index: one live or passed run per
 * job and hash; a failed run does not block trying again).
 */
export const cadRuns = pgTable('cad_runs', {
  id: uuid('id').primaryKey().defaultRandom(),
  jobId: uuid('job_id').notNull().references(() => jobs.id, { onDelete: 'cascade' }),
  revision: integer('revision').notNull(),
  inputHash: text('input_hash').notNull(),
  templateVersion: text('template_version').notNull(),
  /** queued → running → passed | failed */
  status: text('status', { enum: ['queued', 'running', 'passed', 'failed'] }).notNull(),
  /** The last progress event (spec §4 type). */
  stage: text('stage'),
  progress: integer('progress').notNull().default(0),
  /** Spec §8 key and message of the part that failed, and the detail naming the sheet and value. */
  errorKey: text('error_key'),
  errorMessage: text('error_message'),
  errorDetail: text('error_detail'),
  warnings: jsonb('warnings').$type<{ key: string; message: string; detail: string }[]>().notNull().default([]),
  files: jsonb('files').$type<CadRunFile[]>().notNull().default([]),
  pageCount: integer('page_count'),
  attempts: integer('attempts').notNull().default(0),
  requestedById: uuid('requested_by_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
}, (t) => [
  index('cad_runs_job_idx').on(t.jobId, t.createdAt),
  uniqueIndex('cad_runs_job_hash_uq').on(t.jobId, t.inputHash).where(sql`status <> 'failed'`),
]);
