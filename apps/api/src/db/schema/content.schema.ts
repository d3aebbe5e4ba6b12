import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './people.schema.ts';

/**
 * Blog posts and help articles. `body_html` is the server's sanitised rendering of `body_md`,
 * made at save time for the prerendered public pages; the SPA renders the Markdown itself with
 * the same rules. Public reads go through one repository function that filters published items.
 */
export const contentItems = pgTable('content_items', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind', { enum: ['post', 'help'] }).notNull(),
  slug: text('slug').notNull(),
  title: text('title').notNull(),
  summary: text('summary').notNull().default(''),
  bodyMd: text('body_md').notNull().default(''),
  bodyHtml: text('body_html').notNull().default(''),
  status: text('status', { enum: ['draft', 'published'] }).notNull().default('draft'),
  publishedAt: timestamp('published_at', { withTimezone: true }),
  category: text('category'),
  /** The cover image's storage key and type; the key's uuid is its public id. */
  coverId: uuid('cover_id'),
  coverKey: text('cover_key'),
  coverMime: text('cover_mime'),
  authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('content_items_kind_slug_uq').on(t.kind, t.slug),
  uniqueIndex('content_items_cover_uq').on(t.coverId),
  index('content_items_public_idx').on(t.kind, t.status, t.publishedAt),
]);

/** What an item was before each edit (the newest CONTENT_REVISIONS_KEPT are kept). */
export const contentRevisions = pgTable('content_revisions', {
  id: uuid('id').primaryKey().defaultRandom(),
  itemId: uuid('item_id').notNull().references(() => contentItems.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  summary: text('summary').notNull(),
  bodyMd: text('body_md').notNull(),
  category: text('category'),
  editedById: uuid('edited_by_id').references(() => users.id, { onDelete: 'set null' }),
  savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('content_revisions_item_idx').on(t.itemId, t.savedAt)]);
