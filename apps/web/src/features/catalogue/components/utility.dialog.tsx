import { z } from 'zod';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { ZUtilityBody, type Utility } from '@sunstamp/domain/contracts/catalogue';
import { FormError } from '../../../components/form-error.tsx';
import { textFieldProps } from '../../../components/form/form-field.ts';
import { friendlyErrors, showServerError } from '../../../lib/form-resolver.ts';
import { notify } from '../../../lib/notify.ts';
import { useSaveUtility } from '../../../lib/api/utilities.api.ts';
import { StatesField } from './catalogue-fields.tsx';
import { DialogFooter } from '../../../components/form/dialog-footer.tsx';
import { SwitchField } from '../../../components/form/fields.tsx';

const ZUtilityForm = ZUtilityBody.extend({ is_active: z.boolean() });
type FormValues = z.output<typeof ZUtilityForm>;

/** Create or edit a utility (staff): name, states served, notes. */
export function UtilityDialog({ utility, onClose }: { utility: Utility | null; onClose: () => void }) {
  const save = useSaveUtility();
  const form = useForm<FormValues>({
    resolver: zodResolver(ZUtilityForm, friendlyErrors),
    defaultValues: { name: utility?.name ?? '', states: utility?.states ?? [], notes: utility?.notes ?? '', is_active: utility?.is_active ?? true },
  });

  const submit = form.handleSubmit(async ({ is_active, ...body }) => {
    try {
      await save.mutateAsync(utility ? { id: utility.id, body: { ...body, is_active } } : { body });
      notify(utility ? 'Utility saved.' : 'Utility created.', { variant: 'success' });
      onClose();
    } catch (e) {
      showServerError(e, form.setError, ['name', 'states', 'notes', 'is_active']);
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true } as object }}>
      <DialogTitle>{utility ? `Edit ${utility.name}` : 'New utility'}</DialogTitle>
      <DialogContent>
        <FormError message={form.formState.errors.root?.server?.message} />
        <Grid container spacing={2} sx={{ pt: 1 }}>
          <Grid size={12}>
            <TextField label="Name" autoFocus {...textFieldProps(form, 'name')} />
          </Grid>
          <Grid size={12}>
            <StatesField control={form.control} name="states" />
          </Grid>
          <Grid size={12}>
            <TextField label="Notes" multiline minRows={3} {...textFieldProps(form, 'notes', 'Programs, interconnection rules, contacts.')} />
          </Grid>
          {utility && (
            <Grid size={12}>
              <SwitchField control={form.control} name="is_active" label="Active: offered on new jobs" offLabel="Inactive: hidden from pickers; jobs keep it" />
            </Grid>
          )}
        </Grid>
      </DialogContent>
      <DialogFooter onCancel={onClose} confirmLabel={utility ? 'Save' : 'Create'} busy={form.formState.isSubmitting} />
    </Dialog>
  );
}
