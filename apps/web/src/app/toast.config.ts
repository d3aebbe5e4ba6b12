import type { SnackbarProviderProps } from 'notistack';
import { TOAST_AUTO_HIDE_MS, TOAST_MAX } from '@sunstamp/domain/constants/limits.constants';

/** Spec §2/§9: up to 10 toasts, bottom centre, hidden after 5 seconds, duplicates suppressed. */
export const TOAST_CONFIG = {
  maxSnack: TOAST_MAX,
  anchorOrigin: { vertical: 'bottom', horizontal: 'center' },
  autoHideDuration: TOAST_AUTO_HIDE_MS,
  preventDuplicate: true,
} as const satisfies Partial<SnackbarProviderProps>;
