import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZAhj, ZAhjBody, ZAhjPage, ZAhjPatch, type AhjBody, type AhjPatch, type ZDirectoryQuery } from '@sunstamp/domain/contracts/catalogue';
import { callEndpoint, fetchEndpoint, getEndpoint, seg, sendEndpoint } from './endpoint.ts';
import { queryKeys } from './query-keys.ts';

/** The query of GET /ahjs and /utilities (page numbers are coerced on the server). */
export type DirectoryQuery = Omit<z.input<typeof ZDirectoryQuery>, 'page' | 'page_size'> & { page?: number; page_size?: number };
export type AhjPage = z.infer<typeof ZAhjPage>;

/** GET /ahjs: search by name and state, paged (everyone signed in). */
const ahjsEndpoint = getEndpoint(ZAhjPage, (_q: DirectoryQuery) => '/ahjs', (q) => q);
const ahjEndpoint = getEndpoint(ZAhj, (id: string) => `/ahjs/${seg(id)}`);

export const fetchAhjs = (q: DirectoryQuery, signal?: AbortSignal) => fetchEndpoint(ahjsEndpoint, q, signal);

export const ahjsQueryOptions = (q: DirectoryQuery) =>
  queryOptions({ queryKey: queryKeys.ahjs.list(q), queryFn: ({ signal }) => fetchAhjs(q, signal), placeholderData: keepPreviousData });

export function useAhjs(q: DirectoryQuery, enabled = true) {
  return useQuery({ ...ahjsQueryOptions(q), enabled });
}

/** GET /ahjs/{id}. */
export function useAhj(id: string | null | undefined) {
  return useQuery({
    queryKey: queryKeys.ahjs.one(id ?? ''),
    queryFn: ({ signal }) => fetchEndpoint(ahjEndpoint, id ?? '', signal),
    enabled: !!id,
    staleTime: 60_000,
  });
}

/** POST /ahjs (staff). */
const createAhjEndpoint = sendEndpoint('POST', { path: () => '/ahjs', body: ZAhjBody, response: ZAhj });
/** PUT /ahjs/{id} (staff). */
const updateAhjEndpoint = sendEndpoint('PUT', { path: (id: string) => `/ahjs/${seg(id)}`, body: ZAhjPatch, response: ZAhj });

export const createAhj = (body: AhjBody) => callEndpoint(createAhjEndpoint, undefined, body);
export const updateAhj = ({ id, body }: { id: string; body: AhjPatch }) => callEndpoint(updateAhjEndpoint, id, body);

export function useSaveAhj() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id?: string; body: AhjBody | AhjPatch }) =>
      v.id ? updateAhj({ id: v.id, body: v.body as AhjPatch }) : createAhj(v.body as AhjBody),
    // Field errors are shown beside the fields by the dialog.
    meta: { silentError: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.ahjs.all }),
  });
}
