import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OptionListItemOut } from '@sunstamp/domain/contracts/catalogue';
import type { Utility } from '@sunstamp/domain/contracts/catalogue';
import type { z } from 'zod';
import type { ZState } from '@sunstamp/domain/contracts/users';
import { apiClient } from '../../../lib/api-client.ts';

type State = z.infer<typeof ZState>;
export type Option = { value: string; label: string };

/**
 * GET /{route} (spec §7 option lists: /connection-types, /roof-materials, …). A loaded list is
 * reused for the session unless a refetch is forced (spec §7).
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
        // Utilities are a paged directory, not an option list.
        const page = await apiClient.get<{ results: Utility[] }>('/utilities', { query: { page_size: 200 }, signal });
        return page.results.map((u) => ({ value: u.name, label: u.name }));
      }
      const items = await apiClient.get<OptionListItemOut[]>(`/${route}`, { signal });
      return items.filter((i) => i.is_active).map((i) => ({ value: i.value, label: i.label }));
    },
    staleTime: Infinity,
    meta: { silentError: true },
  });

export function useOptionList(route: string | undefined) {
  return useQuery({ ...optionListQueryOptions(route ?? ''), enabled: !!route });
}

/** GET /states: the job's `state` is one of these ids (the geocoder answers it as state_id). */
export function useStates() {
  return useQuery({
    queryKey: ['states'] as const,
    queryFn: ({ signal }) => apiClient.get<State[]>('/states', { signal }),
    staleTime: Infinity,
  });
}
