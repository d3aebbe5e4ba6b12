import { useState } from 'react';
import { Link as RouterLink, NavLink, Outlet } from 'react-router';
import { CookieSettingsLink, Observability } from '../../components/consent-banner.tsx';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import { SITE_NAV } from '@sunstamp/domain/site/public-pages.routes';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { ThemeToggle } from '../../components/theme-toggle.tsx';
import { useSession } from '../../lib/session/session.context.ts';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link.tsx';

const FOOTER = [
  {
    title: 'Services',
    links: [
      { to: '/permit-design', label: 'Permit design' },
      { to: '/engineering', label: 'Engineering' },
      { to: '/structural-engineering', label: 'Structural engineering' },
      { to: '/electrical-engineering', label: 'Electrical engineering' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About' },
      { to: '/blog', label: 'Blog' },
      { to: '/contact-us', label: 'Contact us' },
      { to: '/request-demo', label: 'Request a demo' },
    ],
  },
  {
    title: 'Support',
    links: [
      { to: '/help', label: 'Help centre' },
      { to: '/terms', label: 'Terms of service' },
      { to: '/privacy-policy', label: 'Privacy policy' },
    ],
  },
];

/** Marketing and content pages: header with sections and sign-in, footer with links. */
// eslint-disable-next-line max-lines-per-function -- the public shell's one JSX tree (header, section links, mobile drawer, footer columns); header and drawer share the open state
export function PublicLayout() {
  const { status } = useSession();
  const signedIn = status === 'signed-in';
  const [open, setOpen] = useState(false);

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <AppBar position="sticky" color="inherit" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
        <Container maxWidth="lg">
          <Toolbar disableGutters sx={{ gap: 1 }}>
            {/* The links fit beside the sign-in buttons from 1200 px (lg); narrower, they are in the menu (at 900–1080 px they wrapped and "Request a demo" ran over "Sign in"). */}
            <IconButton edge="start" aria-label="Open navigation" onClick={() => setOpen(true)} sx={{ display: { lg: 'none' } }}>
              <MenuIcon />
            </IconButton>
            <Link component={RouterLink} to={signedIn ? '/home' : '/'} underline="none" color="text.primary" sx={{ mr: 3, display: 'flex', alignItems: 'center' }}>
              <BrandLogo size={26} />
            </Link>
            <Box component="nav" aria-label="Site" sx={{ display: { xs: 'none', lg: 'flex' }, gap: 0.5, flex: 1 }}>
              {SITE_NAV.map((n) => (
                <Button
                  key={n.to}
                  component={NavLink}
                  to={n.to}
                  color="inherit"
                  // minWidth 0: MUI's 64 px minimum padded the short "Blog" and "Help" wider than the
                  // others, so the gaps between the links were uneven.
                  sx={{ minWidth: 0, px: 1.25, whiteSpace: 'nowrap', color: 'text.secondary', '&.active': { color: 'primary.main' } }}
                >
                  {n.label}
                </Button>
              ))}
            </Box>
            <Box sx={{ flex: { xs: 1, lg: 0 } }} />
            <ThemeToggle color="default" />
            {signedIn ? (
              <Button variant="contained" component={RouterLink} to="/jobs">
                Open app
              </Button>
            ) : (
              <>
                <Button component={RouterLink} to="/login" sx={{ whiteSpace: 'nowrap' }}>
                  Sign in
                </Button>
                <Button
                  variant="contained"
                  color="secondary"
                  component={RouterLink}
                  to="/request-demo"
                  sx={{ whiteSpace: 'nowrap', display: { xs: 'none', sm: 'inline-flex' } }}
                >
                  Request a demo
                </Button>
              </>
            )}
          </Toolbar>
        </Container>
      </AppBar>

      <Drawer open={open} onClose={() => setOpen(false)}>
        <Box sx={{ width: 260 }} onClick={() => setOpen(false)}>
          <Box sx={{ p: 2 }}>
            <BrandLogo size={26} />
          </Box>
          <Divider />
          <List component="nav" aria-label="Site">
            {[...SITE_NAV, ...(signedIn ? [] : [{ to: '/login', label: 'Sign in' }, { to: '/request-demo', label: 'Request a demo' }])].map((n) => (
              <ListItemButton key={n.to} component={RouterLink} to={n.to}>
                <ListItemText primary={n.label} />
              </ListItemButton>
            ))}
          </List>
        </Box>
      </Drawer>

      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flex: 1, outline: 'none' }}>
        <Outlet />
      </Box>

      <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', mt: 8 }}>
        <Container maxWidth="lg" sx={{ py: 6 }}>
          <Grid container spacing={4}>
            <Grid size={{ xs: 12, md: 4 }}>
              <BrandLogo size={24} />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 2, maxWidth: 300 }}>
                Solar permit plan sets, structural and electrical engineering letters and stamps, ordered in one place.
              </Typography>
            </Grid>
            {FOOTER.map((col) => (
              <Grid key={col.title} size={{ xs: 6, sm: 4, md: 8 / 3 }}>
                <Typography variant="subtitle2" component="h2" sx={{ mb: 1.5 }}>
                  {col.title}
                </Typography>
                <Stack spacing={1}>
                  {col.links.map((l) => (
                    <Link key={l.to} component={RouterLink} to={l.to} variant="body2" color="text.secondary" underline="hover">
                      {l.label}
                    </Link>
                  ))}
                </Stack>
              </Grid>
            ))}
          </Grid>
          <Divider sx={{ my: 4 }} />
          <Stack direction="row" spacing={3} sx={{ color: 'text.secondary', typography: 'body2' }}>
            <span>© {new Date().getFullYear()} Sunstamp. All rights reserved.</span>
            <CookieSettingsLink />
          </Stack>
        </Container>
      </Box>
      <Observability area="public" />
    </Box>
  );
}
