import { jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './people.schema.ts';

/**
 * Requirement values set on a scope (issue 4): one row per (scope, key). scope_id is a company,
 * utility or AHJ id; it has no foreign key because it points at three tables (none of which the
 * API deletes from: AHJs and utilities are deactivated). A key with no row is not set at that scope.
 */
export const requirementValues = pgTable('requirement_values', {
  scopeType: text('scope_type', { enum: ['company', 'utility', 'ahj'] }).notNull(),
  scopeId: uuid('scope_id').notNull(),
  key: text('key').notNull(),
  value: jsonb('value').notNull(),
  updatedById: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('requirement_values_scope_key_uq').on(t.scopeType, t.scopeId, t.key)]);
