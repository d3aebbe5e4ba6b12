import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { FormError } from '../../../components/form-error.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { textFieldProps } from '../../../components/form/form-field.ts';
import { friendlyErrors, showServerError } from '../../../lib/form-resolver.ts';
import { PASSWORD_HINT, ZNewPasswordForm } from '../../../lib/session/new-password.schema.ts';
import type { UpdateMeBody } from '../api/use-update-me.ts';
import { ZChangePasswordForm } from './profile.schema.ts';

type Props = { submitLabel: string; onSubmit: (body: UpdateMeBody) => Promise<unknown> };

/** First password of an invited user (needsPassword): no current password to give. */
export function SetPasswordForm({ submitLabel, onSubmit }: Props) {
  const form = useForm({
    resolver: zodResolver(ZNewPasswordForm, friendlyErrors),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await onSubmit({ password });
    } catch (e) {
      showServerError(e, form.setError, ['password']);
    }
  });
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <FormError message={form.formState.errors.root?.server?.message} />
      <Stack spacing={2.5}>
        <PasswordField label="Password" autoComplete="new-password" autoFocus {...textFieldProps(form, 'password', PASSWORD_HINT)} />
        <PasswordField label="Repeat the password" autoComplete="new-password" {...textFieldProps(form, 'confirmPassword')} />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/** Changing a password the user knows. */
export function ChangePasswordForm({ submitLabel, onSubmit }: Props) {
  const form = useForm({
    resolver: zodResolver(ZChangePasswordForm, friendlyErrors),
    defaultValues: { current_password: '', password: '', confirmPassword: '' },
  });
  const submit = form.handleSubmit(async ({ current_password, password }) => {
    try {
      await onSubmit({ current_password, password });
      form.reset();
    } catch (e) {
      showServerError(e, form.setError, ['current_password', 'password']);
    }
  });
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <FormError message={form.formState.errors.root?.server?.message} />
      <Stack spacing={2.5}>
        <PasswordField label="Current password" autoComplete="current-password" {...textFieldProps(form, 'current_password')} />
        <PasswordField label="New password" autoComplete="new-password" {...textFieldProps(form, 'password', PASSWORD_HINT)} />
        <PasswordField label="Repeat the new password" autoComplete="new-password" {...textFieldProps(form, 'confirmPassword')} />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
