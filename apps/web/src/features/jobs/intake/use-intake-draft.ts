import { useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { jobIntakeBody, jobIntakeOf, type JobIntake } from '@sunstamp/domain/jobs/job-intake.schema';
import { errorMessageOf, isApiError } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.ts';
import { useJob } from '../api/use-job.ts';
import { useSaveJob } from '../api/use-job-actions.ts';
import { stepOfField } from './job-intake.rules.ts';

/**
 * The intake's job: a draft resumed from `/jobs/new?id=…` (loaded into the form once) or made by the
 * first save, and saved with PUT /jobs when the form changed since the last save. A refusal's field
 * messages go on their fields and `openStep` opens the first step that has one.
 */
export function useIntakeDraft(form: UseFormReturn<JobIntake>, resumeId: string | null, openStep: (step: number) => void) {
  const navigate = useNavigate();
  const [draftId, setDraftId] = useState<string | null>(resumeId);
  const loaded = useRef<string | null>(null);
  const lastSaved = useRef<string | null>(null);
  const resumed = useJob(resumeId ?? undefined);
  const save = useSaveJob();

  // Resuming a draft (/jobs/new?id=…): load it into the form once.
  useEffect(() => {
    const job = resumed.data;
    if (!job || loaded.current === job.id) return;
    loaded.current = job.id;
    const values = jobIntakeOf(job);
    form.reset(values);
    lastSaved.current = JSON.stringify(jobIntakeBody(values, job.id));
    setDraftId(job.id);
  }, [resumed.data, form]);

  /** The API's field messages on the form's fields; true when one of them is on a step (which then opens). */
  const showServerErrors = (e: unknown): boolean => {
    if (!isApiError(e)) return false;
    let first = -1;
    for (const [path, message] of Object.entries(e.fieldErrors)) {
      // The body's ahj_id is the form's ahj (the picker keeps the name with the id).
      form.setError((path === 'ahj_id' ? 'ahj' : path) as never, { type: 'server', message });
      const s = stepOfField(path);
      if (s >= 0 && (first < 0 || s < first)) first = s;
    }
    if (first >= 0) openStep(first);
    return first >= 0;
  };

  /** PUT /jobs: the first save creates the draft (and the URL remembers it), later ones update it. */
  const saveDraft = async (): Promise<string | null> => {
    form.clearErrors('root');
    const body = jobIntakeBody(form.getValues(), draftId);
    // Nothing changed since the last save: no PUT (and no "Drafted" line in the history).
    if (draftId && lastSaved.current === JSON.stringify(body)) return draftId;
    try {
      const job = await save.mutateAsync(body);
      lastSaved.current = JSON.stringify(jobIntakeBody(form.getValues(), job.id));
      if (!draftId) {
        loaded.current = job.id;
        setDraftId(job.id);
        void navigate(`/jobs/new?id=${encodeURIComponent(job.id)}`, { replace: true });
      }
      return job.id;
    } catch (e) {
      if (!showServerErrors(e) && !(isApiError(e) && e.silent)) {
        form.setError('root.server' as never, { type: 'server', message: errorMessageOf(e) });
        notify(errorMessageOf(e), { variant: 'error' });
      }
      return null;
    }
  };

  return {
    draftId, resumed, saving: save.isPending, saveDraft, showServerErrors,
    /** Whether the form differs from the last saved job. */
    changed: () => lastSaved.current !== JSON.stringify(jobIntakeBody(form.getValues(), draftId)),
  };
}
