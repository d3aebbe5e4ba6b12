import { CSRF_HEADER } from '@sunstamp/domain/constants/auth.constants';
import { apiClient, isCsrfFailure, type ApiClient } from './api-client.ts';
import { ApiError, messageForErrorBody, networkError } from './api-error.ts';

export type UploadProgress = { loaded: number; total: number };

export type UploadOptions = {
  onProgress?: (p: UploadProgress) => void;
  signal?: AbortSignal;
  /** The app's client unless a test gives another. */
  client?: ApiClient;
};

type XhrResult = { status: number; body: unknown };

/** One multipart POST through XMLHttpRequest: fetch cannot report upload progress. */
function sendOnce(client: ApiClient, url: string, form: FormData, onProgress?: (p: UploadProgress) => void, signal?: AbortSignal): Promise<XhrResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    const access = client.tokens.getAccess();
    if (access) xhr.setRequestHeader('Authorization', `Bearer ${access}`);
    const csrf = client.tokens.getCsrf();
    if (csrf) xhr.setRequestHeader(CSRF_HEADER, csrf);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.({ loaded: e.loaded, total: e.total });
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(networkError());
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * POSTs a multipart form to an API path (`/jobs/…/files`) with upload progress, which the API
 * client's fetch cannot report. Like the API client: the bearer and CSRF header, a fresh CSRF
 * token on a CSRF refusal, one refresh on a 401; any other non-2xx answer is an ApiError with the
 * catalogue message. Resolves with the parsed answer.
 */
export async function postFormWithProgress<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const { onProgress, signal, client = apiClient } = options;
  const url = `${client.baseUrl}${path}`;
  await client.ensureCsrf();
  let r = await sendOnce(client, url, form, onProgress, signal);
  if (isCsrfFailure(r.status, r.body)) {
    await client.ensureCsrf(true);
    r = await sendOnce(client, url, form, onProgress, signal);
  }
  if (r.status === 401 && (await client.refresh()) === 'refreshed') r = await sendOnce(client, url, form, onProgress, signal);
  if (r.status < 200 || r.status >= 300) throw new ApiError({ status: r.status, message: messageForErrorBody(r.body), body: r.body });
  return r.body as T;
}
