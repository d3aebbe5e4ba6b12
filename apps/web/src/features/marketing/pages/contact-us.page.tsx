import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { usePageTitle } from '../../../lib/page-title.ts';
import { ContentHero } from '../components/content-hero.tsx';

export function ContactUsPage() {
  usePageTitle('Contact us');
  return (
    <>
      <ContentHero title="Contact us" lead="Questions about a job, an account or our services? We answer on business days." />
      <Container maxWidth="lg" sx={{ py: 6 }}>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Card sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="h6" component="h2" gutterBottom>
                  Clients
                </Typography>
                <Typography color="text.secondary" sx={{ mb: 2 }}>
                  Signed-in clients reach their support contact from a job’s messages. For anything else, write to{' '}
                  <Link href="mailto:support@sunstamp.test">support@sunstamp.test</Link>.
                </Typography>
                <Button variant="outlined" component={RouterLink} to="/login">
                  Sign in
                </Button>
              </CardContent>
            </Card>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Card sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="h6" component="h2" gutterBottom>
                  New to Sunstamp
                </Typography>
                <Typography color="text.secondary" sx={{ mb: 2 }}>
                  Tell us about your company and the jobs you run; we will set up a walk-through.
                </Typography>
                <Button variant="contained" color="secondary" component={RouterLink} to="/request-demo">
                  Request a demo
                </Button>
              </CardContent>
            </Card>
          </Grid>
        </Grid>
      </Container>
    </>
  );
}
