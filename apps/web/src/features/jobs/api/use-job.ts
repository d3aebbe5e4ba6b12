import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Job, ZJobHistoryEntry, ZJobRevision } from '@sunstamp/domain/contracts/jobs';
import type { JobFile } from '@sunstamp/domain/contracts/files';
import { apiClient } from '../../../lib/api-client.ts';

export type JobHistoryEntry = z.infer<typeof ZJobHistoryEntry>;
export type JobRevision = z.infer<typeof ZJobRevision>;

const enc = encodeURIComponent;
export const jobQueryKey = (id: string) => ['jobs', 'detail', id] as const;

/** GET /jobs/:id: the job with its files, overdue state and the moves the caller may make. */
export const fetchJob = (id: string, signal?: AbortSignal) => apiClient.get<Job>(`/jobs/${enc(id)}`, { signal });
export const jobQueryOptions = (id: string) =>
  queryOptions({ queryKey: jobQueryKey(id), queryFn: ({ signal }) => fetchJob(id, signal) });
export function useJob(id: string | undefined) {
  return useQuery({ ...jobQueryOptions(id ?? ''), enabled: !!id });
}

/** GET /jobs/:id/history: every change, oldest first. */
export function useJobHistory(id: string) {
  return useQuery({
    queryKey: [...jobQueryKey(id), 'history'] as const,
    queryFn: ({ signal }) => apiClient.get<JobHistoryEntry[]>(`/jobs/${enc(id)}/history`, { signal }),
  });
}

/** GET /jobs/:id/revisions: the revision table. */
export function useJobRevisions(id: string) {
  return useQuery({
    queryKey: [...jobQueryKey(id), 'revisions'] as const,
    queryFn: ({ signal }) => apiClient.get<JobRevision[]>(`/jobs/${enc(id)}/revisions`, { signal }),
  });
}

/** GET /jobs/:id/files: the files the caller may see, with their uploader and download url. */
export function useJobFiles(id: string | null | undefined) {
  return useQuery({
    queryKey: [...jobQueryKey(id ?? ''), 'files'] as const,
    queryFn: ({ signal }) => apiClient.get<JobFile[]>(`/jobs/${enc(id!)}/files`, { signal }),
    enabled: !!id,
  });
}
