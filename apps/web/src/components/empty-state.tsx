import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** A calm card for a section with nothing to show yet. */
export function EmptyState({ icon, title, children, action, level = 'h2' }: { icon?: ReactNode; title: string; children?: ReactNode; action?: ReactNode; level?: 'h1' | 'h2' }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 4, sm: 6 }, textAlign: 'center' }}>
      {icon && (
        <Box
          sx={(t) => ({
            mx: 'auto',
            mb: 2,
            width: 64,
            height: 64,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            color: 'primary.main',
            bgcolor: t.palette.mode === 'dark' ? 'rgba(127,178,234,0.12)' : 'rgba(29,95,168,0.08)',
            '& svg': { fontSize: 32 },
          })}
        >
          {icon}
        </Box>
      )}
      <Typography variant="h6" component={level} gutterBottom>
        {title}
      </Typography>
      {children && (
        <Typography color="text.secondary" sx={{ maxWidth: 520, mx: 'auto' }}>
          {children}
        </Typography>
      )}
      {action && <Box sx={{ mt: 3 }}>{action}</Box>}
    </Paper>
  );
}
