import { Link as RouterLink, useLocation } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ZLoginBody } from '@sunstamp/domain/contracts/auth';
import { LOGIN_PAGE } from '@sunstamp/domain/site/login-page.data';
import { FormError } from '../../../components/form-error.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { textFieldProps } from '../../../components/form/form-field.ts';
import { friendlyErrors, showServerError } from '../../../lib/form-resolver.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useLogin } from '../api/use-login.ts';

/** Sign in with email and password; success returns to the page that asked for it (the guard does). */
export function LoginPage() {
  usePageTitle(LOGIN_PAGE.title);
  const location = useLocation();
  const remembered = !!(location.state as { from?: unknown } | null)?.from;
  const login = useLogin();
  const form = useForm({
    resolver: zodResolver(ZLoginBody, friendlyErrors),
    defaultValues: { email: '', password: '' },
  });
  const rootError = form.formState.errors.root?.server?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await login.mutateAsync(values);
    } catch (e) {
      showServerError(e, form.setError, ['email', 'password']);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="login-title">
      <Typography id="login-title" variant="h5" component="h1" sx={{ mb: 0.5 }}>
        {LOGIN_PAGE.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {LOGIN_PAGE.lead}
      </Typography>
      {remembered && !rootError && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Please sign in to continue.
        </Alert>
      )}
      <FormError message={rootError} />
      <Stack spacing={2.5}>
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          autoFocus
          {...textFieldProps(form, 'email')}
        />
        <PasswordField label="Password" autoComplete="current-password" {...textFieldProps(form, 'password')} />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: -1 }}>
          <Link component={RouterLink} to="/password-reset" variant="body2">
            Forgot your password?
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" loading={form.formState.isSubmitting}>
          Sign in
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        New to Sunstamp?{' '}
        <Link component={RouterLink} to="/request-demo">
          Request a demo
        </Link>
      </Typography>
    </Box>
  );
}
