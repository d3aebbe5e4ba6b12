import Chip from '@mui/material/Chip';
import NotificationImportantOutlined from '@mui/icons-material/NotificationImportantOutlined';
import type { ActionKind } from '@sunstamp/domain/jobs/action-needed.rules';

/** What the reader is asked to do, in the words of a chip; null where the status already says it (the team's work). */
export const ACTION_NEEDED_LABELS: Record<ActionKind, string | null> = {
  answer: 'Answer needed',
  review: 'Review needed',
  work: null,
};

/** The "action needed" marker of the jobs list and the job page: the job waits on the reader. */
export function ActionNeededChip({ kind, size = 'small' }: { kind: ActionKind | null; size?: 'small' | 'medium' }) {
  const label = kind ? ACTION_NEEDED_LABELS[kind] : null;
  if (!label) return null;
  return (
    <Chip
      size={size}
      color="warning"
      icon={<NotificationImportantOutlined />}
      label={label}
      data-testid="action-needed-chip"
      sx={{ fontWeight: 600 }}
    />
  );
}
