import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeResponse } from '@sunstamp/domain/contracts/users';
import { apiClient } from '../../../lib/api-client.ts';

export const meQueryKey = ['users', 'me'] as const;

/** GET /users/me: the session user, site alerts, companies and month stats. */
export const fetchMe = (signal?: AbortSignal) => apiClient.get<MeResponse>('/users/me', { signal });

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => fetchMe(signal),
    staleTime: 60_000,
  });

export function useMe(enabled = true) {
  return useQuery({ ...meQueryOptions(), enabled });
}
