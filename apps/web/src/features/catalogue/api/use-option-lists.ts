import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZOptionListItemBody, ZOptionListItemOut, ZOptionListItemPatch, ZOptionListOrderBody, ZOptionListSummary } from '@sunstamp/domain/contracts/catalogue';
import { queryKeys } from '../../../lib/api/query-keys.ts';
import { callEndpoint, fetchEndpoint, getEndpoint, seg, sendEndpoint } from '../../../lib/api/endpoint.ts';

export type OptionListSummary = z.infer<typeof ZOptionListSummary>;
export type OptionItemBody = z.input<typeof ZOptionListItemBody>;
export type OptionItemPatch = z.input<typeof ZOptionListItemPatch>;

/*
 * The keys share the root of the jobs forms' cached lists (queryKeys.optionLists): an admin's edit
 * invalidates them all, so a picker shows the new value without a reload.
 */

const summariesEndpoint = getEndpoint(ZOptionListSummary.array(), () => '/option-lists');
const itemsEndpoint = getEndpoint(ZOptionListItemOut.array(), (key: string) => `/option-lists/${seg(key)}/items`, () => ({ include_inactive: 'true' }));
const createItemEndpoint = sendEndpoint('POST', { path: (key: string) => `/option-lists/${seg(key)}/items`, body: ZOptionListItemBody, response: ZOptionListItemOut });
const updateItemEndpoint = sendEndpoint('PUT', {
  path: ({ key, id }: { key: string; id: number }) => `/option-lists/${seg(key)}/items/${id}`,
  body: ZOptionListItemPatch,
  response: ZOptionListItemOut,
});
const reorderEndpoint = sendEndpoint('PUT', { path: (key: string) => `/option-lists/${seg(key)}/order`, body: ZOptionListOrderBody, response: ZOptionListItemOut.array() });

/** GET /option-lists: the lists, their labels and active item counts. */
export const optionListSummariesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.optionLists.summaries(),
    queryFn: ({ signal }) => fetchEndpoint(summariesEndpoint, undefined, signal),
    staleTime: 60_000,
  });

export const useOptionListSummaries = () => useQuery(optionListSummariesQueryOptions());

/** GET /option-lists/{key}/items?include_inactive=true: every item, in list order. */
export const optionListItemsQueryOptions = (key: string) =>
  queryOptions({
    queryKey: queryKeys.optionLists.items(key),
    queryFn: ({ signal }) => fetchEndpoint(itemsEndpoint, key, signal),
    staleTime: 30_000,
  });

export function useOptionListItems(key: string | null | undefined) {
  return useQuery({ ...optionListItemsQueryOptions(key ?? ''), enabled: !!key });
}

/** POST /option-lists/{key}/items or PUT …/items/{id} (admin). */
export function useSaveOptionItem(key: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id?: number; body: OptionItemBody | OptionItemPatch }) =>
      v.id
        ? callEndpoint(updateItemEndpoint, { key, id: v.id }, v.body as OptionItemPatch)
        : callEndpoint(createItemEndpoint, key, v.body as OptionItemBody),
    // Field errors are shown beside the fields by the dialog.
    meta: { silentError: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.optionLists.all }),
  });
}

/** PUT /option-lists/{key}/order (admin): the full order of ids. The grid shows the answer at once. */
export function useReorderOptionList(key: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => callEndpoint(reorderEndpoint, key, { ids }),
    onSuccess: (items) => {
      qc.setQueryData(queryKeys.optionLists.items(key), items);
      void qc.invalidateQueries({ queryKey: queryKeys.optionLists.all, predicate: (q) => q.queryKey[1] !== 'staff' || q.queryKey[2] !== key });
    },
    // A 409 means someone else changed the list: load it again.
    onError: () => qc.invalidateQueries({ queryKey: queryKeys.optionLists.items(key) }),
  });
}
