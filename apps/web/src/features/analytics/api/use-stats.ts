import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZStats, type StatsQueryInput } from '@sunstamp/domain/contracts/analytics';
import { fetchEndpoint, getEndpoint } from '../../../lib/api/endpoint.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

export type StatsParams = {
  active_tab: StatsQueryInput['active_tab'];
  start_date: string;
  end_date: string;
  servicesRequestedInterval: string;
  jobsCreatedInterval: string;
  /** Sent as JSON lists (spec §7); undefined leaves the parameter out. */
  included_users?: readonly string[];
  included_companies?: readonly string[];
};

/** GET /stats: the numbers of one tab for a period. */
const statsEndpoint = getEndpoint(ZStats, (_params: StatsParams) => '/stats', (params) => params);
export const fetchStats = (params: StatsParams, signal?: AbortSignal) => fetchEndpoint(statsEndpoint, params, signal);

export const statsQueryOptions = (params: StatsParams) =>
  queryOptions({
    queryKey: queryKeys.stats.tab(params),
    queryFn: ({ signal }) => fetchStats(params, signal),
    placeholderData: keepPreviousData,
    // The page shows the spec's own message (spec §8, "Error getting statistics from server!").
    meta: { silentError: true },
  });

export function useStats(params: StatsParams, enabled = true) {
  return useQuery({ ...statsQueryOptions(params), enabled });
}
