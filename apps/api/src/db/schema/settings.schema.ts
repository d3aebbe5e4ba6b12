import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './people.schema.ts';

/** Small staff-editable settings (e.g. the structural span limit), one jsonb value per key. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
});

/** The fingerprint of the reference seed an install last wrote (db/seed/seed-mark.ts); start-up only. */
export const seedMarks = pgTable('seed_marks', {
  name: text('name').primaryKey(),
  fingerprint: text('fingerprint').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
