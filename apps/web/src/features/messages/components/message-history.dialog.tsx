import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessageOf } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useMessageHistory } from '../api/messages.api.ts';

/** Staff: what an edited or deleted message said before, oldest first, and what it says now. */
export function MessageHistoryDialog({ jobId, messageId, onClose }: { jobId: string; messageId: number; onClose: () => void }) {
  const history = useMessageHistory(jobId, messageId);
  const data = history.data;
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="message-history-title">
      <DialogTitle id="message-history-title">Earlier versions of this message</DialogTitle>
      <DialogContent dividers>
        {history.isPending ? (
          <Box sx={{ textAlign: 'center', py: 2 }}>
            <CircularProgress size={24} />
          </Box>
        ) : history.isError || !data ? (
          <Alert severity="error">{errorMessageOf(history.error)}</Alert>
        ) : (
          <Stack spacing={1.5} data-testid="message-history">
            <Typography variant="body2" color="text.secondary">
              Only staff see this. The author and the client see the current text.
            </Typography>
            {data.versions.map((v, i) => (
              <Box key={i} sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
                <Typography variant="caption" color="text.secondary">
                  {v.action === 'delete' ? 'Deleted' : 'Replaced'} by {v.by} · {formatDateTime(v.at)}
                </Typography>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {v.previous_body || '(no text, files only)'}
                </Typography>
              </Box>
            ))}
            <Box sx={{ borderLeft: 3, borderColor: 'primary.main', pl: 1.5 }}>
              <Typography variant="caption" color="text.secondary">
                Now
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontStyle: data.current.deleted ? 'italic' : 'normal' }}>
                {data.current.deleted ? 'Message deleted' : data.current.body || '(no text, files only)'}
              </Typography>
            </Box>
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
