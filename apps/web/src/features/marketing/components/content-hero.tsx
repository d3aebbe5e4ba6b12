import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

/** The banner at the top of open pages. */
export function ContentHero({ title, lead, children }: { title: string; lead?: string; children?: ReactNode }) {
  return (
    <Box
      sx={(t) => ({
        py: { xs: 6, md: 9 },
        color: '#fff',
        background:
          t.palette.mode === 'dark'
            ? 'linear-gradient(135deg, #0c1c33 0%, #14365d 60%, #1d5fa8 100%)'
            : 'linear-gradient(135deg, #14365d 0%, #1d5fa8 70%, #2f7fd3 100%)',
      })}
    >
      <Container maxWidth="lg">
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: 32, md: 44 }, maxWidth: 760 }}>
          {title}
        </Typography>
        {lead && (
          <Typography sx={{ mt: 2, maxWidth: 680, fontSize: { xs: 17, md: 19 }, color: 'rgba(255,255,255,0.85)' }}>
            {lead}
          </Typography>
        )}
        {children && <Box sx={{ mt: 4 }}>{children}</Box>}
      </Container>
    </Box>
  );
}
