import { StrictMode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { closeSnackbar, SnackbarProvider } from 'notistack';
import { RouterProvider } from 'react-router';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { SessionProvider } from '../lib/session/session.provider.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { notify } from '../lib/notify.ts';
import { router } from './router.tsx';
import { ThemeModeProvider } from './theme-mode.provider.tsx';
import { TOAST_CONFIG } from './toast.config.ts';
import { TOAST_COMPONENTS } from './toast.content.tsx';

const queryClient = createQueryClient(notify);

/** Providers, outermost first: theme, toasts, data cache, session, routes. */
export function App() {
  return (
    <StrictMode>
      <ThemeModeProvider>
        <SnackbarProvider
          {...TOAST_CONFIG}
          Components={TOAST_COMPONENTS}
          action={(key) => (
            <IconButton size="small" color="inherit" aria-label="Dismiss" onClick={() => closeSnackbar(key)}>
              <CloseIcon fontSize="small" />
            </IconButton>
          )}
        >
          <QueryClientProvider client={queryClient}>
            <SessionProvider>
              <RouterProvider router={router} />
            </SessionProvider>
          </QueryClientProvider>
        </SnackbarProvider>
      </ThemeModeProvider>
    </StrictMode>
  );
}
