import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { ZCreateUserBody } from '@sunstamp/domain/contracts/users';
import type { Role } from '@sunstamp/domain/roles';
import { FormError } from '../../../components/form-error.tsx';
import { textFieldProps } from '../../../components/form/form-field.ts';
import { friendlyErrors, showServerError } from '../../../lib/form-resolver.ts';
import { notify } from '../../../lib/notify.ts';
import type { CompanyRow } from '../../../lib/api/companies.api.ts';
import { useCreateUser } from '../api/use-create-user.ts';
import { CompaniesField, RoleField } from './user-fields.tsx';
import { DialogFooter } from '../../../components/form/dialog-footer.tsx';

/** Invite a user: they get an email with a link to set their password. */
export function InviteUserDialog({
  open,
  onClose,
  roles,
  companies,
  companiesLoading,
}: {
  open: boolean;
  onClose: () => void;
  roles: readonly Role[];
  companies: readonly CompanyRow[];
  companiesLoading?: boolean;
}) {
  const create = useCreateUser();
  const form = useForm({
    resolver: zodResolver(ZCreateUserBody, friendlyErrors),
    defaultValues: {
      email: '',
      firstName: '',
      lastName: '',
      role: roles.includes('user') ? 'user' : roles[0],
      company_ids: companies.length === 1 ? [companies[0]!.id] : [],
    },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.handleSubmit(async (body) => {
    try {
      const created = await create.mutateAsync(body);
      notify(`Invitation sent to ${created.email}.`, { variant: 'success' });
      close();
    } catch (e) {
      showServerError(e, form.setError, ['email', 'firstName', 'lastName', 'role', 'company_ids']);
    }
  });

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true } as object }}>
      <DialogTitle>Invite a user</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>They will get an email with a link to choose their password.</DialogContentText>
        <FormError message={form.formState.errors.root?.server?.message} />
        <Grid container spacing={2} sx={{ pt: 1 }}>
          <Grid size={12}>
            <TextField label="Email" type="email" autoFocus required {...textFieldProps(form, 'email')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField label="First name" {...textFieldProps(form, 'firstName')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField label="Last name" {...textFieldProps(form, 'lastName')} />
          </Grid>
          <Grid size={12}>
            <RoleField control={form.control} name="role" roles={roles} />
          </Grid>
          <Grid size={12}>
            <CompaniesField control={form.control} name="company_ids" companies={companies} loading={companiesLoading} />
          </Grid>
        </Grid>
      </DialogContent>
      <DialogFooter onCancel={close} confirmLabel="Send invitation" busy={form.formState.isSubmitting} />
    </Dialog>
  );
}
