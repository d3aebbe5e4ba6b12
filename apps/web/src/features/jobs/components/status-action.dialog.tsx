import { useState } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { JobStatus } from '@sunstamp/domain/jobs/workflow.rules';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessageOf } from '../../../lib/api-error.ts';
import { DialogFooter } from '../../../components/form/dialog-footer.tsx';

/**
 * Confirms a status action with an optional note; with several targets (a staff move) the
 * target is chosen here. `run` makes the call; the dialog shows its error.
 */
export function StatusActionDialog({
  title,
  text,
  confirmLabel,
  targets,
  danger,
  onClose,
  run,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  /** Offered targets; one is preselected when there is a single one. */
  targets?: readonly JobStatus[];
  danger?: boolean;
  onClose: () => void;
  run: (v: { to?: JobStatus; note: string }) => Promise<unknown>;
}) {
  const [to, setTo] = useState<JobStatus | ''>(targets?.length === 1 ? targets[0]! : '');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const needsTarget = !!targets && targets.length > 1;

  const confirm = async () => {
    if (needsTarget && !to) {
      setError('Choose the new status.');
      return;
    }
    setBusy(true);
    try {
      await run({ to: to || undefined, note });
      onClose();
    } catch (e) {
      setError(errorMessageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{text}</DialogContentText>
        <FormError message={error} />
        <Stack spacing={2} sx={{ pt: 1 }}>
          {needsTarget && (
            <TextField select label="New status" value={to} onChange={(e) => setTo(e.target.value as JobStatus)} required>
              {targets!.map((t) => (
                <MenuItem key={t} value={t}>
                  {t}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField label="Note (optional)" multiline minRows={2} value={note} onChange={(e) => setNote(e.target.value)} slotProps={{ htmlInput: { maxLength: 5000 } }} />
        </Stack>
      </DialogContent>
      <DialogFooter onCancel={onClose} cancelLabel="Back" confirmLabel={confirmLabel} onConfirm={confirm} busy={busy} danger={danger} />
    </Dialog>
  );
}
