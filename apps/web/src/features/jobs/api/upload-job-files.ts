import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CSRF_HEADER } from '@sunstamp/domain/constants/auth.constants';
import type { FileCategory } from '@sunstamp/domain/constants/files.constants';
import type { FileKind, JobFile } from '@sunstamp/domain/contracts/files';
import { apiClient, isCsrfFailure } from '../../../lib/api-client.ts';
import { ApiError, messageForErrorBody, networkError } from '../../../lib/api-error.ts';
import { jobQueryKey } from './use-job.ts';

export type UploadProgress = { loaded: number; total: number };
export type UploadFields = { category: FileCategory; kind?: FileKind };

type XhrResult = { status: number; body: unknown };

/** One multipart POST through XMLHttpRequest: fetch cannot report upload progress. */
function sendOnce(url: string, form: FormData, onProgress?: (p: UploadProgress) => void, signal?: AbortSignal): Promise<XhrResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    const access = apiClient.tokens.getAccess();
    if (access) xhr.setRequestHeader('Authorization', `Bearer ${access}`);
    const csrf = apiClient.tokens.getCsrf();
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
 * POST /jobs/:id/files (spec §7: multipart, field `files`, with upload progress). Like the API
 * client: the bearer and CSRF header, a fresh CSRF token on a CSRF refusal, one refresh on a 401.
 */
export async function uploadJobFiles(
  jobId: string,
  files: readonly File[],
  fields: UploadFields,
  onProgress?: (p: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<JobFile[]> {
  const form = new FormData();
  form.append('category', fields.category);
  if (fields.kind) form.append('kind', fields.kind);
  for (const f of files) form.append('files', f, f.name);
  const url = `/api/jobs/${encodeURIComponent(jobId)}/files`;
  await apiClient.ensureCsrf();
  let r = await sendOnce(url, form, onProgress, signal);
  if (isCsrfFailure(r.status, r.body)) {
    await apiClient.ensureCsrf(true);
    r = await sendOnce(url, form, onProgress, signal);
  }
  if (r.status === 401 && (await apiClient.refresh()) === 'refreshed') r = await sendOnce(url, form, onProgress, signal);
  if (r.status < 200 || r.status >= 300) throw new ApiError({ status: r.status, message: messageForErrorBody(r.body), body: r.body });
  return r.body as JobFile[];
}

export function useUploadJobFiles(jobId: string | null | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { files: File[]; fields: UploadFields; onProgress?: (p: UploadProgress) => void }) => {
      if (!jobId) throw new Error('Save the job before uploading files.');
      return uploadJobFiles(jobId, v.files, v.fields, v.onProgress);
    },
    // Spec §8: an upload failure is logged and reported with the file name (the caller does it).
    meta: { silentError: true },
    onSettled: () => {
      if (jobId) void qc.invalidateQueries({ queryKey: jobQueryKey(jobId) });
    },
  });
}

/** DELETE /files/:id (writes the file-deletion history event). */
export function useDeleteJobFile(jobId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) => apiClient.delete<null>(`/files/${encodeURIComponent(fileId)}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: jobQueryKey(jobId) }),
  });
}
