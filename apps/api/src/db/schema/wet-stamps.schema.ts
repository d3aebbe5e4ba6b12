import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './people.schema.ts';
import { jobs } from './jobs.schema.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A job revision's wet stamp (paper copies stamped and shipped): written when our team records its
 * first change; until then the API answers a pending task whose copies follow the requirement.
 * Each step keeps who made it and when.
 */
export const jobWetStamps = pgTable('job_wet_stamps', {
  id: uuid('id').primaryKey().defaultRandom(),
  jobId: uuid('job_id').notNull().references(() => jobs.id, { onDelete: 'cascade' }),
  revision: integer('revision').notNull(),
  copies: integer('copies').notNull(),
  /** pending, stamped, shipped, delivered */
  state: text('state').notNull(),
  carrier: text('carrier'),
  trackingReference: text('tracking_reference'),
  deliveredOn: date('delivered_on', { mode: 'string' }),
  notes: text('notes').notNull().default(''),
  stampedAt: ts('stamped_at'),
  stampedById: uuid('stamped_by_id').references(() => users.id, { onDelete: 'set null' }),
  shippedAt: ts('shipped_at'),
  shippedById: uuid('shipped_by_id').references(() => users.id, { onDelete: 'set null' }),
  deliveredAt: ts('delivered_at'),
  deliveredById: uuid('delivered_by_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
}, (t) => [
  uniqueIndex('job_wet_stamps_job_revision_uq').on(t.jobId, t.revision),
  check('job_wet_stamps_copies_ck', sql`${t.copies} between 1 and 3`),
  check('job_wet_stamps_state_ck', sql`${t.state} in ('pending', 'stamped', 'shipped', 'delivered')`),
]);
