import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import type { Engineer } from '@sunstamp/domain/contracts/engineers';
import { DISCIPLINES, type Discipline } from '@sunstamp/domain/engineers/engineer-licence.rules';
import { FormError } from '../../../components/form-error.tsx';
import { DialogFooter } from '../../../components/form/dialog-footer.tsx';
import { AutocompleteField, SelectField, SwitchField, TextField } from '../../../components/form/fields.tsx';
import { friendlyErrors, showServerError } from '../../../lib/form-resolver.ts';
import { notify } from '../../../lib/notify.ts';
import { useSimpleUsers } from '../../../lib/api/simple-users.api.ts';
import { useSaveEngineer } from '../api/engineers.api.ts';
import { bodyOf, DISCIPLINE_LABELS, formOf, ZEngineerForm, type EngineerForm } from '../engineer-form.rules.ts';

const STAFF_ROLES = ['admin', 'support'] as const;

/** Add or edit an engineer (admin): name, the account that signs, disciplines and a PE licence per state. */
export function EngineerDialog({ engineer, onClose }: { engineer: Engineer | null; onClose: () => void }) {
  const save = useSaveEngineer();
  const staff = useSimpleUsers(STAFF_ROLES);
  const form = useForm<EngineerForm>({ resolver: zodResolver(ZEngineerForm, friendlyErrors), defaultValues: formOf(engineer) });
  const licences = useFieldArray({ control: form.control, name: 'licences' });

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: engineer?.id, body: bodyOf(values) });
      notify(engineer ? 'Engineer saved.' : 'Engineer added.', { variant: 'success' });
      onClose();
    } catch (e) {
      showServerError(e, form.setError, ['name', 'email', 'user_id', 'disciplines', 'licences']);
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true } as object }}>
      <DialogTitle>{engineer ? `Edit ${engineer.name}` : 'Add engineer'}</DialogTitle>
      <DialogContent>
        <FormError message={form.formState.errors.root?.server?.message} />
        <Grid container spacing={2} sx={{ pt: 1 }}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField control={form.control} name="name" label="Name" required autoFocus fullWidth helperText="As on the seal, without P.E." />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField control={form.control} name="email" label="Email" fullWidth />
          </Grid>
          <Grid size={12}>
            <SelectField control={form.control} name="user_id" label="Signs in as" fullWidth emptyLabel="No account"
              options={(staff.data ?? []).map((u) => ({ value: u.id, label: `${u.full_name} (${u.email})` }))}
              helperText="Only this account signs letters with the engineer's certificate." />
          </Grid>
          <Grid size={12}>
            <AutocompleteField<EngineerForm, Discipline, true>
              control={form.control} name="disciplines" label="Disciplines" multiple options={DISCIPLINES}
              getOptionLabel={(d) => DISCIPLINE_LABELS[d]} fromValue={(v) => (v as Discipline[]) ?? []} toValue={(chosen) => chosen}
              helperText="A structural letter needs a structural engineer; electrical letters and busbar certifications an electrical one." />
          </Grid>
          <Grid size={12}>
            <Typography variant="subtitle2">PE licences</Typography>
            <Typography variant="body2" color="text.secondary">One per state. A job is sealed only with an unexpired licence in its state.</Typography>
          </Grid>
          {licences.fields.map((f, i) => (
            <Grid container size={12} spacing={1} key={f.id} sx={{ alignItems: 'flex-start' }}>
              <Grid size={{ xs: 3, sm: 2 }}>
                <TextField control={form.control} name={`licences.${i}.state`} label="State" fullWidth slotProps={{ htmlInput: { maxLength: 2, style: { textTransform: 'uppercase' } } }} />
              </Grid>
              <Grid size={{ xs: 9, sm: 5 }}>
                <TextField control={form.control} name={`licences.${i}.number`} label="Licence number" fullWidth />
              </Grid>
              <Grid size={{ xs: 9, sm: 4 }}>
                <TextField control={form.control} name={`licences.${i}.expires_on`} label="Expires" type="date" fullWidth slotProps={{ inputLabel: { shrink: true } }} />
              </Grid>
              <Grid size={{ xs: 3, sm: 1 }}>
                <IconButton aria-label={`Remove licence ${i + 1}`} onClick={() => licences.remove(i)}><DeleteOutline /></IconButton>
              </Grid>
            </Grid>
          ))}
          <Grid size={12}>
            <Button startIcon={<AddRounded />} onClick={() => licences.append({ state: '', number: '', expires_on: '' })}>Add licence</Button>
          </Grid>
          <Grid size={12}>
            <SwitchField control={form.control} name="is_active" label="Active: may seal" offLabel="Deactivated: seals nothing" />
          </Grid>
        </Grid>
      </DialogContent>
      <DialogFooter onCancel={onClose} confirmLabel={engineer ? 'Save' : 'Add'} busy={form.formState.isSubmitting} />
    </Dialog>
  );
}
