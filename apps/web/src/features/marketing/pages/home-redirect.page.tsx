import { useEffect, useState } from 'react';
import { Navigate, useParams, Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { usePageTitle } from '../../../lib/page-title.ts';

/**
 * Landing page for links that come back from another window (e.g. a mail or a provider's
 * page): /home/redirect/true closes the window when the browser allows it, anything else
 * goes to the home page.
 */
export function HomeRedirectPage() {
  usePageTitle();
  const { shouldClose } = useParams();
  const close = shouldClose === 'true' || shouldClose === '1';
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (!close) return;
    window.close();
    // A window the script did not open cannot be closed: say so after a moment.
    const t = setTimeout(() => setTried(true), 300);
    return () => clearTimeout(t);
  }, [close]);
  if (!close) return <Navigate to="/home" replace />;
  return (
    <Container maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
      <Typography variant="h5" component="h1" gutterBottom>
        All done
      </Typography>
      {tried && (
        <>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            You can close this window now.
          </Typography>
          <Button variant="contained" component={RouterLink} to="/home">
            Go to the home page
          </Button>
        </>
      )}
    </Container>
  );
}
