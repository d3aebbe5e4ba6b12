import Typography from '@mui/material/Typography';
import type { MessageThread } from '@sunstamp/domain/policies/messages.policy';
import { useTypingLine } from '../api/use-thread-presence.ts';

/** "Ana is typing…" under the thread while someone else writes in it. */
export function TypingLine({ jobId, thread }: { jobId: string; thread: MessageThread }) {
  const line = useTypingLine(jobId, thread);
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      role="status"
      aria-live="polite"
      data-testid="typing-line"
      sx={{ px: 0.5, fontStyle: 'italic', minHeight: '1.25em', visibility: line ? 'visible' : 'hidden' }}
    >
      {line ?? ' '}
    </Typography>
  );
}
