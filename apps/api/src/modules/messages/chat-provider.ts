import type { DbOrTx } from '../../db/client.ts';
import * as repo from './messages.repository.ts';

/*
 * The spec's "chat provider client" (§7): where the messages service keeps and reads the text of
 * a conversation. The service owns everything around it (who sees which thread, read marks,
 * notifications, mail, attachments' bytes, the edit window) and calls the provider only for the
 * messages themselves, so a hosted chat service can take that part without the rules moving.
 *
 * The default is the built-in store, `databaseChatProvider`: the `messages` and `message_edits`
 * tables in our own database. Nothing else is needed to run.
 *
 * A hosted provider (a chat API with channels, messages and webhooks) plugs in by implementing
 * this interface and passing it as `deps.chat` to createContext:
 * - keep the local row (call the database provider first): message ids are ours, because read
 *   marks, notifications and attachments refer to them; store the provider's id beside it;
 * - `post`/`change` then mirror to the provider's channel for the job and thread (one channel per
 *   job × thread, named by the job id), after the transaction commits — `afterCommit` is called
 *   with what was written; a failed mirror is retried from the queue, never the request's failure;
 * - `setClosed` freezes or reopens the provider's channel;
 * - the provider's webhook (a new route of this module, verified by the provider's signature)
 *   turns messages written in the provider's own apps into `postMessage` calls as the mapped
 *   user, so policies, notifications and mail apply to them as to ours.
 */
export type ChatMessageRow = repo.MessageRow;

export type NewChatMessage = { jobId: string; thread: repo.Thread; authorId: string; body: string; createdAt: Date; mentions: string[] };

export type ChatMessageChange = { id: number; action: 'edit' | 'delete'; previousBody: string; body: string; excerpt: string; by: string; now: Date };

export interface ChatProvider {
  /** Shown in logs. */
  readonly name: string;
  /** Stores a new message, inside the caller's transaction; answers its id and stored text. */
  post(tx: DbOrTx, m: NewChatMessage): Promise<{ id: number; body: string; createdAt: Date }>;
  /** The latest `limit` messages of a thread, oldest first, with their authors. */
  listThread(db: DbOrTx, jobId: string, thread: repo.Thread, limit: number): Promise<ChatMessageRow[]>;
  /** One message of a job. */
  getMessage(db: DbOrTx, jobId: string, id: number): Promise<ChatMessageRow | undefined>;
  /** Edits or deletes a message, keeping what it said before. */
  change(tx: DbOrTx, c: ChatMessageChange): Promise<void>;
  /** The conversation of a job was closed or reopened (the built-in store keeps that in `conversations` itself). */
  setClosed(jobId: string, closed: boolean): Promise<void>;
  /** After the transaction that wrote a message (or its change) committed: a hosted provider mirrors it here. */
  afterCommit(event: { kind: 'post' | 'edit' | 'delete'; jobId: string; thread: repo.Thread; messageId: number }): Promise<void>;
}

/** The built-in store: our own tables, nothing outside. */
export const databaseChatProvider: ChatProvider = {
  name: 'database',
  post: (tx, m) => repo.insertMessage(tx, m),
  listThread: (db, jobId, thread, limit) => repo.listThread(db, jobId, thread, limit),
  getMessage: (db, jobId, id) => repo.getMessage(db, jobId, id),
  change: (tx, c) => repo.changeMessage(tx, c),
  setClosed: async () => {},
  afterCommit: async () => {},
};
