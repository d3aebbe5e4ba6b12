import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ROLE_LABELS } from '@sunstamp/domain/roles';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessageOf } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.ts';
import { useSimpleUsers, type SimpleUser } from '../../../lib/api/simple-users.api.ts';
import { useAssignJob } from '../api/use-job-actions.ts';
import { ASSIGNEE_ROLES } from '@sunstamp/domain/policies/jobs.policy';
import { DialogFooter } from '../../../components/form/dialog-footer.tsx';


/** Staff: give the job to a staff member or a contractor. */
export function AssignDialog({ jobId, currentId, onClose }: { jobId: string; currentId?: string | null; onClose: () => void }) {
  const users = useSimpleUsers(ASSIGNEE_ROLES);
  const assign = useAssignJob();
  const [user, setUser] = useState<SimpleUser | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const options = (users.data ?? []).filter((u) => u.id !== currentId);
  const send = async () => {
    if (!user) {
      setError('Choose who takes the job.');
      return;
    }
    try {
      await assign.mutateAsync({ id: jobId, assignee_id: user.id, note });
      notify(`Assigned to ${user.full_name || user.email}.`, { variant: 'success' });
      onClose();
    } catch (e) {
      setError(errorMessageOf(e));
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Assign the job</DialogTitle>
      <DialogContent>
        <FormError message={error} />
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Autocomplete
            options={options}
            loading={users.isLoading}
            value={user}
            onChange={(_, v) => setUser(v)}
            getOptionLabel={(u) => `${u.full_name || u.email} (${ROLE_LABELS[u.role]})`}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderInput={(p) => <TextField {...p} label="Assignee" required />}
          />
          <TextField label="Note (optional)" multiline minRows={2} value={note} onChange={(e) => setNote(e.target.value)} />
        </Stack>
      </DialogContent>
      <DialogFooter onCancel={onClose} confirmLabel="Assign" onConfirm={send} busy={assign.isPending} />
    </Dialog>
  );
}
