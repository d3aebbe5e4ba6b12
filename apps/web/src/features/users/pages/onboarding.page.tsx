import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { getDisplayName } from '@sunstamp/domain/format/display-name.format';
import { notify } from '../../../lib/notify.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useSession, useSessionUser } from '../../../lib/session/session.context.ts';
import { useFinishOnboarding } from '../api/use-finish-onboarding.ts';
import { useUpdateMe, type UpdateMeBody } from '../api/use-update-me.ts';
import { SetPasswordForm } from '../components/password.form.tsx';
import { ProfileForm } from '../components/profile.form.tsx';

/**
 * First sign-in of an invited user: set a password when the account has none (needsPassword),
 * then confirm the profile and notification choices (needsOnboarding → onboard-finished).
 * The onboarding guard sends the user on once both are done.
 */
export function OnboardingPage() {
  usePageTitle('Welcome');
  const user = useSessionUser();
  const { signOut } = useSession();
  const updateMe = useUpdateMe();
  const finish = useFinishOnboarding();
  // The steps this user needed when the page opened (they stay listed once done).
  const [steps] = useState(() => [
    ...(user.needsPassword ? (['password'] as const) : []),
    ...(user.needsOnboarding ? (['profile'] as const) : []),
  ]);
  const current = user.needsPassword ? 'password' : 'profile';
  const active = Math.max(0, steps.indexOf(current));

  const setPassword = async (body: UpdateMeBody) => {
    const me = await updateMe.mutateAsync(body);
    notify('Your password is set.', { variant: 'success' });
    return me;
  };
  const saveProfile = async (body: UpdateMeBody) => {
    await updateMe.mutateAsync(body);
    if (user.needsOnboarding) await finish.mutateAsync();
    notify('Welcome to Sunstamp!', { variant: 'success' });
  };

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 0.5 }}>
        Welcome, {getDisplayName(user)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        A couple of things before you start.
      </Typography>
      {steps.length > 1 && (
        <Stepper activeStep={active} sx={{ mb: 4 }}>
          <Step>
            <StepLabel>Set a password</StepLabel>
          </Step>
          <Step>
            <StepLabel>Your profile</StepLabel>
          </Step>
        </Stepper>
      )}
      {current === 'password' ? (
        <SetPasswordForm submitLabel="Set password" onSubmit={setPassword} />
      ) : (
        <ProfileForm user={user} submitLabel="Finish" onSubmit={saveProfile} />
      )}
      <Box sx={{ mt: 3, textAlign: 'center' }}>
        <Button size="small" color="inherit" onClick={() => void signOut()}>
          Sign out
        </Button>
      </Box>
    </Box>
  );
}
