import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Job } from '@sunstamp/domain/contracts/jobs';
import { DESIGN_FILE_CATEGORIES } from '@sunstamp/domain/jobs/client-view.rules';
import { formatWorkDuration } from '@sunstamp/domain/format/duration.format';
import { formatDateTime } from '../../../lib/format-date.ts';
import { NoteText } from './job-history.timeline.tsx';

/** The deliverables a client reviews: the team's design files (sheets, engineering, letters, finished files). */
export function deliverablesOf(job: Pick<Job, 'job_files'>) {
  return job.job_files.filter(
    (f) => ['cad', 'letter', 'finished_file'].includes(f.kind) || (DESIGN_FILE_CATEGORIES as readonly string[]).includes(f.category),
  );
}

function Request({ job, fallback }: { job: Job; fallback: string }) {
  return (
    <Box sx={{ mt: 0.5 }}>
      {job.request?.note ? (
        <Typography variant="body2" component="blockquote" sx={{ m: 0, pl: 1.5, borderLeft: 3, borderColor: 'divider', whiteSpace: 'pre-wrap' }}>
          <NoteText note={job.request.note} />
        </Typography>
      ) : (
        <Typography variant="body2">{fallback}</Typography>
      )}
      {job.request && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
          Sent {formatDateTime(job.request.at)}
        </Typography>
      )}
    </Box>
  );
}

/**
 * "Action needed" on the job page: the job waits on the reader (the API's action_needed), with
 * what was asked (staff's question, or the note sent with the deliverables and the files to
 * review) and the buttons that answer it. Staff read who the job waits on.
 */
export function ActionNeededBanner({
  job,
  onAnswer,
  onApprove,
  onRevision,
}: {
  job: Job;
  onAnswer?: () => void;
  onApprove?: () => void;
  onRevision?: () => void;
}) {
  const actions = (children: ReactNode) => (
    <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
      {children}
    </Stack>
  );
  if (job.action_needed === 'answer') {
    return (
      <Alert severity="warning" sx={{ mb: 2 }} data-testid="action-needed-banner">
        <AlertTitle>Our team needs your answer</AlertTitle>
        <Request job={job} fallback="Our team has a question about this job. Check the job's details and files, then send your answer." />
        {actions(
          <>
            {onAnswer && <Button variant="contained" size="small" onClick={onAnswer}>Send answer</Button>}
            {job.may_edit && (
              <Button variant="outlined" size="small" component={RouterLink} to={`/jobs/new?id=${encodeURIComponent(job.id)}`}>
                Edit the job
              </Button>
            )}
            <Button variant="text" size="small" href="#job-files">Add files</Button>
          </>,
        )}
      </Alert>
    );
  }
  if (job.action_needed === 'review') {
    const files = deliverablesOf(job);
    return (
      <Alert severity="info" sx={{ mb: 2 }} data-testid="action-needed-banner">
        <AlertTitle>Your design is ready for review</AlertTitle>
        <Request job={job} fallback="Review the deliverables, then approve them or request a revision." />
        {files.length > 0 && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            To review: {files.map((f) => f.name).join(', ')} (under Deliverables below).
          </Typography>
        )}
        {actions(
          <>
            {onApprove && <Button variant="contained" color="success" size="small" onClick={onApprove}>Approve</Button>}
            {onRevision && <Button variant="outlined" size="small" onClick={onRevision}>Request revision</Button>}
          </>,
        )}
      </Alert>
    );
  }
  if (job.action_needed === 'work') {
    return (
      <Alert severity={job.is_overdue ? 'error' : 'info'} sx={{ mb: 2 }} data-testid="action-needed-banner">
        <AlertTitle>Waiting on our team</AlertTitle>
        <Typography variant="body2">
          {job.status}: pending with the team for {formatWorkDuration(job.pending_admin_hours)}
          {job.is_overdue ? ', which is overdue.' : '.'}
        </Typography>
      </Alert>
    );
  }
  if (job.waiting_on === 'client' && job.request) {
    return (
      <Alert severity="info" sx={{ mb: 2 }} data-testid="waiting-on-client-banner">
        <AlertTitle>Waiting on the client ({job.status})</AlertTitle>
        <Request job={job} fallback="No note was sent with the request." />
      </Alert>
    );
  }
  return null;
}
