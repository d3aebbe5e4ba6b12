import { useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { MESSAGE_MAX_LENGTH, type MentionCandidate } from '@sunstamp/domain/contracts/messages';
import type { MessageThread } from '@sunstamp/domain/policies/messages.policy';
import { PendingUploads } from '../../../components/pending-uploads.tsx';
import { errorMessageOf } from '../../../lib/api-error.ts';
import { useMentionCandidates, usePostMessage, usePostMessageWithFiles } from '../api/messages.api.ts';
import { useTypingSignal } from '../api/use-thread-presence.ts';
import { attachmentProblem, insertMention, matchMentionCandidates, mentionQueryAt, mentionsStillIn } from '../messages.rules.ts';

// The box a message is written in (job-conversation.panel.tsx): text with @mentions, files, send.

/**
 * @mentions: the "@query" being typed at the caret, the people picked so far, the highlighted choice,
 * and the keys that move through the list, pick from it or dismiss it. `onKeyDown` answers whether it
 * took the key.
 */
function useMentionPicker(jobId: string, thread: MessageThread, text: string, setText: (t: string) => void, field: RefObject<HTMLTextAreaElement | null>) {
  const [caret, setCaret] = useState(0);
  const [picked, setPicked] = useState<MentionCandidate[]>([]);
  const [choice, setChoice] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const typing = mentionQueryAt(text, caret);
  const candidates = useMentionCandidates(jobId, thread, typing !== null || picked.length > 0);
  const options = typing && typing.start !== dismissedAt ? matchMentionCandidates(candidates.data ?? [], typing.query) : [];
  const listOpen = options.length > 0;
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
  const onKeyDown = (e: KeyboardEvent): boolean => {
    if (!listOpen) return false;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setChoice((c) => (c + (e.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length);
      return true;
    }
    if ((e.key === 'Enter' || e.key === 'Tab') && !e.shiftKey) {
      e.preventDefault();
      pick(options[Math.min(choice, options.length - 1)]!);
      return true;
    }
    if (e.key === 'Escape') {
      e.preventDefault();
      setDismissedAt(typing?.start ?? null);
      return true;
    }
    return false;
  };
  const syncCaret = (el: HTMLTextAreaElement | HTMLInputElement) => setCaret(el.selectionStart ?? el.value.length);
  const reset = () => {
    setPicked([]);
    setCaret(0);
  };
  return { picked, options, listOpen, active: Math.min(choice, options.length - 1), pick, onKeyDown, syncCaret, setChoice, reset };
}

/** The people matching the "@query", under the text field; a click picks one without taking the focus. */
function MentionList({ options, active, onPick }: { options: MentionCandidate[]; active: number; onPick: (c: MentionCandidate) => void }) {
  return (
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
          aria-selected={i === active}
          selected={i === active}
          dense
          // Keeps the focus in the text field.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onPick(c)}
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
  );
}

/** Sends the text alone, or with its files (with upload progress); clears the box when it went. */
function useSend(jobId: string, thread: MessageThread, onSent: () => void) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const post = usePostMessage(jobId);
  const postWithFiles = usePostMessageWithFiles(jobId);
  const send = async (body: string, files: File[], mentions: string[]) => {
    if (files.length === 0) {
      post.mutate({ thread, body, mentions }, { onSuccess: onSent });
      return;
    }
    setError(null);
    setProgress(0);
    try {
      await postWithFiles.mutateAsync({
        thread, body, files, mentions, onProgress: (p) => setProgress(Math.round((p.loaded / Math.max(p.total, 1)) * 100)),
      });
      onSent();
    } catch (e) {
      setError(`Could not send ${files.map((f) => f.name).join(', ')}: ${errorMessageOf(e)}`);
    } finally {
      setProgress(null);
    }
  };
  return { send, progress, error, setError, busy: post.isPending || progress !== null };
}

/** The paper clip and the hidden file input it opens (`input`, so sending can empty it). */
function AttachButton({ input, disabled, onFiles }: { input: RefObject<HTMLInputElement | null>; disabled: boolean; onFiles: (files: File[]) => void }) {
  return (
    <>
      <Tooltip title="Attach files">
        <span>
          <IconButton aria-label="Attach files" onClick={() => input.current?.click()} disabled={disabled} sx={{ mt: 0.25 }}>
            <AttachFileOutlined fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <input ref={input} type="file" multiple hidden data-testid="message-file-input" onChange={(e) => onFiles(Array.from(e.target.files ?? []))} />
    </>
  );
}

export function Composer({ jobId, thread }: { jobId: string; thread: MessageThread }) {
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const field = useRef<HTMLTextAreaElement | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const announceTyping = useTypingSignal(jobId, thread);
  const mention = useMentionPicker(jobId, thread, text, setText, field);
  const clear = () => {
    setText('');
    setFiles([]);
    mention.reset();
    if (input.current) input.current.value = '';
  };
  const { send: post, progress, error, setError, busy } = useSend(jobId, thread, clear);
  const tooLong = text.length > MESSAGE_MAX_LENGTH;
  const problem = attachmentProblem(files);
  const ready = (!!text.trim() || files.length > 0) && !tooLong && !problem && !busy;
  const send = async () => {
    if (!ready) return;
    const body = text.trim();
    await post(body, files, mentionsStillIn(body, mention.picked));
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (mention.onKeyDown(e)) return;
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };
  return (
    <Box sx={{ p: 1.5, pt: 1, borderTop: 1, borderColor: 'divider' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <AttachButton
          input={input}
          disabled={busy}
          onFiles={(chosen) => {
            setError(null);
            setFiles(chosen);
          }}
        />
        <Box sx={{ position: 'relative', flex: 1, minWidth: 0 }}>
          <TextField
            value={text}
            inputRef={field}
            onChange={(e) => {
              setText(e.target.value);
              announceTyping(e.target.value);
              mention.syncCaret(e.target);
              mention.setChoice(0);
            }}
            onSelect={(e) => mention.syncCaret(e.target as HTMLTextAreaElement)}
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
                'aria-controls': mention.listOpen ? 'mention-list' : undefined,
                'aria-autocomplete': 'list',
                'aria-activedescendant': mention.listOpen ? `mention-option-${mention.active}` : undefined,
              },
            }}
          />
          {mention.listOpen && <MentionList options={mention.options} active={mention.active} onPick={mention.pick} />}
        </Box>
        <Button variant="contained" onClick={() => void send()} disabled={!ready} loading={progress !== null} endIcon={<SendOutlined />} sx={{ flexShrink: 0 }}>
          Send
        </Button>
      </Stack>
      <PendingUploads files={files} onChange={setFiles} progress={progress} problem={problem ?? error} icon={<InsertDriveFileOutlined />} />
    </Box>
  );
}
