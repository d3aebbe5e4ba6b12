import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CSRF_HEADER } from '@sunstamp/domain/constants/auth.constants';
import type { RequirementFileUploadResponse, RequirementScopeValuesResponse } from '@sunstamp/domain/contracts/requirements';
import { apiClient, isCsrfFailure } from '../../../lib/api-client.ts';
import { ApiError, messageForErrorBody, networkError } from '../../../lib/api-error.ts';
import { scopePath, scopeValuesQueryKey, type RequirementScopeRef } from './use-scope-values.ts';

export type UploadProgress = { loaded: number; total: number };

type XhrResult = { status: number; body: unknown };

// Shaped like the job files upload (features/jobs/api/upload-job-files.ts); both could share one
// lib/ helper, which belongs to neither feature.
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

const filesPath = (scope: RequirementScopeRef, key: string) => `${scopePath(scope)}/files/${encodeURIComponent(key)}`;

/**
 * POST /requirements/{scope}/{id}/files/{key} (multipart, parts `files`, with upload progress): a
 * one-file requirement takes the new file, a list appends. Like the API client: bearer and CSRF
 * header, a fresh CSRF token on a CSRF refusal, one refresh on a 401.
 */
export async function uploadRequirementFiles(
  scope: RequirementScopeRef,
  key: string,
  files: readonly File[],
  onProgress?: (p: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<RequirementFileUploadResponse> {
  const form = new FormData();
  for (const f of files) form.append('files', f, f.name);
  const url = `/api${filesPath(scope, key)}`;
  await apiClient.ensureCsrf();
  let r = await sendOnce(url, form, onProgress, signal);
  if (isCsrfFailure(r.status, r.body)) {
    await apiClient.ensureCsrf(true);
    r = await sendOnce(url, form, onProgress, signal);
  }
  if (r.status === 401 && (await apiClient.refresh()) === 'refreshed') r = await sendOnce(url, form, onProgress, signal);
  if (r.status < 200 || r.status >= 300) throw new ApiError({ status: r.status, message: messageForErrorBody(r.body), body: r.body });
  return r.body as RequirementFileUploadResponse;
}

/** After a file change the scope's stored values are the server's answer; resolved views are stale. */
function useStoreScopeAnswer() {
  const qc = useQueryClient();
  return (scope: RequirementScopeRef, answer: RequirementScopeValuesResponse) => {
    const { scope_type, scope_id, values, updated } = answer;
    qc.setQueryData(scopeValuesQueryKey(scope), { scope_type, scope_id, values, updated });
    void qc.invalidateQueries({ queryKey: ['requirements', 'resolve'] });
  };
}

export function useUploadRequirementFiles(scope: RequirementScopeRef) {
  const store = useStoreScopeAnswer();
  return useMutation({
    mutationFn: (v: { key: string; files: File[]; onProgress?: (p: UploadProgress) => void }) =>
      uploadRequirementFiles(scope, v.key, v.files, v.onProgress),
    // Spec §8: an upload failure is logged and reported with the file name (the field does it).
    meta: { silentError: true },
    onSuccess: (answer) => store(scope, answer),
  });
}

/** DELETE /requirements/{scope}/{id}/files/{key}/{file_id}: the scope keeps "no file" for the key. */
export function useDeleteRequirementFile(scope: RequirementScopeRef) {
  const store = useStoreScopeAnswer();
  return useMutation({
    mutationFn: (v: { key: string; fileId: string }) =>
      apiClient.delete<RequirementScopeValuesResponse>(`${filesPath(scope, v.key)}/${encodeURIComponent(v.fileId)}`),
    onSuccess: (answer) => store(scope, answer),
  });
}
