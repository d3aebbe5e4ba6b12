import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SessionUser } from '@sunstamp/domain/contracts/users';
import { FormError } from '../../../components/form-error.tsx';
import { textFieldProps } from '../../../components/form/form-field.ts';
import { friendlyErrors, showServerError } from '../../../lib/form-resolver.ts';
import type { UpdateMeBody } from '../api/use-update-me.ts';
import { ZProfileForm } from './profile.schema.ts';

const FIELDS = ['firstName', 'lastName', 'phoneNumber', 'jobNotificationsEnabled', 'messageNotificationsEnabled'] as const;

/** Name, phone and notification switches; used by onboarding and the profile page. */
export function ProfileForm({
  user,
  submitLabel,
  onSubmit,
}: {
  user: SessionUser;
  submitLabel: string;
  onSubmit: (body: UpdateMeBody) => Promise<unknown>;
}) {
  const form = useForm({
    resolver: zodResolver(ZProfileForm, friendlyErrors),
    values: {
      firstName: user.firstName,
      lastName: user.lastName,
      phoneNumber: user.phoneNumber ?? '',
      jobNotificationsEnabled: user.jobNotificationsEnabled,
      messageNotificationsEnabled: user.messageNotificationsEnabled,
    },
    resetOptions: { keepDirtyValues: true },
  });

  const submit = form.handleSubmit(async (v) => {
    try {
      await onSubmit({ ...v, phoneNumber: v.phoneNumber ? v.phoneNumber : null });
      form.reset(undefined, { keepValues: true });
    } catch (e) {
      showServerError(e, form.setError, FIELDS);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <FormError message={form.formState.errors.root?.server?.message} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label="First name" autoComplete="given-name" {...textFieldProps(form, 'firstName')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label="Last name" autoComplete="family-name" {...textFieldProps(form, 'lastName')} />
        </Grid>
        <Grid size={12}>
          <TextField label="Phone" type="tel" autoComplete="tel" {...textFieldProps(form, 'phoneNumber', 'Optional')} />
        </Grid>
      </Grid>
      <Typography variant="subtitle2" sx={{ mt: 3, mb: 0.5 }}>
        Email notifications
      </Typography>
      <FormGroup>
        <Controller
          control={form.control}
          name="jobNotificationsEnabled"
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={!!field.value} onChange={(_, c) => field.onChange(c)} onBlur={field.onBlur} />}
              label="Job updates"
            />
          )}
        />
        <FormHelperText sx={{ mt: -0.5, mb: 1, ml: 6.5 }}>Status changes and deliverables of your jobs.</FormHelperText>
        <Controller
          control={form.control}
          name="messageNotificationsEnabled"
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={!!field.value} onChange={(_, c) => field.onChange(c)} onBlur={field.onBlur} />}
              label="Messages"
            />
          )}
        />
        <FormHelperText sx={{ mt: -0.5, ml: 6.5 }}>New messages on your jobs.</FormHelperText>
      </FormGroup>
      <Box sx={{ mt: 3, display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
          {submitLabel}
        </Button>
      </Box>
    </Box>
  );
}
