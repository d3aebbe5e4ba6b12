import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZCodeList, ZCodeListBody, type CodeListBody, type EDITABLE_CODE_TYPES } from '@sunstamp/domain/contracts/catalogue';
import { queryKeys } from '../../../lib/api/query-keys.ts';
import { callEndpoint, fetchEndpoint, getEndpoint, sendEndpoint } from '../../../lib/api/endpoint.ts';

export type EditableCodeType = (typeof EDITABLE_CODE_TYPES)[number];

/** GET /codes: every code list (the editions an AHJ may adopt). */
const codeListsEndpoint = getEndpoint(ZCodeList.array(), () => '/codes');
export const fetchCodeLists = (signal?: AbortSignal) => fetchEndpoint(codeListsEndpoint, undefined, signal);

export const codeListsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.codes.lists(), queryFn: ({ signal }) => fetchCodeLists(signal), staleTime: 5 * 60_000 });

export function useCodeLists(enabled = true) {
  return useQuery({ ...codeListsQueryOptions(), enabled });
}

/** PUT /codes/{ibc|iebc} (admin): replace the editions on offer and the default. */
const saveCodeListEndpoint = sendEndpoint('PUT', { path: (type: EditableCodeType) => `/codes/${type}`, body: ZCodeListBody, response: ZCodeList });

export function useSaveCodeList() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ type, body }: { type: EditableCodeType; body: CodeListBody }) => callEndpoint(saveCodeListEndpoint, type, body),
    meta: { silentError: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.codes.all }),
  });
}
