import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZResolvedRequirements, type ZResolveQuery } from '@sunstamp/domain/contracts/requirements';
import { fetchEndpoint, getEndpoint } from '../../../lib/api/endpoint.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

export type ResolveQuery = Omit<z.input<typeof ZResolveQuery>, 'system_size_kw'> & { system_size_kw?: number };

const clean = (q: ResolveQuery): ResolveQuery =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== null && v !== '')) as ResolveQuery;

/** GET /requirements/resolve: default → company → utility → AHJ, each value with its source. */
const resolveEndpoint = getEndpoint(ZResolvedRequirements, (_q: ResolveQuery) => '/requirements/resolve', clean);
export const fetchResolvedRequirements = (q: ResolveQuery, signal?: AbortSignal) => fetchEndpoint(resolveEndpoint, q, signal);

export const resolvedRequirementsQueryOptions = (q: ResolveQuery) =>
  queryOptions({
    queryKey: queryKeys.requirements.resolve(clean(q)),
    queryFn: ({ signal }) => fetchResolvedRequirements(q, signal),
    placeholderData: keepPreviousData,
  });

export function useResolvedRequirements(q: ResolveQuery, enabled = true) {
  return useQuery({ ...resolvedRequirementsQueryOptions(q), enabled });
}
