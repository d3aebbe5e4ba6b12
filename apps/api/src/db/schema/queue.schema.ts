import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Every process that works queue jobs (the API with WORKERS=on, `npm run worker`), with its
 * heartbeat: a process whose heartbeat stops is dead, and the jobs it held are given back at once
 * instead of after the queue's time limit (platform/queue/queue-recovery.ts).
 */
export const queueWorkers = pgTable('queue_workers', {
  id: uuid('id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  startedAt: ts('started_at').notNull().defaultNow(),
  heartbeatAt: ts('heartbeat_at').notNull().defaultNow(),
});

/** Which process is working which queue job (pg-boss does not record it). */
export const queueClaims = pgTable('queue_claims', {
  jobId: uuid('job_id').primaryKey(),
  queue: text('queue').notNull(),
  workerId: uuid('worker_id').notNull().references(() => queueWorkers.id, { onDelete: 'cascade' }),
  claimedAt: ts('claimed_at').notNull().defaultNow(),
}, (t) => [index('queue_claims_worker_idx').on(t.workerId)]);
