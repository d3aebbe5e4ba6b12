import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

export const DEFAULT_LOADING_MESSAGE = 'Loading...';

/** Full-screen backdrop with a spinner and a message (spec §2: default 'Loading...'). */
export function LoadingBackdrop({ open, message = DEFAULT_LOADING_MESSAGE }: { open: boolean; message?: string }) {
  return (
    <Backdrop
      open={open}
      aria-busy={open}
      aria-live="polite"
      data-testid="loading-backdrop"
      sx={(t) => ({
        zIndex: t.zIndex.modal + 1,
        flexDirection: 'column',
        gap: 2,
        color: '#fff',
        backgroundColor: t.palette.mode === 'dark' ? 'rgba(5,9,16,0.82)' : 'rgba(20,54,93,0.55)',
      })}
    >
      {/* The backdrop stays mounted (hidden) once it has faded out: its spinner and message only while open. */}
      {open && <CircularProgress color="inherit" aria-label="Working" />}
      {open && (
        <Typography variant="h6" component="p" sx={{ fontWeight: 600 }}>
          {message}
        </Typography>
      )}
    </Backdrop>
  );
}
