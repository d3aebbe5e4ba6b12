import type { OptionsObject } from 'notistack';

export type NotifyOptions = Pick<OptionsObject, 'variant' | 'persist' | 'preventDuplicate'>;
export type Notify = (message: string, options?: NotifyOptions) => void;

let toasterMounted: () => void = () => {};
const toasterReady = new Promise<void>((resolve) => {
  toasterMounted = resolve;
});

/** Called by the app's toaster (app/toaster.tsx) once its SnackbarProvider is mounted. */
export function markToasterReady() {
  toasterMounted();
}

/**
 * Shows a toast from anywhere (query caches, the API client's session events). notistack's
 * standalone enqueue reaches the one SnackbarProvider the app mounts. notistack is loaded on first
 * use, beside the page, not in the first load: a toast asked for before then waits for it.
 */
export const notify: Notify = (message, options) => {
  void Promise.all([import('notistack'), toasterReady]).then(([{ enqueueSnackbar }]) => {
    enqueueSnackbar(message, { variant: 'default', ...options });
  });
};
