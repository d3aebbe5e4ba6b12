import { UUID_RE } from '../constants/ids.constants.ts';
import { z } from 'zod';
import { ZMessageThread } from './messages.ts';

/** Conversations a page of the inbox carries at most. */
export const INBOX_PAGE_MAX = 100;

/** all: every thread with a message; unread: those with messages the caller has not read; mine: the caller wrote in it, is the job's assignee or created it; closed: closed conversations. */
export const INBOX_FILTERS = ['all', 'unread', 'mine', 'closed'] as const;
export const ZInboxFilter = z.enum(INBOX_FILTERS);
export type InboxFilter = z.infer<typeof ZInboxFilter>;

const ZUuid = z.string().regex(UUID_RE, 'Must be an id.');

/** GET /messages/inbox. `company` and `assignee` (an id, "me" or "none"; staff only) narrow it. */
export const ZInboxQuery = z.object({
  filter: ZInboxFilter.default('all'),
  company: ZUuid.optional(),
  assignee: z.union([ZUuid, z.enum(['me', 'none'])]).optional(),
  limit: z.coerce.number().int().min(1).max(INBOX_PAGE_MAX).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
/** What a client sends (the numbers travel as query text). */
export type InboxQuery = { filter?: InboxFilter; company?: string; assignee?: string; limit?: number; offset?: number };

export const ZInboxItem = z.object({
  job_id: z.string(),
  job_name: z.string(),
  company: z.object({ id: z.string(), name: z.string() }),
  thread: ZMessageThread,
  status: z.enum(['active', 'closed']),
  /** Messages of others after the caller's read mark. */
  unread: z.number().int(),
  last_message: z.object({
    id: z.number().int(),
    /** Plain text: the start of the message, its files' names, or "Message deleted". */
    excerpt: z.string(),
    author_name: z.string(),
    /** Whether the caller wrote it. */
    mine: z.boolean(),
    created_at: z.string(),
  }),
});
export type InboxItem = z.infer<typeof ZInboxItem>;

export const ZInbox = z.object({
  items: z.array(ZInboxItem),
  /** Threads matching the filter (all pages). */
  count: z.number().int(),
  /** Of those, the threads with unread messages. */
  unread_threads: z.number().int(),
});
export type Inbox = z.infer<typeof ZInbox>;
