import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZGroup } from '@sunstamp/domain/contracts/users';
import { companiesQueryOptions } from '../../../lib/api/companies.api.ts';
import { fetchEndpoint, getEndpoint } from '../../../lib/api/endpoint.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

export type StatsGroup = z.infer<typeof ZGroup>;

/** GET /groups: the staff groups the Group Stats tab chooses from (staff only). */
const groupsEndpoint = getEndpoint(ZGroup.array(), () => '/groups');

export const statsGroupsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.groups.list(),
    queryFn: ({ signal }) => fetchEndpoint(groupsEndpoint, undefined, signal),
    staleTime: 5 * 60_000,
  });

export const useStatsGroups = (enabled: boolean) => useQuery({ ...statsGroupsQueryOptions(), enabled });

/** GET /companies (every company for staff, a company admin's own): the same cache as the other company pickers. */
export const useStatsCompanies = (enabled: boolean) => useQuery({ ...companiesQueryOptions(), staleTime: 5 * 60_000, enabled });
