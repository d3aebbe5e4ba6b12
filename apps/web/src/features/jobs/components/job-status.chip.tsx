import Chip, { type ChipProps } from '@mui/material/Chip';
import type { ClientStatus, JobStatus } from '@sunstamp/domain/jobs/workflow.rules';

type Color = NonNullable<ChipProps['color']>;

/** One colour per meaning: waiting on the client stands out; done is green; the rest is work in progress. */
export function statusColor(status: JobStatus | ClientStatus): Color {
  switch (status) {
    case 'Draft':
      return 'default';
    case 'Approved':
    case 'Design Completed':
    case 'Finalized':
      return 'success';
    case 'Cancelled':
      return 'error';
    case 'Pending Client':
    case 'Pending Approval':
      return 'warning';
    case 'Waiting on AHJ':
      return 'secondary';
    default:
      return 'info';
  }
}

/** A job's status: the client-facing one for clients, the internal one for staff (jobs.rules.ts). */
export function JobStatusChip({ status, size = 'small' }: { status: JobStatus | ClientStatus; size?: ChipProps['size'] }) {
  const color = statusColor(status);
  return (
    <Chip
      size={size}
      label={status}
      color={color}
      variant={status === 'Cancelled' || status === 'Draft' ? 'outlined' : 'filled'}
      data-testid="job-status-chip"
      sx={{ fontWeight: 600 }}
    />
  );
}
