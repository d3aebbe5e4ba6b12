import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { getDisplayName } from '@sunstamp/domain/format/display-name.format';
import type { DbOrTx } from '../../db/client.ts';
import { jobs, messages, notificationMailBatches, notifications, userCompanies, users } from '../../db/schema.ts';

type Thread = 'client' | 'internal';

/**
 * The people a job event concerns: the active members of the job's company with the given
 * (client) roles, or the assignee, or (nobody assigned) every active user with the staff roles.
 */
export async function jobAudience(
  db: DbOrTx,
  job: { companyId: string; assigneeId: string | null },
  who: { kind: 'company'; roles: string[] } | { kind: 'staff'; roles: string[] },
) {
  type R = (typeof users.role.enumValues)[number];
  const cond = who.kind === 'company'
    ? and(inArray(users.role, who.roles as R[]), sql`exists (select 1 from ${userCompanies} uc where uc.user_id = ${users.id} and uc.company_id = ${job.companyId})`)
    : job.assigneeId ? eq(users.id, job.assigneeId) : inArray(users.role, who.roles as R[]);
  return db.select({ id: users.id, jobNotificationsEnabled: users.jobNotificationsEnabled }).from(users).where(and(eq(users.isActive, true), cond));
}

/** What a job notice needs of the job: its name, company, assignee, and when it turns overdue. */
export async function overdueJob(db: DbOrTx, jobId: string) {
  const [j] = await db
    .select({ id: jobs.id, name: jobs.name, companyId: jobs.companyId, assigneeId: jobs.assigneeId, overdueAt: jobs.overdueAt, isActive: jobs.isActive })
    .from(jobs)
    .where(eq(jobs.id, jobId));
  return j;
}

/** Whether the job already has a notice of this type carrying these data values (one per occasion). */
export async function hasNotice(db: DbOrTx, jobId: string, type: string, data: Record<string, string>): Promise<boolean> {
  const [r] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.jobId, jobId), eq(notifications.type, type), sql`${notifications.data} @> ${JSON.stringify(data)}::jsonb`))
    .limit(1);
  return !!r;
}

export type NewNotification = typeof notifications.$inferInsert;
export async function insertNotifications(db: DbOrTx, rows: NewNotification[]) {
  if (rows.length === 0) return [];
  return db.insert(notifications).values(rows).returning({ id: notifications.id, userId: notifications.userId });
}

/** Opens a mail batch per (user, job) that has none; answers the users whose batch is new. */
export async function openMailBatches(db: DbOrTx, jobId: string, userIds: string[], now: Date): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .insert(notificationMailBatches)
    .values(userIds.map((userId) => ({ userId, jobId, createdAt: now })))
    .onConflictDoNothing()
    .returning({ userId: notificationMailBatches.userId });
  return rows.map((r) => r.userId);
}

export async function closeMailBatch(db: DbOrTx, userId: string, jobId: string) {
  await db.delete(notificationMailBatches).where(and(eq(notificationMailBatches.userId, userId), eq(notificationMailBatches.jobId, jobId)));
}

const actor = alias(users, 'actor');

export async function listNotifications(db: DbOrTx, userId: string, o: { unreadOnly: boolean; limit: number }) {
  return db
    .select({
      id: notifications.id, type: notifications.type, jobId: notifications.jobId, thread: notifications.thread,
      messageId: notifications.messageId, data: notifications.data, createdAt: notifications.createdAt, readAt: notifications.readAt,
      jobName: jobs.name, actorFirstName: actor.firstName, actorLastName: actor.lastName, actorEmail: actor.email,
    })
    .from(notifications)
    .leftJoin(jobs, eq(jobs.id, notifications.jobId))
    .leftJoin(actor, eq(actor.id, notifications.actorId))
    .where(and(eq(notifications.userId, userId), o.unreadOnly ? isNull(notifications.readAt) : undefined))
    .orderBy(desc(notifications.id))
    .limit(o.limit);
}
export type NotificationRow = Awaited<ReturnType<typeof listNotifications>>[number];

export async function countUnreadNotifications(db: DbOrTx, userId: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(r?.n ?? 0);
}

export async function markNotificationsRead(db: DbOrTx, userId: string, ids: number[] | 'all', now: Date) {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), ids === 'all' ? undefined : inArray(notifications.id, ids)));
}

/** Reading a thread reads its message notifications up to that message. */
export async function markThreadNotificationsRead(db: DbOrTx, v: { userId: string; jobId: string; thread: Thread; messageId: number; now: Date }) {
  await db
    .update(notifications)
    .set({ readAt: v.now })
    .where(and(
      eq(notifications.userId, v.userId), eq(notifications.jobId, v.jobId), eq(notifications.thread, v.thread),
      isNull(notifications.readAt), lte(notifications.messageId, v.messageId),
    ));
}

export async function userNameOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [u] = await db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, userId));
  return u ? getDisplayName(u) : null;
}

export async function mailRecipient(db: DbOrTx, userId: string) {
  const [u] = await db
    .select({ id: users.id, email: users.email, isActive: users.isActive, messageNotificationsEnabled: users.messageNotificationsEnabled, jobNotificationsEnabled: users.jobNotificationsEnabled })
    .from(users)
    .where(eq(users.id, userId));
  return u;
}

/** Turns the person's mail switches of these kinds off (one-click unsubscribe). */
export async function switchMailOff(db: DbOrTx, userId: string, kinds: ('message' | 'job')[]) {
  await db.update(users).set({
    ...(kinds.includes('message') ? { messageNotificationsEnabled: false } : {}),
    ...(kinds.includes('job') ? { jobNotificationsEnabled: false } : {}),
  }).where(eq(users.id, userId));
}

/** The notifications of a person about a job that no mail run has handled, with their messages. */
export async function pendingMailNotifications(db: DbOrTx, userId: string, jobId: string) {
  return db
    .select({
      id: notifications.id, type: notifications.type, readAt: notifications.readAt, createdAt: notifications.createdAt, data: notifications.data,
      body: messages.body, thread: notifications.thread, jobName: jobs.name,
      actorFirstName: actor.firstName, actorLastName: actor.lastName, actorEmail: actor.email,
    })
    .from(notifications)
    .leftJoin(messages, eq(messages.id, notifications.messageId))
    .leftJoin(jobs, eq(jobs.id, notifications.jobId))
    .leftJoin(actor, eq(actor.id, notifications.actorId))
    .where(and(eq(notifications.userId, userId), eq(notifications.jobId, jobId), isNull(notifications.mailHandledAt)))
    .orderBy(asc(notifications.id));
}

export async function markMailHandled(db: DbOrTx, ids: number[], now: Date) {
  if (ids.length === 0) return;
  await db.update(notifications).set({ mailHandledAt: now }).where(inArray(notifications.id, ids));
}
