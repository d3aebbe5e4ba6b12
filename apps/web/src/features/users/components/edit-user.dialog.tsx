import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ZUpdateUserBody } from '@sunstamp/domain/contracts/users';
import type { Role } from '@sunstamp/domain/roles';
import { FormError } from '../../../components/form-error.tsx';
import { textFieldProps } from '../../../components/form/form-field.ts';
import { friendlyErrors, showServerError } from '../../../lib/form-resolver.ts';
import { notify } from '../../../lib/notify.ts';
import type { CompanyRow } from '../../../lib/api/companies.api.ts';
import { useUpdateUser } from '../api/use-update-user.ts';
import type { UserListItem } from '../api/use-users.ts';
import { CompaniesField, RoleField } from './user-fields.tsx';
import { DialogFooter } from '../../../components/form/dialog-footer.tsx';
import { SwitchField } from '../../../components/form/fields.tsx';

/** Edit a user's name, phone, role, companies and whether the account is active. */
// eslint-disable-next-line max-lines-per-function -- one form dialog: the user's fields on one react-hook-form instance
export function EditUserDialog({
  user,
  onClose,
  roles,
  companies,
  companiesLoading,
  isSelf,
}: {
  user: UserListItem;
  onClose: () => void;
  roles: readonly Role[];
  companies: readonly CompanyRow[];
  companiesLoading?: boolean;
  isSelf: boolean;
}) {
  const update = useUpdateUser();
  const initial = {
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber ?? '',
    role: user.role,
    is_active: user.is_active,
    company_ids: user.companies.map((c) => c.id),
  };
  const form = useForm({ resolver: zodResolver(ZUpdateUserBody, friendlyErrors), defaultValues: initial });
  // Companies the editor cannot see still show (and stay) on the user.
  const companyOptions = [...companies, ...user.companies.filter((c) => !companies.some((k) => k.id === c.id))];
  // A role the editor may not give stays as it is (shown, not offered).
  const roleChoices = roles.includes(user.role) ? roles : [user.role, ...roles];

  const submit = form.handleSubmit(async (v) => {
    const next = { ...v, phoneNumber: v.phoneNumber ? v.phoneNumber : null };
    const before = { ...initial, phoneNumber: initial.phoneNumber || null };
    // Send only what changed; nobody demotes or deactivates themselves from this dialog.
    const body = Object.fromEntries(
      Object.entries(next).filter(
        ([k, val]) =>
          !(isSelf && (k === 'role' || k === 'is_active')) &&
          JSON.stringify(val) !== JSON.stringify(before[k as keyof typeof before]),
      ),
    );
    if (!Object.keys(body).length) return onClose();
    try {
      await update.mutateAsync({ id: user.id, body });
      notify('User saved.', { variant: 'success' });
      onClose();
    } catch (e) {
      showServerError(e, form.setError, ['firstName', 'lastName', 'phoneNumber', 'role', 'is_active', 'company_ids']);
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true } as object }}>
      <DialogTitle>
        Edit user
        <Typography variant="body2" color="text.secondary">
          {user.email}
        </Typography>
      </DialogTitle>
      <DialogContent>
        <FormError message={form.formState.errors.root?.server?.message} />
        <Grid container spacing={2} sx={{ pt: 1 }}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField label="First name" {...textFieldProps(form, 'firstName')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField label="Last name" {...textFieldProps(form, 'lastName')} />
          </Grid>
          <Grid size={12}>
            <TextField label="Phone" type="tel" {...textFieldProps(form, 'phoneNumber', 'Optional')} />
          </Grid>
          {!isSelf && (
            <Grid size={12}>
              <RoleField control={form.control} name="role" roles={roleChoices} />
            </Grid>
          )}
          <Grid size={12}>
            <CompaniesField control={form.control} name="company_ids" companies={companyOptions} loading={companiesLoading} />
          </Grid>
          {!isSelf && (
            <Grid size={12}>
              <SwitchField control={form.control} name="is_active" label="Active: can sign in" offLabel="Inactive: cannot sign in" />
            </Grid>
          )}
        </Grid>
      </DialogContent>
      <DialogFooter onCancel={onClose} confirmLabel="Save" busy={form.formState.isSubmitting} />
    </Dialog>
  );
}
