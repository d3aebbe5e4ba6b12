import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZWetStamp, ZWetStampPatchBody } from '@sunstamp/domain/contracts/wet-stamps';
import { callEndpoint, fetchEndpoint, getEndpoint, seg, sendEndpoint, type BodyOf } from '../../../lib/api/endpoint.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

const wetStampEndpoint = getEndpoint(ZWetStamp, (id: string) => `/jobs/${seg(id)}/wet-stamp`);
const changeEndpoint = sendEndpoint('PATCH', { path: (id: string) => `/jobs/${seg(id)}/wet-stamp`, body: ZWetStampPatchBody, response: ZWetStamp });

export type WetStampChangeBody = BodyOf<typeof changeEndpoint>;

/** GET /jobs/:id/wet-stamp: the current revision's wet stamp (required: false when the job has none). */
export const useWetStamp = (jobId: string) =>
  useQuery({ queryKey: queryKeys.jobs.wetStamp(jobId), queryFn: ({ signal }) => fetchEndpoint(wetStampEndpoint, jobId, signal) });

/**
 * PATCH /jobs/:id/wet-stamp. The answer is the card's; the job (its Wet Stamp task) and its
 * history change too, so they refetch.
 */
export function useChangeWetStamp(jobId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: WetStampChangeBody) => callEndpoint(changeEndpoint, jobId, body),
    meta: { silentError: true },
    onSuccess: (answer) => {
      qc.setQueryData(queryKeys.jobs.wetStamp(jobId), answer);
      void qc.invalidateQueries({ queryKey: queryKeys.jobs.detail(jobId), predicate: (q) => q.queryKey[3] !== 'wet-stamp' });
      void qc.invalidateQueries({ queryKey: queryKeys.jobs.lists() });
    },
  });
}
