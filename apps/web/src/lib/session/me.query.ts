import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ZMeResponse } from '@sunstamp/domain/contracts/users';
import { fetchEndpoint, getEndpointOf } from '../api/endpoint.ts';
import { queryKeys } from '../api/query-keys.ts';
import { ME_PATH, ME_STALE_MS } from './me.path.ts';

/** GET /users/me: the session user, site alerts, companies and month stats (its contract by type: endpoint.ts getEndpointOf). */
export const meEndpoint = getEndpointOf<typeof ZMeResponse>()(() => ME_PATH);
export const fetchMe = (signal?: AbortSignal) => fetchEndpoint(meEndpoint, undefined, signal);

export const meQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.me(),
    queryFn: ({ signal }) => fetchMe(signal),
    staleTime: ME_STALE_MS,
  });

export function useMe(enabled = true) {
  return useQuery({ ...meQueryOptions(), enabled });
}
