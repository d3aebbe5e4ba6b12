import { and, asc, desc, eq, lte, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contentItems, contentRevisions, users } from '../../db/schema.ts';

export type ContentRow = typeof contentItems.$inferSelect;
export type ContentInsert = typeof contentItems.$inferInsert;

const author = { authorFirst: users.firstName, authorLast: users.lastName, authorEmail: users.email };
const revisionCount = sql<number>`(select count(*)::int from ${contentRevisions} r where r.item_id = ${contentItems.id})`;

/** Every item of a kind, drafts included: the editor's list. */
export async function listItems(db: DbOrTx, kind: 'post' | 'help') {
  return db
    .select({ item: contentItems, revisions: revisionCount, ...author })
    .from(contentItems)
    .leftJoin(users, eq(users.id, contentItems.authorId))
    .where(eq(contentItems.kind, kind))
    .orderBy(desc(contentItems.updatedAt), desc(contentItems.id));
}

export async function getItem(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ item: contentItems, revisions: revisionCount, ...author })
    .from(contentItems)
    .leftJoin(users, eq(users.id, contentItems.authorId))
    .where(eq(contentItems.id, id));
  return row;
}

/**
 * The one query behind every public read (lists, pages, search, sitemap, prerendering): published
 * and due by `now`. Drafts and scheduled items never leave through any other function.
 */
export async function listPublished(
  db: DbOrTx,
  kind: 'post' | 'help',
  now: Date,
  filter: { slug?: string; q?: string; category?: string } = {},
) {
  const conds = [
    eq(contentItems.kind, kind),
    eq(contentItems.status, 'published'),
    lte(contentItems.publishedAt, now),
  ];
  if (filter.slug !== undefined) conds.push(eq(contentItems.slug, filter.slug));
  if (filter.category) conds.push(eq(contentItems.category, filter.category));
  if (filter.q) {
    // Every word must appear in the title, summary or body (case-insensitive; % and _ are literal).
    for (const word of filter.q.split(/\s+/).filter(Boolean).slice(0, 10)) {
      const like = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conds.push(sql`(${contentItems.title} ilike ${like} or ${contentItems.summary} ilike ${like} or ${contentItems.bodyMd} ilike ${like})`);
    }
  }
  return db
    .select({ item: contentItems, ...author })
    .from(contentItems)
    .leftJoin(users, eq(users.id, contentItems.authorId))
    .where(and(...conds))
    .orderBy(kind === 'help' ? asc(contentItems.title) : desc(contentItems.publishedAt), asc(contentItems.id));
}

export async function slugTaken(db: DbOrTx, kind: 'post' | 'help', slug: string, exceptId?: string) {
  const rows = await db
    .select({ id: contentItems.id })
    .from(contentItems)
    .where(and(eq(contentItems.kind, kind), eq(contentItems.slug, slug)));
  return rows.some((r) => r.id !== exceptId);
}

export async function insertItem(db: DbOrTx, values: ContentInsert) {
  const [row] = await db.insert(contentItems).values(values).returning();
  return row!;
}

export async function updateItem(db: DbOrTx, id: string, values: Partial<ContentInsert>) {
  const [row] = await db.update(contentItems).set(values).where(eq(contentItems.id, id)).returning();
  return row;
}

export async function lockItem(db: DbOrTx, id: string) {
  const [row] = await db.select().from(contentItems).where(eq(contentItems.id, id)).for('update');
  return row;
}

export async function deleteItem(db: DbOrTx, id: string) {
  const rows = await db.delete(contentItems).where(eq(contentItems.id, id)).returning();
  return rows[0];
}

/** Saves what an item was before an edit, keeping the newest `keep`. */
export async function addRevision(db: DbOrTx, before: ContentRow, editedById: string, at: Date, keep: number) {
  await db.insert(contentRevisions).values({
    itemId: before.id, title: before.title, summary: before.summary, bodyMd: before.bodyMd,
    category: before.category, editedById, savedAt: at,
  });
  const kept = db
    .select({ id: contentRevisions.id })
    .from(contentRevisions)
    .where(eq(contentRevisions.itemId, before.id))
    .orderBy(desc(contentRevisions.savedAt), desc(contentRevisions.id))
    .limit(keep);
  await db.delete(contentRevisions).where(and(eq(contentRevisions.itemId, before.id), notInArray(contentRevisions.id, kept)));
}

export async function listRevisions(db: DbOrTx, itemId: string) {
  return db
    .select({ rev: contentRevisions, ...author })
    .from(contentRevisions)
    .leftJoin(users, eq(users.id, contentRevisions.editedById))
    .where(eq(contentRevisions.itemId, itemId))
    .orderBy(desc(contentRevisions.savedAt), desc(contentRevisions.id));
}

export async function getCover(db: DbOrTx, coverId: string) {
  const [row] = await db
    .select({ key: contentItems.coverKey, mime: contentItems.coverMime })
    .from(contentItems)
    .where(eq(contentItems.coverId, coverId));
  return row;
}
