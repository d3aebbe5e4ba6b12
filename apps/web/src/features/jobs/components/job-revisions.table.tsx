import { Fragment } from 'react';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useJobRevisions } from '../api/use-job.ts';
import { NoteText } from './job-history.timeline.tsx';
import { RevisionChanges } from './revision-changes.tsx';

/** The revision table (spec §2): number, reason, involuntary flag, who asked, when, the note. */
export function JobRevisionsTable({ jobId }: { jobId: string }) {
  const revisions = useJobRevisions(jobId);
  if (revisions.isLoading) return <Skeleton variant="rounded" height={80} />;
  const rows = revisions.data ?? [];
  if (!rows.length) return <Typography color="text.secondary" variant="body2">No revisions requested.</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-label="Revisions">
        <TableHead>
          <TableRow>
            <TableCell>Rev.</TableCell>
            <TableCell>Reason</TableCell>
            <TableCell>Type</TableCell>
            <TableCell>From status</TableCell>
            <TableCell>Requested by</TableCell>
            <TableCell>Date</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <Fragment key={r.id}>
              <TableRow sx={{ '& > td': { borderBottom: 'none' } }}>
                <TableCell>{r.number}</TableCell>
                <TableCell>{r.reason_label}</TableCell>
                <TableCell>
                  <Chip size="small" variant="outlined" color={r.involuntary ? 'warning' : 'default'} label={r.involuntary ? 'Involuntary' : 'Voluntary'} />
                </TableCell>
                <TableCell>{r.from_status}</TableCell>
                <TableCell>{r.requested_by ? r.requested_by.full_name || r.requested_by.email : '—'}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.created_at)}</TableCell>
              </TableRow>
              {/* The note and what the revision changed get the table's full width, under their row. */}
              <TableRow>
                <TableCell colSpan={6} sx={{ pt: 0 }}>
                  <Typography variant="caption" color="text.secondary" component="div">Note</Typography>
                  {r.note ? <NoteText note={r.note} /> : '—'}
                  <RevisionChanges changes={r.changes} rejectionComments={r.rejection_comments} />
                </TableCell>
              </TableRow>
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
