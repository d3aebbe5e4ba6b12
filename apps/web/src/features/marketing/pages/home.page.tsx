import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { HOME_PAGE } from '@sunstamp/domain/site/public-pages.data';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArchitectureOutlined from '@mui/icons-material/ArchitectureOutlined';
import BoltOutlined from '@mui/icons-material/BoltOutlined';
import RoofingOutlined from '@mui/icons-material/RoofingOutlined';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useSession } from '../../../lib/session/session.context.ts';
import { ContentHero } from '../components/content-hero.tsx';
import { DemoCta } from '../components/demo-cta.tsx';

// The words come from the domain, where the server reads them too to prerender this page.
const ICONS: Record<string, ReactNode> = {
  '/permit-design': <ArchitectureOutlined />,
  '/structural-engineering': <RoofingOutlined />,
  '/electrical-engineering': <BoltOutlined />,
};
const SERVICES = HOME_PAGE.services.map((s) => ({ ...s, icon: ICONS[s.to] }));
const STEPS = HOME_PAGE.steps;

// eslint-disable-next-line max-lines-per-function -- the home page's sections (hero, service cards, how it works) in one JSX tree; its only logic is the page title and the signed-in check for the call to action
export function HomePage() {
  usePageTitle();
  const { status } = useSession();
  return (
    <>
      <ContentHero
        title={HOME_PAGE.hero.title}
        lead={HOME_PAGE.hero.lead}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {status === 'signed-in' ? (
            <Button variant="contained" color="secondary" size="large" component={RouterLink} to="/jobs">
              Open your jobs
            </Button>
          ) : (
            <>
              <Button variant="contained" color="secondary" size="large" component={RouterLink} to="/request-demo">
                Request a demo
              </Button>
              <Button
                variant="outlined"
                size="large"
                component={RouterLink}
                to="/login"
                sx={{ color: '#fff', borderColor: 'rgba(255,255,255,0.6)', '&:hover': { borderColor: '#fff', bgcolor: 'rgba(255,255,255,0.08)' } }}
              >
                Sign in
              </Button>
            </>
          )}
        </Stack>
      </ContentHero>
      <Container maxWidth="lg" sx={{ py: { xs: 5, md: 8 } }}>
        <Typography variant="h4" component="h2" gutterBottom>
          {HOME_PAGE.servicesHeading}
        </Typography>
        <Grid container spacing={3}>
          {SERVICES.map((s) => (
            <Grid key={s.to} size={{ xs: 12, md: 4 }}>
              <Card sx={{ height: '100%' }}>
                <CardActionArea component={RouterLink} to={s.to} sx={{ height: '100%', alignItems: 'flex-start' }}>
                  <CardContent>
                    <Box sx={{ color: 'primary.main', mb: 1.5, '& svg': { fontSize: 32 } }}>{s.icon}</Box>
                    <Typography variant="h6" component="h3" gutterBottom>
                      {s.title}
                    </Typography>
                    <Typography color="text.secondary">{s.text}</Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Grid>
          ))}
        </Grid>
        <Typography variant="h4" component="h2" sx={{ mt: 8, mb: 3 }}>
          {HOME_PAGE.stepsHeading}
        </Typography>
        <Grid container spacing={3}>
          {STEPS.map((s) => (
            <Grid key={s.n} size={{ xs: 12, md: 4 }}>
              <Stack direction="row" spacing={2}>
                <Box
                  sx={{ width: 40, height: 40, flex: '0 0 40px', borderRadius: '50%', display: 'grid', placeItems: 'center', bgcolor: 'secondary.main', color: 'secondary.contrastText', fontWeight: 800 }}
                >
                  {s.n}
                </Box>
                <Box>
                  <Typography variant="h6" component="h3">
                    {s.title}
                  </Typography>
                  <Typography color="text.secondary">{s.text}</Typography>
                </Box>
              </Stack>
            </Grid>
          ))}
        </Grid>
        <Typography variant="h4" component="h2" sx={{ mt: 8, mb: 1 }}>
          {HOME_PAGE.receive.heading}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 760 }}>
          {HOME_PAGE.receive.text}
        </Typography>
        <Box component="figure" sx={{ m: 0 }}>
          <Box
            component="img"
            src="/samples/plan-set-pv-4.png"
            alt="Sample sheet PV-4 of a generated plan set: the single-line diagram from the PV array to the main service panel, with the conductor, conduit and OCPD schedule, the interconnection check and the title block."
            width={1400}
            height={906}
            loading="lazy"
            sx={{ width: '100%', height: 'auto', display: 'block', border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
          />
          <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Sheet PV-4 of a sample set (2020 NEC, 8.00 kW DC / 7.60 kW AC, load-side breaker).
          </Typography>
        </Box>
        {status !== 'signed-in' && <DemoCta />}
      </Container>
    </>
  );
}
