import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Job, JobBody, ZRevisionBody } from '@sunstamp/domain/contracts/jobs';
import type { JobStatus } from '@sunstamp/domain/jobs/workflow.rules';
import { apiClient } from '../../../lib/api-client.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { jobQueryKey } from './use-job.ts';

export type RevisionBody = z.input<typeof ZRevisionBody>;

const enc = encodeURIComponent;

/** A changed job: its detail takes the answer, everything else about jobs refetches. */
function onJobChanged(qc: QueryClient, job: Job | null | undefined, id?: string) {
  if (job) qc.setQueryData(jobQueryKey(job.id), job);
  void qc.invalidateQueries({ queryKey: ['jobs', 'list'] });
  const key = job?.id ?? id;
  if (key) void qc.invalidateQueries({ queryKey: jobQueryKey(key), predicate: (q) => q.queryKey.length > 3 });
}

/** PUT /jobs: creates the draft (no id) or updates the fields sent. */
export const saveJob = (body: JobBody) => apiClient.put<Job>('/jobs', body);
export function useSaveJob() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveJob,
    // The intake shows field errors beside the inputs itself.
    meta: { silentError: true },
    onSuccess: (job) => onJobChanged(qc, job),
    // A refused value may be an option staff have since deactivated: load the lists again (spec §7 "refetch forced").
    onError: (e) => {
      if (isApiError(e) && e.status === 400) void qc.invalidateQueries({ queryKey: ['option-lists'] });
    },
  });
}

type Note = { id: string; note?: string };

function useJobAction<V extends { id: string }>(call: (v: V) => Promise<Job | null>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: (job, v) => onJobChanged(qc, job, v.id) });
}

const noteBody = (note?: string) => (note?.trim() ? { note: note.trim() } : {});

/** POST /jobs/:id/submit: Draft → Pending Pre-Check. */
export const useSubmitJob = () =>
  useJobAction(({ id, note }: Note) => apiClient.post<Job>(`/jobs/${enc(id)}/submit`, noteBody(note)));

/** POST /jobs/:id/status: any allowed move (staff moves, answers, approval). */
export const useChangeStatus = () =>
  useJobAction(({ id, status, note }: Note & { status: JobStatus }) =>
    apiClient.post<Job>(`/jobs/${enc(id)}/status`, { status, ...noteBody(note) }),
  );

/** POST /jobs/:id/cancel. */
export const useCancelJob = () =>
  useJobAction(({ id, note }: Note) => apiClient.post<Job>(`/jobs/${enc(id)}/cancel`, noteBody(note)));

/** POST /jobs/:id/revision: reason (spec §9), involuntary flag (staff), note. */
export const useRequestRevision = () =>
  useJobAction(({ id, body }: { id: string; body: RevisionBody }) => apiClient.post<Job>(`/jobs/${enc(id)}/revision`, body));

/** POST /jobs/:id/assign. */
export const useAssignJob = () =>
  useJobAction(({ id, assignee_id, note }: Note & { assignee_id: string }) =>
    apiClient.post<Job>(`/jobs/${enc(id)}/assign`, { assignee_id, ...noteBody(note) }),
  );

/** POST /jobs/:id/unassign (204 and no job when a contractor hands its own job back). */
export const useUnassignJob = () =>
  useJobAction(({ id, note }: Note) => apiClient.post<Job | null>(`/jobs/${enc(id)}/unassign`, noteBody(note)));
