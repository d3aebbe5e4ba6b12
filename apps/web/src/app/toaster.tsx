import { useEffect } from 'react';
import { closeSnackbar, SnackbarProvider } from 'notistack';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { markToasterReady } from '../lib/notify.ts';
import { TOAST_CONFIG } from './toast.config.ts';
import { TOAST_COMPONENTS } from './toast.content.tsx';

/**
 * Where toasts appear (lib/notify.ts enqueues through notistack's standalone API). Nothing reads
 * notistack's context, so the provider wraps no children and is loaded apart from the first load.
 */
export function Toaster() {
  useEffect(() => markToasterReady(), []);
  return (
    <SnackbarProvider
      {...TOAST_CONFIG}
      Components={TOAST_COMPONENTS}
      action={(key) => (
        <IconButton size="small" color="inherit" aria-label="Dismiss" onClick={() => closeSnackbar(key)}>
          <CloseIcon fontSize="small" />
        </IconButton>
      )}
    />
  );
}
