import { Link as RouterLink } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ZContactBody, type ContactBodyInput } from '@sunstamp/domain/contracts/contact';
import { LISTING_PAGES } from '@sunstamp/domain/site/public-pages.data';
import { FormError } from '../../../components/form-error.tsx';
import { textFieldProps } from '../../../components/form/form-field.ts';
import { friendlyErrors, showServerError } from '../../../lib/form-resolver.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useSendContact } from '../api/use-contact.ts';
import { ContentHero } from '../components/content-hero.tsx';

/** Off screen and out of the accessibility tree: only robots fill it (the server drops what they send). */
const HONEYPOT_SX = { position: 'absolute', left: '-10000px', top: 'auto', width: 1, height: 1, overflow: 'hidden' } as const;

function ContactForm() {
  const send = useSendContact();
  const form = useForm<ContactBodyInput>({
    resolver: zodResolver(ZContactBody, friendlyErrors),
    defaultValues: { name: '', company: '', email: '', message: '', website: '' },
  });
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await send.mutateAsync(body);
    } catch (e) {
      showServerError(e, form.setError, ['name', 'company', 'email', 'message']);
    }
  });

  if (send.isSuccess) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="success" sx={{ width: '100%' }}>{send.data?.detail}</Alert>
        <Button variant="outlined" onClick={() => { form.reset(); send.reset(); }}>Send another message</Button>
      </Stack>
    );
  }
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="contact-form-title">
      <Typography id="contact-form-title" variant="h6" component="h2" gutterBottom>Write to us</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>Questions about a job, an account or our services: we answer on business days, by email.</Typography>
      <FormError message={form.formState.errors.root?.server?.message} />
      <Stack spacing={2}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}><TextField label="Your name" autoComplete="name" required fullWidth {...textFieldProps(form, 'name')} /></Grid>
          <Grid size={{ xs: 12, sm: 6 }}><TextField label="Company" autoComplete="organization" fullWidth {...textFieldProps(form, 'company', 'Optional')} /></Grid>
        </Grid>
        <TextField label="Email" type="email" autoComplete="email" required {...textFieldProps(form, 'email')} />
        <TextField label="Message" multiline minRows={5} required {...textFieldProps(form, 'message')} />
        <Box sx={HONEYPOT_SX} aria-hidden="true">
          <label htmlFor="contact-website">Leave this field empty</label>
          <input id="contact-website" type="text" tabIndex={-1} autoComplete="off" {...form.register('website')} />
        </Box>
        <Box>
          <Button type="submit" variant="contained" size="large" loading={form.formState.isSubmitting}>Send message</Button>
        </Box>
      </Stack>
    </Box>
  );
}

export function ContactUsPage() {
  usePageTitle(LISTING_PAGES['contact-us'].title);
  return (
    <>
      <ContentHero title={LISTING_PAGES['contact-us'].title} lead={LISTING_PAGES['contact-us'].lead} />
      <Container maxWidth="lg" sx={{ py: 6 }}>
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 7 }}>
            <Card><CardContent sx={{ p: { xs: 2, md: 3 } }}><ContactForm /></CardContent></Card>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <Stack spacing={3}>
              <Card>
                <CardContent>
                  <Typography variant="h6" component="h2" gutterBottom>Clients</Typography>
                  <Typography color="text.secondary" sx={{ mb: 2 }}>
                    Signed in, write in a job's messages: your support contact and the team working on the job answer there.
                  </Typography>
                  <Button variant="outlined" component={RouterLink} to="/login">Sign in</Button>
                </CardContent>
              </Card>
              <Card>
                <CardContent>
                  <Typography variant="h6" component="h2" gutterBottom>New to Sunstamp</Typography>
                  <Typography color="text.secondary" sx={{ mb: 2 }}>Tell us about your company and the jobs you run; we will set up a walk-through.</Typography>
                  <Button variant="contained" color="secondary" component={RouterLink} to="/request-demo">Request a demo</Button>
                </CardContent>
              </Card>
            </Stack>
          </Grid>
        </Grid>
      </Container>
    </>
  );
}
