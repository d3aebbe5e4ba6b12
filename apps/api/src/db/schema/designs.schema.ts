import { integer, jsonb, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './people.schema.ts';
import { jobs } from './jobs.schema.ts';
import { jobFiles } from './files.schema.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The design model of a job's revision (packages/domain design-model.schema.ts, validated before
 * every write). `version` counts the saves of that row: a save names the version it was based on
 * and is refused (409) when someone saved in between. The background is the editor's tracing
 * image (a job file) and where it sits on the plan, not part of the drawing.
 */
export const jobDesigns = pgTable('job_designs', {
  jobId: uuid('job_id').notNull().references(() => jobs.id, { onDelete: 'cascade' }),
  revision: integer('revision').notNull(),
  model: jsonb('model').notNull(),
  background: jsonb('background'),
  backgroundFileId: uuid('background_file_id').references(() => jobFiles.id, { onDelete: 'set null' }),
  version: integer('version').notNull().default(1),
  updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.jobId, t.revision] })]);
