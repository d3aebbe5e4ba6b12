import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZJobPage } from '@sunstamp/domain/contracts/jobs';
import { apiClient } from '../../../lib/api-client.ts';
import type { JobsListParams } from '../jobs-list.query.ts';

export type JobPage = z.infer<typeof ZJobPage>;

export const jobsListQueryKey = (params: JobsListParams) => ['jobs', 'list', params] as const;

/** GET /jobs: one page of the jobs the caller sees, sorted, filtered and searched on the server. */
export const fetchJobs = (params: JobsListParams, signal?: AbortSignal) =>
  apiClient.get<JobPage>('/jobs', { query: params, signal });

export const jobsListQueryOptions = (params: JobsListParams) =>
  queryOptions({
    queryKey: jobsListQueryKey(params),
    queryFn: ({ signal }) => fetchJobs(params, signal),
    placeholderData: keepPreviousData,
  });

export function useJobs(params: JobsListParams) {
  return useQuery(jobsListQueryOptions(params));
}
