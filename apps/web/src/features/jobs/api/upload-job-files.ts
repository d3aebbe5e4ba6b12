import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FileCategory } from '@sunstamp/domain/constants/files.constants';
import type { FileKind, JobFile } from '@sunstamp/domain/contracts/files';
import { z } from 'zod';
import { callEndpoint, seg, sendEndpoint } from '../../../lib/api/endpoint.ts';
import { postFormWithProgress, type UploadProgress } from '../../../lib/upload-with-progress.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

export type UploadFields = { category: FileCategory; kind?: FileKind };

/** POST /jobs/:id/files (spec §7: multipart, field `files`, with upload progress). */
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
  return postFormWithProgress<JobFile[]>(`/jobs/${encodeURIComponent(jobId)}/files`, form, { onProgress, signal });
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
      if (jobId) void qc.invalidateQueries({ queryKey: queryKeys.jobs.detail(jobId) });
    },
  });
}

/** DELETE /files/:id (writes the file-deletion history event); answers 204. */
const deleteFileEndpoint = sendEndpoint('DELETE', { path: (fileId: string) => `/files/${seg(fileId)}`, body: null, response: z.null() });

export function useDeleteJobFile(jobId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) => callEndpoint(deleteFileEndpoint, fileId),
    onSuccess: () => void qc.invalidateQueries({ queryKey: queryKeys.jobs.detail(jobId) }),
  });
}
