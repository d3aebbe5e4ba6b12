import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CodeList, CodeListBody, EDITABLE_CODE_TYPES } from '@sunstamp/domain/contracts/catalogue';
import { apiClient } from '../../../lib/api-client.ts';

export type EditableCodeType = (typeof EDITABLE_CODE_TYPES)[number];

export const codeListsQueryKey = ['codes', 'all'] as const;

/** GET /codes: every code list (the editions an AHJ may adopt). */
export const fetchCodeLists = (signal?: AbortSignal) => apiClient.get<CodeList[]>('/codes', { signal });

export const codeListsQueryOptions = () =>
  queryOptions({ queryKey: codeListsQueryKey, queryFn: ({ signal }) => fetchCodeLists(signal), staleTime: 5 * 60_000 });

export function useCodeLists(enabled = true) {
  return useQuery({ ...codeListsQueryOptions(), enabled });
}

/** PUT /codes/{ibc|iebc} (admin): replace the editions on offer and the default. */
export function useSaveCodeList() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ type, body }: { type: EditableCodeType; body: CodeListBody }) => apiClient.put<CodeList>(`/codes/${type}`, body),
    meta: { silentError: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['codes'] }),
  });
}
