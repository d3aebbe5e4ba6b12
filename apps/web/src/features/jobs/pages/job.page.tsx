import { wetStampOrderText } from '@sunstamp/domain/jobs/wet-stamp.rules';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import AssignmentIndOutlined from '@mui/icons-material/AssignmentIndOutlined';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import DesignServicesOutlined from '@mui/icons-material/DesignServicesOutlined';
import DoneAllOutlined from '@mui/icons-material/DoneAllOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import HistoryEduOutlined from '@mui/icons-material/HistoryEduOutlined';
import ReplyOutlined from '@mui/icons-material/ReplyOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import type { Job } from '@sunstamp/domain/contracts/jobs';
import type { CadIntake } from '@sunstamp/domain/jobs/cad-intake.schema';
import type { JobStatus } from '@sunstamp/domain/jobs/workflow.rules';
import { isJobStatus } from '@sunstamp/domain/jobs/client-view.rules';
import { mayAssignJobs, mayManageJobs, seesInternalStatus } from '@sunstamp/domain/policies/jobs.policy';
import { mayUseJobUploadPanel } from '@sunstamp/domain/policies/files.policy';
import { mayMarkDeliverables } from '@sunstamp/domain/policies/deliverables.policy';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { DeleteDraftButton } from '../components/delete-draft.button.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { notify } from '../../../lib/notify.ts';
import { useSessionUser } from '../../../lib/session/session.context.ts';
import { useJob } from '../api/use-job.ts';
import { useJobRequirements } from '../api/use-job-requirements.ts';
import { useCancelJob, useChangeStatus, useSubmitJob, useUnassignJob } from '../api/use-job-actions.ts';
import { AssignDialog } from '../components/assign.dialog.tsx';
import { ActionNeededBanner } from '../components/action-needed.banner.tsx';
import { ActionNeededChip } from '../components/action-needed.chip.tsx';
import { FileUploadPanel } from '../components/file-upload.panel.tsx';
import { DeliverablesPanel, JobTasksList } from '../components/deliverables.panel.tsx';
import { JobFilesPanel } from '../components/job-files.panel.tsx';
import { ArraysSummary, CadIntakeSummary, Facts, ServicesSummary, StructureText } from '../components/job-details.sections.tsx';
import { JobCadFieldsCard } from '../components/job-cad-fields.card.tsx';
import { JobEquipmentPanel } from '../components/job-equipment.sections.tsx';
import { JobHistoryTimeline, NoteText } from '../components/job-history.timeline.tsx';
import { JobRequirementsSection } from '../components/job-requirements.section.tsx';
import { JobRevisionsTable } from '../components/job-revisions.table.tsx';
import { JobStatusChip } from '../components/job-status.chip.tsx';
import { OverdueChip } from '../components/overdue.chip.tsx';
import { RevisionRequestDialog } from '../components/revision-request.dialog.tsx';
import { StatusActionDialog } from '../components/status-action.dialog.tsx';
import { groupTransitions, mayEditJob, transitionsFor } from '../jobs.rules.ts';

function Card({ title, action, children, id }: { title: string; action?: ReactNode; children: ReactNode; id?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 2.5 }, scrollMarginTop: 80 }} id={id}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1.5, minHeight: 32 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1, fontSize: '1.05rem' }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

const addressOf = (j: Job) =>
  [j.client_street_address, j.client_city?.name, [j.client_state?.abbreviation, j.client_zip_code].filter(Boolean).join(' ')]
    .filter((s) => s && s.trim())
    .join(', ');

type Dialog =
  | { kind: 'submit' | 'approve' | 'answer' | 'cancel' | 'unassign' | 'revision' | 'assign' }
  | { kind: 'move'; to: JobStatus }
  | null;

/**
 * One job: summary, arrays, CAD intake, services, files, history, revisions and the actions the
 * role allows. `conversation` renders the job's messages beside the history (the app passes the
 * messages feature's panel in).
 */
// eslint-disable-next-line max-lines-per-function -- the job page composes its cards (details, status actions, files, deliverables, plan set, letters, conversation) around one job query and the status-change dialog
export function JobPage({ conversation, planSet, letters, wetStamp }: {
  conversation?: (jobId: string) => ReactNode;
  /** The plan-set panel (its own feature, composed by the app like the conversation). */
  planSet?: (job: { id: string; assigneeId: string | null }) => ReactNode;
  /** The letters panel (its own feature, composed by the app). */
  letters?: (job: { id: string; assigneeId: string | null; services: readonly string[] }) => ReactNode;
  /** The wet stamp card (its own feature, composed by the app); it shows only when the job has a wet stamp. */
  wetStamp?: (jobId: string) => ReactNode;
} = {}) {
  const { id = '' } = useParams();
  const user = useSessionUser();
  const job = useJob(id);
  const requirements = useJobRequirements(job.data?.id);
  const submit = useSubmitJob();
  const change = useChangeStatus();
  const cancel = useCancelJob();
  const unassign = useUnassignJob();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [moveAnchor, setMoveAnchor] = useState<HTMLElement | null>(null);

  if (job.isLoading) return <PageLoader />;
  if (!job.data) {
    const missing = isApiError(job.error) && job.error.status === 404;
    return (
      <>
        <PageHeader title="Job" />
        <EmptyState
          icon={<SearchOffOutlined />}
          title={missing ? 'Job not found' : 'The job could not be loaded'}
          action={
            <Button component={RouterLink} to="/jobs" variant="outlined">
              Back to jobs
            </Button>
          }
        >
          {missing ? 'It does not exist, or it is not shared with you.' : 'Please try again in a moment.'}
        </EmptyState>
      </>
    );
  }

  const j = job.data;
  const staff = mayManageJobs(user.role);
  const internal = seesInternalStatus(user.role);
  const actions = groupTransitions(transitionsFor(j, user.role));
  const editable = mayEditJob(j);

  const primary: ReactNode[] = [
    <Button key="design" variant="outlined" startIcon={<DesignServicesOutlined />} component={RouterLink} to={`/jobs/${encodeURIComponent(j.id)}/design`}>
      Design
    </Button>,
  ];
  if (editable) {
    // A Draft continues the intake; a submitted job the role may still edit opens it to save changes.
    primary.push(
      <Button key="edit" variant="outlined" startIcon={<EditOutlined />} component={RouterLink} to={`/jobs/new?id=${encodeURIComponent(j.id)}`}>
        {j.status === 'Draft' ? 'Continue editing' : 'Edit'}
      </Button>,
    );
  }
  if (actions.submit) primary.push(<Button key="submit" variant="contained" startIcon={<SendOutlined />} onClick={() => setDialog({ kind: 'submit' })}>Submit</Button>);
  if (actions.approve) primary.push(<Button key="approve" variant="contained" color="success" startIcon={<DoneAllOutlined />} onClick={() => setDialog({ kind: 'approve' })}>Approve</Button>);
  if (actions.answer) primary.push(<Button key="answer" variant="contained" startIcon={<ReplyOutlined />} onClick={() => setDialog({ kind: 'answer' })}>Send answer</Button>);
  if (actions.revision) primary.push(<Button key="revision" variant="outlined" startIcon={<HistoryEduOutlined />} onClick={() => setDialog({ kind: 'revision' })}>Request revision</Button>);
  if (actions.moves.length) {
    primary.push(
      <Button key="move" variant="outlined" endIcon={<ExpandMore />} onClick={(e) => setMoveAnchor(e.currentTarget)} aria-haspopup="menu">
        Move status
      </Button>,
    );
  }
  if (mayAssignJobs(user.role) && j.is_active && j.status !== 'Cancelled') {
    primary.push(
      <Button key="assign" variant="outlined" startIcon={<AssignmentIndOutlined />} onClick={() => setDialog({ kind: 'assign' })}>
        {j.assignee ? 'Reassign' : 'Assign'}
      </Button>,
    );
  }
  if (actions.cancel) primary.push(<Button key="cancel" color="error" startIcon={<CancelOutlined />} onClick={() => setDialog({ kind: 'cancel' })}>Cancel job</Button>);

  return (
    <>
      <PageHeader
        title={j.name || 'Untitled job'}
        subtitle={addressOf(j) || 'No address yet'}
        actions={
          <>
            {j.status === 'Draft' && !j.submitted_at && j.is_active && <DeleteDraftButton jobId={j.id} name={j.name} />}
            <Button component={RouterLink} to="/jobs" color="inherit" startIcon={<ArrowBack />}>
              Jobs
            </Button>
          </>
        }
      />
      {!j.is_active && <Alert severity="warning" sx={{ mb: 2 }}>This job is deactivated: it is hidden from the client and from the default list.</Alert>}
      <ActionNeededBanner
        job={j}
        onAnswer={actions.answer ? () => setDialog({ kind: 'answer' }) : undefined}
        onApprove={actions.approve ? () => setDialog({ kind: 'approve' }) : undefined}
        onRevision={actions.revision ? () => setDialog({ kind: 'revision' }) : undefined}
      />
      {j.rejection_notice && (
        <Alert severity="error" sx={{ mb: 2 }}>
          <NoteText note={j.rejection_notice} />
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 2.5 }, mb: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
            <JobStatusChip status={internal ? j.status : j.client_status} size="medium" />
            {internal && j.client_status !== j.status && (
              <Typography variant="body2" color="text.secondary">
                Client sees: {j.client_status}
              </Typography>
            )}
            <ActionNeededChip kind={j.action_needed} size="medium" />
            {j.is_overdue && <OverdueChip hours={j.pending_admin_hours} size="medium" />}
            {j.revision_number > 0 && <Typography variant="body2" color="text.secondary">Revision {j.revision_number}</Typography>}
          </Stack>
          <Box sx={{ flex: 1 }} />
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="job-actions">
            {primary}
          </Stack>
        </Stack>
        <Divider sx={{ my: 2 }} />
        <Facts
          columns={4}
          items={[
            { label: 'Company', value: j.company.name },
            { label: 'Client', value: j.client_name },
            // A client is not told who at the firm (or which outside drafter) works on the job.
            ...(internal ? [{ label: 'Assignee', value: j.assignee ? j.assignee.full_name || j.assignee.email : 'Unassigned' }] : []),
            { label: 'Created', value: `${formatDateTime(j.created_at)}${j.created_by ? ` by ${j.created_by.full_name || j.created_by.email}` : ''}` },
            { label: 'Submitted', value: j.submitted_at ? formatDateTime(j.submitted_at) : 'Not yet' },
            { label: 'AHJ', value: j.ahj ? `${j.ahj.name} (${j.ahj.state})` : 'Not chosen' },
            ...(j.case_number ? [{ label: 'AHJ case number', value: j.case_number }] : []),
            ...(j.wet_stamp_order ? [{ label: 'Wet stamp order', value: wetStampOrderText(j.wet_stamp_order) }] : []),
            { label: 'Coordinates', value: j.latitude !== null && j.longitude !== null ? `${j.latitude}, ${j.longitude}` : '' },
            { label: 'Structure', value: <StructureText structureType={j.structure_type} rest={[j.roof_type, j.enclosed]} /> },
            { label: 'Shared folder', value: j.job_files_link },
            { label: 'Drywall', value: j.gypsum_type },
            { label: 'Exposure category', value: j.exposure_category ?? 'Not set' },
            { label: 'Home elevation', value: j.home_elevation !== null ? `${j.home_elevation} ft` : 'Not set' },
          ]}
        />
        {j.notes && (
          <Typography variant="body2" sx={{ mt: 2, whiteSpace: 'pre-wrap' }}>
            <NoteText note={j.notes} />
          </Typography>
        )}
        <Box sx={{ mt: 2 }}>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 0.5 }}>
            Services
          </Typography>
          <ServicesSummary services={j.services_requested} />
        </Box>
      </Paper>

      <Grid container spacing={2} sx={{ mb: 2 }}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Card title="Deliverables" id="deliverables">
            <DeliverablesPanel
              job={j}
              // The review prompt is the client's: staff, who may also make these moves, use the header.
              onApprove={j.action_needed === 'review' && actions.approve ? () => setDialog({ kind: 'approve' }) : undefined}
              onRevision={j.action_needed === 'review' && actions.revision ? () => setDialog({ kind: 'revision' }) : undefined}
            />
          </Card>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <Stack spacing={2}>
            <Card title="Tasks">
              <JobTasksList jobId={j.id} tasks={j.tasks} editable={j.is_active && internal && mayMarkDeliverables(user, { assigneeId: j.assignee?.id })} />
            </Card>
            {wetStamp?.(j.id)}
          </Stack>
        </Grid>
      </Grid>
      {/* Full width: the arrays table has a dozen columns. */}
      <Box sx={{ mb: 2 }}>
        <Card title={`Arrays (${j.arrays.length})`}>
          <ArraysSummary arrays={j.arrays} />
        </Card>
      </Box>
      <Box sx={{ mb: 2 }}>
        <Card title="Equipment">
          <JobEquipmentPanel jobId={j.id} staff={staff} />
        </Card>
      </Box>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Stack spacing={2}>
            <Card title="CAD intake">
              <CadIntakeSummary values={j.cad_intake as CadIntake} />
            </Card>
            {/* What the designer is asked for first; the long list of values it follows from below. */}
            {!!requirements.data?.cad_fields.length && (
              <JobCadFieldsCard
                jobId={j.id}
                fields={requirements.data.cad_fields}
                editable={requirements.data.may_edit_cad_fields}
              />
            )}
            <JobRequirementsSection
              jobId={j.id}
              data={requirements.data}
              isFetching={requirements.isFetching}
              error={requirements.isError ? requirements.error : undefined}
              mayChooseAhj={editable}
            />
            {planSet?.({ id: j.id, assigneeId: j.assignee?.id ?? null })}
            {letters?.({ id: j.id, assigneeId: j.assignee?.id ?? null, services: j.services_requested })}
            <Card title="Files" id="job-files">
              {j.is_active && j.status !== 'Cancelled' && mayUseJobUploadPanel(user, { assigneeId: j.assignee?.id }) && (
                <Box sx={{ mb: 2 }}>
                  <FileUploadPanel jobId={j.id} role={user.role} />
                </Box>
              )}
              <JobFilesPanel jobId={j.id} editable={j.is_active} />
            </Card>
            <Card title="Revisions">
              <JobRevisionsTable jobId={j.id} />
            </Card>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <Stack spacing={2}>
            {conversation?.(j.id)}
            <Card title="History">
              <JobHistoryTimeline jobId={j.id} />
            </Card>
          </Stack>
        </Grid>
      </Grid>

      <Menu anchorEl={moveAnchor} open={!!moveAnchor} onClose={() => setMoveAnchor(null)}>
        {actions.moves.map((t) => (
          <MenuItem
            key={t.to}
            onClick={() => {
              setMoveAnchor(null);
              if (isJobStatus(t.to)) setDialog({ kind: 'move', to: t.to });
            }}
          >
            {t.action === 'ask_client' ? `Ask the client (${t.to})` : t.to}
          </MenuItem>
        ))}
        {j.assignee && staff && <Divider />}
        {j.assignee && staff && (
          <MenuItem
            onClick={() => {
              setMoveAnchor(null);
              setDialog({ kind: 'unassign' });
            }}
          >
            Unassign {j.assignee.full_name || j.assignee.email}
          </MenuItem>
        )}
      </Menu>

      {dialog?.kind === 'submit' && (
        <StatusActionDialog
          title="Submit this job?"
          text="Our team starts with a pre-check. You can still add files and answer questions afterwards."
          confirmLabel="Submit"
          onClose={() => setDialog(null)}
          run={async ({ note }) => {
            await submit.mutateAsync({ id: j.id, note });
            notify('Job submitted.', { variant: 'success' });
          }}
        />
      )}
      {dialog?.kind === 'approve' && actions.approve && (
        <StatusActionDialog
          title="Approve the design?"
          text="Approving closes the job. You can still request a revision later."
          confirmLabel="Approve"
          onClose={() => setDialog(null)}
          run={async ({ note }) => {
            await change.mutateAsync({ id: j.id, status: 'Approved', note });
            notify('Job approved.', { variant: 'success' });
          }}
        />
      )}
      {dialog?.kind === 'answer' && actions.answer && (
        <StatusActionDialog
          title="Send your answer"
          text="Add what our team asked for (edit the job or add files first, and write your answer here: it is posted in the job's conversation as your reply). The team picks the job up again as soon as you send it."
          confirmLabel="Send"
          onClose={() => setDialog(null)}
          run={async ({ note }) => {
            await change.mutateAsync({ id: j.id, action: 'answer', note });
            notify('Answer sent.', { variant: 'success' });
          }}
        />
      )}
      {dialog?.kind === 'move' && (
        <StatusActionDialog
          title="Move status"
          text={dialog.to === 'Pending Client'
            ? `From ${j.status} to ${dialog.to}. Write your question in the note: it is posted in the client conversation, and the client's answer comes back there.`
            : `From ${j.status} to ${dialog.to}.`}
          confirmLabel="Move"
          targets={[dialog.to]}
          onClose={() => setDialog(null)}
          run={async ({ to, note }) => {
            await change.mutateAsync({ id: j.id, status: to!, note });
            notify(`Moved to ${to}.`, { variant: 'success' });
          }}
        />
      )}
      {dialog?.kind === 'cancel' && (
        <StatusActionDialog
          title="Cancel this job?"
          text="A cancelled job can no longer be edited or moved."
          confirmLabel="Cancel job"
          danger
          onClose={() => setDialog(null)}
          run={async ({ note }) => {
            await cancel.mutateAsync({ id: j.id, note });
            notify('Job cancelled.', { variant: 'info' });
          }}
        />
      )}
      {dialog?.kind === 'unassign' && (
        <StatusActionDialog
          title="Unassign the job?"
          text={`${j.assignee?.full_name || 'The assignee'} will no longer have this job.`}
          confirmLabel="Unassign"
          onClose={() => setDialog(null)}
          run={async ({ note }) => {
            await unassign.mutateAsync({ id: j.id, note });
            notify('Job unassigned.', { variant: 'info' });
          }}
        />
      )}
      {dialog?.kind === 'revision' && <RevisionRequestDialog jobId={j.id} staff={staff} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'assign' && <AssignDialog jobId={j.id} currentId={j.assignee?.id} onClose={() => setDialog(null)} />}
    </>
  );
}
