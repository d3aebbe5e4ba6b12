import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, type Resolver, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import WorkOffOutlined from '@mui/icons-material/WorkOffOutlined';
import { defaultJobIntake, jobIntakeBody, jobIntakeOf, type JobIntake } from '@sunstamp/domain/jobs/job-intake.schema';
import { JOB_EQUIPMENT_KINDS, type JobEquipmentKind } from '@sunstamp/domain/jobs/job-equipment.rules';
import { mayCreateJob } from '@sunstamp/domain/policies/jobs.policy';
import { mayListAllCompanies } from '@sunstamp/domain/policies/companies.policy';
import { EmptyState } from '../../../components/empty-state.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { errorMessageOf, isApiError } from '../../../lib/api-error.ts';
import { friendlyErrors } from '../../../lib/form-resolver.ts';
import { notify } from '../../../lib/notify.ts';
import { useSessionUser } from '../../../lib/session/session.context.ts';
import { useCompanies } from '../../../lib/api/companies.api.ts';
import { useJob } from '../api/use-job.ts';
import { useChangeStatus, useSaveJob, useSubmitJob } from '../api/use-job-actions.ts';
import { useStates } from '../api/use-option-list.ts';
import { FileUploadPanel } from '../components/file-upload.panel.tsx';
import { JobFilesPanel } from '../components/job-files.panel.tsx';
import { AddressStep } from '../intake/address.step.tsx';
import { DeleteDraftButton } from '../components/delete-draft.button.tsx';
import { ArraysStep } from '../intake/arrays.step.tsx';
import { CadIntakeStep } from '../intake/cad-intake.step.tsx';
import { EquipmentStep } from '../intake/equipment.step.tsx';
import { emptyRow, linesOf, moduleModelOf, rowProblems, rowsOf, shownKinds, withModuleCount, type EquipmentRow } from '../intake/equipment-lines.rules.ts';
import { prefillCadIntake } from '../intake/cad-prefill.rules.ts';
import { useJobEquipment, useSaveJobEquipment } from '../api/use-job-equipment.ts';
import { ServicesStep } from '../intake/services.step.tsx';
import { IntakeActions } from '../intake/intake-actions.tsx';
import { IntakeStepper } from '../intake/intake-stepper.tsx';
import { ReviewStep } from '../intake/review.step.tsx';
import {
  FILES_STEP,
  INTAKE_STEPS,
  newJobIntro,
  REVIEW_STEP,
  firstInvalidStep,
  stepIndexOf,
  stepOfField,
  stepSchema,
} from '../intake/job-intake.rules.ts';
import { groupTransitions, intakeModeOf, mayEditJob, transitionsFor } from '../jobs.rules.ts';

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

/** The arrays' module type is the module model's (issue 29, item 11), as the API stores it. */
function followModuleModel(form: UseFormReturn<JobIntake>, rows: readonly EquipmentRow[]) {
  const model = moduleModelOf(rows);
  if (!model) return;
  form.getValues('arrays').forEach((a, i) => {
    if (a.module_type !== model.type) form.setValue(`arrays.${i}.module_type`, model.type);
  });
}

/**
 * The job intake. A new job or a Draft: a stepper that saves the draft as it goes and
 * submits at the end. A submitted job the role may still edit (mayEditJob: a client in Pending
 * Pre-Check or Pending Client): the same steps, saved once on the last step ("Save changes"),
 * without moving the job; in Pending Client the client may also send the answer with it.
 */
// eslint-disable-next-line max-lines-per-function -- the intake wizard's step state, saving and submission over one react-hook-form instance; issue 28 part 2 splits the new-job page by step, left to that change
export function JobNewPage() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const resumeId = params.get('id');
  const staff = mayListAllCompanies(user.role);
  const companiesQuery = useCompanies(staff);
  const companies = staff ? (companiesQuery.data ?? []) : user.companies;
  const needsCompany = staff || user.companies.length > 1;

  const [step, setStepState] = useState(0);
  const stepRef = useRef(0);
  stepRef.current = step;
  const [draftId, setDraftId] = useState<string | null>(resumeId);
  const loaded = useRef<string | null>(null);
  const lastSaved = useRef<string | null>(null);
  const resumed = useJob(resumeId ?? undefined);
  const save = useSaveJob();
  const states = useStates();
  const submit = useSubmitJob();
  const change = useChangeStatus();
  const editing = intakeModeOf(resumed.data) === 'edit';
  const storedEquipment = useJobEquipment(draftId ?? undefined);
  const saveEquipment = useSaveJobEquipment();
  const [eqRows, setEqRows] = useState<EquipmentRow[]>(() => JOB_EQUIPMENT_KINDS.map(emptyRow));
  const [eqProblems, setEqProblems] = useState<Partial<Record<JobEquipmentKind, string>>>({});
  const eqLoaded = useRef<string | null>(null);
  const eqSaved = useRef<string>(JSON.stringify([]));

  const setStep = (next: number | ((s: number) => number)) => {
    const to = typeof next === 'function' ? next(stepRef.current) : next;
    stepRef.current = to;
    setStepState(to);
  };
  const resolver: Resolver<JobIntake> = (values, ctx, opts) =>
    (zodResolver(stepSchema(INTAKE_STEPS[stepRef.current]!.key, { needsCompany }) as never, friendlyErrors) as unknown as Resolver<JobIntake>)(values, ctx, opts);
  const form = useForm<JobIntake>({
    defaultValues: defaultJobIntake(user.companies.length === 1 && !staff ? user.companies[0]!.id : null),
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

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

  // The job's stored equipment, once.
  useEffect(() => {
    const answer = storedEquipment.data;
    if (!answer || !draftId || eqLoaded.current === draftId) return;
    eqLoaded.current = draftId;
    const rows = rowsOf(answer.lines);
    setEqRows(rows);
    followModuleModel(form, rows);
    eqSaved.current = JSON.stringify(linesOf(rows));
  }, [storedEquipment.data, draftId, form]);

  if (!mayCreateJob(user.role)) {
    return (
      <>
        <PageHeader title="New job" />
        <EmptyState icon={<WorkOffOutlined />} title="Contractors do not create jobs">
          Jobs are created by the client companies and our team. Your assigned jobs are in the jobs list.
        </EmptyState>
      </>
    );
  }
  if (resumeId && resumed.isLoading) return <PageLoader />;
  if (resumed.data && !mayEditJob(resumed.data)) {
    const j = resumed.data;
    return (
      <>
        <PageHeader title={j.name || 'Job'} />
        <Alert severity="info" action={<Button component={RouterLink} to={`/jobs/${j.id}`}>Open job</Button>}>
          {!j.is_active
            ? 'This job is deactivated and can no longer be edited.'
            : j.status === 'Cancelled'
              ? 'This job is cancelled and can no longer be edited.'
              : 'This job is with our team. Changes now go through a revision request on the job page.'}
        </Alert>
      </>
    );
  }
  const answer = editing && resumed.data ? groupTransitions(transitionsFor(resumed.data, user.role)).answer : null;

  const showServerErrors = (e: unknown): boolean => {
    if (!isApiError(e)) return false;
    const fields = Object.entries(e.fieldErrors);
    let first = -1;
    for (const [path, message] of fields) {
      // The body's ahj_id is the form's ahj (the picker keeps the name with the id).
      form.setError((path === 'ahj_id' ? 'ahj' : path) as never, { type: 'server', message });
      const s = stepOfField(path);
      if (s >= 0 && (first < 0 || s < first)) first = s;
    }
    if (first >= 0) setStep(first);
    return first >= 0;
  };

  /** PUT /jobs: the first save creates the draft (and the URL remembers it), later ones update it. */
  const saveDraft = async (): Promise<string | null> => {
    form.clearErrors('root');
    const body = jobIntakeBody(form.getValues(), draftId);
    const text = JSON.stringify(body);
    // Nothing changed since the last save: no PUT (and no "Drafted" line in the history).
    if (draftId && lastSaved.current === text) return draftId;
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
      if (!showServerErrors(e)) {
        if (!(isApiError(e) && e.silent)) {
          form.setError('root.server' as never, { type: 'server', message: errorMessageOf(e) });
          notify(errorMessageOf(e), { variant: 'error' });
        }
      }
      return null;
    }
  };

  /** PUT /jobs/:id/equipment when the lines changed since the last save; false on a refusal (shown on the step). */
  const saveLines = async (id: string): Promise<boolean> => {
    const lines = linesOf(eqRows);
    const text = JSON.stringify(lines);
    if (eqSaved.current === text && storedEquipment.data) return true;
    try {
      await saveEquipment.mutateAsync({ id, lines });
      eqSaved.current = text;
      return true;
    } catch (e) {
      setStep(stepIndexOf('equipment'));
      if (isApiError(e)) {
        const byKind: Partial<Record<JobEquipmentKind, string>> = {};
        for (const [path, message] of Object.entries(e.fieldErrors)) {
          const line = lines[Number(path.split('.')[1])];
          if (line) byKind[line.kind] = message;
        }
        setEqProblems(byKind);
      }
      notify(errorMessageOf(e), { variant: 'error' });
      return false;
    }
  };

  /** The equipment step's own check (it is not part of the form schema). */
  const equipmentOk = (): boolean => {
    const problems = rowProblems(eqRows, shownKinds(form.getValues().cad_intake, eqRows));
    setEqProblems(problems);
    return Object.keys(problems).length === 0;
  };

  /** After the step passed its checks (handleSubmit runs the current step's schema). */
  const next = async () => {
    const current = INTAKE_STEPS[stepRef.current]!.key;
    if (current === 'equipment' && !equipmentOk()) return;
    if (current === 'address' || current === 'arrays') {
      // What the address and the arrays say fills the CAD form instead of being asked again.
      const v = form.getValues();
      const abbr = states.data?.find((s) => s.id === v.state)?.abbreviation ?? null;
      form.setValue('cad_intake', prefillCadIntake(v.cad_intake, { stateAbbreviation: abbr, arrays: v.arrays }));
    }
    if (current === 'cad') setEqRows((rows) => withModuleCount(rows, form.getValues().arrays));
    // Editing a submitted job saves once, at the end: the team never sees half an edit.
    if (!editing && (step < FILES_STEP || !draftId)) {
      const id = await saveDraft();
      if (!id) return;
      if (current === 'equipment' && !(await saveLines(id))) return;
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

  /** Editing a submitted job: one PUT with the changes; the status stays (or the answer goes with it). */
  const onSaveChanges = async (sendAnswer: boolean) => {
    if (!checkAllSteps()) return;
    if (!equipmentOk()) {
      setStep(stepIndexOf('equipment'));
      return;
    }
    const changed = lastSaved.current !== JSON.stringify(jobIntakeBody(form.getValues(), draftId))
      || eqSaved.current !== JSON.stringify(linesOf(eqRows));
    const id = await saveDraft();
    if (!id) return;
    if (!(await saveLines(id))) return;
    try {
      if (sendAnswer && answer) {
        await change.mutateAsync({ id, action: 'answer' });
        notify(changed ? 'Changes saved and answer sent.' : 'Answer sent.', { variant: 'success' });
      } else {
        notify(changed ? 'Changes saved.' : 'Nothing changed.', { variant: changed ? 'success' : 'info' });
      }
      void navigate(`/jobs/${encodeURIComponent(id)}`, { replace: true });
    } catch (e) {
      showServerErrors(e);
    }
  };

  const onSubmitJob = async () => {
    if (!checkAllSteps()) return;
    const id = await saveDraft();
    if (!id) return;
    if (!(await saveLines(id))) return;
    try {
      await submit.mutateAsync({ id });
      notify('Job submitted. Our team will pick it up shortly.', { variant: 'success' });
      void navigate(`/jobs/${encodeURIComponent(id)}`, { replace: true });
    } catch (e) {
      // The step with the fields named opens, and the refusal's headline says why (an address that contradicts itself).
      showServerErrors(e);
      notify(errorMessageOf(e), { variant: 'error' });
    }
  };

  const values = form.watch();
  const key = INTAKE_STEPS[step]!.key;
  const hint = editing && key === 'review' ? (answer ? ANSWER_REVIEW_HINT : EDIT_REVIEW_HINT) : STEP_HINTS[key];
  const title = editing ? `Edit: ${values.name || 'untitled job'}` : resumeId ? `Draft: ${values.name || 'untitled job'}` : 'New job';
  const subtitle = editing
    ? 'Nothing changes for our team until you save on the last step. Saving does not submit the job again.'
    : draftId
      ? 'Saved as a draft as you go. You can leave and continue later from the jobs list.'
      : newJobIntro();
  const stateAbbr = states.data?.find((s) => s.id === values.state)?.abbreviation;
  const cityLine = [values.city, [stateAbbr, values.client_zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', ');

  return (
    <FormProvider {...form}>
      <PageHeader
        title={title}
        subtitle={subtitle}
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
        <Typography variant="h6" component="h2">
          {INTAKE_STEPS[step]!.label}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {hint}
        </Typography>
        <FormError message={(form.formState.errors.root as { server?: { message?: string } } | undefined)?.server?.message} />
        <Box
          component="form"
          noValidate
          onSubmit={form.handleSubmit(() => (step < REVIEW_STEP ? next() : editing ? onSaveChanges(false) : onSubmitJob()))}
        >
          {key === 'address' && <AddressStep companies={needsCompany ? companies : []} jobId={draftId} />}
          {key === 'arrays' && <ArraysStep moduleModel={moduleModelOf(eqRows)} />}
          {key === 'cad' && <CadIntakeStep siteState={stateAbbr ?? null} />}
          {key === 'equipment' && (
            <EquipmentStep
              rows={eqRows}
              shown={shownKinds(values.cad_intake, eqRows)}
              arrays={values.arrays}
              problems={eqProblems}
              onChange={(rows) => {
                setEqRows(rows);
                followModuleModel(form, rows);
                if (Object.keys(eqProblems).length) setEqProblems(rowProblems(rows, shownKinds(values.cad_intake, rows)));
              }}
            />
          )}
          {key === 'services' && <ServicesStep />}
          {key === 'files' && draftId && (
            <Stack spacing={3}>
              <FileUploadPanel jobId={draftId} role={user.role} />
              <Divider />
              <JobFilesPanel jobId={draftId} />
            </Stack>
          )}
          {key === 'review' && (
            <ReviewStep values={values} cityLine={cityLine} storedEquipment={storedEquipment.data} draftId={draftId} setStep={setStep} />
          )}
          <Divider sx={{ my: 3 }} />
          <IntakeActions
            step={step}
            setStep={setStep}
            draftId={draftId}
            editing={editing}
            answer={!!answer}
            saving={{ save: save.isPending, change: change.isPending, submit: submit.isPending }}
            onSendAnswer={() => void form.handleSubmit(() => onSaveChanges(true))()}
          />
        </Box>
      </Paper>
    </FormProvider>
  );
}
