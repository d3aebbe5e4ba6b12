import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { NotificationMailKind } from '@sunstamp/domain/contracts/messages';
import { errorMessageOf } from '../../../lib/api-error.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useSession } from '../../../lib/session/session.context.ts';
import { useUnsubscribe, useUnsubscribeInfo } from '../api/messages.api.ts';

const KIND_TEXT: Record<NotificationMailKind, string> = { message: 'message notifications', job: 'job notifications' };

/**
 * The page of a notification mail's unsubscribe link: it says which mail the link stops and asks
 * for one click (a link scanner that opens the page changes nothing). Mail clients use the
 * one-click POST of the List-Unsubscribe header instead. No sign-in needed.
 */
export function UnsubscribePage() {
  usePageTitle('Unsubscribe');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { status } = useSession();
  const info = useUnsubscribeInfo(token);
  const stop = useUnsubscribe(token);
  const answer = stop.data ?? info.data;
  const what = answer ? answer.kinds.map((k) => KIND_TEXT[k]).join(' and ') : '';
  const next = status === 'signed-in' ? { to: '/profile', label: 'Open your profile' } : { to: '/login', label: 'Sign in' };

  return (
    <Box aria-live="polite">
      <Typography variant="h5" component="h1" gutterBottom>
        Unsubscribe
      </Typography>
      {!token || info.isError ? (
        <>
          <Alert severity="error" sx={{ mb: 3 }}>
            {token ? errorMessageOf(info.error) : 'This unsubscribe link is not complete. Use the link from the mail, or switch notification mail off in your profile.'}
          </Alert>
          <Button variant="outlined" fullWidth component={RouterLink} to={next.to}>
            {next.label}
          </Button>
        </>
      ) : !answer ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }}>
          <CircularProgress size={24} />
          <Typography color="text.secondary">Reading the link...</Typography>
        </Box>
      ) : answer.switched_off ? (
        <>
          <Alert severity="success" sx={{ mb: 3 }} data-testid="unsubscribed">
            Done: {answer.email} gets no more {what} by mail. The bell in the app still shows them.
          </Alert>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Changed your mind? Switch them on again in your profile.
          </Typography>
          <Button variant="outlined" fullWidth component={RouterLink} to={next.to}>
            {next.label}
          </Button>
        </>
      ) : (
        <>
          <Typography sx={{ mb: 3 }}>
            Stop {what} by mail for {answer.email}? You will still see them in the app.
          </Typography>
          {stop.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errorMessageOf(stop.error)}
            </Alert>
          )}
          <Button variant="contained" fullWidth onClick={() => stop.mutate()} loading={stop.isPending}>
            Unsubscribe
          </Button>
        </>
      )}
    </Box>
  );
}
