import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { REVISION_REASONS } from '@sunstamp/domain/constants/revision.constants';
import { jobIntakeBody, jobIntakeOf, type JobIntake } from '@sunstamp/domain/jobs/job-intake.schema';
import { JOB_EQUIPMENT_KINDS, type JobEquipmentKind } from '@sunstamp/domain/jobs/job-equipment.rules';
import { sameJobValue } from '@sunstamp/domain/jobs/job-diff.rules';
import { mayManageJobs } from '@sunstamp/domain/policies/jobs.policy';
import { FormError } from '../../../components/form-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { errorMessageOf, isApiError } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.ts';
import { useSessionUser } from '../../../lib/session/session.context.ts';
import { useJob } from '../api/use-job.ts';
import { useRequestRevision } from '../api/use-job-actions.ts';
import { useJobEquipment } from '../api/use-job-equipment.ts';
import { useUploadJobFiles } from '../api/upload-job-files.ts';
import { RevisionReasonFields, revisionNoteNeeded, type RevisionReasonValue } from '../components/revision-reason.fields.tsx';
import { ArraysStep } from '../intake/arrays.step.tsx';
import { EquipmentStep } from '../intake/equipment.step.tsx';
import { ServicesStep } from '../intake/services.step.tsx';
import { emptyRow, linesOf, rowProblems, rowsOf, shownKinds, type EquipmentRow } from '../intake/equipment-lines.rules.ts';
import { groupTransitions, transitionsFor } from '../jobs.rules.ts';

/** The job data a revision may change here, by the reason's nature. */
const CHANGE_SECTIONS = ['arrays', 'equipment', 'services'] as const;

/**
 * Request a revision with the change itself (spec §7: POST /jobs/{id}/revision takes a job body):
 * the reason, the note, the AHJ's or utility's rejection comments and files, and the job's arrays,
 * equipment and services as they must be. Only what differs from the job is sent; the API records
 * the change field by field in the history.
 */
// eslint-disable-next-line max-lines-per-function -- one revision form over the job, its equipment and new files; only what differs from the loaded job is sent, computed from the same form state
export function JobRevisionPage() {
  const { id = '' } = useParams();
  const user = useSessionUser();
  const staff = mayManageJobs(user.role);
  const navigate = useNavigate();
  const job = useJob(id);
  const equipment = useJobEquipment(id);
  const revise = useRequestRevision();
  const upload = useUploadJobFiles(id);
  const form = useForm<JobIntake>({ mode: 'onChange' });
  const loaded = useRef(false);
  const original = useRef<ReturnType<typeof jobIntakeBody> | null>(null);
  const [rows, setRows] = useState<EquipmentRow[]>(() => JOB_EQUIPMENT_KINDS.map(emptyRow));
  const originalLines = useRef<string>('[]');
  const [eqProblems, setEqProblems] = useState<Partial<Record<JobEquipmentKind, string>>>({});
  const [why, setWhy] = useState<RevisionReasonValue>({ reason: '', involuntary: false, note: '' });
  const { reason, involuntary, note } = why;
  const [comments, setComments] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (!job.data || !equipment.data || loaded.current) return;
    loaded.current = true;
    const values = jobIntakeOf(job.data);
    form.reset(values);
    original.current = jobIntakeBody(values, job.data.id);
    const r = rowsOf(equipment.data.lines);
    setRows(r);
    originalLines.current = JSON.stringify(linesOf(r));
  }, [job.data, equipment.data, form]);

  if (job.isLoading || equipment.isLoading || !loaded.current) return <PageLoader />;
  const j = job.data!;
  const canRevise = !!groupTransitions(transitionsFor(j, user.role)).revision;
  if (!canRevise) {
    return (
      <>
        <PageHeader title={`Revision: ${j.name}`} />
        <Alert severity="info" action={<Button component={RouterLink} to={`/jobs/${j.id}`}>Open job</Button>}>
          A revision can be requested once the design is delivered (Pending Approval, Approved or Waiting on AHJ).
        </Alert>
      </>
    );
  }

  const values = form.watch();
  const noteNeeded = revisionNoteNeeded(why);

  const send = async () => {
    setTouched(true);
    setError(undefined);
    if (!reason || noteNeeded) return;
    const problems = rowProblems(rows, shownKinds(values.cad_intake, rows));
    setEqProblems(problems);
    if (Object.keys(problems).length) return;
    const body = jobIntakeBody(form.getValues(), j.id);
    const before = original.current!;
    const changes: Record<string, unknown> = {};
    for (const k of ['arrays', 'services_requested'] as const) if (!sameJobValue(body[k], before[k])) changes[k] = body[k];
    const lines = linesOf(rows);
    const linesChanged = JSON.stringify(lines) !== originalLines.current;
    try {
      const uploaded = files.length ? await upload.mutateAsync({ files, fields: { category: 'General' } }) : [];
      await revise.mutateAsync({
        id: j.id,
        body: {
          reason,
          ...(staff ? { involuntary: involuntary || REVISION_REASONS[reason].involuntary } : {}),
          ...(note.trim() ? { note: note.trim() } : {}),
          ...(comments.trim() ? { rejection_comments: comments.trim() } : {}),
          ...(uploaded.length ? { rejection_file_ids: uploaded.map((f) => f.id) } : {}),
          ...(Object.keys(changes).length ? { job: changes } : {}),
          ...(linesChanged ? { equipment: lines } : {}),
        },
      });
      notify('Revision requested. The job is back with our design team.', { variant: 'success' });
      void navigate(`/jobs/${encodeURIComponent(j.id)}`, { replace: true });
    } catch (e) {
      if (isApiError(e)) {
        for (const [path, message] of Object.entries(e.fieldErrors)) {
          if (path.startsWith('job.')) form.setError(path.slice(4) as never, { type: 'server', message });
        }
      }
      setError(errorMessageOf(e));
    }
  };

  return (
    <FormProvider {...form}>
      <PageHeader
        title={`Request a revision: ${j.name}`}
        subtitle="Say why, and change what must change. The job goes back to design with a new revision number; the history shows what changed."
        actions={
          <Button component={RouterLink} to={`/jobs/${j.id}`} color="inherit" startIcon={<ArrowBack />}>
            Job page
          </Button>
        }
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <FormError message={error} />
        <Stack spacing={3} divider={<Divider flexItem />}>
          <Stack spacing={2}>
            <Typography variant="h6" component="h2">
              Why
            </Typography>
            <RevisionReasonFields value={why} onChange={setWhy} staff={staff} touched={touched} noteRows={2} />
            <TextField
              label="Rejection comments from the AHJ or utility"
              multiline
              minRows={2}
              value={comments}
              onChange={(e) => setComments(e.target.value)}
              helperText="Paste the plan reviewer's or utility's comments, if the revision answers a rejection."
              slotProps={{ htmlInput: { maxLength: 10000 } }}
            />
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Button variant="outlined" component="label">
                Attach rejection files
                <input hidden type="file" multiple onChange={(e) => setFiles(Array.from(e.target.files ?? []))} />
              </Button>
              <Typography variant="body2" color="text.secondary">
                {files.length ? files.map((f) => f.name).join(', ') : 'Stored with the job’s General files and linked to this revision.'}
              </Typography>
            </Stack>
          </Stack>
          {CHANGE_SECTIONS.map((s) => (
            <Stack key={s} spacing={2}>
              <Typography variant="h6" component="h2">
                {s === 'arrays' ? 'Arrays' : s === 'equipment' ? 'Equipment' : 'Services'}
              </Typography>
              {s === 'arrays' && <ArraysStep />}
              {s === 'equipment' && (
                <EquipmentStep rows={rows} shown={shownKinds(values.cad_intake, rows)} arrays={values.arrays} problems={eqProblems} onChange={setRows} />
              )}
              {s === 'services' && <ServicesStep />}
            </Stack>
          ))}
        </Stack>
        <Divider sx={{ my: 3 }} />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button component={RouterLink} to={`/jobs/${j.id}`} color="inherit">
            Cancel
          </Button>
          <Button variant="contained" startIcon={<SendOutlined />} loading={revise.isPending || upload.isPending} onClick={() => void send()}>
            Request revision
          </Button>
        </Stack>
      </Paper>
    </FormProvider>
  );
}
