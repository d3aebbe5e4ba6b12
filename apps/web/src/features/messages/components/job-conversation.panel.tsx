import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import MoreVert from '@mui/icons-material/MoreVert';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { MESSAGE_CHANGED_EVENT, MESSAGE_EVENT, type Message, type NewMessageEvent, type ThreadAnswer } from '@sunstamp/domain/contracts/messages';
import { mayReadMessageHistory, type MessageThread } from '@sunstamp/domain/policies/messages.policy';
import { seesInternalStatus } from '@sunstamp/domain/policies/jobs.policy';
import { useUserEvent } from '../../../lib/event-stream.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { notify } from '../../../lib/notify.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';
import { useSessionUser } from '../../../lib/session/session.context.ts';
import { useMarkThreadRead, useThread, useUpdateConversation } from '../api/messages.api.ts';
import { emptyThreadText, readMarkToSend, seenByLabel, startsRun } from '../messages.rules.ts';
import { TypingLine } from './typing-line.tsx';
import { useLiveReadReceipts } from '../api/use-thread-presence.ts';
import { MessageHistoryDialog } from './message-history.dialog.tsx';
import { DeleteMessageDialog, MessageBubble } from './message-bubble.tsx';
import { Composer } from './message-composer.tsx';

// The conversation panel, its thread tabs and settings, and the thread's list of messages; one message
// (bubble, editing, deleting, files) is message-bubble.tsx, the box a message is written in message-composer.tsx.

const THREAD_LABEL: Record<MessageThread, string> = { client: 'Client', internal: 'Internal' };

/** The job's conversation: the client thread (and the internal one for staff and the assignee), live. */
export function JobConversationPanel({ jobId }: { jobId: string }) {
  // Unset: the API answers the first thread the caller sees (a contractor kept out of the client thread starts on the internal one).
  const [chosen, setChosen] = useState<MessageThread | undefined>();
  const qc = useQueryClient();
  const answer = useThread(jobId, chosen);
  const current: MessageThread = answer.data?.thread ?? chosen ?? 'client';

  useUserEvent(MESSAGE_EVENT, (e) => {
    const p = e.payload as NewMessageEvent;
    if (p.job_id === jobId) void qc.invalidateQueries({ queryKey: queryKeys.messages.job(jobId) });
  });
  useUserEvent(MESSAGE_CHANGED_EVENT, (e) => {
    if ((e.payload as { job_id: string }).job_id === jobId) void qc.invalidateQueries({ queryKey: queryKeys.messages.job(jobId) });
  });
  useLiveReadReceipts(jobId);

  const data = answer.data;
  const threads = data?.conversation.threads ?? [current];

  return (
    <Paper variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }} data-testid="job-conversation">
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, pt: 1.5, pb: threads.length > 1 ? 0 : 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1, fontSize: '1.05rem' }}>
          Messages
        </Typography>
        {data?.conversation.status === 'closed' && <Chip size="small" icon={<LockOutlined />} label="Closed" sx={{ mr: 1 }} />}
        {data?.conversation.may_manage && <ConversationMenu jobId={jobId} conversation={data.conversation} />}
      </Stack>
      {threads.length > 1 && (
        <Tabs value={current} onChange={(_, v: MessageThread) => setChosen(v)} sx={{ px: 1, minHeight: 40 }}>
          {threads.map((t) => (
            <Tab
              key={t}
              value={t}
              sx={{ minHeight: 40 }}
              label={
                <Badge color="primary" badgeContent={t === current ? 0 : (data?.unread[t] ?? 0)} sx={{ '& .MuiBadge-badge': { right: -10 } }}>
                  {THREAD_LABEL[t]}
                </Badge>
              }
            />
          ))}
        </Tabs>
      )}
      {current === 'internal' && (
        <Typography variant="caption" sx={(t) => ({ px: 2, py: 0.75, bgcolor: t.palette.mode === 'dark' ? 'rgba(255,183,77,0.16)' : '#fff4e0', color: t.palette.mode === 'dark' ? 'warning.light' : 'warning.dark', borderBottom: 1, borderColor: 'warning.light' })}>
          Internal notes: staff and the assigned contractor only. The client never sees them.
        </Typography>
      )}
      {answer.isPending ? (
        <Box sx={{ p: 3, textAlign: 'center' }}>
          <CircularProgress size={24} aria-label="Loading messages" />
        </Box>
      ) : answer.isError || !data ? (
        <Alert severity="info" sx={{ m: 2 }}>
          The conversation of this job is not open to you.
        </Alert>
      ) : (
        <ThreadView jobId={jobId} answer={data} />
      )}
    </Paper>
  );
}

function ConversationMenu({ jobId, conversation }: { jobId: string; conversation: ThreadAnswer['conversation'] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const update = useUpdateConversation(jobId);
  const closed = conversation.status === 'closed';
  return (
    <>
      <Tooltip title="Conversation settings">
        <IconButton size="small" aria-label="Conversation settings" onClick={(e) => setAnchor(e.currentTarget)}>
          <MoreVert fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            update.mutate({ status: closed ? 'active' : 'closed' }, { onSuccess: () => notify(closed ? 'Conversation reopened.' : 'Conversation closed.', { variant: 'info' }) });
          }}
        >
          {closed ? 'Reopen the conversation' : 'Close the conversation'}
        </MenuItem>
        <MenuItem disableRipple sx={{ '&:hover': { bgcolor: 'transparent' } }}>
          <FormControlLabel
            control={
              <Switch
                size="small"
                checked={conversation.contractor_access}
                onChange={(_, v) => update.mutate({ contractor_access: v })}
              />
            }
            label="Assigned contractor sees the client thread"
          />
        </MenuItem>
      </Menu>
    </>
  );
}

function ThreadView({ jobId, answer }: { jobId: string; answer: ThreadAnswer }) {
  const user = useSessionUser();
  const markRead = useMarkThreadRead(jobId);
  const listRef = useRef<HTMLDivElement>(null);
  const toSend = readMarkToSend(answer);
  const { mutate } = markRead;
  const thread = answer.thread;

  // Reading is seeing: the mark moves when the thread is shown and the tab is in front.
  useEffect(() => {
    if (toSend === null) return;
    const send = () => {
      if (document.visibilityState === 'visible') mutate({ thread, message_id: toSend });
    };
    send();
    document.addEventListener('visibilitychange', send);
    return () => document.removeEventListener('visibilitychange', send);
  }, [toSend, thread, mutate]);

  const lastId = answer.messages.at(-1)?.id;
  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lastId]);

  const seen = useMemo(() => seenByLabel(answer, user.id), [answer, user.id]);
  const closed = answer.conversation.status === 'closed';
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Message | null>(null);
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  const staff = mayReadMessageHistory(user.role);

  return (
    <>
      <Box
        ref={listRef}
        role="log"
        aria-label={`${THREAD_LABEL[thread]} messages`}
        aria-live="polite"
        sx={{ px: 2, py: 1.5, maxHeight: 440, minHeight: 120, overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: 0.5 }}
      >
        {answer.messages.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
            {emptyThreadText(thread, seesInternalStatus(user.role))}
          </Typography>
        )}
        {answer.messages.map((m, i) => (
          <MessageBubble
            key={m.id}
            jobId={jobId}
            m={m}
            thread={thread}
            mine={m.author?.id === user.id}
            head={startsRun(answer.messages, i)}
            staff={staff}
            closed={closed}
            editing={editing === m.id}
            onEdit={() => setEditing(m.id)}
            onStopEditing={() => setEditing(null)}
            onDelete={() => setDeleting(m)}
            onHistory={() => setHistoryOf(m.id)}
          />
        ))}
        {seen && (
          <Typography variant="caption" color="text.secondary" sx={{ alignSelf: 'flex-end', px: 0.5 }} data-testid="seen-by">
            {seen}
          </Typography>
        )}
        <TypingLine jobId={jobId} thread={thread} />
      </Box>
      {deleting && <DeleteMessageDialog jobId={jobId} message={deleting} onClose={() => setDeleting(null)} />}
      {historyOf !== null && <MessageHistoryDialog jobId={jobId} messageId={historyOf} onClose={() => setHistoryOf(null)} />}
      {closed ? (
        <Alert severity="info" icon={<LockOutlined fontSize="small" />} sx={{ m: 2, mt: 0 }}>
          This conversation is closed{answer.conversation.closed_at ? ` since ${formatDateTime(answer.conversation.closed_at)}` : ''}. Every message is kept.
        </Alert>
      ) : (
        <Composer jobId={jobId} thread={thread} />
      )}
    </>
  );
}
