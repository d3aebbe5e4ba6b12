import type { UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { JobIntake } from '@sunstamp/domain/jobs/job-intake.schema';
import { errorMessageOf } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.ts';
import { useChangeStatus, useSubmitJob } from '../api/use-job-actions.ts';
import { withModuleCount } from './equipment-lines.rules.ts';
import { prefillCadIntake } from './cad-prefill.rules.ts';
import { FILES_STEP, INTAKE_STEPS, REVIEW_STEP, firstInvalidStep, stepIndexOf } from './job-intake.rules.ts';
import type { useIntakeDraft } from './use-intake-draft.ts';
import type { useIntakeEquipment } from './use-intake-equipment.ts';
import type { IntakeStep } from './use-intake-step.ts';

type Setup = {
  form: UseFormReturn<JobIntake>;
  steps: IntakeStep;
  draft: ReturnType<typeof useIntakeDraft>;
  equipment: ReturnType<typeof useIntakeEquipment>;
  /** Editing a submitted job (saved once, at the end) rather than a new job or a draft. */
  editing: boolean;
  /** The client may send the answer with the changes (Pending Client). */
  answer: boolean;
  needsCompany: boolean;
  /** The state abbreviation of a state id (for the CAD prefill). */
  stateAbbr: (stateId: number | null | undefined) => string | null;
};

/**
 * What the intake's buttons do: Next (the step's own checks passed) saves the draft as it goes and
 * prefills the CAD form from the address and arrays; the last step submits a new job, or saves the
 * changes of a submitted one (with the client's answer when asked). A refusal opens the step it names.
 */
export function useIntakeActions({ form, steps, draft, equipment, editing, answer, needsCompany, stateAbbr }: Setup) {
  const navigate = useNavigate();
  const submit = useSubmitJob();
  const change = useChangeStatus();
  const { step, stepRef, setStep } = steps;
  const done = (id: string) => void navigate(`/jobs/${encodeURIComponent(id)}`, { replace: true });

  /** After the step passed its checks (handleSubmit runs the current step's schema). */
  const next = async () => {
    const current = INTAKE_STEPS[stepRef.current]!.key;
    if (current === 'equipment' && !equipment.check()) return;
    if (current === 'address' || current === 'arrays') {
      // What the address and the arrays say fills the CAD form instead of being asked again.
      const v = form.getValues();
      form.setValue('cad_intake', prefillCadIntake(v.cad_intake, { stateAbbreviation: stateAbbr(v.state), arrays: v.arrays }));
    }
    if (current === 'cad') equipment.setRows((rows) => withModuleCount(rows, form.getValues().arrays));
    // Editing a submitted job saves once, at the end: the team never sees half an edit.
    if (!editing && (step < FILES_STEP || !draft.draftId)) {
      const id = await draft.saveDraft();
      if (!id) return;
      if (current === 'equipment' && !(await equipment.save(id))) return;
    }
    setStep((s) => Math.min(s + 1, REVIEW_STEP));
    window.scrollTo({ top: 0 });
  };

  /** False (and the first step with a problem on screen) when the form is not complete. */
  const checkAllSteps = (): boolean => {
    const bad = firstInvalidStep(form.getValues(), { needsCompany });
    if (bad >= 0 && bad < REVIEW_STEP) {
      setStep(bad);
      // Show the messages once the step is on screen (the resolver validates the current step).
      setTimeout(() => void form.trigger(), 0);
      return false;
    }
    return true;
  };

  /** The job and its lines saved; the id, or null when a refusal is on screen. */
  const saveAll = async (): Promise<string | null> => {
    const id = await draft.saveDraft();
    return id && (await equipment.save(id)) ? id : null;
  };

  /** Editing a submitted job: one PUT with the changes; the status stays (or the answer goes with it). */
  const onSaveChanges = async (sendAnswer: boolean) => {
    if (!checkAllSteps()) return;
    if (!equipment.check()) {
      setStep(stepIndexOf('equipment'));
      return;
    }
    const changed = draft.changed() || equipment.changed();
    const id = await saveAll();
    if (!id) return;
    try {
      if (sendAnswer && answer) {
        await change.mutateAsync({ id, action: 'answer' });
        notify(changed ? 'Changes saved and answer sent.' : 'Answer sent.', { variant: 'success' });
      } else {
        notify(changed ? 'Changes saved.' : 'Nothing changed.', { variant: changed ? 'success' : 'info' });
      }
      done(id);
    } catch (e) {
      draft.showServerErrors(e);
    }
  };

  const onSubmitJob = async () => {
    if (!checkAllSteps()) return;
    const id = await saveAll();
    if (!id) return;
    try {
      await submit.mutateAsync({ id });
      notify('Job submitted. Our team will pick it up shortly.', { variant: 'success' });
      done(id);
    } catch (e) {
      // The step with the fields named opens, and the refusal's headline says why (an address that contradicts itself).
      draft.showServerErrors(e);
      notify(errorMessageOf(e), { variant: 'error' });
    }
  };

  return {
    /** The form's submit: Next, or the last step's Submit / Save changes. */
    onSubmit: form.handleSubmit(() => (step < REVIEW_STEP ? next() : editing ? onSaveChanges(false) : onSubmitJob())),
    onSendAnswer: () => void form.handleSubmit(() => onSaveChanges(true))(),
    saving: { save: draft.saving, change: change.isPending, submit: submit.isPending },
  };
}
