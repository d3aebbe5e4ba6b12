import { useState } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { errorMessageOf } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.ts';
import { useDeleteDraft } from '../api/use-job-actions.ts';

/**
 * Deletes a draft after a confirmation (issue 29, item 11): DELETE /jobs/{id}, then the jobs list.
 * Shown for drafts the caller may delete (its creator, a company admin, staff); the API decides.
 */
export function DeleteDraftButton({ jobId, name }: { jobId: string; name: string }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const del = useDeleteDraft();
  const navigate = useNavigate();
  const onDelete = async () => {
    setError(null);
    try {
      await del.mutateAsync(jobId);
      notify('Draft deleted.', { variant: 'success' });
      void navigate('/jobs', { replace: true });
    } catch (e) {
      setError(errorMessageOf(e));
    }
  };
  return (
    <>
      <Button color="error" startIcon={<DeleteOutline />} onClick={() => setOpen(true)}>
        Delete draft
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="delete-draft-title">
        <DialogTitle id="delete-draft-title">Delete this draft?</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
            “{name || 'Untitled job'}” and its files are deleted for good. A submitted job cannot be deleted.
          </DialogContentText>
          {error && <Alert severity="error" sx={{ mt: 2 }}>{error}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Keep it</Button>
          <Button color="error" variant="contained" onClick={() => void onDelete()} loading={del.isPending}>
            Delete draft
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
