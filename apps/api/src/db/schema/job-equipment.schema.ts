import { integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { jobs } from './jobs.schema.ts';
import { equipment } from './catalogue.schema.ts';

/**
 * The equipment a job names (job-equipment.rules.ts): one row per kind, a catalogue item or the
 * client's free text until staff link one. A catalogue item a job names cannot be deleted (it is
 * deactivated instead, as the catalogue does).
 */
export const jobEquipment = pgTable('job_equipment', {
  jobId: uuid('job_id').notNull().references(() => jobs.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  equipmentId: uuid('equipment_id').references(() => equipment.id, { onDelete: 'restrict' }),
  customModel: text('custom_model').notNull().default(''),
  quantity: integer('quantity'),
  position: integer('position').notNull().default(0),
}, (t) => [uniqueIndex('job_equipment_job_kind_uq').on(t.jobId, t.kind)]);
