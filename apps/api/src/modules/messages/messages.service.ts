import { UUID_RE } from '@sunstamp/domain/constants/ids.constants';
import crypto from 'node:crypto';
import {
  messageExcerptOf, MESSAGE_CHANGED_EVENT, MESSAGE_EVENT, MESSAGE_MAX_FILES, MESSAGE_MAX_LENGTH, ZPostMessageFields, MESSAGES_READ_EVENT, THREAD_PAGE_SIZE,
  type Conversation, type MentionCandidate, type Message, type MessageAttachment, type MessageHistory, type NewMessageEvent, type ThreadAnswer,
} from '@sunstamp/domain/contracts/messages';
import { getDisplayName } from '@sunstamp/domain/format/display-name.format';
import {
  MESSAGE_EDIT_WINDOW_MINUTES, mayManageConversation, mayReadMessageHistory, maySeeThread, messageChangeRefusal, threadsFor, type ConversationJob, type MessageThread,
} from '@sunstamp/domain/policies/messages.policy';
import { isInternalStaff, ROLES, type Role } from '@sunstamp/domain/roles';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound, invalidFields } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage.ts';
import { cleanFileName, type SpooledFile } from '../../platform/uploads.ts';
import { checkUploadType } from '../files/files.api.ts';
import { jobScopeOf, requireAllowed, requireVisible } from '../../platform/access.ts';
import type { Principal } from '../../platform/principal.ts';
import { visibleJob } from '../jobs/jobs.api.ts';
import { markThreadNotificationsRead, queueMailBatches, storeNotifications } from '../notifications/notifications.api.ts';
import { databaseChatProvider } from './chat-provider.ts';
import { announceRead } from './message-live.service.ts';
import * as postRepo from './message-post.repository.ts';
import * as repo from './messages.repository.ts';

type ReadCtx = Pick<AppContext, 'database' | 'clock' | 'chat'>;
type WriteCtx = Pick<AppContext, 'database' | 'clock' | 'events' | 'queue' | 'config' | 'chat'>;


export const CONVERSATION_CLOSED = 'This conversation is closed. Staff can reopen it.';

const STAFF_ROLES = ROLES.filter(isInternalStaff);

type JobRef = ConversationJob & { id: string; name: string; companyId: string; assigneeId: string | null };

/** The job as the conversation sees it: 404 unless the caller sees the job. */
async function jobFor(db: DbOrTx, p: Principal, jobId: string): Promise<JobRef> {
  const { job } = await visibleJob(db, p, jobId);
  return { id: job.id, name: job.name, companyId: job.companyId, assigneeId: job.assigneeId };
}

const settingsOf = (row: repo.ConversationRow | undefined) => ({ contractorAccess: row?.contractorAccess ?? false });

function conversationOf(p: Principal, job: JobRef, row: repo.ConversationRow | undefined): Conversation {
  return {
    job_id: job.id,
    status: row?.status ?? 'active',
    closed_at: row?.closedAt?.toISOString() ?? null,
    closed_by: row?.closedBy ?? null,
    contractor_access: row?.contractorAccess ?? false,
    threads: threadsFor(p, job, settingsOf(row)),
    may_manage: mayManageConversation(p.role),
  };
}

const nameOf = (u: { firstName: string | null; lastName: string | null; email: string | null }) =>
  getDisplayName({ firstName: u.firstName, lastName: u.lastName, email: u.email });

const attachmentOf = (a: repo.AttachmentRow): MessageAttachment => ({
  id: a.id, name: a.name, mime: a.mime, size: a.size, download_url: `/api/messages/attachments/${a.id}/download`,
});

type Names = Map<string, string>;

/** The names of everyone mentioned in these messages (a deleted account drops out). */
async function mentionNamesOf(db: DbOrTx, rows: { mentions: string[] }[]): Promise<Names> {
  const ids = [...new Set(rows.flatMap((r) => r.mentions))];
  return new Map((await repo.usersByIds(db, ids)).map((u) => [u.id, nameOf(u)]));
}

const mentionsOf = (ids: string[], names: Names) =>
  ids.filter((id) => names.has(id)).map((id) => ({ id, full_name: names.get(id)! }));

function messageOf(m: repo.MessageRow, files: repo.AttachmentRow[], p: Principal, now: Date, names: Names): Message {
  const deleted = !!m.deletedAt;
  return {
    id: m.id,
    job_id: m.jobId,
    thread: m.thread,
    body: deleted ? '' : m.body,
    author: m.authorId ? { id: m.authorId, full_name: nameOf(m), is_staff: !!m.role && isInternalStaff(m.role) } : null,
    created_at: m.createdAt.toISOString(),
    attachments: deleted ? [] : files.map(attachmentOf),
    edited_at: m.editedAt?.toISOString() ?? null,
    deleted,
    may_change: messageChangeRefusal(p, m, now) === null,
    mentions: deleted ? [] : mentionsOf(m.mentions, names),
  };
}

/** A thread the caller sees (by default their first): 404 for a job or thread they do not. */
async function threadFor(db: DbOrTx, p: Principal, jobId: string, wanted: MessageThread | undefined) {
  const job = await jobFor(db, p, jobId);
  const row = await repo.getConversation(db, job.id);
  const thread = wanted ?? threadsFor(p, job, settingsOf(row))[0];
  requireVisible(!!thread && maySeeThread(p, job, thread, settingsOf(row)));
  return { job, row, thread: thread! };
}

export async function getThread(ctx: ReadCtx, p: Principal, jobId: string, wanted: MessageThread | undefined): Promise<ThreadAnswer> {
  const db = ctx.database.db;
  const { job, row, thread } = await threadFor(db, p, jobId, wanted);
  const conversation = conversationOf(p, job, row);
  const messages = await ctx.chat.listThread(db, job.id, thread, THREAD_PAGE_SIZE);
  const [files, marks, unread, readers, names] = await Promise.all([
    repo.attachmentsOf(db, messages.map((m) => m.id)),
    repo.readMarksOf(db, job.id, p.id),
    repo.unreadCounts(db, job.id, p.id, conversation.threads),
    repo.readersOf(db, job.id, thread, p.id),
    mentionNamesOf(db, messages),
  ]);
  return {
    conversation,
    thread,
    messages: messages.map((m) => messageOf(m, files.filter((f) => f.messageId === m.id), p, ctx.clock.now(), names)),
    last_read_message_id: marks.find((m) => m.thread === thread)?.lastReadMessageId ?? 0,
    unread,
    seen_by: readers.map((r) => ({ user_id: r.userId, full_name: nameOf(r), last_read_message_id: r.lastReadMessageId })),
  };
}

/**
 * Posts a message: stored with a notification for everyone else who sees the thread, the author's
 * read mark moved past it, and a mail batch opened for each recipient who wants message mail.
 * After the commit every participant's open screens get `new_message` on the live stream, and each
 * new batch is one delayed `notification-mail` job.
 */
type StoredUpload = { id: string; name: string; mime: string; size: number; storageKey: string };

// eslint-disable-next-line max-lines-per-function -- one post's transaction, events, read mark and mail share the transaction's results (message, recipients, notes, batches); the fast path is already apart in message_post.repository.ts
export async function postMessage(
  ctx: WriteCtx, p: Principal, jobId: string,
  input: { thread: MessageThread; body: string; files?: StoredUpload[]; mentions?: string[] },
  o: { reopen?: boolean } = {},
): Promise<Message> {
  if (!UUID_RE.test(jobId)) throw notFound();
  const now = ctx.clock.now();
  const wanted = input.mentions ?? [];
  // The common post (no mention, no workflow reopening, the built-in store) takes the two-statement
  // path of message_post.repository.ts; the rest take the general path through the chat provider.
  if (wanted.length === 0 && !o.reopen && ctx.chat === databaseChatProvider) {
    const found = await postRepo.readPostContext(ctx.database, jobId, jobScopeOf(p), isInternalStaff(p.role), STAFF_ROLES);
    if (!found) throw notFound();
    const { job, audience } = found;
    const settings = { contractorAccess: found.contractorAccess };
    requireVisible(maySeeThread(p, job, input.thread, settings));
    if (found.status === 'closed') throw conflict(CONVERSATION_CLOSED);
    const files = input.files ?? [];
    const excerpt = messageExcerptOf(input.body, files.map((f) => f.name));
    const recipients = audience.filter((u) =>
      u.id !== p.id && maySeeThread({ id: u.id, role: u.role as Role, companyIds: u.isMember ? [job.companyId] : [] }, job, input.thread, settings));
    const me = audience.find((u) => u.id === p.id);
    const authorName = me ? nameOf(me) : p.email;
    const event: Omit<NewMessageEvent, 'message_id' | 'notification_id'> = {
      job_id: job.id, job_name: job.name, thread: input.thread, author_id: p.id, author_name: authorName, excerpt,
    };
    // One statement: the message, its files, notifications, mail batches, the author's read mark
    // (replying is reading) and every participant's live event (message_post.repository.ts).
    const posted = await postRepo.writeMessage(ctx.database, {
      jobId: job.id, thread: input.thread, authorId: p.id, body: input.body, now, excerpt,
      recipientIds: recipients.map((u) => u.id),
      mailRecipientIds: recipients.filter((u) => u.messageNotificationsEnabled).map((u) => u.id),
      files, event,
    });
    // Closed between the read and the write: the close wins.
    if (!posted) throw conflict(CONVERSATION_CLOSED);
    await queueMailBatches(ctx, job.id, posted.newBatches);
    await ctx.chat.afterCommit({ kind: 'post', jobId: job.id, thread: input.thread, messageId: posted.id });
    return {
      id: posted.id, job_id: job.id, thread: input.thread, body: input.body,
      author: { id: p.id, full_name: authorName, is_staff: isInternalStaff(p.role) }, created_at: posted.createdAt.toISOString(),
      attachments: posted.attachments.map((a) => attachmentOf({ ...a, messageId: posted.id, jobId: job.id, createdAt: now })),
      edited_at: null,
      deleted: false,
      may_change: true,
      mentions: [],
    };
  }
  const db = ctx.database.db;
  const { job, row } = await threadFor(db, p, jobId, input.thread);
  if (row?.status === 'closed' && !o.reopen) throw conflict(CONVERSATION_CLOSED);
  const settings = settingsOf(row);
  const excerpt = messageExcerptOf(input.body, (input.files ?? []).map((f) => f.name));

  const { message, attached, recipients, notes, batches, authorName, mentioned } = await db.transaction(async (tx) => {
    // The workflow's own messages (a question to the client, its answer) reopen a closed conversation.
    if (row?.status === 'closed' && o.reopen) await repo.upsertConversation(tx, job.id, { status: 'active', closedAt: null, closedBy: null, updatedAt: now });
    const audience = await repo.audienceOf(tx, job, STAFF_ROLES);
    const inThread = audience.filter((u) =>
      maySeeThread({ id: u.id, role: u.role, companyIds: u.isMember ? [job.companyId] : [] }, job, input.thread, settings));
    // A mention names someone who sees this thread; anyone else (or an unknown id) refuses the message.
    const mentioned = wanted.map((id) => inThread.find((u) => u.id === id));
    if (mentioned.some((u) => !u)) {
      throw invalidFields([{ mentions: 'Mention only people who can see this conversation.' }]);
    }
    const message = await ctx.chat.post(tx, { jobId: job.id, thread: input.thread, authorId: p.id, body: input.body, createdAt: now, mentions: wanted });
    const attached = await repo.insertAttachments(tx, (input.files ?? []).map((f, position) => ({ ...f, messageId: message.id, jobId: job.id, position, createdAt: now })));
    const recipients = inThread.filter((u) => u.id !== p.id);
    const me = audience.find((u) => u.id === p.id);
    const isMentioned = (id: string) => wanted.includes(id);
    const base = { jobId: job.id, actorId: p.id, thread: input.thread, messageId: message.id, excerpt, now };
    // A mention is a message notification of its own type (the bell says "mentioned you"); mail
    // follows the same switch as any message.
    const plain = await storeNotifications(tx, { ...base, type: MESSAGE_EVENT },
      recipients.filter((u) => !isMentioned(u.id)).map((u) => ({ id: u.id, wantsMail: u.messageNotificationsEnabled })));
    const byMention = await storeNotifications(tx, { ...base, type: 'mention' },
      recipients.filter((u) => isMentioned(u.id)).map((u) => ({ id: u.id, wantsMail: u.messageNotificationsEnabled })));
    return {
      message, attached, recipients,
      notes: [...plain.notes, ...byMention.notes],
      batches: [...new Set([...plain.batches, ...byMention.batches])],
      authorName: me ? nameOf(me) : p.email,
      mentioned: mentioned.map((u) => ({ id: u!.id, full_name: nameOf(u!) })),
    };
  });

  const event = (notificationId: number | null, userId: string): NewMessageEvent => ({
    job_id: job.id, job_name: job.name, thread: input.thread, message_id: message.id,
    author_id: p.id, author_name: authorName, excerpt, notification_id: notificationId,
    ...(wanted.includes(userId) && userId !== p.id ? { mentions_you: true } : {}),
  });
  // Replying is reading: the author's mark moves past their message. Outside the transaction, so
  // one author's concurrent posts do not queue on their mark's row lock while they commit.
  await repo.advanceReadMark(db, { jobId: job.id, userId: p.id, thread: input.thread, messageId: message.id, now });
  await ctx.chat.afterCommit({ kind: 'post', jobId: job.id, thread: input.thread, messageId: message.id });
  const noteOf = new Map(notes.map((n) => [n.userId, n.id]));
  await ctx.events.publishMany([
    ...recipients.map((u) => ({ userId: u.id, type: MESSAGE_EVENT, payload: event(noteOf.get(u.id) ?? null, u.id) })),
    { userId: p.id, type: MESSAGE_EVENT, payload: event(null, p.id) },
  ]);
  await queueMailBatches(ctx, job.id, batches);

  return {
    id: message.id, job_id: job.id, thread: input.thread, body: message.body,
    author: { id: p.id, full_name: authorName, is_staff: isInternalStaff(p.role) }, created_at: message.createdAt.toISOString(),
    attachments: attached.map(attachmentOf),
    edited_at: null,
    deleted: false,
    may_change: true,
    mentions: mentioned,
  };
}

/**
 * A question that moves a job to Pending Client, and the client's answer that moves it back, as
 * messages of the client thread by whoever made the move (a closed conversation reopens: the
 * question needs its answer). Called after the move commits: a failure is logged, the move stands.
 */
export async function postWorkflowMessage(ctx: WriteCtx & Pick<AppContext, 'log'>, p: Principal, jobId: string, text: string) {
  try {
    await postMessage(ctx, p, jobId, { thread: 'client', body: text.slice(0, MESSAGE_MAX_LENGTH) }, { reopen: true });
  } catch (err) {
    ctx.log.error({ err, job: jobId }, 'workflow message failed');
  }
}

/** Before reading an upload's body: the job must be visible (404). */
export async function assertMayAttach(ctx: ReadCtx, p: Principal, jobId: string) {
  await jobFor(ctx.database.db, p, jobId);
}

/**
 * A message with files (multipart `thread`, `body`, `files`): the thread must be one the caller
 * writes in, every file's type is checked by its content like any upload (415 otherwise), the
 * bytes go to storage and the message with its attachments is posted as one. Bytes already
 * stored are removed when anything fails.
 */
export async function postMessageWithFiles(
  ctx: WriteCtx & Pick<AppContext, 'storage'>, p: Principal, jobId: string, files: SpooledFile[], rawFields: Record<string, unknown>,
): Promise<Message> {
  if (Object.values(rawFields).some((v) => typeof v === 'string' && v.includes('\u0000'))) throw badRequest('Text may not contain NUL characters.');
  const parsed = ZPostMessageFields.safeParse(rawFields);
  if (!parsed.success) {
    throw invalidFields(parsed.error.issues.map((i) => ({ [i.path.join('.') || 'fields']: i.message })));
  }
  const { thread, body, mentions } = parsed.data;
  if (files.length === 0) throw badRequest('Choose at least one file.', [{ files: 'No file was sent.' }]);
  if (files.length > MESSAGE_MAX_FILES) throw badRequest(`A message carries at most ${MESSAGE_MAX_FILES} files.`, [{ files: `At most ${MESSAGE_MAX_FILES} files.` }]);
  const { job, row } = await threadFor(ctx.database.db, p, jobId, thread);
  if (row?.status === 'closed') throw conflict(CONVERSATION_CLOSED);
  const checked = files.map((f) => ({ file: f, sniffed: checkUploadType(f) }));
  const stored: StoredUpload[] = [];
  try {
    for (const { file, sniffed } of checked) {
      const id = crypto.randomUUID();
      const storageKey = `jobs/${job.id}/messages/${id}`;
      await ctx.storage.putFile(storageKey, file.path);
      stored.push({ id, name: cleanFileName(file.fileName), mime: sniffed.mime, size: file.size, storageKey });
    }
    return await postMessage(ctx, p, job.id, { thread, body, files: stored, mentions });
  } catch (e) {
    await Promise.all(stored.map((f) => ctx.storage.remove(f.storageKey).catch(() => {})));
    throw e;
  }
}

/** A message's file: 404 unless the caller sees the job and the thread the message is in. */
export async function openAttachment(ctx: Pick<AppContext, 'database' | 'storage'>, p: Principal, attachmentId: string) {
  if (!UUID_RE.test(attachmentId)) throw notFound();
  const db = ctx.database.db;
  const found = await repo.getAttachment(db, attachmentId);
  if (!found || found.deletedAt) throw notFound();
  const job = await jobFor(db, p, found.a.jobId).catch(() => { throw notFound(); });
  const row = await repo.getConversation(db, job.id);
  if (!maySeeThread(p, job, found.thread, settingsOf(row))) throw notFound();
  const a = found.a;
  return { name: a.name, mime: a.mime, size: a.size, stream: await ctx.storage.read(a.storageKey) };
}

const CHANGE_REFUSED = {
  deleted: 'This message was deleted.',
  too_late: `A message can be edited or deleted for ${MESSAGE_EDIT_WINDOW_MINUTES} minutes after it is sent.`,
} as const;

/**
 * Edits (with `body`) or deletes the caller's own message within the window: what it said before
 * is kept in `message_edits`, never answered. 404 for a message the caller may not see; 403 for
 * someone else's; 409 past the window, once deleted, or in a closed conversation. Every open
 * screen of the thread hears `message_changed` and refetches.
 */
export async function changeMessage(ctx: WriteCtx, p: Principal, jobId: string, rawMessageId: string, body: string | null): Promise<Message> {
  if (!/^\d{1,15}$/.test(rawMessageId)) throw notFound();
  const now = ctx.clock.now();
  const db = ctx.database.db;
  const job = await jobFor(db, p, jobId);
  const m = await ctx.chat.getMessage(db, job.id, Number(rawMessageId));
  const row = await repo.getConversation(db, job.id);
  const settings = settingsOf(row);
  if (!m || !maySeeThread(p, job, m.thread, settings)) throw notFound();
  const refusal = messageChangeRefusal(p, m, now);
  if (refusal === 'not_author') throw forbidden('Only its author may edit or delete a message.');
  if (refusal) throw conflict(CHANGE_REFUSED[refusal]);
  if (row?.status === 'closed') throw conflict(CONVERSATION_CLOSED);

  const action = body === null ? 'delete' : 'edit';
  const files = await repo.attachmentsOf(db, [m.id]);
  const next = body ?? '';
  const names = await mentionNamesOf(db, [m]);
  if (action === 'edit' && next === m.body) return messageOf(m, files, p, now, names);
  const excerpt = action === 'delete' ? 'Message deleted' : messageExcerptOf(next, files.map((f) => f.name));
  const audience = await db.transaction(async (tx) => {
    await ctx.chat.change(tx, { id: m.id, action, previousBody: m.body, body: next, excerpt, by: p.id, now });
    return repo.audienceOf(tx, job, STAFF_ROLES);
  });
  await ctx.chat.afterCommit({ kind: action, jobId: job.id, thread: m.thread, messageId: m.id });
  // Everyone in the thread, the author too (their other tabs).
  const participants = new Set([p.id, ...audience.filter((u) =>
    maySeeThread({ id: u.id, role: u.role, companyIds: u.isMember ? [job.companyId] : [] }, job, m.thread, settings)).map((u) => u.id)]);
  await ctx.events.publishMany([...participants].map((userId) => ({
    userId, type: MESSAGE_CHANGED_EVENT, payload: { job_id: job.id, thread: m.thread, message_id: m.id, deleted: action === 'delete' },
  })));
  const changed = action === 'edit' ? { ...m, body: next, editedAt: now } : { ...m, deletedAt: now };
  return messageOf(changed, files, p, now, names);
}

/** Who a message in this thread may @mention: everyone else who sees it (404 like the thread). */
export async function mentionCandidates(ctx: ReadCtx, p: Principal, jobId: string, wanted: MessageThread | undefined): Promise<MentionCandidate[]> {
  const db = ctx.database.db;
  const { job, row, thread } = await threadFor(db, p, jobId, wanted);
  const audience = await repo.audienceOf(db, job, STAFF_ROLES);
  return audience
    .filter((u) => u.id !== p.id && maySeeThread({ id: u.id, role: u.role, companyIds: u.isMember ? [job.companyId] : [] }, job, thread, settingsOf(row)))
    .map((u) => ({ id: u.id, full_name: nameOf(u), is_staff: isInternalStaff(u.role) }))
    .sort((a, b) => a.full_name.localeCompare(b.full_name));
}

/**
 * What a message said before each edit and its deletion (staff): 404 for a message the caller may
 * not see, 403 for anyone else who sees it.
 */
export async function getMessageHistory(ctx: ReadCtx, p: Principal, jobId: string, rawMessageId: string): Promise<MessageHistory> {
  if (!/^\d{1,15}$/.test(rawMessageId)) throw notFound();
  const db = ctx.database.db;
  const job = await jobFor(db, p, jobId);
  const m = await ctx.chat.getMessage(db, job.id, Number(rawMessageId));
  const row = await repo.getConversation(db, job.id);
  if (!m || !maySeeThread(p, job, m.thread, settingsOf(row))) throw notFound();
  requireAllowed(mayReadMessageHistory(p.role), 'Only staff read the earlier versions of a message.');
  const edits = await repo.editsOf(db, m.id);
  return {
    message_id: m.id,
    current: { body: m.deletedAt ? '' : m.body, deleted: !!m.deletedAt, edited_at: m.editedAt?.toISOString() ?? null },
    versions: edits.map((e) => ({
      action: e.action, previous_body: e.previousBody, by: e.email ? nameOf(e) : 'Former user', at: e.editedAt.toISOString(),
    })),
  };
}

/** Moves the caller's read mark and reads the notifications it covers; the caller's other screens hear of it. */
export async function markThreadRead(ctx: WriteCtx & Pick<AppContext, 'log'>, p: Principal, jobId: string, input: { thread: MessageThread; message_id: number }) {
  const now = ctx.clock.now();
  const db = ctx.database.db;
  const { job } = await threadFor(db, p, jobId, input.thread);
  await db.transaction(async (tx) => {
    await repo.advanceReadMark(tx, { jobId: job.id, userId: p.id, thread: input.thread, messageId: input.message_id, now });
    await markThreadNotificationsRead(tx, { userId: p.id, jobId: job.id, thread: input.thread, messageId: input.message_id, now });
  });
  await ctx.events.publish(p.id, MESSAGES_READ_EVENT, { job_id: job.id, thread: input.thread, message_id: input.message_id });
  // Everyone else in the thread sees "seen by" move (throttled, not stored).
  announceRead(ctx, p, job.id, input.thread, input.message_id);
}

/** Close or reopen (staff), and let the assigned contractor into the client thread. Closing keeps every message. */
export async function updateConversation(
  ctx: Pick<AppContext, 'database' | 'clock' | 'chat'>,
  p: Principal,
  jobId: string,
  patch: { status?: 'active' | 'closed'; contractor_access?: boolean },
): Promise<Conversation> {
  const db = ctx.database.db;
  const job = await jobFor(db, p, jobId);
  requireAllowed(mayManageConversation(p.role), 'Only staff may close, reopen or share a conversation.');
  const now = ctx.clock.now();
  const set: Parameters<typeof repo.upsertConversation>[2] = { updatedAt: now };
  if (patch.status === 'closed') Object.assign(set, { status: 'closed', closedAt: now, closedBy: p.id });
  if (patch.status === 'active') Object.assign(set, { status: 'active', closedAt: null, closedBy: null });
  if (patch.contractor_access !== undefined) set.contractorAccess = patch.contractor_access;
  const row = await repo.upsertConversation(db, job.id, set);
  if (patch.status) await ctx.chat.setClosed(job.id, patch.status === 'closed');
  return conversationOf(p, job, row);
}
