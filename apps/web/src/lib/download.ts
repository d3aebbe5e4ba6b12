import {
  CUT_SHEET_DOWNLOAD_ERROR_MESSAGE,
  downloadWarningMessage,
} from '@sunstamp/domain/constants/messages.constants';
import { apiClient, type ApiClient } from './api-client.ts';
import type { Notify } from './notify.ts';

/** A cut sheet failing is an error; any other file is a warning that points to a manual download (spec §8). */
export type DownloadKind = 'cut-sheet' | 'file';

export function downloadFailureToast(kind: DownloadKind, name: string) {
  return kind === 'cut-sheet'
    ? { message: CUT_SHEET_DOWNLOAD_ERROR_MESSAGE, variant: 'error' as const }
    : { message: downloadWarningMessage(name), variant: 'warning' as const };
}

/** Saves a blob under a file name through a temporary object URL (allowed by the CSP's blob:). */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads an API file with the session's token (a plain link cannot carry it) and saves it.
 * Resolves true on success; on failure shows the catalogue message and resolves false.
 */
export async function downloadApiFile(
  notify: Notify,
  options: { path: string; fileName: string; kind?: DownloadKind; query?: Record<string, string>; client?: ApiClient },
): Promise<boolean> {
  const client = options.client ?? apiClient;
  try {
    const blob = await client.request<Blob>(options.path, { query: options.query, responseType: 'blob' });
    saveBlob(blob, options.fileName);
    return true;
  } catch (e) {
    if ((e as { silent?: boolean })?.silent) return false;
    const toast = downloadFailureToast(options.kind ?? 'file', options.fileName);
    notify(toast.message, { variant: toast.variant });
    return false;
  }
}

/** An API file's bytes fetched with the session's token, as an object URL for an <img> or SVG <image> (revoke it when done). */
export async function fetchApiObjectUrl(path: string, client: ApiClient = apiClient): Promise<string> {
  return URL.createObjectURL(await fetchApiBlob(path, undefined, client));
}

/** An API file as a blob, fetched with the session's token (an <img> cannot carry it). */
export function fetchApiBlob(path: string, signal?: AbortSignal, client: ApiClient = apiClient): Promise<Blob> {
  return client.request<Blob>(path, { responseType: 'blob', signal });
}
