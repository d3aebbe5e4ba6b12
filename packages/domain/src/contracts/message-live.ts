import { z } from 'zod';
import { ZMessageThread } from './messages.ts';

/*
 * Live signals of a conversation that are state, not history: someone is typing, someone has read
 * up to a message. They go to the open streams of everyone else in the thread and are not stored
 * (no event id, nothing replayed); after a reconnect the open thread is fetched again, and its
 * answer carries the read marks ("seen by").
 */

/** `{ job_id, thread, user_id, full_name }`: shown for TYPING_SHOWN_MS after the last one. */
export const TYPING_EVENT = 'typing';
/** `{ job_id, thread, user_id, full_name, message_id }`: someone's read mark moved. */
export const THREAD_READ_EVENT = 'thread_read';

/** A composer announces typing at most this often while its text changes. */
export const TYPING_SEND_EVERY_MS = 3000;
/** "… is typing" stays this long after the last announcement (or until their message arrives). */
export const TYPING_SHOWN_MS = 6000;

export const ZTyping = z.object({ thread: ZMessageThread.default('client') });

export const ZTypingEvent = z.object({ job_id: z.string(), thread: ZMessageThread, user_id: z.string(), full_name: z.string() });
export type TypingEvent = z.infer<typeof ZTypingEvent>;

export const ZThreadReadEvent = ZTypingEvent.extend({ message_id: z.number().int() });
export type ThreadReadEvent = z.infer<typeof ZThreadReadEvent>;
