import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZJob, ZJobHistoryEntry, ZJobRevision } from '@sunstamp/domain/contracts/jobs';
import { ZJobFile } from '@sunstamp/domain/contracts/files';
import { fetchEndpoint, getEndpoint, seg } from '../../../lib/api/endpoint.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

export type JobHistoryEntry = z.infer<typeof ZJobHistoryEntry>;
export type JobRevision = z.infer<typeof ZJobRevision>;

const jobEndpoint = getEndpoint(ZJob, (id: string) => `/jobs/${seg(id)}`);
const historyEndpoint = getEndpoint(ZJobHistoryEntry.array(), (id: string) => `/jobs/${seg(id)}/history`);
const revisionsEndpoint = getEndpoint(ZJobRevision.array(), (id: string) => `/jobs/${seg(id)}/revisions`);
const filesEndpoint = getEndpoint(ZJobFile.array(), (id: string) => `/jobs/${seg(id)}/files`);

/** GET /jobs/:id: the job with its files, overdue state and the moves the caller may make. */
export const fetchJob = (id: string, signal?: AbortSignal) => fetchEndpoint(jobEndpoint, id, signal);
export const jobQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.jobs.detail(id), queryFn: ({ signal }) => fetchJob(id, signal) });
export function useJob(id: string | undefined) {
  return useQuery({ ...jobQueryOptions(id ?? ''), enabled: !!id });
}

/** GET /jobs/:id/history: every change, oldest first. */
export function useJobHistory(id: string) {
  return useQuery({
    queryKey: queryKeys.jobs.history(id),
    queryFn: ({ signal }) => fetchEndpoint(historyEndpoint, id, signal),
  });
}

/** GET /jobs/:id/revisions: the revision table. */
export function useJobRevisions(id: string) {
  return useQuery({
    queryKey: queryKeys.jobs.revisions(id),
    queryFn: ({ signal }) => fetchEndpoint(revisionsEndpoint, id, signal),
  });
}

/** GET /jobs/:id/files: the files the caller may see, with their uploader and download url. */
export function useJobFiles(id: string | null | undefined) {
  return useQuery({
    queryKey: queryKeys.jobs.files(id ?? ''),
    queryFn: ({ signal }) => fetchEndpoint(filesEndpoint, id ?? '', signal),
    enabled: !!id,
  });
}
