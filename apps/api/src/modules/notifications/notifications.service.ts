import {
  GENERATION_PROGRESS_EVENT, mailKindOf, MESSAGES_READ_EVENT, NOTIFICATION_EVENT, NOTIFICATION_MAIL_KINDS,
  type JobNotificationEvent, type Notification, type NotificationList, type NotificationMailKind, type NotificationType, type UnsubscribeAnswer,
} from '@sunstamp/domain/contracts/messages';
import { getDisplayName } from '@sunstamp/domain/format/display-name.format';
import { ASSIGNED_TO_YOU, jobEventNoticeOf } from '@sunstamp/domain/jobs/job-notifications.rules';
import type { JobStatus } from '@sunstamp/domain/jobs/workflow.rules';
import {
  CAD_GENERATION_PROGRESS, OTHER_PROGRESS_EVENT_LABELS, type CadGenerationEvent, type OtherProgressEvent,
} from '@sunstamp/domain/constants/job-events.constants';
import { isClientRole, isInternalStaff, ROLES, type Role } from '@sunstamp/domain/roles';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';
import * as repo from './notifications.repository.ts';

/*
 * One notification model for every type: a row per person (the bell), a live event on their
 * stream, and a mail batch per person and job that a delayed `notification-mail` job turns into
 * one mail, if that person's switch for the type is on. The actor is never notified.
 */

type Ctx = Pick<AppContext, 'database' | 'clock' | 'events' | 'queue' | 'config' | 'log'>;

const STAFF_ROLES = ROLES.filter(isInternalStaff);
const CLIENT_ROLES = ROLES.filter(isClientRole);

export type Recipient = { id: string; wantsMail: boolean };

/** Inside the caller's transaction: the rows and the mail batches. Answers what to announce after the commit. */
export async function storeNotifications(
  tx: DbOrTx,
  v: {
    type: NotificationType; jobId: string; actorId: string | null; thread?: 'client' | 'internal'; messageId?: number; excerpt: string; now: Date;
    data?: Record<string, unknown>;
  },
  recipients: Recipient[],
) {
  const notes = await repo.insertNotifications(tx, recipients.map((r) => ({
    userId: r.id, type: v.type, jobId: v.jobId, thread: v.thread ?? null, messageId: v.messageId ?? null,
    actorId: v.actorId, createdAt: v.now, data: { ...v.data, excerpt: v.excerpt },
  })));
  const batches = await repo.openMailBatches(tx, v.jobId, recipients.filter((r) => r.wantsMail).map((r) => r.id), v.now);
  return { notes, batches };
}

/** After the commit: each new mail batch becomes one delayed job. */
export async function queueMailBatches(ctx: Pick<AppContext, 'queue' | 'config'>, jobId: string, batches: string[]) {
  const startAfterSeconds = ctx.config.notificationMailBatchSeconds;
  await Promise.all(batches.map((userId) => ctx.queue.send('notification-mail', { userId, jobId }, { startAfterSeconds })));
}

/** Marks what reading a thread up to a message covers. */
export const markThreadNotificationsRead = repo.markThreadNotificationsRead;

/**
 * A job event that concerns people other than the actor: a status change (who hears of which is
 * the domain's jobEventNoticeOf) or an assignment (the assignee). Called after the change commits.
 */
export async function notifyJobEvent(
  ctx: Ctx,
  v: {
    job: { id: string; name: string; companyId: string; assigneeId: string | null };
    actor: { id: string; role: Role };
  } & ({ kind: 'status'; from: JobStatus | null; to: JobStatus } | { kind: 'assigned'; assigneeId: string }),
) {
  // The change itself has committed: a failure to notify is logged, never the request's failure.
  try {
    await notifyJobEventOrThrow(ctx, v);
  } catch (err) {
    ctx.log.error({ err, job: v.job.id }, 'job notification failed');
  }
}

async function notifyJobEventOrThrow(ctx: Ctx, v: Parameters<typeof notifyJobEvent>[1]) {
  const db = ctx.database.db;
  if (v.kind === 'assigned') {
    const audience = await repo.jobAudience(db, { ...v.job, assigneeId: v.assigneeId }, { kind: 'staff', roles: STAFF_ROLES });
    await storeAndAnnounce(ctx, { type: 'job_assigned', job: v.job, actorId: v.actor.id, text: ASSIGNED_TO_YOU }, audience);
    return;
  }
  const notice = jobEventNoticeOf(v.from, v.to, v.actor.role);
  if (!notice) return;
  // The client company reads its own words only, never an internal status name (issue 29,
  // item 11: 'Ready for your review (Pending Approval)'); staff read the status too.
  const text = notice.audience === 'company' ? notice.text : `${notice.text} (${v.to})`;
  const audience = await repo.jobAudience(db, v.job, notice.audience === 'company' ? { kind: 'company', roles: CLIENT_ROLES } : { kind: 'staff', roles: STAFF_ROLES });
  await storeAndAnnounce(ctx, { type: 'job_status', job: v.job, actorId: v.actor.id, text }, audience);
}

/**
 * Stores a job notification for everyone in `audience` but the actor, opens their mail batches
 * (job events follow `jobNotificationsEnabled`), tells their open screens (`notification`) and
 * queues the new batches.
 */
async function storeAndAnnounce(
  ctx: Ctx,
  v: { type: NotificationType; job: { id: string; name: string }; actorId: string | null; text: string; data?: Record<string, unknown> },
  audience: { id: string; jobNotificationsEnabled: boolean }[],
) {
  const db = ctx.database.db;
  const recipients = audience.filter((u) => u.id !== v.actorId).map((u) => ({ id: u.id, wantsMail: u.jobNotificationsEnabled }));
  if (recipients.length === 0) return [];
  const now = ctx.clock.now();
  const actorName = (v.actorId ? await repo.userNameOf(db, v.actorId) : null) ?? 'Sunstamp';
  const { notes, batches } = await db.transaction((tx) =>
    storeNotifications(tx, { type: v.type, jobId: v.job.id, actorId: v.actorId, excerpt: v.text, data: v.data, now }, recipients));
  await ctx.events.publishMany(notes.map((n) => ({
    userId: n.userId,
    type: NOTIFICATION_EVENT,
    payload: { notification_id: n.id, type: v.type, job_id: v.job.id, job_name: v.job.name, actor_name: actorName, text: v.text } satisfies JobNotificationEvent,
  })));
  await queueMailBatches(ctx, v.job.id, batches);
  return notes;
}

/** The notice of a job that passed its overdue threshold (spec §4 "Overdue flag"). */
export const OVERDUE_TEXT = 'Overdue';

/**
 * After a write that sets when a job turns overdue: one delayed `job-overdue-notice` job at that
 * instant. A later write with another instant queues another; each checks the job when it runs.
 */
export async function scheduleOverdueNotice(ctx: Pick<AppContext, 'queue' | 'clock' | 'log'>, jobId: string, overdueAt: Date | null | undefined) {
  if (!overdueAt) return;
  try {
    const startAfterSeconds = Math.max(0, Math.ceil((overdueAt.getTime() - ctx.clock.now().getTime()) / 1000));
    await ctx.queue.send('job-overdue-notice', { jobId, overdueAt: overdueAt.toISOString() }, { startAfterSeconds });
  } catch (err) {
    ctx.log.error({ err, job: jobId }, 'overdue notice not scheduled');
  }
}

/**
 * The `job-overdue-notice` job: if the job still turns overdue at that instant (nothing moved it
 * out of pending admin since) and the instant has passed, staff working on it hear "Overdue": the
 * assignee, or every staff member while nobody is assigned. Once per job and instant, so a job
 * retried or queued twice tells no one twice.
 */
export async function sendOverdueNotice(ctx: Ctx, v: { jobId: string; overdueAt: string }) {
  const db = ctx.database.db;
  const job = await repo.overdueJob(db, v.jobId);
  if (!job?.isActive || !job.overdueAt || job.overdueAt.toISOString() !== v.overdueAt) return;
  if (ctx.clock.now() < job.overdueAt) return;
  if (await repo.hasNotice(db, v.jobId, 'job_overdue', { overdue_at: v.overdueAt })) return;
  const audience = await repo.jobAudience(db, job, { kind: 'staff', roles: STAFF_ROLES });
  await storeAndAnnounce(ctx, { type: 'job_overdue', job, actorId: null, text: OVERDUE_TEXT, data: { overdue_at: v.overdueAt } }, audience);
}

/** The events of a generation run that reach people: results, not the steps in between (those are live progress only). */
const GENERATION_RESULTS = new Set(['cad_generation_passed', 'cad_generation_failed', 'calculations_passed', 'calculations_failed']);

/** The spec's label of a progress event (§4), the one the bell and the mail show. */
export function generationLabelOf(event: CadGenerationEvent | OtherProgressEvent): string {
  return event in CAD_GENERATION_PROGRESS
    ? CAD_GENERATION_PROGRESS[event as CadGenerationEvent].label
    : OTHER_PROGRESS_EVENT_LABELS[event as OtherProgressEvent];
}

/**
 * A CAD generation progress event of a job (spec §4): every step reaches the open screens of the
 * staff working on it live (`generation_progress`, with the label and percentage); a result
 * (passed or failed) is also a stored `generation` notification, in the bell and the mail. The
 * entry point for the generation pipeline; called after its step is recorded.
 */
export async function notifyGenerationEvent(ctx: Ctx, v: { jobId: string; event: CadGenerationEvent | OtherProgressEvent }) {
  const db = ctx.database.db;
  const job = await repo.overdueJob(db, v.jobId);
  if (!job) return;
  const audience = await repo.jobAudience(db, job, { kind: 'staff', roles: STAFF_ROLES });
  const label = generationLabelOf(v.event);
  const percent = v.event in CAD_GENERATION_PROGRESS ? CAD_GENERATION_PROGRESS[v.event as CadGenerationEvent].percent : null;
  await ctx.events.publishMany(audience.map((u) => ({
    userId: u.id, type: GENERATION_PROGRESS_EVENT, payload: { job_id: job.id, job_name: job.name, event: v.event, label, percent },
  })));
  if (!GENERATION_RESULTS.has(v.event)) return;
  await storeAndAnnounce(ctx, { type: 'generation', job, actorId: null, text: label, data: { event: v.event } }, audience);
}

/**
 * Staff released deliverables (letters, finished files) to the client: the company's users hear
 * "Deliverables released" with the file names. Called after the upload commits; a failure is logged.
 */
export async function notifyDeliverablesReleased(ctx: Ctx, v: { jobId: string; actor: { id: string; role: Role }; fileNames: string[] }) {
  try {
    if (!isInternalStaff(v.actor.role) || v.fileNames.length === 0) return;
    const db = ctx.database.db;
    const job = await repo.overdueJob(db, v.jobId);
    if (!job) return;
    const audience = await repo.jobAudience(db, job, { kind: 'company', roles: CLIENT_ROLES });
    await storeAndAnnounce(ctx, { type: 'deliverables_released', job, actorId: v.actor.id, text: `${DELIVERABLES_RELEASED}: ${v.fileNames.join(', ')}`.slice(0, 300) }, audience);
  } catch (err) {
    ctx.log.error({ err, job: v.jobId }, 'deliverables notification failed');
  }
}

/** The notice of deliverables reaching the client. */
export const DELIVERABLES_RELEASED = 'Deliverables released';


function notificationOf(r: repo.NotificationRow): Notification {
  const data = (r.data ?? {}) as { excerpt?: string };
  return {
    id: r.id,
    type: r.type as NotificationType,
    job_id: r.jobId,
    job_name: r.jobName ?? '',
    thread: r.thread,
    message_id: r.messageId,
    actor_name: r.actorEmail ? getDisplayName({ firstName: r.actorFirstName, lastName: r.actorLastName, email: r.actorEmail }) : 'Sunstamp',
    excerpt: data.excerpt ?? '',
    created_at: r.createdAt.toISOString(),
    read_at: r.readAt?.toISOString() ?? null,
  };
}

export async function listNotifications(ctx: Pick<AppContext, 'database'>, userId: string, q: { unread_only?: boolean; limit: number }): Promise<NotificationList> {
  const db = ctx.database.db;
  const [rows, unread] = await Promise.all([
    repo.listNotifications(db, userId, { unreadOnly: !!q.unread_only, limit: q.limit }),
    repo.countUnreadNotifications(db, userId),
  ]);
  return { items: rows.map(notificationOf), unread_count: unread };
}

/** Some by id (only the caller's own count), or all; the caller's other screens hear of it. */
export async function markNotificationsRead(ctx: Pick<AppContext, 'database' | 'clock' | 'events'>, userId: string, input: { ids?: number[]; all?: true }) {
  await repo.markNotificationsRead(ctx.database.db, userId, input.all ? 'all' : input.ids!, ctx.clock.now());
  const unread = await repo.countUnreadNotifications(ctx.database.db, userId);
  await ctx.events.publish(userId, MESSAGES_READ_EVENT, { unread_count: unread });
  return { unread_count: unread };
}

const SWITCH_TEXT: Record<NotificationMailKind, string> = {
  message: 'message notifications',
  job: 'job notifications',
};

/** The line of one notification in a mail. */
function mailLineOf(n: Awaited<ReturnType<typeof repo.pendingMailNotifications>>[number]): string {
  const who = n.actorEmail ? getDisplayName({ firstName: n.actorFirstName, lastName: n.actorLastName, email: n.actorEmail }) : 'Sunstamp';
  const when = `${n.createdAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const excerpt = (n.data as { excerpt?: string } | null)?.excerpt;
  if (mailKindOf(n.type) === 'job') return `${excerpt ?? 'Updated'}, by ${who}, ${when}\n`;
  const where = n.thread === 'internal' ? ' (internal)' : '';
  return `${who}${where}${n.type === 'mention' ? ' mentioned you' : ''}, ${when}:\n${n.body ?? ''}\n`;
}

/** Where a notification mail's unsubscribe links lead: the one-click endpoint (mail clients) and the page (people). */
export const unsubscribeApiUrl = (publicUrl: string, token: string) => `${publicUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
export const unsubscribePageUrl = (publicUrl: string, token: string) => `${publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`;

/**
 * The `notification-mail` job: one mail about one job for one person, listing what they were
 * notified of and have not read since, where their switch for that kind is on
 * (`messageNotificationsEnabled` for messages and mentions, `jobNotificationsEnabled` for job events).
 * Everything taken is marked handled, mailed or not, so a second run sends nothing again.
 * Each mail carries one-click unsubscribe (RFC 8058: List-Unsubscribe with List-Unsubscribe-Post,
 * switching off the kinds in that mail) and a link per kind in the text.
 */
export async function sendNotificationMail(
  ctx: Pick<AppContext, 'database' | 'clock' | 'mailer' | 'config' | 'signer'>, v: { userId: string; jobId: string },
) {
  const db = ctx.database.db;
  // Closed first: a notification added from here on opens a new batch (and job) of its own.
  await repo.closeMailBatch(db, v.userId, v.jobId);
  const [user, pending] = await Promise.all([repo.mailRecipient(db, v.userId), repo.pendingMailNotifications(db, v.userId, v.jobId)]);
  if (pending.length === 0) return;
  const switchOn = (kind: NotificationMailKind) => (kind === 'message' ? !!user?.messageNotificationsEnabled : !!user?.jobNotificationsEnabled);
  const wanted = pending.filter((n) => !n.readAt && !!user?.isActive && switchOn(mailKindOf(n.type)));
  if (wanted.length > 0 && user) {
    const jobName = wanted[0]!.jobName || 'your job';
    const messages = wanted.filter((n) => mailKindOf(n.type) === 'message').length;
    const count = wanted.length;
    const firstExcerpt = (wanted[0]!.data as { excerpt?: string } | null)?.excerpt ?? 'updated';
    const subject = messages === count
      ? (count === 1 ? (wanted[0]!.type === 'mention' ? `You were mentioned on ${jobName}` : `New message on ${jobName}`) : `${count} new messages on ${jobName}`)
      : (count === 1 ? `${jobName}: ${firstExcerpt}` : `${count} updates on ${jobName}`);
    const kinds = NOTIFICATION_MAIL_KINDS.filter((k) => (k === 'message' ? messages > 0 : messages < count));
    const oneClick = ctx.signer.signUnsubscribe(user.id, kinds);
    await ctx.mailer.send({
      to: user.email,
      subject,
      text: [
        `${count === 1 ? 'News' : `${count} updates`} on the job "${jobName}":`,
        '',
        ...wanted.map(mailLineOf),
        `Open the job: ${ctx.config.publicUrl}/jobs/${v.jobId}`,
        '',
        `You get this mail because ${kinds.map((k) => SWITCH_TEXT[k]).join(' and ')} are on.`,
        ...kinds.map((k) => `Stop ${SWITCH_TEXT[k]} by mail: ${unsubscribePageUrl(ctx.config.publicUrl, ctx.signer.signUnsubscribe(user.id, [k]))}`),
        `Or switch them in your profile: ${ctx.config.publicUrl}/profile`,
      ].join('\n'),
      headers: {
        'List-Unsubscribe': `<${unsubscribeApiUrl(ctx.config.publicUrl, oneClick)}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
  }
  await repo.markMailHandled(db, pending.map((n) => n.id), ctx.clock.now());
}

/** What an unsubscribe link would switch off, for the page that asks before doing it. */
export async function describeUnsubscribe(ctx: Pick<AppContext, 'database' | 'signer'>, token: string | undefined): Promise<UnsubscribeAnswer> {
  const found = ctx.signer.readUnsubscribe(token);
  const user = found ? await repo.mailRecipient(ctx.database.db, found.userId) : undefined;
  if (!found || !user) throw badRequest('This unsubscribe link is not valid. Switch notification mail off in your profile instead.');
  return answerOf(found.kinds, user);
}

/**
 * One click, no sign-in (RFC 8058): the signed token names the person and the switches, and the
 * call turns them off. Doing it again changes nothing.
 */
export async function unsubscribe(ctx: Pick<AppContext, 'database' | 'signer' | 'cache'>, token: string | undefined): Promise<UnsubscribeAnswer> {
  const found = ctx.signer.readUnsubscribe(token);
  const user = found ? await repo.mailRecipient(ctx.database.db, found.userId) : undefined;
  if (!found || !user) throw badRequest('This unsubscribe link is not valid. Switch notification mail off in your profile instead.');
  await repo.switchMailOff(ctx.database.db, found.userId, found.kinds);
  await ctx.cache.invalidateUser(found.userId);
  return answerOf(found.kinds, { ...user, ...(found.kinds.includes('message') ? { messageNotificationsEnabled: false } : {}), ...(found.kinds.includes('job') ? { jobNotificationsEnabled: false } : {}) });
}

function answerOf(kinds: NotificationMailKind[], user: { email: string; messageNotificationsEnabled: boolean; jobNotificationsEnabled: boolean }): UnsubscribeAnswer {
  return {
    email: maskEmail(user.email),
    kinds,
    switched_off: kinds.every((k) => (k === 'message' ? !user.messageNotificationsEnabled : !user.jobNotificationsEnabled)),
  };
}

/** Enough of the address for its owner to recognise it, not enough to harvest it from a forwarded link. */
function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}${'•'.repeat(Math.max(1, Math.min(local.length - 1, 6)))}@${domain}`;
}
