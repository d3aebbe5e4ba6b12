import { useEffect, useRef } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { errorMessageOf } from '../../../lib/api-error.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useVerifyEmail } from '../api/use-verify-email.ts';
import { useSession } from '../../../lib/session/session.context.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

/** The verification link's page: confirms the address at once and shows the result. */
export function VerifyEmailPage() {
  usePageTitle('Confirm your email');
  const { key = '' } = useParams();
  const { status } = useSession();
  const queryClient = useQueryClient();
  const verify = useVerifyEmail();
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    // Once per key (StrictMode runs effects twice in development; the key is single-use).
    if (!key || sentFor.current === key) return;
    sentFor.current = key;
    verify.mutate(key, { onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.me() }) });
  }, [key, verify, queryClient]);

  const next = status === 'signed-in' ? { to: '/jobs', label: 'Go to your jobs' } : { to: '/login', label: 'Sign in' };

  return (
    <Box aria-live="polite">
      <Typography variant="h5" component="h1" gutterBottom>
        Confirm your email
      </Typography>
      {verify.isSuccess ? (
        <>
          <Alert severity="success" sx={{ mb: 3 }}>
            {verify.data.detail}
          </Alert>
          <Button variant="contained" fullWidth component={RouterLink} to={next.to}>
            {next.label}
          </Button>
        </>
      ) : verify.isError ? (
        <>
          <Alert severity="error" sx={{ mb: 3 }}>
            {errorMessageOf(verify.error)}
          </Alert>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Links work once and expire after a while. Sign in and ask for a new link from your profile, or contact support.
          </Typography>
          <Button variant="outlined" fullWidth component={RouterLink} to={next.to}>
            {next.label}
          </Button>
        </>
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }}>
          <CircularProgress size={24} aria-label="Verifying" />
          <Typography color="text.secondary">Confirming your email address...</Typography>
        </Box>
      )}
    </Box>
  );
}
