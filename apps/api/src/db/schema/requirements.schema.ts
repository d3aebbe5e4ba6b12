import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './people.schema.ts';

/**
 * Requirement values set on a scope: one row per (scope, key). scope_id is a company,
 * utility or AHJ id; it has no foreign key because it points at three tables (none of which the
 * API deletes from: AHJs and utilities are deactivated). A row is an explicit value, JSON null
 * included (a group or file switched off); a key with no row is not set at that scope (inherit).
 */
export const requirementValues = pgTable('requirement_values', {
  scopeType: text('scope_type', { enum: ['company', 'utility', 'ahj'] }).notNull(),
  scopeId: uuid('scope_id').notNull(),
  key: text('key').notNull(),
  value: jsonb('value').notNull(),
  updatedById: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('requirement_values_scope_key_uq').on(t.scopeType, t.scopeId, t.key)]);

/**
 * Files uploaded for a file requirement at a scope; the bytes live in the storage
 * (platform/storage.ts) under storage_key. The scope's value for `key` references them by id. The
 * service keeps the two equal: a file its scope's value no longer references is deleted with its
 * bytes in the same request.
 */
export const requirementFiles = pgTable('requirement_files', {
  id: uuid('id').primaryKey().defaultRandom(),
  scopeType: text('scope_type', { enum: ['company', 'utility', 'ahj'] }).notNull(),
  scopeId: uuid('scope_id').notNull(),
  key: text('key').notNull(),
  name: text('name').notNull(),
  contentType: text('content_type').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  storageKey: text('storage_key').notNull(),
  uploadedById: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('requirement_files_scope_idx').on(t.scopeType, t.scopeId, t.key)]);
