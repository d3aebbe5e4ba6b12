import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ResolvedRequirementsResponse, ZResolveQuery } from '@sunstamp/domain/contracts/requirements';
import { apiClient } from '../../../lib/api-client.ts';

export type ResolveQuery = Omit<z.input<typeof ZResolveQuery>, 'system_size_kw'> & { system_size_kw?: number };

const clean = (q: ResolveQuery): ResolveQuery =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== null && v !== '')) as ResolveQuery;

export const resolvedRequirementsQueryKey = (q: ResolveQuery) => ['requirements', 'resolve', clean(q)] as const;

/** GET /requirements/resolve: default → company → utility → AHJ, each value with its source. */
export const fetchResolvedRequirements = (q: ResolveQuery, signal?: AbortSignal) =>
  apiClient.get<ResolvedRequirementsResponse>('/requirements/resolve', { query: clean(q), signal });

export const resolvedRequirementsQueryOptions = (q: ResolveQuery) =>
  queryOptions({
    queryKey: resolvedRequirementsQueryKey(q),
    queryFn: ({ signal }) => fetchResolvedRequirements(q, signal),
    placeholderData: keepPreviousData,
  });

export function useResolvedRequirements(q: ResolveQuery, enabled = true) {
  return useQuery({ ...resolvedRequirementsQueryOptions(q), enabled });
}
