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
import { ZRequestDemoBody } from '@sunstamp/domain/contracts/auth';
import { REQUEST_DEMO_PAGE } from '@sunstamp/domain/site/login-page.data';
import { FormError } from '../../../components/form-error.tsx';
import { textFieldProps } from '../../../components/form/form-field.ts';
import { friendlyErrors, showServerError } from '../../../lib/form-resolver.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useRequestDemo } from '../api/use-request-demo.ts';

export function RequestDemoPage() {
  usePageTitle(REQUEST_DEMO_PAGE.title);
  const request = useRequestDemo();
  const form = useForm({
    resolver: zodResolver(ZRequestDemoBody, friendlyErrors),
    defaultValues: { name: '', email: '', company: '', phone: '', message: '' },
  });

  const onSubmit = form.handleSubmit(async ({ phone, message, ...rest }) => {
    try {
      await request.mutateAsync({ ...rest, ...(phone ? { phone } : {}), ...(message ? { message } : {}) });
    } catch (e) {
      showServerError(e, form.setError, ['name', 'email', 'company', 'phone', 'message']);
    }
  });

  if (request.isSuccess) {
    return (
      <Box>
        <Typography variant="h5" component="h1" gutterBottom>
          Request received
        </Typography>
        <Alert severity="success" sx={{ mb: 3 }}>
          {request.data?.detail ?? 'Thank you! We will be in touch shortly.'}
        </Alert>
        <Button variant="contained" component={RouterLink} to="/home">
          Back to the home page
        </Button>
      </Box>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Typography variant="h5" component="h1" sx={{ mb: 0.5 }}>
        {REQUEST_DEMO_PAGE.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {REQUEST_DEMO_PAGE.lead}
      </Typography>
      <FormError message={form.formState.errors.root?.server?.message} />
      <Stack spacing={2}>
        <TextField label="Your name" autoComplete="name" required autoFocus {...textFieldProps(form, 'name')} />
        <TextField label="Work email" type="email" autoComplete="email" required {...textFieldProps(form, 'email')} />
        <TextField label="Company" autoComplete="organization" required {...textFieldProps(form, 'company')} />
        <TextField label="Phone" type="tel" autoComplete="tel" {...textFieldProps(form, 'phone', 'Optional')} />
        <TextField label="Anything we should know?" multiline minRows={3} {...textFieldProps(form, 'message', 'Optional')} />
        <Button type="submit" variant="contained" size="large" loading={form.formState.isSubmitting}>
          Request a demo
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        Already a client?{' '}
        <Link component={RouterLink} to="/login">
          Sign in
        </Link>
      </Typography>
    </Box>
  );
}
