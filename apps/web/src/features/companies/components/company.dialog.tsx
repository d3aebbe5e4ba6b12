import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { FormError } from '../../../components/form-error.tsx';
import { textFieldProps } from '../../../components/form/form-field.ts';
import { friendlyErrors, showServerError } from '../../../lib/form-resolver.ts';
import { notify } from '../../../lib/notify.ts';
import { useSimpleUsers } from '../../../lib/api/simple-users.api.ts';
import type { CompanyRow } from '../../../lib/api/companies.api.ts';
import { useCreateCompany, useUpdateCompany } from '../api/use-save-company.ts';
import { ZCompanyForm } from './company.schema.ts';
import { DialogFooter } from '../../../components/form/dialog-footer.tsx';
import { SUPPORT_CONTACT_ROLES } from '@sunstamp/domain/policies/companies.policy';

const FIELDS = ['name', 'email', 'phone_number', 'address', 'support_contact_id'] as const;
const orNull = (s: string | null | undefined) => (s && s.trim() ? s.trim() : null);

/** Create a client company, or edit one (admin). */
// eslint-disable-next-line max-lines-per-function -- one form dialog: the company's fields on one react-hook-form instance
export function CompanyDialog({ company, onClose }: { company: CompanyRow | null; onClose: () => void }) {
  const create = useCreateCompany();
  const update = useUpdateCompany();
  const staff = useSimpleUsers(SUPPORT_CONTACT_ROLES);
  const form = useForm({
    resolver: zodResolver(ZCompanyForm, friendlyErrors),
    defaultValues: {
      name: company?.name ?? '',
      email: company?.email ?? '',
      phone_number: company?.phone_number ?? '',
      address: company?.address ?? '',
      support_contact_id: company?.support_contact_id ?? '',
    },
  });

  const submit = form.handleSubmit(async (v) => {
    const body = {
      name: v.name,
      email: orNull(v.email),
      phone_number: orNull(v.phone_number),
      address: orNull(v.address),
      support_contact_id: orNull(v.support_contact_id),
    };
    try {
      if (company) await update.mutateAsync({ id: company.id, body });
      else await create.mutateAsync(body);
      notify(company ? 'Company saved.' : `${body.name} created.`, { variant: 'success' });
      onClose();
    } catch (e) {
      showServerError(e, form.setError, FIELDS);
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true } as object }}>
      <DialogTitle>{company ? `Edit ${company.name}` : 'New company'}</DialogTitle>
      <DialogContent>
        <FormError message={form.formState.errors.root?.server?.message} />
        <Grid container spacing={2} sx={{ pt: 1 }}>
          <Grid size={12}>
            <TextField label="Name" required autoFocus {...textFieldProps(form, 'name')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField label="Email" type="email" {...textFieldProps(form, 'email', 'Optional')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField label="Phone" type="tel" {...textFieldProps(form, 'phone_number', 'Optional')} />
          </Grid>
          <Grid size={12}>
            <TextField label="Address" multiline minRows={2} {...textFieldProps(form, 'address', 'Optional')} />
          </Grid>
          <Grid size={12}>
            <Controller
              control={form.control}
              name="support_contact_id"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  label="Support contact"
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message ?? 'The staff member this company’s users see as their contact.'}
                >
                  <MenuItem value="">
                    <em>None</em>
                  </MenuItem>
                  {(staff.data ?? []).map((u) => (
                    <MenuItem key={u.id} value={u.id}>
                      {u.full_name} ({u.email})
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Grid>
        </Grid>
      </DialogContent>
      <DialogFooter onCancel={onClose} confirmLabel={company ? 'Save' : 'Create company'} busy={form.formState.isSubmitting} />
    </Dialog>
  );
}
