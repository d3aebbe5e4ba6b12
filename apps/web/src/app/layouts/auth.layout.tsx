import { Link as RouterLink, Outlet } from 'react-router';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { ThemeToggle } from '../../components/theme-toggle.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link.tsx';

/** Sign-in and account pages: the brand, one centred card, and the legal links. */
export function AuthLayout({ wide = false }: { wide?: boolean }) {
  return (
    <Box
      sx={(t) => ({
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        background:
          t.palette.mode === 'dark'
            ? 'radial-gradient(1200px 600px at 10% -10%, rgba(29,95,168,0.35), transparent 60%), radial-gradient(900px 500px at 110% 110%, rgba(246,168,33,0.12), transparent 60%)'
            : 'radial-gradient(1200px 600px at 10% -10%, rgba(29,95,168,0.14), transparent 60%), radial-gradient(900px 500px at 110% 110%, rgba(246,168,33,0.16), transparent 60%)',
      })}
    >
      <SkipLink />
      <Box component="header" sx={{ display: 'flex', alignItems: 'center', px: { xs: 2, sm: 4 }, py: 2 }}>
        <Link component={RouterLink} to="/home" underline="none" color="text.primary" aria-label="Sunstamp home" sx={{ display: 'flex' }}>
          <BrandLogo />
        </Link>
        <Box sx={{ flex: 1 }} />
        <ThemeToggle color="default" />
      </Box>
      <Container component="main" id={MAIN_CONTENT_ID} tabIndex={-1} maxWidth={wide ? 'sm' : 'xs'} sx={{ flex: 1, display: 'flex', alignItems: 'center', py: 4, outline: 'none' }}>
        <Paper variant="outlined" sx={{ width: '100%', p: { xs: 3, sm: 4 }, boxShadow: '0 12px 40px rgba(20,54,93,0.10)' }}>
          <Outlet />
        </Paper>
      </Container>
      <Box component="footer" sx={{ py: 3, px: 2 }}>
        <Stack direction="row" spacing={3} justifyContent="center" flexWrap="wrap">
          <Typography variant="body2" color="text.secondary">
            © {new Date().getFullYear()} Sunstamp
          </Typography>
          <Link component={RouterLink} to="/help" variant="body2" color="text.secondary">
            Help
          </Link>
          <Link component={RouterLink} to="/terms" variant="body2" color="text.secondary">
            Terms
          </Link>
          <Link component={RouterLink} to="/privacy-policy" variant="body2" color="text.secondary">
            Privacy
          </Link>
        </Stack>
      </Box>
    </Box>
  );
}
