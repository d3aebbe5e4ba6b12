import { z } from 'zod';
import { MESSAGE_THREADS } from '../policies/messages.policy.ts';

/** Longest message body (characters). */
export const MESSAGE_MAX_LENGTH = 5000;
/** Files one message carries at most. */
export const MESSAGE_MAX_FILES = 10;
/** People one message may @mention at most. */
export const MESSAGE_MAX_MENTIONS = 20;
/** Messages a thread answer carries at most (the latest ones). */
export const THREAD_PAGE_SIZE = 200;

export const ZMessageThread = z.enum(MESSAGE_THREADS);
export const ZConversationStatus = z.enum(['active', 'closed']);
export type ConversationStatus = z.infer<typeof ZConversationStatus>;

const ZMessageId = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** Without `thread`: the first thread the caller sees (the client one, or the internal one for a contractor kept out of it). */
export const ZThreadQuery = z.object({ thread: ZMessageThread.optional() });

/** The ids of the people @mentioned: each must see the thread (checked by the API, 400 otherwise). */
export const ZMentionIds = z
  .array(z.string().uuid('Mention people by their id.'))
  .max(MESSAGE_MAX_MENTIONS, `Mention at most ${MESSAGE_MAX_MENTIONS} people in one message.`)
  .transform((ids) => [...new Set(ids.map((i) => i.toLowerCase()))]);

export const ZPostMessage = z.object({
  thread: ZMessageThread.default('client'),
  body: z.string().trim().min(1, 'Write a message first.').max(MESSAGE_MAX_LENGTH, `A message holds at most ${MESSAGE_MAX_LENGTH} characters.`),
  mentions: ZMentionIds.default([]),
});
export type PostMessage = z.input<typeof ZPostMessage>;

/**
 * The text fields of a message sent with files (multipart: `thread`, `body`, files under `files`):
 * the text may be empty when files go with it.
 */
export const ZPostMessageFields = z.object({
  thread: ZMessageThread.default('client'),
  body: z.string().trim().max(MESSAGE_MAX_LENGTH, `A message holds at most ${MESSAGE_MAX_LENGTH} characters.`).default(''),
  /** Multipart: the mentioned ids joined by commas. */
  mentions: z.string().max(MESSAGE_MAX_MENTIONS * 40).default('')
    .transform((v) => v.split(',').map((x) => x.trim()).filter(Boolean))
    .pipe(ZMentionIds),
});

/** Someone a message may mention: who sees the thread. */
export const ZMentionCandidate = z.object({ id: z.string(), full_name: z.string(), is_staff: z.boolean() });
export type MentionCandidate = z.infer<typeof ZMentionCandidate>;
export const ZMentionCandidates = z.array(ZMentionCandidate);

export const ZEditMessage = z.object({
  body: z.string().trim().min(1, 'Write a message first.').max(MESSAGE_MAX_LENGTH, `A message holds at most ${MESSAGE_MAX_LENGTH} characters.`),
});

/** GET /jobs/{id}/messages/{messageId}/history (staff): every earlier text, oldest first, and the text now. */
export const ZMessageHistory = z.object({
  message_id: z.number().int(),
  current: z.object({ body: z.string(), deleted: z.boolean(), edited_at: z.string().nullable() }),
  versions: z.array(z.object({
    /** What was done to the text below: replaced by an edit, or deleted. */
    action: z.enum(['edit', 'delete']),
    /** The text as it was before this change. */
    previous_body: z.string(),
    by: z.string(),
    at: z.string(),
  })),
});
export type MessageHistory = z.infer<typeof ZMessageHistory>;

export const ZMarkThreadRead = z.object({ thread: ZMessageThread.default('client'), message_id: ZMessageId });

export const ZConversationUpdate = z
  .object({ status: ZConversationStatus.optional(), contractor_access: z.boolean().optional() })
  .refine((v) => v.status !== undefined || v.contractor_access !== undefined, { message: 'Nothing to change.' });

export const ZMessageAuthor = z.object({ id: z.string(), full_name: z.string(), is_staff: z.boolean() });

/** A file sent with a message; `download_url` answers only to those who see the thread. */
export const ZMessageAttachment = z.object({
  id: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  download_url: z.string(),
});
export type MessageAttachment = z.infer<typeof ZMessageAttachment>;

export const ZMessage = z.object({
  id: z.number().int(),
  job_id: z.string(),
  thread: ZMessageThread,
  body: z.string(),
  /** null when the author's account was deleted. */
  author: ZMessageAuthor.nullable(),
  created_at: z.string(),
  attachments: z.array(ZMessageAttachment),
  /** When the author last changed the text; null if never. */
  edited_at: z.string().nullable(),
  /** Deleted by its author: the body is '' and the files are gone from the answer. */
  deleted: z.boolean(),
  /** Whether the caller may still edit or delete it (their own, within the window). */
  may_change: z.boolean(),
  /** The people @mentioned in it ("@full name" in the body is shown highlighted). */
  mentions: z.array(z.object({ id: z.string(), full_name: z.string() })),
});
export type Message = z.infer<typeof ZMessage>;

export const ZConversation = z.object({
  job_id: z.string(),
  status: ZConversationStatus,
  closed_at: z.string().nullable(),
  closed_by: z.string().nullable(),
  contractor_access: z.boolean(),
  /** The threads the caller sees. */
  threads: z.array(ZMessageThread),
  /** Whether the caller may close, reopen and set contractor access. */
  may_manage: z.boolean(),
});
export type Conversation = z.infer<typeof ZConversation>;

export const ZThreadAnswer = z.object({
  conversation: ZConversation,
  thread: ZMessageThread,
  messages: z.array(ZMessage),
  /** The caller's read mark in this thread. */
  last_read_message_id: z.number().int(),
  /** Unread messages per thread the caller sees (not their own). */
  unread: z.record(z.string(), z.number().int()),
  /** Who else has read up to where: "seen by". */
  seen_by: z.array(z.object({ user_id: z.string(), full_name: z.string(), last_read_message_id: z.number().int() })),
});
export type ThreadAnswer = z.infer<typeof ZThreadAnswer>;

/**
 * One notification model for every type:
 * - new_message: a message in a thread the reader sees; mention: one that @mentions the reader
 *   (in place of its new_message);
 * - job_status: a status change that concerns the reader; job_assigned: a job given to the reader;
 *   job_overdue: a job the reader works on (or, unassigned, any staff member) passed its overdue
 *   threshold;
 * - generation: a CAD generation progress event (spec §4: cad_generation_initiated … cad_generation_failed,
 *   calculations_*, stamp_file_passed, combine_files_passed), its label in the excerpt;
 * - deliverables_released: the finished files were released to the client.
 * The first two follow the reader's `messageNotificationsEnabled` for mail, the others `jobNotificationsEnabled`.
 */
export const NOTIFICATION_TYPES = ['new_message', 'mention', 'job_status', 'job_assigned', 'job_overdue', 'generation', 'deliverables_released'] as const;
export const ZNotificationType = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof ZNotificationType>;

/** The two kinds of notification mail, each with its own switch on the user (and its own unsubscribe link). */
export type NotificationMailKind = 'message' | 'job';
export const NOTIFICATION_MAIL_KINDS = ['message', 'job'] as const satisfies readonly NotificationMailKind[];
export const mailKindOf = (type: string): NotificationMailKind => (type === 'new_message' || type === 'mention' ? 'message' : 'job');

export const ZNotification = z.object({
  id: z.number().int(),
  type: ZNotificationType,
  job_id: z.string().nullable(),
  job_name: z.string(),
  thread: ZMessageThread.nullable(),
  message_id: z.number().int().nullable(),
  actor_name: z.string(),
  /** The start of the message, or what happened to the job, as plain text. */
  excerpt: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof ZNotification>;

export const ZNotificationsQuery = z.object({
  unread_only: z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

export const ZNotificationList = z.object({ items: z.array(ZNotification), unread_count: z.number().int() });
export type NotificationList = z.infer<typeof ZNotificationList>;

export const ZMarkNotificationsRead = z
  .object({ ids: z.array(ZMessageId).min(1).max(200).optional(), all: z.literal(true).optional() })
  .refine((v) => !!v.ids !== !!v.all, { message: 'Give either ids or all: true.' });

/** GET and POST /notifications/unsubscribe?token=: no sign-in; the token says who and which switches. */
export const ZUnsubscribeQuery = z.object({ token: z.string().min(1).max(200) });
export const ZUnsubscribeAnswer = z.object({
  /** The address, partly hidden. */
  email: z.string(),
  kinds: z.array(z.enum(NOTIFICATION_MAIL_KINDS)),
  /** Whether those switches are off now. */
  switched_off: z.boolean(),
});
export type UnsubscribeAnswer = z.infer<typeof ZUnsubscribeAnswer>;

export const ZUnreadCount = z.object({ unread_count: z.number().int() });

/** The payload of a `new_message` live event (and of the notification it stands for). */
export const ZNewMessageEvent = z.object({
  job_id: z.string(),
  job_name: z.string(),
  thread: ZMessageThread,
  message_id: z.number().int(),
  author_id: z.string().nullable(),
  author_name: z.string(),
  excerpt: z.string(),
  /** The reader's notification of it; absent for the author's own screens. */
  notification_id: z.number().int().nullable(),
  /** The message @mentions the reader. */
  mentions_you: z.boolean().optional(),
});
export type NewMessageEvent = z.infer<typeof ZNewMessageEvent>;

/** The live event types of this area. */
export const MESSAGE_EVENT = 'new_message';
export const MESSAGES_READ_EVENT = 'messages_read';
/** A message was edited or deleted: `{ job_id, thread, message_id }`; open threads refetch. */
export const MESSAGE_CHANGED_EVENT = 'message_changed';
/** A stored notification that is not a message (job events): the bell refreshes and toasts it. */
export const NOTIFICATION_EVENT = 'notification';

/** A generation step of a job, live only: `{ job_id, job_name, event, label, percent }` (percent null for the steps without one). */
export const GENERATION_PROGRESS_EVENT = 'generation_progress';

export type JobNotificationEvent = {
  notification_id: number;
  type: NotificationType;
  job_id: string;
  job_name: string;
  actor_name: string;
  text: string;
};

/** The excerpt of a message for notifications: its text, or the names of its files when it has none. */
export function messageExcerptOf(body: string, fileNames: string[]): string {
  if (body.trim() || fileNames.length === 0) return excerptOf(body);
  return excerptOf(`Sent ${fileNames.length === 1 ? 'a file' : `${fileNames.length} files`}: ${fileNames.join(', ')}`);
}

/** The first line-ish of a message for notifications, mail subjects and toasts. */
export function excerptOf(body: string, max = 140): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
