import DialogActions from '@mui/material/DialogActions';
import Button from '@mui/material/Button';

/**
 * The footer every dialog uses: a quiet dismiss button and one primary action. Without onConfirm
 * the primary button submits the dialog's form.
 */
export function DialogFooter(props: {
  onCancel: () => void;
  cancelLabel?: string;
  confirmLabel: string;
  onConfirm?: () => void;
  busy?: boolean;
  disabled?: boolean;
  danger?: boolean;
}) {
  return (
    <DialogActions sx={{ px: 3, pb: 2 }}>
      <Button color="inherit" onClick={props.onCancel}>
        {props.cancelLabel ?? 'Cancel'}
      </Button>
      <Button
        type={props.onConfirm ? 'button' : 'submit'}
        variant="contained"
        color={props.danger ? 'error' : 'primary'}
        onClick={props.onConfirm}
        disabled={props.disabled}
        loading={props.busy}
      >
        {props.confirmLabel}
      </Button>
    </DialogActions>
  );
}
