import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ZConversation, ZConversationUpdate, ZEditMessage, ZMarkNotificationsRead, ZMentionCandidates, ZUnsubscribeAnswer, ZMarkThreadRead, ZMessage, ZMessageHistory, ZNotificationList, ZPostMessage,
  ZThreadAnswer, ZUnreadCount,
} from '@sunstamp/domain/contracts/messages';
import type { Message } from '@sunstamp/domain/contracts/messages';
import type { MessageThread } from '@sunstamp/domain/policies/messages.policy';
import { postFormWithProgress, type UploadProgress } from '../../../lib/upload-with-progress.ts';
import { callEndpoint, fetchEndpoint, getEndpoint, seg, sendEndpoint, type BodyOf } from '../../../lib/api/endpoint.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

/** GET /jobs/:id/messages?thread=: the thread's latest messages, the caller's read mark and unread counts. */
const threadEndpoint = getEndpoint(
  ZThreadAnswer,
  (p: { jobId: string; thread?: MessageThread }) => `/jobs/${seg(p.jobId)}/messages`,
  (p) => (p.thread ? { thread: p.thread } : {}),
);
const postMessageEndpoint = sendEndpoint('POST', { path: (jobId: string) => `/jobs/${seg(jobId)}/messages`, body: ZPostMessage, response: ZMessage });
const markThreadReadEndpoint = sendEndpoint('POST', { path: (jobId: string) => `/jobs/${seg(jobId)}/messages/read`, body: ZMarkThreadRead, response: z.null() });
const conversationEndpoint = sendEndpoint('PATCH', { path: (jobId: string) => `/jobs/${seg(jobId)}/conversation`, body: ZConversationUpdate, response: ZConversation });
const editMessageEndpoint = sendEndpoint('PATCH', {
  path: (p: { jobId: string; messageId: number }) => `/jobs/${seg(p.jobId)}/messages/${p.messageId}`, body: ZEditMessage, response: ZMessage,
});
const deleteMessageEndpoint = sendEndpoint('DELETE', {
  path: (p: { jobId: string; messageId: number }) => `/jobs/${seg(p.jobId)}/messages/${p.messageId}`, body: null, response: ZMessage,
});
const messageHistoryEndpoint = getEndpoint(ZMessageHistory, (p: { jobId: string; messageId: number }) => `/jobs/${seg(p.jobId)}/messages/${p.messageId}/history`);
const mentionableEndpoint = getEndpoint(
  ZMentionCandidates, (p: { jobId: string; thread: MessageThread }) => `/jobs/${seg(p.jobId)}/messages/mentionable`, (p) => ({ thread: p.thread }),
);
const unsubscribeInfoEndpoint = getEndpoint(ZUnsubscribeAnswer, () => '/notifications/unsubscribe', (token: string) => ({ token }), { auth: false });
const unsubscribeEndpoint = sendEndpoint('POST', {
  path: () => '/notifications/unsubscribe', query: (token: string) => ({ token }), body: null, response: ZUnsubscribeAnswer, auth: false,
});
const notificationsEndpoint = getEndpoint(ZNotificationList, () => '/notifications', () => ({ limit: 30 }));
const markNotificationsReadEndpoint = sendEndpoint('POST', { path: () => '/notifications/read', body: ZMarkNotificationsRead, response: ZUnreadCount });

/** Without a thread: the first one the caller sees (the answer says which). */
export const threadQueryOptions = (jobId: string, thread: MessageThread | undefined) =>
  queryOptions({
    queryKey: queryKeys.messages.thread(jobId, thread ?? 'first'),
    queryFn: ({ signal }) => fetchEndpoint(threadEndpoint, { jobId, thread }, signal),
  });

export function useThread(jobId: string, thread: MessageThread | undefined) {
  return useQuery(threadQueryOptions(jobId, thread));
}

/** POST /jobs/:id/messages. The thread refetches; the live event would do it too, a moment later. */
export function usePostMessage(jobId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof postMessageEndpoint>) => callEndpoint(postMessageEndpoint, jobId, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.messages.job(jobId) }),
  });
}

/** POST /jobs/:id/messages/files (multipart `thread`, `body`, `files`), with upload progress. */
export function usePostMessageWithFiles(jobId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { thread: MessageThread; body: string; files: File[]; mentions?: string[]; onProgress?: (p: UploadProgress) => void }) => {
      const form = new FormData();
      form.append('thread', v.thread);
      form.append('body', v.body);
      if (v.mentions?.length) form.append('mentions', v.mentions.join(','));
      for (const f of v.files) form.append('files', f, f.name);
      return postFormWithProgress<Message>(`/jobs/${seg(jobId)}/messages/files`, form, { onProgress: v.onProgress });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.messages.job(jobId) }),
  });
}

/** GET /messages/attachments/:id/download: the path for `downloadApiFile` (the bearer cannot ride on a plain link). */
export const attachmentDownloadPath = (attachmentId: string) => `/messages/attachments/${seg(attachmentId)}/download`;

/** POST /jobs/:id/messages/read: moves the read mark; the bell's notifications of it are read too. */
export function useMarkThreadRead(jobId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: BodyOf<typeof markThreadReadEndpoint>) => callEndpoint(markThreadReadEndpoint, jobId, v),
    meta: { silentError: true },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.messages.job(jobId) });
      void qc.invalidateQueries({ queryKey: queryKeys.notifications.all });
    },
  });
}

/** PATCH /jobs/:id/messages/:messageId (own message, within the window) or DELETE it (`body: null`). */
export function useChangeMessage(jobId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, body }: { messageId: number; body: string | null }) =>
      body === null
        ? callEndpoint(deleteMessageEndpoint, { jobId, messageId })
        : callEndpoint(editMessageEndpoint, { jobId, messageId }, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.messages.job(jobId) }),
  });
}

/** GET /jobs/:id/messages/:messageId/history (staff): the earlier texts of an edited or deleted message. */
export function useMessageHistory(jobId: string, messageId: number | null) {
  return useQuery({
    queryKey: queryKeys.messages.history(jobId, messageId ?? 0),
    queryFn: ({ signal }) => fetchEndpoint(messageHistoryEndpoint, { jobId, messageId: messageId! }, signal),
    enabled: messageId !== null,
  });
}

/** GET /jobs/:id/messages/mentionable?thread=: who a message in the thread may @mention (fetched when the composer needs it). */
export function useMentionCandidates(jobId: string, thread: MessageThread, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.messages.participants(jobId, thread),
    queryFn: ({ signal }) => fetchEndpoint(mentionableEndpoint, { jobId, thread }, signal),
    enabled,
    staleTime: 60_000,
  });
}

/** GET /notifications/unsubscribe?token= (no sign-in): what the link would switch off. */
export function useUnsubscribeInfo(token: string) {
  return useQuery({
    queryKey: queryKeys.notifications.unsubscribe(token),
    queryFn: ({ signal }) => fetchEndpoint(unsubscribeInfoEndpoint, token, signal),
    enabled: !!token,
    retry: false,
    // The page shows what went wrong itself.
    meta: { silentError: true },
  });
}

/** POST /notifications/unsubscribe?token= (no sign-in): switch that notification mail off. */
export function useUnsubscribe(token: string) {
  return useMutation({ mutationFn: () => callEndpoint(unsubscribeEndpoint, token), meta: { silentError: true } });
}

/** PATCH /jobs/:id/conversation (staff): close, reopen, contractor access. */
export function useUpdateConversation(jobId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: BodyOf<typeof conversationEndpoint>) => callEndpoint(conversationEndpoint, jobId, v),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.messages.job(jobId) }),
  });
}

/** GET /notifications: the bell's latest notifications and the unread count. */
export function useNotifications(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.notifications.list(),
    queryFn: ({ signal }) => fetchEndpoint(notificationsEndpoint, undefined, signal),
    enabled,
  });
}

/** POST /notifications/read: some by id, or all. */
export function useMarkNotificationsRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: BodyOf<typeof markNotificationsReadEndpoint>) => callEndpoint(markNotificationsReadEndpoint, undefined, v),
    meta: { silentError: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}
