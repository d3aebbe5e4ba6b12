import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ZGenerateLettersAnswer, ZGenerateLettersBody, ZJobLetter, ZLetterRuns, type JobLetter } from '@sunstamp/domain/contracts/letters';
import { ZJobFile } from '@sunstamp/domain/contracts/files';
import { ZJobRequirementsAnswer } from '@sunstamp/domain/contracts/job-requirements';
import { callEndpoint, fetchEndpoint, getEndpoint, seg, sendEndpoint } from '../../../lib/api/endpoint.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';
import { postFormWithProgress } from '../../../lib/upload-with-progress.ts';

const lettersEndpoint = getEndpoint(z.array(ZJobLetter), (id: string) => `/jobs/${seg(id)}/letters`);
const generateEndpoint = sendEndpoint('POST', { path: (id: string) => `/jobs/${seg(id)}/generate-letters`, body: ZGenerateLettersBody, response: ZGenerateLettersAnswer });

/** GET /jobs/:id/letters: the job's generated letters, newest first (the team only). */
export const useJobLetters = (jobId: string, enabled: boolean) =>
  useQuery({ queryKey: queryKeys.jobs.letters(jobId), queryFn: ({ signal }) => fetchEndpoint(lettersEndpoint, jobId, signal), enabled });

const letterRunsEndpoint = getEndpoint(ZLetterRuns, (id: string) => `/jobs/${seg(id)}/letter-runs`);

/** GET /jobs/:id/letter-runs: one's own recent letters runs, so a reloaded page shows one still under way. */
export const useLetterRuns = (jobId: string, enabled: boolean) =>
  useQuery({ queryKey: queryKeys.jobs.letterRuns(jobId), queryFn: ({ signal }) => fetchEndpoint(letterRunsEndpoint, jobId, signal), enabled });

const filesEndpoint = getEndpoint(z.array(ZJobFile), (id: string) => `/jobs/${seg(id)}/files`);

/** GET /jobs/:id/files (the job page's cache): where the dialog finds the uploaded Forte/SkyCiv result. */
export const useJobFilesForLetters = (jobId: string, enabled: boolean) =>
  useQuery({ queryKey: queryKeys.jobs.files(jobId), queryFn: ({ signal }) => fetchEndpoint(filesEndpoint, jobId, signal), enabled });

const requirementsEndpoint = getEndpoint(ZJobRequirementsAnswer, (id: string) => `/jobs/${seg(id)}/requirements`);

/** GET /jobs/:id/requirements (the job page's cache): the engineering requirements that ask for letters. */
export const useJobRequirementsForLetters = (jobId: string, enabled: boolean) =>
  useQuery({ queryKey: queryKeys.jobs.requirements(jobId), queryFn: ({ signal }) => fetchEndpoint(requirementsEndpoint, jobId, signal), enabled });

/** POST /jobs/:id/generate-letters: queues a run; its progress arrives on the event stream. */
export function useGenerateLetters(jobId: string) {
  return useMutation({
    mutationFn: (body: z.input<typeof ZGenerateLettersBody>) => callEndpoint(generateEndpoint, jobId, body),
    meta: { silentError: true },
  });
}

/** POST /letters/:id/sign (multipart: the P12 and its passphrase, used for this signing only). */
export function useSignLetter(jobId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { letterId: string; p12: File; passphrase: string }) => {
      const form = new FormData();
      form.append('passphrase', v.passphrase);
      form.append('files', v.p12, v.p12.name);
      return postFormWithProgress<JobLetter>(`/letters/${seg(v.letterId)}/sign`, form);
    },
    meta: { silentError: true },
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: queryKeys.jobs.letters(jobId) });
      await qc.invalidateQueries({ queryKey: queryKeys.jobs.deliverables(jobId) });
    },
  });
}
