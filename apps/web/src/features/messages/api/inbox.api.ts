import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZInbox, type InboxQuery } from '@sunstamp/domain/contracts/inbox';
import { ZTyping } from '@sunstamp/domain/contracts/message-live';
import { callEndpoint, fetchEndpoint, getEndpoint, seg, sendEndpoint, type BodyOf } from '../../../lib/api/endpoint.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

/** GET /messages/inbox: the caller's conversations, unread first. */
const inboxEndpoint = getEndpoint(ZInbox, (_q: InboxQuery) => '/messages/inbox', (q) => q);
const typingEndpoint = sendEndpoint('POST', { path: (jobId: string) => `/jobs/${seg(jobId)}/messages/typing`, body: ZTyping, response: z.null() });

export function useInbox(q: InboxQuery) {
  return useQuery({
    queryKey: queryKeys.inbox.list(q),
    queryFn: ({ signal }) => fetchEndpoint(inboxEndpoint, q, signal),
    placeholderData: keepPreviousData,
  });
}

/** POST /jobs/:id/messages/typing: "… is typing" on the others' screens (a signal; a failure is not worth a word). */
export function useSendTyping(jobId: string) {
  return useMutation({
    mutationFn: (v: BodyOf<typeof typingEndpoint>) => callEndpoint(typingEndpoint, jobId, v),
    meta: { silentError: true },
  });
}
