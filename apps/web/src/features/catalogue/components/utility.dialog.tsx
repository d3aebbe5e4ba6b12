import { z } from 'zod';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { ZUtilityBody, type Utility } from '@sunstamp/domain/contracts/catalogue';
import { FormError } from '../../../components/form-error.tsx';
import { textFieldProps } from '../../../lib/form-field.ts';
import { friendlyErrors, showServerError } from '../../../lib/form-resolver.ts';
import { notify } from '../../../lib/notify.ts';
import { useSaveUtility } from '../api/use-utilities.ts';
import { StatesField } from './catalogue-fields.tsx';

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
              <Controller
                control={form.control}
                name="is_active"
                render={({ field }) => (
                  <FormControlLabel
                    control={<Switch checked={!!field.value} onChange={(_, c) => field.onChange(c)} />}
                    label={field.value ? 'Active: offered on new jobs' : 'Inactive: hidden from pickers; jobs keep it'}
                  />
                )}
              />
            </Grid>
          )}
        </Grid>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit">
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
          {utility ? 'Save' : 'Create'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
