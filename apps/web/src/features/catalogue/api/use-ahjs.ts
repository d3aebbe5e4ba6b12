import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Ahj, AhjBody, AhjPatch, ZAhjPage, ZDirectoryQuery } from '@sunstamp/domain/contracts/catalogue';
import { apiClient } from '../../../lib/api-client.ts';

/** The query of GET /ahjs and /utilities (page numbers are coerced on the server). */
export type DirectoryQuery = Omit<z.input<typeof ZDirectoryQuery>, 'page' | 'page_size'> & { page?: number; page_size?: number };
export type AhjPage = z.infer<typeof ZAhjPage>;

export const ahjsQueryKey = (q: DirectoryQuery = {}) => ['ahjs', 'list', q] as const;

/** GET /ahjs: search by name and state, paged (everyone signed in). */
export const fetchAhjs = (q: DirectoryQuery, signal?: AbortSignal) => apiClient.get<AhjPage>('/ahjs', { query: q, signal });

export const ahjsQueryOptions = (q: DirectoryQuery) =>
  queryOptions({ queryKey: ahjsQueryKey(q), queryFn: ({ signal }) => fetchAhjs(q, signal), placeholderData: keepPreviousData });

export function useAhjs(q: DirectoryQuery, enabled = true) {
  return useQuery({ ...ahjsQueryOptions(q), enabled });
}

export const ahjQueryKey = (id: string) => ['ahjs', 'one', id] as const;

/** GET /ahjs/{id}. */
export function useAhj(id: string | null | undefined) {
  return useQuery({
    queryKey: ahjQueryKey(id ?? ''),
    queryFn: ({ signal }) => apiClient.get<Ahj>(`/ahjs/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: !!id,
    staleTime: 60_000,
  });
}

/** POST /ahjs (staff). */
export const createAhj = (body: AhjBody) => apiClient.post<Ahj>('/ahjs', body);
/** PUT /ahjs/{id} (staff). */
export const updateAhj = ({ id, body }: { id: string; body: AhjPatch }) => apiClient.put<Ahj>(`/ahjs/${encodeURIComponent(id)}`, body);

export function useSaveAhj() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id?: string; body: AhjBody | AhjPatch }) =>
      v.id ? updateAhj({ id: v.id, body: v.body as AhjPatch }) : createAhj(v.body as AhjBody),
    // Field errors are shown beside the fields by the dialog.
    meta: { silentError: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['ahjs'] }),
  });
}
