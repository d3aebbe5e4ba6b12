import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RouteErrorViewProps } from './route-error.page.tsx';

/** The router's error page as drawn with MUI (route-error.page.tsx decides what it says). */
export function RouteErrorView({ title, text, alert }: RouteErrorViewProps) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3, bgcolor: 'background.default' }}>
      <Stack spacing={2} sx={{ maxWidth: 480, textAlign: 'center' }}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        <Typography color="text.secondary" role={alert ? 'alert' : undefined}>
          {text}
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
