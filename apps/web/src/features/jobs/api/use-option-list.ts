import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZOptionListItemOut, ZUtilityPage } from '@sunstamp/domain/contracts/catalogue';
import { ZState } from '@sunstamp/domain/contracts/users';
import { fetchEndpoint, getEndpoint, seg } from '../../../lib/api/endpoint.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

/** GET /states: US states and territories and Canadian provinces. */
const statesEndpoint = getEndpoint(ZState.array(), () => '/states');
/** GET /utilities, the first 200 (the form's utility choices). */
const utilityChoicesEndpoint = getEndpoint(ZUtilityPage, () => '/utilities', () => ({ page_size: 200 }));
/** GET /{route}?include_inactive=true: one option list, every item, inactive ones flagged. */
const optionListEndpoint = getEndpoint(ZOptionListItemOut.array(), (route: string) => `/${seg(route)}`, () => ({ include_inactive: 'true' }));
/** A choice; `inactive` items (deactivated by staff) are not offered, but a job that holds one still shows its label. */
export type Option = { value: string; label: string; inactive?: boolean; /** Utilities: the states they serve. */ states?: string[] };

/**
 * GET /{route}?include_inactive=true (spec §7 option lists: /connection-types, /roof-materials,
 * …), inactive items flagged. A loaded list is reused for the session unless a refetch is forced
 * (spec §7): an admin's edit and a save the API refused invalidate ['option-lists'].
 */
export const optionListQueryOptions = (route: string) =>
  queryOptions({
    queryKey: queryKeys.optionLists.forForm(route),
    queryFn: async ({ signal }): Promise<Option[]> => {
      if (route === 'states') {
        const states = await fetchEndpoint(statesEndpoint, undefined, signal);
        return states.map((st) => ({ value: st.abbreviation, label: st.name }));
      }
      if (route === 'utilities') {
        // Utilities are a paged directory, not an option list. A job stores the utility's id: that
        // is what GET /jobs/{id}/requirements resolves as the job's utility scope.
        const page = await fetchEndpoint(utilityChoicesEndpoint, undefined, signal);
        return page.results.map((u) => ({ value: u.id, label: u.name, states: u.states }));
      }
      const items = await fetchEndpoint(optionListEndpoint, route, signal);
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
    queryKey: queryKeys.states(),
    queryFn: ({ signal }) => fetchEndpoint(statesEndpoint, undefined, signal),
    staleTime: Infinity,
  });
}
