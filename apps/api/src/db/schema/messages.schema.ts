import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './people.schema.ts';
import { jobs } from './jobs.schema.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A job's conversation settings: active or closed, and whether the assigned contractor joins the
 * client thread. A job without a row has an active conversation with the defaults.
 */
export const conversations = pgTable('conversations', {
  jobId: uuid('job_id').primaryKey().references(() => jobs.id, { onDelete: 'cascade' }),
  status: text('status', { enum: ['active', 'closed'] }).notNull().default('active'),
  closedAt: ts('closed_at'),
  closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
  contractorAccess: boolean('contractor_access').notNull().default(false),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** One message of a job's thread (`client` or `internal`). Ids grow, so a read mark is one id. */
export const messages = pgTable('messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  jobId: uuid('job_id').notNull().references(() => jobs.id, { onDelete: 'cascade' }),
  thread: text('thread', { enum: ['client', 'internal'] }).notNull(),
  authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
  /** The current text; '' once deleted (what it said before is in `message_edits`). */
  body: text('body').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** The author changed the text (last time); shown as "edited". */
  editedAt: ts('edited_at'),
  /** The author deleted it; shown as "Message deleted". */
  deletedAt: ts('deleted_at'),
  /** The people @mentioned when it was sent (each could see the thread then); the body carries "@Name". */
  mentions: uuid('mentions').array().notNull().default(sql`'{}'::uuid[]`),
}, (t) => [index('messages_job_thread_idx').on(t.jobId, t.thread, t.id)]);

/** Every edit and deletion of a message, with the text it replaced: kept, never shown. */
export const messageEdits = pgTable('message_edits', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  messageId: bigint('message_id', { mode: 'number' }).notNull().references(() => messages.id, { onDelete: 'cascade' }),
  action: text('action', { enum: ['edit', 'delete'] }).notNull(),
  previousBody: text('previous_body').notNull(),
  editedBy: uuid('edited_by').references(() => users.id, { onDelete: 'set null' }),
  editedAt: ts('edited_at').notNull().defaultNow(),
}, (t) => [index('message_edits_message_idx').on(t.messageId)]);

/**
 * A file sent with a message. Its bytes sit in storage under `storage_key`; who may download it is
 * who may see the message's thread (so an internal note's file never reaches a client).
 */
export const messageAttachments = pgTable('message_attachments', {
  id: uuid('id').primaryKey().defaultRandom(),
  messageId: bigint('message_id', { mode: 'number' }).notNull().references(() => messages.id, { onDelete: 'cascade' }),
  jobId: uuid('job_id').notNull().references(() => jobs.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  mime: text('mime').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  storageKey: text('storage_key').notNull(),
  /** The order the files were sent in. */
  position: integer('position').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('message_attachments_message_idx').on(t.messageId)]);

/** Each person's read mark per thread: every message with a larger id is unread for them. */
export const messageReads = pgTable('message_reads', {
  jobId: uuid('job_id').notNull().references(() => jobs.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  thread: text('thread', { enum: ['client', 'internal'] }).notNull(),
  lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }).notNull().default(0),
  readAt: ts('read_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.jobId, t.userId, t.thread] })]);

/** The bell: one row per person per thing that concerns them. `mail_handled_at`: the mail worker is done with it. */
export const notifications = pgTable('notifications', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  type: text('type').notNull(),
  jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'cascade' }),
  thread: text('thread', { enum: ['client', 'internal'] }),
  messageId: bigint('message_id', { mode: 'number' }).references(() => messages.id, { onDelete: 'cascade' }),
  actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
  data: jsonb('data').notNull().default({}),
  createdAt: ts('created_at').notNull().defaultNow(),
  readAt: ts('read_at'),
  mailHandledAt: ts('mail_handled_at'),
}, (t) => [
  index('notifications_user_idx').on(t.userId, t.id),
  index('notifications_user_job_idx').on(t.userId, t.jobId),
]);

/**
 * A notification mail waiting for its batch window, per person and job: the first notification
 * inserts the row and queues one delayed job; later ones within the window find the row and add
 * nothing, so a burst of messages becomes one mail.
 */
export const notificationMailBatches = pgTable('notification_mail_batches', {
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  jobId: uuid('job_id').notNull().references(() => jobs.id, { onDelete: 'cascade' }),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.userId, t.jobId] })]);
