import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { defaultJobIntake, type JobIntake } from '@sunstamp/domain/jobs/job-intake.schema';
import { mayListAllCompanies } from '@sunstamp/domain/policies/companies.policy';
import { FormError } from '../../../components/form-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { friendlyErrors } from '../../../lib/form-resolver.ts';
import { useSessionUser } from '../../../lib/session/session.context.ts';
import { useCompanies } from '../../../lib/api/companies.api.ts';
import { useStates } from '../api/use-option-list.ts';
import { DeleteDraftButton } from '../components/delete-draft.button.tsx';
import { IntakeActions } from '../intake/intake-actions.tsx';
import { intakeRefusal } from '../intake/intake-refusal.tsx';
import { IntakeStepBody } from '../intake/intake-step-body.tsx';
import { IntakeStepper } from '../intake/intake-stepper.tsx';
import { INTAKE_STEPS, newJobIntro, stepIndexOf, stepSchema } from '../intake/job-intake.rules.ts';
import { useIntakeActions } from '../intake/use-intake-actions.ts';
import { useIntakeDraft } from '../intake/use-intake-draft.ts';
import { useIntakeEquipment } from '../intake/use-intake-equipment.ts';
import { useIntakeStep } from '../intake/use-intake-step.ts';
import { groupTransitions, intakeModeOf, transitionsFor } from '../jobs.rules.ts';

const STEP_HINTS: Record<(typeof INTAKE_STEPS)[number]['key'], string> = {
  address: 'Where is the system going? Find the site, then fine-tune the pin on the map.',
  arrays: 'One card per array of modules. The defaults are typical values: change what differs.',
  cad: 'What the designer needs for the plan set. What the address and arrays already say is filled in; turn on the parts that apply.',
  equipment: 'The models on this job, from our equipment catalogue. Their datasheets become the cut sheets.',
  services: 'Choose what you are ordering.',
  files: 'Add site photos, bills, spec sheets or anything else the team should see. You can also add files later.',
  review: 'Check everything, then submit the job to our team.',
};
const EDIT_REVIEW_HINT = 'Check everything, then save your changes. The job stays where it is; it is not submitted again.';
const ANSWER_REVIEW_HINT =
  'Check everything, then save. "Save and send answer" also tells our team you are done; "Save changes" keeps the job waiting for your answer.';

/**
 * The job intake. A new job or a Draft: a stepper that saves the draft as it goes and
 * submits at the end. A submitted job the role may still edit (mayEditJob: a client in Pending
 * Pre-Check or Pending Client): the same steps, saved once on the last step ("Save changes"),
 * without moving the job; in Pending Client the client may also send the answer with it.
 * The page composes its parts: the step (use-intake-step), the job (use-intake-draft), its equipment
 * lines (use-intake-equipment), the buttons' actions (use-intake-actions) and each step's fields
 * (intake-step-body and the *.step.tsx components).
 */
export function JobNewPage() {
  const user = useSessionUser();
  const [params] = useSearchParams();
  const resumeId = params.get('id');
  const staff = mayListAllCompanies(user.role);
  const companiesQuery = useCompanies(staff);
  const companies = staff ? (companiesQuery.data ?? []) : user.companies;
  const needsCompany = staff || user.companies.length > 1;
  const steps = useIntakeStep();
  const { step, stepRef, setStep } = steps;
  const resolver: Resolver<JobIntake> = (values, ctx, opts) =>
    (zodResolver(stepSchema(INTAKE_STEPS[stepRef.current]!.key, { needsCompany }) as never, friendlyErrors) as unknown as Resolver<JobIntake>)(values, ctx, opts);
  const form = useForm<JobIntake>({
    defaultValues: defaultJobIntake(user.companies.length === 1 && !staff ? user.companies[0]!.id : null),
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const draft = useIntakeDraft(form, resumeId, setStep);
  const { draftId, resumed } = draft;
  const equipment = useIntakeEquipment(form, draftId, () => setStep(stepIndexOf('equipment')));
  const states = useStates();
  const stateAbbr = (id: number | null | undefined) => states.data?.find((s) => s.id === id)?.abbreviation ?? null;
  const editing = intakeModeOf(resumed.data) === 'edit';
  const answer = editing && resumed.data ? !!groupTransitions(transitionsFor(resumed.data, user.role)).answer : false;
  const actions = useIntakeActions({ form, steps, draft, equipment, editing, answer, needsCompany, stateAbbr });

  const refusal = intakeRefusal(user.role, resumeId, resumed);
  if (refusal) return refusal;
  const values = form.watch();
  const key = INTAKE_STEPS[step]!.key;
  const title = editing ? `Edit: ${values.name || 'untitled job'}` : resumeId ? `Draft: ${values.name || 'untitled job'}` : 'New job';
  return (
    <FormProvider {...form}>
      <PageHeader
        title={title}
        subtitle={intakeSubtitle(editing, draftId)}
        actions={
          <>
            {draftId && !editing && <DeleteDraftButton jobId={draftId} name={values.name} />}
            <Button component={RouterLink} to={draftId ? `/jobs/${draftId}` : '/jobs'} color="inherit" startIcon={<ArrowBack />}>
              {draftId ? 'Job page' : 'Jobs'}
            </Button>
          </>
        }
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <IntakeStepper step={step} editing={editing} setStep={setStep} />
        <Typography variant="h6" component="h2">{INTAKE_STEPS[step]!.label}</Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {editing && key === 'review' ? (answer ? ANSWER_REVIEW_HINT : EDIT_REVIEW_HINT) : STEP_HINTS[key]}
        </Typography>
        <FormError message={(form.formState.errors.root as { server?: { message?: string } } | undefined)?.server?.message} />
        <Box component="form" noValidate onSubmit={actions.onSubmit}>
          <IntakeStepBody
            stepKey={key} values={values} equipment={equipment} draftId={draftId} companies={needsCompany ? companies : []}
            role={user.role} stateAbbr={stateAbbr(values.state)} setStep={setStep}
          />
          <Divider sx={{ my: 3 }} />
          <IntakeActions
            step={step} setStep={setStep} draftId={draftId} editing={editing} answer={answer}
            saving={actions.saving} onSendAnswer={actions.onSendAnswer}
          />
        </Box>
      </Paper>
    </FormProvider>
  );
}

/** What the page says under its title: how saving works here. */
function intakeSubtitle(editing: boolean, draftId: string | null): string {
  if (editing) return 'Nothing changes for our team until you save on the last step. Saving does not submit the job again.';
  return draftId ? 'Saved as a draft as you go. You can leave and continue later from the jobs list.' : newJobIntro();
}
