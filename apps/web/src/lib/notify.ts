import { enqueueSnackbar, type OptionsObject } from 'notistack';

export type NotifyOptions = Pick<OptionsObject, 'variant' | 'persist' | 'preventDuplicate'>;
export type Notify = (message: string, options?: NotifyOptions) => void;

/**
 * Shows a toast from anywhere (query caches, the API client's session events). notistack's
 * standalone enqueue reaches the one SnackbarProvider mounted by the app.
 */
export const notify: Notify = (message, options) => {
  enqueueSnackbar(message, { variant: 'default', ...options });
};
