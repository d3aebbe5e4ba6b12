import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGE_EVENT, MESSAGES_READ_EVENT } from '@sunstamp/domain/contracts/messages';
import { useUserEvent } from '../../../lib/event-stream.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

/** A burst of messages refetches the list once, this long after its first message. */
const REFRESH_AFTER_MS = 500;

/**
 * Keeps the jobs list's unread counts live: a new message or a read mark moved (here or in another
 * tab) refetches the page on screen, at most once per REFRESH_AFTER_MS.
 */
export function useRefreshUnreadCounts() {
  const qc = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const refresh = () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      void qc.invalidateQueries({ queryKey: queryKeys.jobs.lists() });
    }, REFRESH_AFTER_MS);
  };
  useUserEvent(MESSAGE_EVENT, refresh);
  useUserEvent(MESSAGES_READ_EVENT, refresh);
  useEffect(() => () => clearTimeout(timer.current), []);
}
