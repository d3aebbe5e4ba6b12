import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ZAssignBody, ZJob, ZJobBody, ZNoteBody, ZRevisionBody, ZStatusChangeBody, type Job } from '@sunstamp/domain/contracts/jobs';
import type { JobStatus } from '@sunstamp/domain/jobs/workflow.rules';
import { isApiError } from '../../../lib/api-error.ts';
import { callEndpoint, seg, sendEndpoint, type BodyOf } from '../../../lib/api/endpoint.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

export type RevisionBody = z.input<typeof ZRevisionBody>;

/** The job's workflow endpoints: each answers the changed job (assign and unassign: 204 when a contractor passes its own job on). */
const saveJobEndpoint = sendEndpoint('PUT', { path: () => '/jobs', body: ZJobBody, response: ZJob });
const jobMove = <B extends z.ZodType, S extends z.ZodType>(move: string, body: B, response: S) =>
  sendEndpoint('POST', { path: (id: string) => `/jobs/${seg(id)}/${move}`, body, response });
const submitEndpoint = jobMove('submit', ZNoteBody, ZJob);
const statusEndpoint = jobMove('status', ZStatusChangeBody, ZJob);
const cancelEndpoint = jobMove('cancel', ZNoteBody, ZJob);
const revisionEndpoint = jobMove('revision', ZRevisionBody, ZJob);
const assignEndpoint = jobMove('assign', ZAssignBody, ZJob.nullable());
const unassignEndpoint = jobMove('unassign', ZNoteBody, ZJob.nullable());

/** DELETE /jobs/{id}: a draft only (409 once submitted); 204. */
const deleteDraftEndpoint = sendEndpoint('DELETE', { path: (id: string) => `/jobs/${seg(id)}`, body: null, response: z.null() });

export function useDeleteDraft() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(deleteDraftEndpoint, id),
    // The dialog that asked says what went wrong.
    meta: { silentError: true },
    onSuccess: (_, id) => {
      qc.removeQueries({ queryKey: queryKeys.jobs.detail(id) });
      void qc.invalidateQueries({ queryKey: queryKeys.jobs.lists() });
    },
  });
}

/** A changed job: its detail takes the answer, everything else about jobs refetches. */
function onJobChanged(qc: QueryClient, job: Job | null | undefined, id?: string) {
  if (job) qc.setQueryData(queryKeys.jobs.detail(job.id), job);
  void qc.invalidateQueries({ queryKey: queryKeys.jobs.lists() });
  const key = job?.id ?? id;
  if (key) void qc.invalidateQueries({ queryKey: queryKeys.jobs.detail(key), predicate: (q) => q.queryKey.length > 3 });
}

/** PUT /jobs: creates the draft (no id) or updates the fields sent. */
export const saveJob = (body: BodyOf<typeof saveJobEndpoint>) => callEndpoint(saveJobEndpoint, undefined, body);
export function useSaveJob() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveJob,
    // The intake shows field errors beside the inputs itself.
    meta: { silentError: true },
    onSuccess: (job) => onJobChanged(qc, job),
    // A refused value may be an option staff have since deactivated: load the lists again (spec §7 "refetch forced").
    onError: (e) => {
      if (isApiError(e) && e.status === 400) void qc.invalidateQueries({ queryKey: queryKeys.optionLists.all });
    },
  });
}

type Note = { id: string; note?: string };

function useJobAction<V extends { id: string }>(call: (v: V) => Promise<Job | null>) {
  const qc = useQueryClient();
  // Every caller shows the error where the action was asked for (the action dialog, the intake), once.
  return useMutation({ mutationFn: call, meta: { silentError: true }, onSuccess: (job, v) => onJobChanged(qc, job, v.id) });
}

const noteBody = (note?: string): z.input<typeof ZNoteBody> => (note?.trim() ? { note: note.trim() } : {});

/** POST /jobs/:id/submit: Draft → Pending Pre-Check. */
export const useSubmitJob = () =>
  useJobAction(({ id, note }: Note) => callEndpoint(submitEndpoint, id, noteBody(note)));

/**
 * POST /jobs/:id/status: any allowed move (staff moves, approval), or the client's answer
 * (`action: 'answer'`: back to where the job came from, which the client is not told).
 */
export const useChangeStatus = () =>
  useJobAction(({ id, note, ...to }: Note & ({ status: JobStatus } | { action: 'answer' })) =>
    callEndpoint(statusEndpoint, id, { ...to, ...noteBody(note) }),
  );

/** POST /jobs/:id/cancel. */
export const useCancelJob = () =>
  useJobAction(({ id, note }: Note) => callEndpoint(cancelEndpoint, id, noteBody(note)));

/** POST /jobs/:id/revision: reason (spec §9), involuntary flag (staff), note. */
export const useRequestRevision = () =>
  useJobAction(({ id, body }: { id: string; body: RevisionBody }) => callEndpoint(revisionEndpoint, id, body));

/** POST /jobs/:id/assign. */
export const useAssignJob = () =>
  useJobAction(({ id, assignee_id, note }: Note & { assignee_id: string }) =>
    callEndpoint(assignEndpoint, id, { assignee_id, ...noteBody(note) }),
  );

/** POST /jobs/:id/unassign (204 and no job when a contractor hands its own job back). */
export const useUnassignJob = () =>
  useJobAction(({ id, note }: Note) => callEndpoint(unassignEndpoint, id, noteBody(note)));
