import { and, asc, desc, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  conversations, jobs, messageAttachments, messageEdits, messageReads, messages, notificationMailBatches, notifications, userCompanies, users,
} from '../../db/schema.ts';

export type Thread = 'client' | 'internal';
export type ConversationRow = typeof conversations.$inferSelect;

export async function getConversation(db: DbOrTx, jobId: string): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(conversations).where(eq(conversations.jobId, jobId));
  return row;
}

export async function upsertConversation(
  db: DbOrTx,
  jobId: string,
  set: Partial<Pick<ConversationRow, 'status' | 'closedAt' | 'closedBy' | 'contractorAccess'>> & { updatedAt: Date },
): Promise<ConversationRow> {
  const [row] = await db
    .insert(conversations)
    .values({ jobId, ...set })
    .onConflictDoUpdate({ target: conversations.jobId, set })
    .returning();
  return row!;
}

const author = alias(users, 'author');

/** The latest `limit` messages of a thread, oldest first, with their authors. */
export async function listThread(db: DbOrTx, jobId: string, thread: Thread, limit: number) {
  const rows = await db
    .select({
      id: messages.id, jobId: messages.jobId, thread: messages.thread, body: messages.body, createdAt: messages.createdAt,
      editedAt: messages.editedAt, deletedAt: messages.deletedAt, mentions: messages.mentions,
      authorId: messages.authorId, firstName: author.firstName, lastName: author.lastName, email: author.email, role: author.role,
    })
    .from(messages)
    .leftJoin(author, eq(author.id, messages.authorId))
    .where(and(eq(messages.jobId, jobId), eq(messages.thread, thread)))
    .orderBy(desc(messages.id))
    .limit(limit);
  return rows.reverse();
}
export type MessageRow = Awaited<ReturnType<typeof listThread>>[number];

export async function insertMessage(db: DbOrTx, v: { jobId: string; thread: Thread; authorId: string; body: string; createdAt: Date; mentions: string[] }) {
  const [row] = await db.insert(messages).values(v).returning();
  return row!;
}

/** One message of a job, with its author like `listThread`'s rows. */
export async function getMessage(db: DbOrTx, jobId: string, id: number): Promise<MessageRow | undefined> {
  const [row] = await db
    .select({
      id: messages.id, jobId: messages.jobId, thread: messages.thread, body: messages.body, createdAt: messages.createdAt,
      editedAt: messages.editedAt, deletedAt: messages.deletedAt, mentions: messages.mentions,
      authorId: messages.authorId, firstName: author.firstName, lastName: author.lastName, email: author.email, role: author.role,
    })
    .from(messages)
    .leftJoin(author, eq(author.id, messages.authorId))
    .where(and(eq(messages.jobId, jobId), eq(messages.id, id)));
  return row;
}

/**
 * Changes a message's text (or deletes it: text '' and `deleted_at`), keeping what it said before
 * in `message_edits`, and brings its notifications along: the new excerpt, and a deleted
 * message's notifications read so the bell and the mail drop it.
 */
export async function changeMessage(
  db: DbOrTx, v: { id: number; action: 'edit' | 'delete'; previousBody: string; body: string; excerpt: string; by: string; now: Date },
) {
  await db.insert(messageEdits).values({ messageId: v.id, action: v.action, previousBody: v.previousBody, editedBy: v.by, editedAt: v.now });
  await db.update(messages)
    .set(v.action === 'edit' ? { body: v.body, editedAt: v.now } : { body: '', deletedAt: v.now })
    .where(eq(messages.id, v.id));
  await db.update(notifications)
    .set({
      data: sql`jsonb_set(coalesce(${notifications.data}, '{}'::jsonb), '{excerpt}', to_jsonb(${v.excerpt}::text))`,
      ...(v.action === 'delete' ? { readAt: sql`coalesce(${notifications.readAt}, ${v.now.toISOString()}::timestamptz)` } : {}),
    })
    .where(eq(notifications.messageId, v.id));
}

/** The display fields of these users (the people mentioned in a thread's messages). */
export async function usersByIds(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(inArray(users.id, ids));
}

/** A message's kept earlier texts, oldest first, with who changed them. */
export async function editsOf(db: DbOrTx, messageId: number) {
  return db
    .select({
      action: messageEdits.action, previousBody: messageEdits.previousBody, editedAt: messageEdits.editedAt,
      firstName: users.firstName, lastName: users.lastName, email: users.email,
    })
    .from(messageEdits)
    .leftJoin(users, eq(users.id, messageEdits.editedBy))
    .where(eq(messageEdits.messageId, messageId))
    .orderBy(asc(messageEdits.id));
}

export type AttachmentRow = typeof messageAttachments.$inferSelect;

export async function insertAttachments(db: DbOrTx, rows: (typeof messageAttachments.$inferInsert)[]): Promise<AttachmentRow[]> {
  if (rows.length === 0) return [];
  return db.insert(messageAttachments).values(rows).returning();
}

/** The files of these messages, in the order they were sent. */
export async function attachmentsOf(db: DbOrTx, messageIds: number[]): Promise<AttachmentRow[]> {
  if (messageIds.length === 0) return [];
  return db.select().from(messageAttachments).where(inArray(messageAttachments.messageId, messageIds)).orderBy(asc(messageAttachments.messageId), asc(messageAttachments.position));
}

/** An attachment with the job and thread of its message. */
export async function getAttachment(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ a: messageAttachments, thread: messages.thread, deletedAt: messages.deletedAt })
    .from(messageAttachments)
    .innerJoin(messages, eq(messages.id, messageAttachments.messageId))
    .where(eq(messageAttachments.id, id));
  return row;
}

export async function readMarksOf(db: DbOrTx, jobId: string, userId: string) {
  return db.select().from(messageReads).where(and(eq(messageReads.jobId, jobId), eq(messageReads.userId, userId)));
}

/** Moves the read mark forward only (an older tab cannot move it back). */
export async function advanceReadMark(db: DbOrTx, v: { jobId: string; userId: string; thread: Thread; messageId: number; now: Date }) {
  await db
    .insert(messageReads)
    .values({ jobId: v.jobId, userId: v.userId, thread: v.thread, lastReadMessageId: v.messageId, readAt: v.now })
    .onConflictDoUpdate({
      target: [messageReads.jobId, messageReads.userId, messageReads.thread],
      set: { lastReadMessageId: sql`greatest(${messageReads.lastReadMessageId}, excluded.last_read_message_id)`, readAt: v.now },
    });
}

/** Messages after the user's read mark, not written by them, per thread. */
export async function unreadCounts(db: DbOrTx, jobId: string, userId: string, threads: Thread[]): Promise<Record<string, number>> {
  if (threads.length === 0) return {};
  const rows = await db
    .select({ thread: messages.thread, n: sql<number>`count(*)::int` })
    .from(messages)
    .leftJoin(messageReads, and(eq(messageReads.jobId, messages.jobId), eq(messageReads.thread, messages.thread), eq(messageReads.userId, userId)))
    .where(and(
      eq(messages.jobId, jobId),
      inArray(messages.thread, threads),
      or(isNull(messages.authorId), ne(messages.authorId, userId)),
      gt(messages.id, sql`coalesce(${messageReads.lastReadMessageId}, 0)`),
    ))
    .groupBy(messages.thread);
  const out: Record<string, number> = Object.fromEntries(threads.map((t) => [t, 0]));
  for (const r of rows) out[r.thread] = Number(r.n);
  return out;
}

/** Everyone else's read marks in a thread ("seen by"). */
export async function readersOf(db: DbOrTx, jobId: string, thread: Thread, exceptUserId: string) {
  return db
    .select({ userId: messageReads.userId, lastReadMessageId: messageReads.lastReadMessageId, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(messageReads)
    .innerJoin(users, eq(users.id, messageReads.userId))
    .where(and(eq(messageReads.jobId, jobId), eq(messageReads.thread, thread), ne(messageReads.userId, exceptUserId), gt(messageReads.lastReadMessageId, 0)))
    .orderBy(desc(messageReads.lastReadMessageId));
}

/**
 * Everyone who might take part in a job's conversation: active staff (the roles given), the
 * assignee and the members of the job's company. The messages policy decides per thread.
 */
export async function audienceOf(db: DbOrTx, job: { id: string; companyId: string; assigneeId: string | null }, staffRoles: string[]) {
  const member = sql<boolean>`exists (select 1 from ${userCompanies} uc where uc.user_id = ${users.id} and uc.company_id = ${job.companyId})`;
  return db
    .select({
      id: users.id, role: users.role, email: users.email, firstName: users.firstName, lastName: users.lastName,
      isMember: member, messageNotificationsEnabled: users.messageNotificationsEnabled,
    })
    .from(users)
    .where(and(
      eq(users.isActive, true),
      or(inArray(users.role, staffRoles as (typeof users.role.enumValues)[number][]), job.assigneeId ? eq(users.id, job.assigneeId) : undefined, member),
    ));
}
