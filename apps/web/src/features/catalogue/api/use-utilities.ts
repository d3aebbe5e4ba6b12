import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Utility, UtilityBody, UtilityPatch, ZUtilityPage } from '@sunstamp/domain/contracts/catalogue';
import { apiClient } from '../../../lib/api-client.ts';
import type { DirectoryQuery } from './use-ahjs.ts';

export type UtilityPage = z.infer<typeof ZUtilityPage>;

export const utilitiesQueryKey = (q: DirectoryQuery = {}) => ['utilities', 'list', q] as const;

/** GET /utilities: search by name and state, paged (everyone signed in). */
export const fetchUtilities = (q: DirectoryQuery, signal?: AbortSignal) =>
  apiClient.get<UtilityPage>('/utilities', { query: q, signal });

export const utilitiesQueryOptions = (q: DirectoryQuery) =>
  queryOptions({ queryKey: utilitiesQueryKey(q), queryFn: ({ signal }) => fetchUtilities(q, signal), placeholderData: keepPreviousData });

export function useUtilities(q: DirectoryQuery, enabled = true) {
  return useQuery({ ...utilitiesQueryOptions(q), enabled });
}

export const utilityQueryKey = (id: string) => ['utilities', 'one', id] as const;

/** GET /utilities/{id}. */
export function useUtility(id: string | null | undefined) {
  return useQuery({
    queryKey: utilityQueryKey(id ?? ''),
    queryFn: ({ signal }) => apiClient.get<Utility>(`/utilities/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: !!id,
    staleTime: 60_000,
  });
}

/** POST /utilities (staff). */
export const createUtility = (body: UtilityBody) => apiClient.post<Utility>('/utilities', body);
/** PUT /utilities/{id} (staff). */
export const updateUtility = ({ id, body }: { id: string; body: UtilityPatch }) =>
  apiClient.put<Utility>(`/utilities/${encodeURIComponent(id)}`, body);

export function useSaveUtility() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id?: string; body: UtilityBody | UtilityPatch }) =>
      v.id ? updateUtility({ id: v.id, body: v.body as UtilityPatch }) : createUtility(v.body as UtilityBody),
    meta: { silentError: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['utilities'] }),
  });
}
