import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CodeList } from '@sunstamp/domain/contracts/catalogue';
import { apiClient } from '../../../lib/api-client.ts';

export const codeListsQueryKey = ['codes', 'all'] as const;

/** GET /codes: every code list (the editions an AHJ may adopt). */
export const fetchCodeLists = (signal?: AbortSignal) => apiClient.get<CodeList[]>('/codes', { signal });

export const codeListsQueryOptions = () =>
  queryOptions({ queryKey: codeListsQueryKey, queryFn: ({ signal }) => fetchCodeLists(signal), staleTime: 5 * 60_000 });

export function useCodeLists(enabled = true) {
  return useQuery({ ...codeListsQueryOptions(), enabled });
}
