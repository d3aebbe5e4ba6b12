import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { REVISION_REASONS } from '@sunstamp/domain/constants/revision.constants';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessageOf } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.ts';
import { useRequestRevision } from '../api/use-job-actions.ts';
import { DialogFooter } from '../../../components/form/dialog-footer.tsx';
import { RevisionReasonFields, revisionNoteNeeded, type RevisionReasonValue } from './revision-reason.fields.tsx';

/** Request a revision: a reason from the spec's list, the involuntary flag (staff), a note. */
export function RevisionRequestDialog({ jobId, staff, onClose }: { jobId: string; staff: boolean; onClose: () => void }) {
  const revise = useRequestRevision();
  const [why, setWhy] = useState<RevisionReasonValue>({ reason: '', involuntary: false, note: '' });
  const { reason, involuntary, note } = why;
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string>();
  const noteNeeded = revisionNoteNeeded(why);
  const invalid = !reason || noteNeeded;

  const send = async () => {
    setTouched(true);
    if (invalid) return;
    try {
      await revise.mutateAsync({
        id: jobId,
        body: { reason, ...(staff ? { involuntary: involuntary || REVISION_REASONS[reason].involuntary } : {}), ...(note.trim() ? { note: note.trim() } : {}) },
      });
      notify('Revision requested.', { variant: 'success' });
      onClose();
    } catch (e) {
      setError(errorMessageOf(e));
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Request a revision</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>Tell the design team what should change and why. The job goes back to design with a new revision number.</DialogContentText>
        <Button component={RouterLink} to={`/jobs/${encodeURIComponent(jobId)}/revise`} variant="outlined" sx={{ mb: 2 }}>
          Change arrays, equipment or services, or attach a rejection
        </Button>
        <FormError message={error} />
        <Stack spacing={2} sx={{ pt: 1 }}>
          <RevisionReasonFields value={why} onChange={setWhy} staff={staff} touched={touched} />
        </Stack>
      </DialogContent>
      <DialogFooter onCancel={onClose} confirmLabel="Request revision" onConfirm={send} busy={revise.isPending} />
    </Dialog>
  );
}
