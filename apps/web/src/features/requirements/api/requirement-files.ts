import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZRequirementScopeValues, type RequirementFileUploadResponse, type RequirementScopeValuesResponse } from '@sunstamp/domain/contracts/requirements';
import { callEndpoint, seg, sendEndpoint } from '../../../lib/api/endpoint.ts';
import { postFormWithProgress, type UploadProgress } from '../../../lib/upload-with-progress.ts';
import { scopePath, type RequirementScopeRef } from './use-scope-values.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

const filesPath = (scope: RequirementScopeRef, key: string) => `${scopePath(scope)}/files/${seg(key)}`;

/** DELETE /requirements/{scope}/{id}/files/{key}/{file_id}: answers the scope's values. */
const deleteFileEndpoint = sendEndpoint('DELETE', {
  path: (v: { scope: RequirementScopeRef; key: string; fileId: string }) => `${filesPath(v.scope, v.key)}/${seg(v.fileId)}`,
  body: null,
  response: ZRequirementScopeValues,
});

/**
 * POST /requirements/{scope}/{id}/files/{key} (multipart, parts `files`, with upload progress): a
 * one-file requirement takes the new file, a list appends.
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
  return postFormWithProgress<RequirementFileUploadResponse>(filesPath(scope, key), form, { onProgress, signal });
}

/** After a file change the scope's stored values are the server's answer; resolved views are stale. */
function useStoreScopeAnswer() {
  const qc = useQueryClient();
  return (scope: RequirementScopeRef, answer: RequirementScopeValuesResponse) => {
    const { scope_type, scope_id, values, updated } = answer;
    qc.setQueryData(queryKeys.requirements.scope(scope), { scope_type, scope_id, values, updated });
    void qc.invalidateQueries({ queryKey: queryKeys.requirements.resolved() });
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
      callEndpoint(deleteFileEndpoint, { scope, ...v }),
    onSuccess: (answer) => store(scope, answer),
  });
}
