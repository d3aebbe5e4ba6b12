import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Messages sent with the public Contact us form (the sender's address kept for the per-address limit). */
export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  company: text('company').notNull().default(''),
  email: text('email').notNull(),
  message: text('message').notNull(),
  ip: text('ip').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('contact_messages_ip_idx').on(t.ip, t.createdAt), index('contact_messages_created_idx').on(t.createdAt)]);
