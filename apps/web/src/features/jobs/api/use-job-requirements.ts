import { useMutation, useQueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { ZJobCadFieldsBody, ZJobRequirementsAnswer } from '@sunstamp/domain/contracts/job-requirements';
import { callEndpoint, fetchEndpoint, getEndpoint, seg, sendEndpoint, type BodyOf } from '../../../lib/api/endpoint.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

const requirementsEndpoint = getEndpoint(ZJobRequirementsAnswer, (id: string) => `/jobs/${seg(id)}/requirements`);
const cadFieldsEndpoint = sendEndpoint('PUT', { path: (id: string) => `/jobs/${seg(id)}/cad-fields`, body: ZJobCadFieldsBody, response: ZJobRequirementsAnswer });

/** Under the job's key, so saving the job (onJobChanged) refetches it too. */
/** GET /jobs/:id/requirements: the job's scopes, resolved requirements and dynamic CAD fields. */
export const fetchJobRequirements = (id: string, signal?: AbortSignal) =>
  fetchEndpoint(requirementsEndpoint, id, signal);

export const jobRequirementsQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.jobs.requirements(id), queryFn: ({ signal }) => fetchJobRequirements(id, signal) });

export function useJobRequirements(id: string | undefined) {
  return useQuery({ ...jobRequirementsQueryOptions(id ?? ''), enabled: !!id });
}

/** GET /jobs/:id/requirements/files/:file_id/download: a file the job's requirements reference. */
export const jobRequirementFileDownloadPath = (jobId: string, fileId: string) =>
  `/jobs/${seg(jobId)}/requirements/files/${seg(fileId)}/download`;

/** PUT /jobs/:id/cad-fields: the changed fields only; answers the job's requirements. */
export function useSaveJobCadFields(jobId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof cadFieldsEndpoint>) => callEndpoint(cadFieldsEndpoint, jobId, body),
    // Field errors are shown beside the fields by the card.
    meta: { silentError: true },
    onSuccess: (answer) => {
      qc.setQueryData(queryKeys.jobs.requirements(jobId), answer);
      // parcel_info.* live on the job, and the save writes an "Edited" history line.
      void qc.invalidateQueries({ queryKey: queryKeys.jobs.detail(jobId), predicate: (q) => q.queryKey[3] !== 'requirements' });
    },
  });
}
