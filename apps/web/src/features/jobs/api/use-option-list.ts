import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OptionListItemOut } from '@sunstamp/domain/contracts/catalogue';
import type { Utility } from '@sunstamp/domain/contracts/catalogue';
import type { z } from 'zod';
import type { ZState } from '@sunstamp/domain/contracts/users';
import { apiClient } from '../../../lib/api-client.ts';

type State = z.infer<typeof ZState>;
/** A choice; `inactive` items (deactivated by staff) are not offered, but a job that holds one still shows its label. */
export type Option = { value: string; label: string; inactive?: boolean };

/**
 * GET /{route}?include_inactive=true (spec §7 option lists: /connection-types, /roof-materials,
 * …), inactive items flagged. A loaded list is reused for the session unless a refetch is forced
 * (spec §7): an admin's edit and a save the API refused invalidate ['option-lists'].
 */
export const optionListQueryOptions = (route: string) =>
  queryOptions({
    queryKey: ['option-lists', route] as const,
    queryFn: async ({ signal }): Promise<Option[]> => {
      if (route === 'states') {
        const states = await apiClient.get<State[]>('/states', { signal });
        return states.map((st) => ({ value: st.abbreviation, label: st.name }));
      }
      if (route === 'utilities') {
        // Utilities are a paged directory, not an option list. A job stores the utility's id: that
        // is what GET /jobs/{id}/requirements resolves as the job's utility scope.
        const page = await apiClient.get<{ results: Utility[] }>('/utilities', { query: { page_size: 200 }, signal });
        return page.results.map((u) => ({ value: u.id, label: u.name }));
      }
      const items = await apiClient.get<OptionListItemOut[]>(`/${route}`, { query: { include_inactive: 'true' }, signal });
      return items.map((i) => (i.is_active ? { value: i.value, label: i.label } : { value: i.value, label: i.label, inactive: true }));
    },
    staleTime: Infinity,
    meta: { silentError: true },
  });

export function useOptionList(route: string | undefined) {
  return useQuery({ ...optionListQueryOptions(route ?? ''), enabled: !!route });
}

/** A stored value's label from its list (inactive items too); the value itself while loading or when the list lacks it. */
export function optionLabel(options: readonly Option[] | undefined, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  return options?.find((o) => o.value === String(value))?.label ?? String(value);
}

export function useOptionLabel(route: string | undefined, value: unknown): string {
  const list = useOptionList(value === null || value === undefined || value === '' ? undefined : route);
  return optionLabel(list.data, value);
}

/** GET /states: the job's `state` is one of these ids (the geocoder answers it as state_id). */
export function useStates() {
  return useQuery({
    queryKey: ['states'] as const,
    queryFn: ({ signal }) => apiClient.get<State[]>('/states', { signal }),
    staleTime: Infinity,
  });
}
