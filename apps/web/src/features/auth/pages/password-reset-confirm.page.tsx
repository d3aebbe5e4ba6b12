import { Link as RouterLink, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PASSWORD_CHOOSE_PAGE } from '@sunstamp/domain/site/login-page.data';
import { FormError } from '../../../components/form-error.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { textFieldProps } from '../../../components/form/form-field.ts';
import { friendlyErrors, showServerError } from '../../../lib/form-resolver.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useConfirmPasswordReset } from '../api/use-password-reset.ts';
import { PASSWORD_HINT, ZNewPasswordForm } from '../../../lib/session/new-password.schema.ts';

/** The reset link's page: choose a new password for the account in the link. */
export function PasswordResetConfirmPage() {
  usePageTitle(PASSWORD_CHOOSE_PAGE.title);
  const { uid = '', token = '' } = useParams();
  const confirm = useConfirmPasswordReset();
  const form = useForm({
    resolver: zodResolver(ZNewPasswordForm, friendlyErrors),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      await confirm.mutateAsync({ uid, token, password });
    } catch (e) {
      showServerError(e, form.setError, ['password']);
    }
  });

  if (confirm.isSuccess) {
    return (
      <Box>
        <Typography variant="h5" component="h1" gutterBottom>
          {confirm.data.first_password ? 'Welcome to Sunstamp' : 'Password changed'}
        </Typography>
        <Alert severity="success" sx={{ mb: 3 }}>
          {confirm.data.detail}
        </Alert>
        <Button variant="contained" fullWidth component={RouterLink} to="/login">
          Sign in
        </Button>
      </Box>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Typography variant="h5" component="h1" sx={{ mb: 0.5 }}>
        {PASSWORD_CHOOSE_PAGE.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {PASSWORD_CHOOSE_PAGE.lead}
      </Typography>
      <FormError message={form.formState.errors.root?.server?.message} />
      <Stack spacing={2.5}>
        <PasswordField label="New password" autoComplete="new-password" autoFocus {...textFieldProps(form, 'password', PASSWORD_HINT)} />
        <PasswordField label="Repeat the new password" autoComplete="new-password" {...textFieldProps(form, 'confirmPassword')} />
        <Button type="submit" variant="contained" size="large" loading={form.formState.isSubmitting}>
          Set password
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        Link expired?{' '}
        <Link component={RouterLink} to="/password-reset">
          Ask for a new one
        </Link>
      </Typography>
    </Box>
  );
}
