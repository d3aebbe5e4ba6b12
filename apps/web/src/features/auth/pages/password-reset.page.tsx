import { Link as RouterLink } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ZPasswordResetRequest } from '@sunstamp/domain/contracts/auth';
import { PASSWORD_RESET_PAGE } from '@sunstamp/domain/site/login-page.data';
import { FormError } from '../../../components/form-error.tsx';
import { textFieldProps } from '../../../components/form/form-field.ts';
import { friendlyErrors, showServerError } from '../../../lib/form-resolver.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useRequestPasswordReset } from '../api/use-password-reset.ts';

/** Ask for a reset link by email. */
export function PasswordResetPage() {
  usePageTitle(PASSWORD_RESET_PAGE.title);
  const reset = useRequestPasswordReset();
  const form = useForm({
    resolver: zodResolver(ZPasswordResetRequest, friendlyErrors),
    defaultValues: { email: '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await reset.mutateAsync(values);
    } catch (e) {
      showServerError(e, form.setError, ['email']);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Typography variant="h5" component="h1" sx={{ mb: 0.5 }}>
        {PASSWORD_RESET_PAGE.title}
      </Typography>
      {reset.isSuccess ? (
        <>
          <Alert severity="success" sx={{ my: 3 }}>
            {reset.data.detail}
          </Alert>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            The link works once and expires soon. Check your spam folder if it does not arrive within a few minutes.
          </Typography>
          <Button variant="contained" fullWidth component={RouterLink} to="/login">
            Back to sign in
          </Button>
        </>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {PASSWORD_RESET_PAGE.lead}
          </Typography>
          <FormError message={form.formState.errors.root?.server?.message} />
          <Stack spacing={2.5}>
            <TextField label="Email" type="email" autoComplete="email" autoFocus {...textFieldProps(form, 'email')} />
            <Button type="submit" variant="contained" size="large" loading={form.formState.isSubmitting}>
              Send reset link
            </Button>
          </Stack>
          <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
            <Link component={RouterLink} to="/login">
              Back to sign in
            </Link>
          </Typography>
        </>
      )}
    </Box>
  );
}
