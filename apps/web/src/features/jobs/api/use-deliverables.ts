import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ZDeliverable, ZJobDeliverables, ZJobTask, ZMarkDeliverableBody, ZReleaseBody, ZSealDeliverableBody, ZSealOptions, ZTaskBody, type SealDeliverableBody,
} from '@sunstamp/domain/contracts/deliverables';
import { ZJob } from '@sunstamp/domain/contracts/jobs';
import type { TaskCompletion } from '@sunstamp/domain/constants/job-events.constants';
import { callEndpoint, fetchEndpoint, getEndpoint, seg, sendEndpoint } from '../../../lib/api/endpoint.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

const deliverablesEndpoint = getEndpoint(ZJobDeliverables, (id: string) => `/jobs/${seg(id)}/deliverables`);
const markEndpoint = sendEndpoint('POST', { path: (id: string) => `/jobs/${seg(id)}/deliverables`, body: ZMarkDeliverableBody, response: ZDeliverable });
const sealEndpoint = sendEndpoint('POST', { path: (fileId: string) => `/deliverables/${seg(fileId)}/seal`, body: ZSealDeliverableBody, response: ZDeliverable });
const sealOptionsEndpoint = getEndpoint(ZSealOptions, (fileId: string) => `/deliverables/${seg(fileId)}/seal-options`);
const unmarkEndpoint = sendEndpoint('DELETE', { path: (fileId: string) => `/deliverables/${seg(fileId)}`, body: null, response: z.null() });
const releaseEndpoint = sendEndpoint('POST', { path: (id: string) => `/jobs/${seg(id)}/release`, body: ZReleaseBody, response: ZJob });
const taskEndpoint = sendEndpoint('PUT', {
  path: (p: { id: string; service: string }) => `/jobs/${seg(p.id)}/tasks/${seg(p.service)}`, body: ZTaskBody, response: z.array(ZJobTask),
});

/** GET /jobs/:id/deliverables: the plan set, letters and calculation packages per revision, what the services require, the tasks. */
export function useJobDeliverables(jobId: string) {
  return useQuery({ queryKey: queryKeys.jobs.deliverables(jobId), queryFn: ({ signal }) => fetchEndpoint(deliverablesEndpoint, jobId, signal) });
}

/** Any deliverable change touches the job (its files, tasks, status): refetch all of it and the lists. */
function useDeliverableMutation<V>(jobId: string, call: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    meta: { silentError: true },
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.jobs.detail(jobId) });
      void qc.invalidateQueries({ queryKey: queryKeys.jobs.lists() });
    },
  });
}

export const useMarkDeliverable = (jobId: string) =>
  useDeliverableMutation(jobId, (body: z.input<typeof ZMarkDeliverableBody>) => callEndpoint(markEndpoint, jobId, body));
/** POST /deliverables/{id}/seal: the chosen engineer seals the draft (their own account, or an admin on their authorisation). */
export const useSealDeliverable = (jobId: string) =>
  useDeliverableMutation(jobId, (v: { fileId: string } & SealDeliverableBody) => callEndpoint(sealEndpoint, v.fileId, { engineer_id: v.engineer_id, ...(v.disciplines ? { disciplines: v.disciplines } : {}), ...(v.accept_assumed_values ? { accept_assumed_values: true } : {}) }));

/** GET /deliverables/{id}/seal-options: what a draft still needs sealed, and who may seal it now. */
export function useSealOptions(fileId: string) {
  return useQuery({ queryKey: [...queryKeys.jobs.all, 'seal-options', fileId], queryFn: ({ signal }) => fetchEndpoint(sealOptionsEndpoint, fileId, signal), staleTime: 0 });
}
export const useUnmarkDeliverable = (jobId: string) =>
  useDeliverableMutation(jobId, (fileId: string) => callEndpoint(unmarkEndpoint, fileId));
export const useReleaseDeliverables = (jobId: string) =>
  useDeliverableMutation(jobId, (body: z.input<typeof ZReleaseBody>) => callEndpoint(releaseEndpoint, jobId, body));
export const useMoveTask = (jobId: string) =>
  useDeliverableMutation(jobId, (v: { service: string; status: TaskCompletion }) => callEndpoint(taskEndpoint, { id: jobId, service: v.service }, { status: v.status }));
