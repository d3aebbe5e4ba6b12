import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { errorMessageOf } from '../../../lib/api-error.ts';
import { downloadApiFile } from '../../../lib/download.ts';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import Button from '@mui/material/Button';
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
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import SendOutlined from '@mui/icons-material/SendOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import { DialogFooter } from '../../../components/form/dialog-footer.tsx';
import { PendingUploads } from '../../../components/pending-uploads.tsx';
import {
  MESSAGE_CHANGED_EVENT, MESSAGE_EVENT, MESSAGE_MAX_LENGTH, type MentionCandidate, type Message, type MessageAttachment, type NewMessageEvent, type ThreadAnswer,
} from '@sunstamp/domain/contracts/messages';
import { formatFileSize } from '@sunstamp/domain/format/file-size.format';
import { mayReadMessageHistory, type MessageThread } from '@sunstamp/domain/policies/messages.policy';
import { seesInternalStatus } from '@sunstamp/domain/policies/jobs.policy';
import { useUserEvent } from '../../../lib/event-stream.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { notify } from '../../../lib/notify.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';
import { useSessionUser } from '../../../lib/session/session.context.ts';
import {
  attachmentDownloadPath, useChangeMessage, useMarkThreadRead, useMentionCandidates, usePostMessage, usePostMessageWithFiles, useThread, useUpdateConversation,
} from '../api/messages.api.ts';
import {
  attachmentProblem, emptyThreadText, insertMention, matchMentionCandidates, mentionQueryAt, mentionsStillIn, readMarkToSend, seenByLabel, startsRun,
} from '../messages.rules.ts';
import { MessageText } from './message-text.tsx';
import { TypingLine } from './typing-line.tsx';
import { useLiveReadReceipts, useTypingSignal } from '../api/use-thread-presence.ts';
import { MessageHistoryDialog } from './message-history.dialog.tsx';

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
        {answer.messages.map((m, i) => {
          const mine = m.author?.id === user.id;
          const head = startsRun(answer.messages, i);
          return (
            <Box key={m.id} data-testid="message" sx={{ display: 'flex', flexDirection: 'column', alignItems: mine ? 'flex-end' : 'flex-start', mt: head ? 1 : 0 }}>
              {head && (
                <Typography variant="caption" color="text.secondary" sx={{ px: 0.5 }}>
                  {mine ? 'You' : (m.author?.full_name ?? 'Former user')}
                  {m.author?.is_staff && !mine ? ' · Sunstamp' : ''} · {formatDateTime(m.created_at)}
                </Typography>
              )}
              <Box
                sx={(t) => ({
                  maxWidth: '88%',
                  px: 1.5,
                  py: 0.75,
                  borderRadius: 2,
                  whiteSpace: 'pre-wrap',
                  overflowWrap: 'anywhere',
                  fontSize: '0.9rem',
                  // On the primary bubble a darker mark keeps white text above 4.5:1 (a lighter one fell to 4:1).
                  '& .mention': mine && thread !== 'internal'
                    ? { bgcolor: 'rgba(0,0,0,0.25)' }
                    : { bgcolor: alpha(t.palette.primary.main, 0.14), color: t.palette.mode === 'dark' ? 'primary.light' : 'primary.dark' },
                  ...(thread === 'internal'
                    ? { bgcolor: t.palette.mode === 'dark' ? 'rgba(255,183,77,0.16)' : '#fff4e0', border: `1px solid ${t.palette.warning.light}` }
                    : mine
                      ? { bgcolor: 'primary.main', color: 'primary.contrastText', '& a': { color: 'inherit', textDecorationColor: 'currentColor' } }
                      : { bgcolor: t.palette.mode === 'dark' ? 'rgba(255,255,255,0.08)' : 'grey.100' }),
                })}
              >
                {editing === m.id ? (
                  <EditBox jobId={jobId} message={m} onDone={() => setEditing(null)} />
                ) : m.deleted ? (
                  <Typography component="span" sx={{ fontStyle: 'italic', fontSize: 'inherit', opacity: 0.8 }}>
                    Message deleted
                  </Typography>
                ) : (
                  m.body && <MessageText body={m.body} mentions={m.mentions.map((x) => x.full_name)} />
                )}
                {editing !== m.id && (m.edited_at || m.deleted) && (staff ? (
                  <Link
                    component="button"
                    type="button"
                    color="inherit"
                    onClick={() => setHistoryOf(m.id)}
                    sx={{ fontSize: '0.75rem', opacity: 0.85, ml: 0.75, verticalAlign: 'baseline' }}
                    title="Show the earlier versions (staff only)"
                  >
                    {m.deleted ? '(history)' : '(edited)'}
                  </Link>
                ) : m.edited_at && !m.deleted && (
                  <Typography component="span" sx={{ fontSize: '0.75rem', opacity: 0.85, ml: 0.75 }} title={formatDateTime(m.edited_at)}>
                    (edited)
                  </Typography>
                ))}
                {m.attachments.length > 0 && <AttachmentList files={m.attachments} />}
              </Box>
              {mine && m.may_change && !closed && editing !== m.id && (
                <Stack direction="row" spacing={0.5} sx={{ mt: 0.25 }} data-testid="message-actions">
                  <Button size="small" color="inherit" sx={{ minWidth: 0, py: 0, fontSize: '0.75rem', opacity: 0.8 }} onClick={() => setEditing(m.id)} aria-label="Edit message">
                    Edit
                  </Button>
                  <Button size="small" color="inherit" sx={{ minWidth: 0, py: 0, fontSize: '0.75rem', opacity: 0.8 }} onClick={() => setDeleting(m)} aria-label="Delete message">
                    Delete
                  </Button>
                </Stack>
              )}
            </Box>
          );
        })}
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

/** One's own message in place: Enter saves, Escape cancels; the API refuses past the window (409) and says so. */
function EditBox({ jobId, message, onDone }: { jobId: string; message: Message; onDone: () => void }) {
  const [text, setText] = useState(message.body);
  const change = useChangeMessage(jobId);
  const tooLong = text.length > MESSAGE_MAX_LENGTH;
  const hasFiles = message.attachments.length > 0;
  const ready = (!!text.trim() || hasFiles) && !tooLong && !change.isPending;
  const save = () => {
    if (!ready) return;
    if (!text.trim()) return;
    change.mutate({ messageId: message.id, body: text.trim() }, { onSuccess: onDone });
  };
  return (
    <Box sx={{ minWidth: { xs: 220, sm: 320 }, bgcolor: 'background.paper', color: 'text.primary', borderRadius: 1, p: 1 }}>
      <TextField
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onDone();
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            save();
          }
        }}
        autoFocus
        multiline
        maxRows={6}
        size="small"
        fullWidth
        error={tooLong || change.isError}
        helperText={tooLong ? `At most ${MESSAGE_MAX_LENGTH} characters.` : change.isError ? errorMessageOf(change.error) : 'Enter saves, Escape cancels.'}
        slotProps={{ htmlInput: { 'aria-label': 'Edit the message' } }}
      />
      <Stack direction="row" spacing={1} sx={{ mt: 0.5, justifyContent: 'flex-end' }}>
        <Button size="small" color="inherit" onClick={onDone}>
          Cancel
        </Button>
        <Button size="small" variant="contained" onClick={save} disabled={!ready || !text.trim()} loading={change.isPending}>
          Save
        </Button>
      </Stack>
    </Box>
  );
}

function DeleteMessageDialog({ jobId, message, onClose }: { jobId: string; message: Message; onClose: () => void }) {
  const change = useChangeMessage(jobId);
  return (
    <Dialog open onClose={onClose} aria-labelledby="delete-message-title">
      <DialogTitle id="delete-message-title">Delete this message?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Everyone in the conversation will see "Message deleted" instead{message.attachments.length > 0 ? ', and its files will be gone' : ''}.
        </DialogContentText>
        {change.isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {errorMessageOf(change.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogFooter
        onCancel={onClose}
        confirmLabel="Delete"
        danger
        busy={change.isPending}
        onConfirm={() => change.mutate({ messageId: message.id, body: null }, { onSuccess: onClose })}
      />
    </Dialog>
  );
}

/** A message's files: each one a button that downloads it with the session's token. */
function AttachmentList({ files }: { files: MessageAttachment[] }) {
  return (
    <Stack spacing={0.5} sx={{ mt: 0.5 }} data-testid="message-attachments">
      {files.map((f) => (
        <Button
          key={f.id}
          size="small"
          variant="text"
          color="inherit"
          startIcon={<InsertDriveFileOutlined fontSize="small" />}
          onClick={() => void downloadApiFile(notify, { path: attachmentDownloadPath(f.id), fileName: f.name })}
          aria-label={`Download ${f.name}`}
          sx={{ justifyContent: 'flex-start', textTransform: 'none', textAlign: 'left', textDecoration: 'underline', px: 0.5, minWidth: 0, overflowWrap: 'anywhere' }}
        >
          {f.name} · {formatFileSize(f.size)}
        </Button>
      ))}
    </Stack>
  );
}

function Composer({ jobId, thread }: { jobId: string; thread: MessageThread }) {
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  // @mentions: the "@query" being typed, the people picked so far, and the highlighted choice.
  const [caret, setCaret] = useState(0);
  const [picked, setPicked] = useState<MentionCandidate[]>([]);
  const [choice, setChoice] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const field = useRef<HTMLTextAreaElement | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const post = usePostMessage(jobId);
  const postWithFiles = usePostMessageWithFiles(jobId);
  const announceTyping = useTypingSignal(jobId, thread);
  const typing = mentionQueryAt(text, caret);
  const candidates = useMentionCandidates(jobId, thread, typing !== null || picked.length > 0);
  const options = typing && typing.start !== dismissedAt ? matchMentionCandidates(candidates.data ?? [], typing.query) : [];
  const listOpen = options.length > 0;
  const tooLong = text.length > MESSAGE_MAX_LENGTH;
  const problem = attachmentProblem(files);
  const busy = post.isPending || progress !== null;
  const ready = (!!text.trim() || files.length > 0) && !tooLong && !problem && !busy;
  const clear = () => {
    setText('');
    setFiles([]);
    setPicked([]);
    setCaret(0);
    if (input.current) input.current.value = '';
  };
  const pick = (c: MentionCandidate) => {
    if (!typing) return;
    const next = insertMention(text, typing, c.full_name);
    setText(next.text);
    setCaret(next.caret);
    setPicked((p) => (p.some((x) => x.id === c.id) ? p : [...p, c]));
    setChoice(0);
    requestAnimationFrame(() => {
      field.current?.focus();
      field.current?.setSelectionRange(next.caret, next.caret);
    });
  };
  const send = async () => {
    if (!ready) return;
    const body = text.trim();
    const mentions = mentionsStillIn(body, picked);
    if (files.length === 0) {
      post.mutate({ thread, body, mentions }, { onSuccess: clear });
      return;
    }
    setError(null);
    setProgress(0);
    try {
      await postWithFiles.mutateAsync({
        thread, body, files, mentions, onProgress: (p) => setProgress(Math.round((p.loaded / Math.max(p.total, 1)) * 100)),
      });
      clear();
    } catch (e) {
      setError(`Could not send ${files.map((f) => f.name).join(', ')}: ${errorMessageOf(e)}`);
    } finally {
      setProgress(null);
    }
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (listOpen) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        setChoice((c) => (c + (e.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length);
        return;
      }
      if ((e.key === 'Enter' || e.key === 'Tab') && !e.shiftKey) {
        e.preventDefault();
        pick(options[Math.min(choice, options.length - 1)]!);
        return;
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        setDismissedAt(typing?.start ?? null);
        return;
      }
    }
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };
  const syncCaret = (el: HTMLTextAreaElement | HTMLInputElement) => setCaret(el.selectionStart ?? el.value.length);
  return (
    <Box sx={{ p: 1.5, pt: 1, borderTop: 1, borderColor: 'divider' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Tooltip title="Attach files">
          <span>
            <IconButton aria-label="Attach files" onClick={() => input.current?.click()} disabled={busy} sx={{ mt: 0.25 }}>
              <AttachFileOutlined fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          data-testid="message-file-input"
          onChange={(e) => {
            setError(null);
            setFiles(Array.from(e.target.files ?? []));
          }}
        />
        <Box sx={{ position: 'relative', flex: 1, minWidth: 0 }}>
          <TextField
            value={text}
            inputRef={field}
            onChange={(e) => {
              setText(e.target.value);
              announceTyping(e.target.value);
              syncCaret(e.target);
              setChoice(0);
            }}
            onSelect={(e) => syncCaret(e.target as HTMLTextAreaElement)}
            onKeyDown={onKeyDown}
            placeholder={thread === 'internal' ? 'Write an internal note' : 'Write a message'}
            multiline
            maxRows={6}
            size="small"
            fullWidth
            error={tooLong}
            helperText={tooLong ? `At most ${MESSAGE_MAX_LENGTH} characters.` : 'Enter sends, Shift+Enter starts a new line, @ mentions someone.'}
            slotProps={{
              htmlInput: {
                'aria-label': thread === 'internal' ? 'Internal note' : 'Message',
                'aria-controls': listOpen ? 'mention-list' : undefined,
                'aria-autocomplete': 'list',
                'aria-activedescendant': listOpen ? `mention-option-${Math.min(choice, options.length - 1)}` : undefined,
              },
            }}
          />
          {listOpen && (
            <Paper
              elevation={6}
              id="mention-list"
              role="listbox"
              aria-label="People to mention"
              sx={{ position: 'absolute', bottom: '100%', left: 0, mb: 0.5, zIndex: 2, minWidth: 240, maxWidth: '100%', maxHeight: 260, overflowY: 'auto', py: 0.5 }}
            >
              {options.map((c, i) => (
                <MenuItem
                  key={c.id}
                  id={`mention-option-${i}`}
                  role="option"
                  aria-selected={i === Math.min(choice, options.length - 1)}
                  selected={i === Math.min(choice, options.length - 1)}
                  dense
                  // Keeps the focus in the text field.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => pick(c)}
                >
                  <Typography variant="body2" sx={{ flex: 1 }} noWrap>
                    {c.full_name}
                  </Typography>
                  {c.is_staff && (
                    <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                      Sunstamp
                    </Typography>
                  )}
                </MenuItem>
              ))}
            </Paper>
          )}
        </Box>
        <Button variant="contained" onClick={() => void send()} disabled={!ready} loading={progress !== null} endIcon={<SendOutlined />} sx={{ flexShrink: 0 }}>
          Send
        </Button>
      </Stack>
      <PendingUploads files={files} onChange={setFiles} progress={progress} problem={problem ?? error} icon={<InsertDriveFileOutlined />} />
    </Box>
  );
}
