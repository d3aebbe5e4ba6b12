import { isRouteErrorResponse, useRouteError } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { UNKNOWN_ERROR_MESSAGE } from '@sunstamp/domain/constants/messages.constants';

/** A page's code failed to load: after a deploy, an open tab asks for chunks that are gone. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Failed to fetch/i.test(
    message,
  );
}

/** The router's last resort: a page threw while rendering (or its code could not be loaded). */
export function RouteErrorPage() {
  const error = useRouteError();
  const stale = isChunkLoadError(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3, bgcolor: 'background.default' }}>
      <Stack spacing={2} sx={{ maxWidth: 480, textAlign: 'center' }}>
        <Typography variant="h5" component="h1">
          {stale ? 'Sunstamp has been updated' : notFound ? 'Page not found' : 'Something went wrong'}
        </Typography>
        <Typography color="text.secondary">
          {stale ? 'Reload the page to get the latest version.' : UNKNOWN_ERROR_MESSAGE}
        </Typography>
        <Stack direction="row" spacing={1} justifyContent="center">
          <Button variant="contained" onClick={() => window.location.reload()}>
            Reload
          </Button>
          <Button href="/jobs">Go to jobs</Button>
        </Stack>
      </Stack>
    </Box>
  );
}
