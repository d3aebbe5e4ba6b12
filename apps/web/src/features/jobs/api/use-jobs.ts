import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZJobPage } from '@sunstamp/domain/contracts/jobs';
import { fetchEndpoint, getEndpoint } from '../../../lib/api/endpoint.ts';
import type { JobsListParams } from '../jobs-list.query.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

export type JobPage = z.infer<typeof ZJobPage>;

/** GET /jobs: one page of the jobs the caller sees, sorted, filtered and searched on the server. */
const jobsEndpoint = getEndpoint(ZJobPage, (_params: JobsListParams) => '/jobs', (params) => params);
export const fetchJobs = (params: JobsListParams, signal?: AbortSignal) => fetchEndpoint(jobsEndpoint, params, signal);

export const jobsListQueryOptions = (params: JobsListParams) =>
  queryOptions({
    queryKey: queryKeys.jobs.list(params),
    queryFn: ({ signal }) => fetchJobs(params, signal),
    placeholderData: keepPreviousData,
  });

export function useJobs(params: JobsListParams) {
  return useQuery(jobsListQueryOptions(params));
}
