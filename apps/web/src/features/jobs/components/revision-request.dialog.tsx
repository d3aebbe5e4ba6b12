import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { REVISION_REASONS, REVISION_REASON_CODES, type RevisionReasonCode } from '@sunstamp/domain/constants/revision.constants';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessageOf } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.ts';
import { useRequestRevision } from '../api/use-job-actions.ts';
import { DialogFooter } from '../../../components/form/dialog-footer.tsx';

/** Request a revision: a reason from the spec's list, the involuntary flag (staff), a note. */
export function RevisionRequestDialog({ jobId, staff, onClose }: { jobId: string; staff: boolean; onClose: () => void }) {
  const revise = useRequestRevision();
  const [reason, setReason] = useState<RevisionReasonCode | ''>('');
  const [involuntary, setInvoluntary] = useState(false);
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string>();
  const noteNeeded = reason === 'other' && !note.trim();
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
          <TextField
            select
            label="Reason"
            required
            value={reason}
            onChange={(e) => {
              const r = e.target.value as RevisionReasonCode;
              setReason(r);
              if (staff) setInvoluntary(REVISION_REASONS[r].involuntary);
            }}
            error={touched && !reason}
            helperText={touched && !reason ? 'Choose a reason.' : reason ? REVISION_REASONS[reason].description : undefined}
            slotProps={{ select: { renderValue: (v) => REVISION_REASONS[v as RevisionReasonCode]?.label ?? '' } }}
          >
            {REVISION_REASON_CODES.map((c) => (
              <MenuItem key={c} value={c}>
                <ListItemText primary={REVISION_REASONS[c].label} secondary={REVISION_REASONS[c].description} />
              </MenuItem>
            ))}
          </TextField>
          {staff && (
            <FormControlLabel
              control={<Checkbox checked={involuntary} onChange={(e) => setInvoluntary(e.target.checked)} />}
              label="Involuntary (our error: not counted against the client)"
            />
          )}
          <TextField
            label="What should change?"
            multiline
            minRows={3}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            required={reason === 'other'}
            error={touched && noteNeeded}
            helperText={touched && noteNeeded ? 'Describe the reason.' : undefined}
            slotProps={{ htmlInput: { maxLength: 5000 } }}
          />
        </Stack>
      </DialogContent>
      <DialogFooter onCancel={onClose} confirmLabel="Request revision" onConfirm={send} busy={revise.isPending} />
    </Dialog>
  );
}
