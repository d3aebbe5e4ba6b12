import { useMutation, useQueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { JobCadFieldsBody, JobRequirementsAnswer } from '@sunstamp/domain/contracts/job-requirements';
import { apiClient } from '../../../lib/api-client.ts';
import { jobQueryKey } from './use-job.ts';

const enc = encodeURIComponent;

/** Under the job's key, so saving the job (onJobChanged) refetches it too. */
export const jobRequirementsQueryKey = (id: string) => [...jobQueryKey(id), 'requirements'] as const;

/** GET /jobs/:id/requirements: the job's scopes, resolved requirements and dynamic CAD fields. */
export const fetchJobRequirements = (id: string, signal?: AbortSignal) =>
  apiClient.get<JobRequirementsAnswer>(`/jobs/${enc(id)}/requirements`, { signal });

export const jobRequirementsQueryOptions = (id: string) =>
  queryOptions({ queryKey: jobRequirementsQueryKey(id), queryFn: ({ signal }) => fetchJobRequirements(id, signal) });

export function useJobRequirements(id: string | undefined) {
  return useQuery({ ...jobRequirementsQueryOptions(id ?? ''), enabled: !!id });
}

/** GET /jobs/:id/requirements/files/:file_id/download: a file the job's requirements reference. */
export const jobRequirementFileDownloadPath = (jobId: string, fileId: string) =>
  `/jobs/${enc(jobId)}/requirements/files/${enc(fileId)}/download`;

/** PUT /jobs/:id/cad-fields: the changed fields only; answers the job's requirements. */
export function useSaveJobCadFields(jobId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: JobCadFieldsBody) => apiClient.put<JobRequirementsAnswer>(`/jobs/${enc(jobId)}/cad-fields`, body),
    // Field errors are shown beside the fields by the card.
    meta: { silentError: true },
    onSuccess: (answer) => {
      qc.setQueryData(jobRequirementsQueryKey(jobId), answer);
      // parcel_info.* live on the job, and the save writes an "Edited" history line.
      void qc.invalidateQueries({ queryKey: jobQueryKey(jobId), predicate: (q) => q.queryKey[3] !== 'requirements' });
    },
  });
}
