import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import { useState } from 'react';
import { MESSAGE_MAX_LENGTH, type Message, type MessageAttachment } from '@sunstamp/domain/contracts/messages';
import { formatFileSize } from '@sunstamp/domain/format/file-size.format';
import type { MessageThread } from '@sunstamp/domain/policies/messages.policy';
import { DialogFooter } from '../../../components/form/dialog-footer.tsx';
import { errorMessageOf } from '../../../lib/api-error.ts';
import { downloadApiFile } from '../../../lib/download.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { notify } from '../../../lib/notify.ts';
import { attachmentDownloadPath, useChangeMessage } from '../api/messages.api.ts';
import { MessageText } from './message-text.tsx';

// One message of a thread (job-conversation.panel.tsx): its bubble, its files, and editing or deleting one's own.

/** One message: its author and time at the head of a run, the text (or the box that edits it), its files and its actions. */
export function MessageBubble({ jobId, m, thread, mine, head, staff, closed, editing, onEdit, onStopEditing, onDelete, onHistory }: {
  jobId: string;
  m: Message;
  thread: MessageThread;
  mine: boolean;
  head: boolean;
  staff: boolean;
  closed: boolean;
  editing: boolean;
  onEdit: () => void;
  onStopEditing: () => void;
  onDelete: () => void;
  onHistory: () => void;
}) {
  return (
      <Box data-testid="message" sx={{ display: 'flex', flexDirection: 'column', alignItems: mine ? 'flex-end' : 'flex-start', mt: head ? 1 : 0 }}>
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
          {editing ? (
            <EditBox jobId={jobId} message={m} onDone={onStopEditing} />
          ) : m.deleted ? (
            <Typography component="span" sx={{ fontStyle: 'italic', fontSize: 'inherit', opacity: 0.8 }}>
              Message deleted
            </Typography>
          ) : (
            m.body && <MessageText body={m.body} mentions={m.mentions.map((x) => x.full_name)} />
          )}
          {!editing && <EditedMark m={m} staff={staff} onHistory={onHistory} />}
          {m.attachments.length > 0 && <AttachmentList files={m.attachments} />}
        </Box>
        {mine && m.may_change && !closed && !editing && (
          <Stack direction="row" spacing={0.5} sx={{ mt: 0.25 }} data-testid="message-actions">
            <Button size="small" color="inherit" sx={{ minWidth: 0, py: 0, fontSize: '0.75rem', opacity: 0.8 }} onClick={onEdit} aria-label="Edit message">
              Edit
            </Button>
            <Button size="small" color="inherit" sx={{ minWidth: 0, py: 0, fontSize: '0.75rem', opacity: 0.8 }} onClick={onDelete} aria-label="Delete message">
              Delete
            </Button>
          </Stack>
        )}
      </Box>
  );
}

/** "(edited)" on a changed message; staff get "(edited)" or "(history)" as a link to the earlier versions. */
function EditedMark({ m, staff, onHistory }: { m: Message; staff: boolean; onHistory: () => void }) {
  if (!(m.edited_at || m.deleted)) return null;
  if (staff) {
    return (
      <Link
        component="button"
        type="button"
        color="inherit"
        onClick={onHistory}
        sx={{ fontSize: '0.75rem', opacity: 0.85, ml: 0.75, verticalAlign: 'baseline' }}
        title="Show the earlier versions (staff only)"
      >
        {m.deleted ? '(history)' : '(edited)'}
      </Link>
    );
  }
  if (!m.edited_at || m.deleted) return null;
  return (
    <Typography component="span" sx={{ fontSize: '0.75rem', opacity: 0.85, ml: 0.75 }} title={formatDateTime(m.edited_at)}>
      (edited)
    </Typography>
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

export function DeleteMessageDialog({ jobId, message, onClose }: { jobId: string; message: Message; onClose: () => void }) {
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
