import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZUtility, ZUtilityBody, ZUtilityPage, ZUtilityPatch, type UtilityBody, type UtilityPatch } from '@sunstamp/domain/contracts/catalogue';
import { callEndpoint, fetchEndpoint, getEndpoint, seg, sendEndpoint } from './endpoint.ts';
import type { DirectoryQuery } from './ahjs.api.ts';
import { queryKeys } from './query-keys.ts';

export type UtilityPage = z.infer<typeof ZUtilityPage>;

/** GET /utilities: search by name and state, paged (everyone signed in). */
const utilitiesEndpoint = getEndpoint(ZUtilityPage, (_q: DirectoryQuery) => '/utilities', (q) => q);
const utilityEndpoint = getEndpoint(ZUtility, (id: string) => `/utilities/${seg(id)}`);

export const fetchUtilities = (q: DirectoryQuery, signal?: AbortSignal) => fetchEndpoint(utilitiesEndpoint, q, signal);

export const utilitiesQueryOptions = (q: DirectoryQuery) =>
  queryOptions({ queryKey: queryKeys.utilities.list(q), queryFn: ({ signal }) => fetchUtilities(q, signal), placeholderData: keepPreviousData });

export function useUtilities(q: DirectoryQuery, enabled = true) {
  return useQuery({ ...utilitiesQueryOptions(q), enabled });
}

/** GET /utilities/{id}. */
export function useUtility(id: string | null | undefined) {
  return useQuery({
    queryKey: queryKeys.utilities.one(id ?? ''),
    queryFn: ({ signal }) => fetchEndpoint(utilityEndpoint, id ?? '', signal),
    enabled: !!id,
    staleTime: 60_000,
  });
}

/** POST /utilities (staff). */
const createUtilityEndpoint = sendEndpoint('POST', { path: () => '/utilities', body: ZUtilityBody, response: ZUtility });
/** PUT /utilities/{id} (staff). */
const updateUtilityEndpoint = sendEndpoint('PUT', { path: (id: string) => `/utilities/${seg(id)}`, body: ZUtilityPatch, response: ZUtility });

export const createUtility = (body: UtilityBody) => callEndpoint(createUtilityEndpoint, undefined, body);
export const updateUtility = ({ id, body }: { id: string; body: UtilityPatch }) => callEndpoint(updateUtilityEndpoint, id, body);

export function useSaveUtility() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id?: string; body: UtilityBody | UtilityPatch }) =>
      v.id ? updateUtility({ id: v.id, body: v.body as UtilityPatch }) : createUtility(v.body as UtilityBody),
    meta: { silentError: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.utilities.all }),
  });
}
