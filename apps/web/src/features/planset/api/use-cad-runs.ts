import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZCadRun, ZCadRunChecks, ZCadRunList } from '@sunstamp/domain/contracts/cad-runs';
import { callEndpoint, fetchEndpoint, getEndpoint, seg, sendEndpoint } from '../../../lib/api/endpoint.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

const cadRunsEndpoint = getEndpoint(ZCadRunList, (id: string) => `/jobs/${seg(id)}/cad-runs`);
const checksEndpoint = getEndpoint(ZCadRunChecks, (runId: string) => `/cad-runs/${seg(runId)}/checks`);
const generateEndpoint = sendEndpoint('POST', { path: (id: string) => `/jobs/${seg(id)}/generate-cad`, body: null, response: ZCadRun });

/** GET /jobs/:id/cad-runs: the job's plan-set runs, newest first (polled slowly while one is under way, in case the stream drops). */
export function useCadRuns(jobId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.jobs.cadRuns(jobId),
    queryFn: ({ signal }) => fetchEndpoint(cadRunsEndpoint, jobId, signal),
    enabled,
    refetchInterval: (q) => (q.state.data?.results.some((r) => r.status === 'queued' || r.status === 'running') ? 5_000 : false),
  });
}

/** POST /jobs/:id/generate-cad: a queued run, or the run these inputs already have. */
export function useGenerateCad(jobId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(generateEndpoint, jobId),
    meta: { silentError: true },
    onSuccess: () => void qc.invalidateQueries({ queryKey: queryKeys.jobs.cadRuns(jobId) }),
  });
}

/** GET /cad-runs/:id/checks: the checks the preview's numbers link to (a passed run's; they never change). */
export function useCadRunChecks(jobId: string, runId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.jobs.cadRunChecks(jobId, runId),
    queryFn: ({ signal }) => fetchEndpoint(checksEndpoint, runId, signal),
    enabled,
    staleTime: Infinity,
  });
}
