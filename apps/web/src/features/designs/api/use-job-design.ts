import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZDesignAnswer, ZDesignAutoLayoutBody, ZDesignCheckAnswer, ZDesignCheckBody, ZDesignPutBody, type DesignPutBody } from '@sunstamp/domain/contracts/designs';
import type { DesignModel, RoofPlane } from '@sunstamp/domain/design/design-model.schema';
import { callEndpoint, fetchEndpoint, getEndpoint, seg, sendEndpoint } from '../../../lib/api/endpoint.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

const designEndpoint = getEndpoint(ZDesignAnswer, (id: string) => `/jobs/${seg(id)}/design`);
const saveDesignEndpoint = sendEndpoint('PUT', { path: (id: string) => `/jobs/${seg(id)}/design`, body: ZDesignPutBody, response: ZDesignAnswer });
const checkDesignEndpoint = sendEndpoint('POST', { path: (id: string) => `/jobs/${seg(id)}/design/check`, body: ZDesignCheckBody, response: ZDesignCheckAnswer });
const autoLayoutEndpoint = sendEndpoint('POST', { path: (id: string) => `/jobs/${seg(id)}/design/auto-layout`, body: ZDesignAutoLayoutBody, response: ZDesignAnswer });

/** GET /jobs/:id/design: the saved design, or the one auto-filled from the job's arrays. */
export function useJobDesign(id: string) {
  return useQuery({
    queryKey: queryKeys.jobs.design(id),
    queryFn: ({ signal }) => fetchEndpoint(designEndpoint, id, signal),
    // The editor holds its own copy: a refetch on focus would not replace it, only confuse the version.
    refetchOnWindowFocus: false,
    enabled: !!id,
  });
}

/** PUT /jobs/:id/design with the version the editor started from. */
export function useSaveJobDesign(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: DesignPutBody) => callEndpoint(saveDesignEndpoint, id, body),
    meta: { silentError: true },
    onSuccess: (answer) => {
      qc.setQueryData(queryKeys.jobs.design(id), answer);
      void qc.invalidateQueries({ queryKey: queryKeys.jobs.history(id) });
    },
  });
}

/** POST /jobs/:id/design/auto-layout on the editor's planes: nothing is saved. */
export function useAutoLayout(id: string) {
  return useMutation({
    mutationFn: (planes: RoofPlane[]) => callEndpoint(autoLayoutEndpoint, id, { roof_planes: planes }),
    meta: { silentError: true },
  });
}

/** POST /jobs/:id/design/check on the editor's model: the engine's checks as a run would meet them; nothing is saved. */
export function useDesignCheck(id: string) {
  return useMutation({
    mutationFn: (model: DesignModel) => callEndpoint(checkDesignEndpoint, id, { model }),
    meta: { silentError: true },
  });
}
