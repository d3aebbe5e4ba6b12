import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export function DemoCta() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 }, mt: 6 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
        <Stack sx={{ flex: 1 }}>
          <Typography variant="h6" component="h2">
            See Sunstamp with your own jobs
          </Typography>
          <Typography color="text.secondary">We will walk you through ordering, tracking and approving a plan set.</Typography>
        </Stack>
        <Button variant="contained" color="secondary" size="large" component={RouterLink} to="/request-demo">
          Request a demo
        </Button>
      </Stack>
    </Paper>
  );
}
