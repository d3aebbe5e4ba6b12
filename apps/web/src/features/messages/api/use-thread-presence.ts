import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  THREAD_READ_EVENT, TYPING_EVENT, TYPING_SEND_EVERY_MS, TYPING_SHOWN_MS, type ThreadReadEvent, type TypingEvent,
} from '@sunstamp/domain/contracts/message-live';
import { MESSAGE_EVENT, type NewMessageEvent } from '@sunstamp/domain/contracts/messages';
import type { MessageThread } from '@sunstamp/domain/policies/messages.policy';
import { STREAM_RECONNECTED, useUserEvent } from '../../../lib/event-stream.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';
import { typingLabel, withTyping, withoutTyping, type TypingPeople } from '../typing.rules.ts';
import { useSendTyping } from './inbox.api.ts';

/** Called on every change of the composer's text: announces typing at most every TYPING_SEND_EVERY_MS, never for an empty text. */
export function useTypingSignal(jobId: string, thread: MessageThread) {
  const { mutate } = useSendTyping(jobId);
  const last = useRef(0);
  return useCallback((text: string) => {
    const now = Date.now();
    if (!text.trim() || now - last.current < TYPING_SEND_EVERY_MS) return;
    last.current = now;
    mutate({ thread });
  }, [mutate, thread]);
}

/** "Ana is typing…" for this thread: from the others' typing signals, until TYPING_SHOWN_MS pass or their message arrives. */
export function useTypingLine(jobId: string, thread: MessageThread): string | null {
  const [people, setPeople] = useState<TypingPeople>({});
  useUserEvent(TYPING_EVENT, (e) => {
    const p = e.payload as TypingEvent;
    if (p.job_id === jobId && p.thread === thread) setPeople((cur) => withTyping(cur, p, Date.now() + TYPING_SHOWN_MS));
  });
  useUserEvent(MESSAGE_EVENT, (e) => {
    const p = e.payload as NewMessageEvent;
    if (p.job_id === jobId && p.thread === thread && p.author_id) setPeople((cur) => withoutTyping(cur, p.author_id!, Number.POSITIVE_INFINITY));
  });
  // Expire the stale ones while someone is shown.
  const shown = Object.keys(people).length > 0;
  useEffect(() => {
    if (!shown) return;
    const timer = setInterval(() => setPeople((cur) => withoutTyping(cur, null, Date.now())), 1000);
    return () => clearInterval(timer);
  }, [shown]);
  // Another thread or job: start empty.
  useEffect(() => setPeople({}), [jobId, thread]);
  return typingLabel(people);
}

/** "Seen by" live: someone else's read receipt (or a reconnect, after which receipts may have been missed) refetches the job's threads. */
export function useLiveReadReceipts(jobId: string) {
  const qc = useQueryClient();
  const refetch = () => void qc.invalidateQueries({ queryKey: queryKeys.messages.job(jobId) });
  useUserEvent(THREAD_READ_EVENT, (e) => {
    if ((e.payload as ThreadReadEvent).job_id === jobId) refetch();
  });
  useUserEvent(STREAM_RECONNECTED, refetch);
}
