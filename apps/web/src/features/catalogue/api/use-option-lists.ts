import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { OptionListItemOut, ZOptionListItemBody, ZOptionListItemPatch, ZOptionListSummary } from '@sunstamp/domain/contracts/catalogue';
import { apiClient } from '../../../lib/api-client.ts';

export type OptionListSummary = z.infer<typeof ZOptionListSummary>;
export type OptionItemBody = z.input<typeof ZOptionListItemBody>;
export type OptionItemPatch = z.input<typeof ZOptionListItemPatch>;

/*
 * Every key starts with 'option-lists', as the jobs forms' cached lists do (['option-lists', route]):
 * an admin's edit invalidates them all, so a picker shows the new value without a reload.
 */
const ROOT = ['option-lists'] as const;
export const optionListSummariesQueryKey = [...ROOT, 'summaries'] as const;
export const optionListItemsQueryKey = (key: string) => [...ROOT, 'staff', key] as const;

/** GET /option-lists: the lists, their labels and active item counts. */
export const optionListSummariesQueryOptions = () =>
  queryOptions({
    queryKey: optionListSummariesQueryKey,
    queryFn: ({ signal }) => apiClient.get<OptionListSummary[]>('/option-lists', { signal }),
    staleTime: 60_000,
  });

export const useOptionListSummaries = () => useQuery(optionListSummariesQueryOptions());

/** GET /option-lists/{key}/items?include_inactive=true: every item, in list order. */
export const optionListItemsQueryOptions = (key: string) =>
  queryOptions({
    queryKey: optionListItemsQueryKey(key),
    queryFn: ({ signal }) =>
      apiClient.get<OptionListItemOut[]>(`/option-lists/${encodeURIComponent(key)}/items`, { query: { include_inactive: 'true' }, signal }),
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
        ? apiClient.put<OptionListItemOut>(`/option-lists/${encodeURIComponent(key)}/items/${v.id}`, v.body)
        : apiClient.post<OptionListItemOut>(`/option-lists/${encodeURIComponent(key)}/items`, v.body),
    // Field errors are shown beside the fields by the dialog.
    meta: { silentError: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: ROOT }),
  });
}

/** PUT /option-lists/{key}/order (admin): the full order of ids. The grid shows the answer at once. */
export function useReorderOptionList(key: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => apiClient.put<OptionListItemOut[]>(`/option-lists/${encodeURIComponent(key)}/order`, { ids }),
    onSuccess: (items) => {
      qc.setQueryData(optionListItemsQueryKey(key), items);
      void qc.invalidateQueries({ queryKey: ROOT, predicate: (q) => q.queryKey[1] !== 'staff' || q.queryKey[2] !== key });
    },
    // A 409 means someone else changed the list: load it again.
    onError: () => qc.invalidateQueries({ queryKey: optionListItemsQueryKey(key) }),
  });
}
