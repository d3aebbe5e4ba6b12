import { Link as RouterLink } from 'react-router';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { JobListItem } from '@sunstamp/domain/contracts/jobs';
import { formatDateTime } from '../../../lib/format-date.ts';
import { JobStatusChip } from './job-status.chip.tsx';
import { ActionNeededChip } from './action-needed.chip.tsx';
import { OverdueChip } from './overdue.chip.tsx';
import { UnreadMessagesChip } from './unread-messages.chip.tsx';

type Props = {
  jobs: JobListItem[] | undefined;
  count: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  loading: boolean;
  staff: boolean;
  addressOf: (j: JobListItem) => string;
  emptyLabel: string;
};

/**
 * The jobs list on a phone (below the sm breakpoint), where a grid fits two columns: one card per
 * job with its status, what it waits on, name, address and dates; the whole card opens the job.
 */
export function JobsCardList({ jobs, count, page, pageSize, onPage, loading, staff, addressOf, emptyLabel }: Props) {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  if (!jobs) {
    return (
      <Stack sx={{ alignItems: 'center', py: 4 }}>
        <CircularProgress aria-label="Loading jobs" />
      </Stack>
    );
  }
  return (
    <Stack spacing={1.25} component="ul" aria-label="Jobs" sx={{ listStyle: 'none', p: 0, m: 0, opacity: loading ? 0.6 : 1 }} data-testid="jobs-card-list">
      {jobs.length === 0 && (
        <Typography component="li" color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {emptyLabel}
        </Typography>
      )}
      {jobs.map((j) => (
        <Card key={j.id} component="li">
          <CardActionArea component={RouterLink} to={`/jobs/${j.id}`}>
            <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
              <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap', mb: 0.75 }}>
                <JobStatusChip status={staff ? j.status : j.client_status} />
                <ActionNeededChip kind={j.action_needed} />
                {j.is_overdue && <OverdueChip hours={j.pending_admin_hours} />}
                <UnreadMessagesChip count={j.unread_messages} />
              </Stack>
              <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700, lineHeight: 1.3, overflowWrap: 'anywhere' }}>
                {j.name || 'Untitled job'}
              </Typography>
              {j.client_name && (
                <Typography variant="body2" color="text.secondary">
                  {j.client_name}
                </Typography>
              )}
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {addressOf(j) || 'No address yet'}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
                {j.submitted_at ? `Submitted ${formatDateTime(j.submitted_at)}` : `Created ${formatDateTime(j.created_at)}`}
                {' · '}Updated {formatDateTime(j.updated_at)}
              </Typography>
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
      {pages > 1 && (
        <Stack component="li" sx={{ alignItems: 'center', pt: 1 }}>
          <Pagination count={pages} page={page + 1} onChange={(_e, p) => onPage(p - 1)} size="small" aria-label="Jobs pages" />
        </Stack>
      )}
    </Stack>
  );
}
