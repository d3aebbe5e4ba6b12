import { useMutation, useQueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { ZJobCadFieldsBody, ZJobRequirementsAnswer } from '@sunstamp/domain/contracts/job-requirements';
import { ZResolvedRequirements } from '@sunstamp/domain/contracts/requirements';
import { askedBy } from '@sunstamp/domain/requirements/dynamic-cad-fields.rules';
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

const resolveEndpoint = getEndpoint(ZResolvedRequirements, (_q: { company_id?: string; ahj_id?: string; utility_id?: string }) => '/requirements/resolve', (q) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => !!v)));

/**
 * Whether the intake's company, AHJ and utility ask for the AHJ case number (a requirement that is
 * on asks for the dynamic CAD field case_number, e.g. an AHJ's case_number_on_title_block), with
 * the requirements that ask: read before the draft is saved, so the address step asks at once.
 */
export function useCaseNumberAsked(q: { company_id?: string | null; ahj_id?: string | null; utility_id?: string | null }) {
  const query = { company_id: q.company_id ?? undefined, ahj_id: q.ahj_id ?? undefined, utility_id: q.utility_id ?? undefined };
  const r = useQuery({
    queryKey: queryKeys.requirements.resolve(query),
    queryFn: ({ signal }) => fetchEndpoint(resolveEndpoint, query, signal),
    enabled: !!query.ahj_id,
  });
  return query.ahj_id && r.data ? askedBy('case_number', r.data) : [];
}
