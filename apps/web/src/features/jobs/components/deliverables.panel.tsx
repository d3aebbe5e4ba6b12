import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import DoneAllOutlined from '@mui/icons-material/DoneAllOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import FolderZipOutlined from '@mui/icons-material/FolderZipOutlined';
import HistoryEduOutlined from '@mui/icons-material/HistoryEduOutlined';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import SendOutlined from '@mui/icons-material/SendOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import {
  DELIVERABLE_GROUPS, DELIVERABLE_GROUP_LABELS, DELIVERABLE_KINDS, DELIVERABLE_KIND_CODES, DELIVERABLE_STATE_LABELS,
  RELEASE_FROM_STATUSES, type DeliverableKind, type DeliverableState,
} from '@sunstamp/domain/constants/deliverables.constants';
import { TASK_COMPLETION_LABELS, type TaskCompletion } from '@sunstamp/domain/constants/job-events.constants';
import type { Deliverable, JobTask } from '@sunstamp/domain/contracts/deliverables';
import type { Discipline } from '@sunstamp/domain/engineers/engineer-licence.rules';
import type { Job } from '@sunstamp/domain/contracts/jobs';
import { formatVerificationCode } from '@sunstamp/domain/jobs/deliverables.rules';
import { WET_STAMP_TASK_BY_HAND_MESSAGE, isTaskDrivenByWetStamp } from '@sunstamp/domain/jobs/wet-stamp.rules';
import { formatFileSize } from '@sunstamp/domain/format/file-size.format';
import { FormError } from '../../../components/form-error.tsx';
import { DialogFooter } from '../../../components/form/dialog-footer.tsx';
import { errorMessageOf } from '../../../lib/api-error.ts';
import { downloadApiFile } from '../../../lib/download.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { notify } from '../../../lib/notify.ts';
import { useJobFiles } from '../api/use-job.ts';
import {
  useJobDeliverables, useMarkDeliverable, useMoveTask, useReleaseDeliverables, useSealDeliverable, useSealOptions, useUnmarkDeliverable,
} from '../api/use-deliverables.ts';

const STATE_COLOR: Record<DeliverableState, 'default' | 'info' | 'success'> = { draft: 'default', sealed: 'info', released: 'success' };

export function DeliverableStateChip({ state }: { state: DeliverableState }) {
  return <Chip size="small" variant={state === 'released' ? 'filled' : 'outlined'} color={STATE_COLOR[state]} label={DELIVERABLE_STATE_LABELS[state]} />;
}

const TASK_COLOR: Record<TaskCompletion, 'default' | 'info' | 'success' | 'error'> = { '': 'default', in_progress: 'info', completed: 'success', failed: 'error' };

/** A service's task as a chip: the spec's completion label, blank shown as Not Completed. */
export function TaskChip({ task, compact }: { task: JobTask; compact?: boolean }) {
  return (
    <Chip
      size="small"
      variant={task.status === 'completed' ? 'filled' : 'outlined'}
      color={TASK_COLOR[task.status]}
      label={compact ? `${task.service_label}: ${task.status_label}` : task.status_label}
    />
  );
}

/**
 * The job's tasks, one per requested service; the team moves them by hand where no document
 * completes them. The Wet Stamp task follows the wet stamp card (the API refuses a hand move), so
 * its control is shown disabled with a tooltip saying where to act.
 */
export function JobTasksList({ jobId, tasks, editable }: { jobId: string; tasks: JobTask[]; editable: boolean }) {
  const move = useMoveTask(jobId);
  if (!tasks.length) return <Typography variant="body2" color="text.secondary">No services requested.</Typography>;
  return (
    <List dense disablePadding data-testid="job-tasks">
      {tasks.map((t) => {
        const followsCard = isTaskDrivenByWetStamp(t.service);
        const select = (
          <TextField
            // No floating "Task" label: the row names the service (and the aria-label says it), and
            // the label of one select sat on the select above. displayEmpty shows the blank status
            // as "Not Completed" instead of an empty box.
            select size="small" value={t.status} sx={{ minWidth: 150 }} disabled={followsCard}
            onChange={(e) => move.mutate({ service: t.service, status: e.target.value as TaskCompletion }, {
              onError: (err) => notify(errorMessageOf(err), { variant: 'error' }),
            })}
            slotProps={{ select: { displayEmpty: true }, htmlInput: { 'aria-label': `Task for ${t.service_label}` } }}
          >
            {(Object.keys(TASK_COMPLETION_LABELS) as TaskCompletion[]).map((s) => (
              <MenuItem key={s || 'blank'} value={s}>{TASK_COMPLETION_LABELS[s]}</MenuItem>
            ))}
          </TextField>
        );
        return (
          <ListItem key={t.service} disableGutters sx={editable ? { minHeight: 50 } : undefined} secondaryAction={
            !editable ? <TaskChip task={t} /> : followsCard ? (
              // A disabled control takes no pointer or focus: the span carries the tooltip.
              <Tooltip title={WET_STAMP_TASK_BY_HAND_MESSAGE} describeChild>
                <Box component="span" tabIndex={0} sx={{ display: 'inline-flex' }} data-testid="wet-stamp-task">{select}</Box>
              </Tooltip>
            ) : select
          }>
            <ListItemText primary={t.service_label} secondary={editable && followsCard ? 'Follows the wet stamp card' : undefined} />
          </ListItem>
        );
      })}
    </List>
  );
}

type Dialogs = { kind: 'mark' } | { kind: 'seal'; d: Deliverable } | { kind: 'release' } | { kind: 'unmark'; d: Deliverable } | null;

/**
 * The Deliverables area: the plan set, letters and calculation packages of each revision with
 * their state (draft, sealed, released). The team marks uploaded files, an engineer seals the
 * drafts that need it (chosen from the Engineers page, never typed), staff release to the client; the client reads what was released, downloads each or all at once
 * (ZIP) and approves or asks for a revision from here.
 */
// eslint-disable-next-line max-lines-per-function -- the deliverables list with seal, release, download-all, approve and revision actions shares the job's deliverables query and the seal dialog state
export function DeliverablesPanel({ job, onApprove, onRevision }: { job: Job; onApprove?: () => void; onRevision?: () => void }) {
  const data = useJobDeliverables(job.id);
  const [dialog, setDialog] = useState<Dialogs>(null);
  if (data.isLoading) return <Skeleton variant="rounded" height={96} />;
  if (!data.data) return <Alert severity="error">The deliverables could not be loaded.</Alert>;
  const d = data.data;
  const revisions = [...new Set(d.deliverables.map((x) => x.revision))].sort((a, b) => b - a);
  const unreleased = d.deliverables.filter((x) => x.revision === d.revision && x.state !== 'released');
  const mayRelease = d.may_release && (RELEASE_FROM_STATUSES as readonly string[]).includes(job.status) && unreleased.length > 0;
  const zip = (revision: number) => downloadApiFile(notify, {
    path: `/jobs/${encodeURIComponent(job.id)}/deliverables/zip`, query: { revision: String(revision) },
    fileName: `${job.name || 'job'} - deliverables rev ${revision}.zip`,
  });

  return (
    <Box data-testid="deliverables">
      {(onApprove || onRevision) && d.deliverables.some((x) => x.state === 'released') && (
        <Alert severity="info" sx={{ mb: 2 }} action={
          <Stack direction="row" spacing={1}>
            {onApprove && <Button color="success" variant="contained" size="small" startIcon={<DoneAllOutlined />} onClick={onApprove}>Approve</Button>}
            {onRevision && <Button size="small" variant="outlined" startIcon={<HistoryEduOutlined />} onClick={onRevision}>Request revision</Button>}
          </Stack>
        }>
          Review the documents below, then approve the design or ask for a revision.
        </Alert>
      )}
      {d.requirements.length > 0 && (
        <Box sx={{ mb: 2 }} data-testid="deliverable-requirements">
          <Typography variant="overline" color="text.secondary">Revision {d.revision}: what the services require</Typography>
          <List dense disablePadding>
            {d.requirements.map((r, i) => (
              <ListItem key={`${r.service}-${i}`} disableGutters sx={{ py: 0 }}>
                {r.met ? <CheckCircleOutline color="success" fontSize="small" sx={{ mr: 1 }} /> : <RadioButtonUnchecked color="disabled" fontSize="small" sx={{ mr: 1 }} />}
                <ListItemText primary={`${r.service_label} needs ${r.needs}`} slotProps={{ primary: { variant: 'body2', color: r.met ? 'text.secondary' : 'text.primary' } }} />
              </ListItem>
            ))}
          </List>
        </Box>
      )}
      {!d.deliverables.length ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {d.may_mark || d.may_release
            ? 'No deliverables yet. Upload the plan set or a letter under Files, then mark it here.'
            : 'Nothing has been released yet. Your documents appear here as soon as our team releases them.'}
        </Typography>
      ) : (
        revisions.map((rev) => (
          <Box key={rev} sx={{ mb: 2 }} data-testid={`deliverables-rev-${rev}`}>
            <Stack direction="row" sx={{ alignItems: 'center', mb: 0.5 }}>
              <Typography variant="subtitle2" sx={{ flex: 1 }}>
                {rev === 0 ? 'Original design' : `Revision ${rev}`}{rev === d.revision && revisions.length > 1 ? ' (current)' : ''}
              </Typography>
              <Button size="small" startIcon={<FolderZipOutlined />} onClick={() => void zip(rev)}>Download all (ZIP)</Button>
            </Stack>
            {DELIVERABLE_GROUPS.map((g) => {
              const items = d.deliverables.filter((x) => x.revision === rev && x.group === g);
              if (!items.length) return null;
              return (
                <Box key={g} sx={{ mb: 1 }}>
                  <Typography variant="overline" color="text.secondary">{DELIVERABLE_GROUP_LABELS[g]} · {items.length}</Typography>
                  <List dense disablePadding>
                    {items.map((x) => (
                      <ListItem key={x.id} disableGutters secondaryAction={
                        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                          {d.may_seal && x.state === 'draft' && x.mime === 'application/pdf' && (
                            <Button size="small" startIcon={<VerifiedOutlined />} onClick={() => setDialog({ kind: 'seal', d: x })}>Seal</Button>
                          )}
                          {d.may_mark && (x.state === 'draft' || (x.state === 'sealed' && d.may_withdraw_sealed)) && (
                            <Tooltip title={`Remove ${x.name} from the deliverables (the file stays)`}>
                              <IconButton size="small" aria-label={`Remove ${x.name} from the deliverables`} onClick={() => setDialog({ kind: 'unmark', d: x })}>
                                <LinkOffOutlined fontSize="small" />
                              </IconButton>
                            </Tooltip>
                          )}
                          <Tooltip title={`Download ${x.name}`}>
                            <IconButton size="small" aria-label={`Download ${x.name}`} onClick={() => void downloadApiFile(notify, { path: `/files/${encodeURIComponent(x.id)}/download`, fileName: x.name })}>
                              <DownloadOutlined fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        </Stack>
                      }>
                        <ListItemText
                          sx={{ pr: 24 }}
                          primary={<Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}><span>{x.kind_label}</span><DeliverableStateChip state={x.state} /></Stack>}
                          secondary={[
                            x.name, formatFileSize(x.size),
                            x.released_at ? `released ${formatDateTime(x.released_at)}` : x.sealed_at ? `sealed ${formatDateTime(x.sealed_at)}` : `added ${formatDateTime(x.created_at)}`,
                            ...x.seals.map((s) => `${DISCIPLINE_WORD[s.discipline]} seal: ${s.engineer_name}, ${s.licence_state} ${s.licence_number}`),
                            x.seals_needed.length ? `needs the ${x.seals_needed.map((n) => DISCIPLINE_WORD[n].toLowerCase()).join(' and ')} seal` : null,
                            x.verification_code ? `verification code ${formatVerificationCode(x.verification_code)}` : null,
                          ].filter(Boolean).join(' · ')}
                        />
                      </ListItem>
                    ))}
                  </List>
                </Box>
              );
            })}
          </Box>
        ))
      )}
      {(d.may_mark || mayRelease) && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {d.may_mark && <Button variant="outlined" onClick={() => setDialog({ kind: 'mark' })}>Mark a file as deliverable</Button>}
          {mayRelease && <Button variant="contained" startIcon={<SendOutlined />} onClick={() => setDialog({ kind: 'release' })}>Release to client</Button>}
        </Stack>
      )}
      {dialog?.kind === 'mark' && <MarkDialog job={job} taken={d.deliverables.map((x) => x.id)} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'seal' && <SealDialog jobId={job.id} d={dialog.d} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'release' && <ReleaseDialog job={job} items={unreleased} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'unmark' && <UnmarkDialog jobId={job.id} d={dialog.d} onClose={() => setDialog(null)} />}
    </Box>
  );
}

function useRun(onClose: () => void) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const run = async (f: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setError(undefined);
    try {
      await f();
      notify(done, { variant: 'success' });
      onClose();
    } catch (e) {
      setError(errorMessageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, run };
}

const DISCIPLINE_WORD: Record<Discipline, string> = { structural: 'Structural', electrical: 'Electrical' };

function MarkDialog({ job, taken, onClose }: { job: Job; taken: string[]; onClose: () => void }) {
  const files = useJobFiles(job.id);
  const mark = useMarkDeliverable(job.id);
  const { error, busy, run } = useRun(onClose);
  const choices = (files.data ?? []).filter((f) => !taken.includes(f.id) && f.kind !== 'internal');
  const [fileId, setFileId] = useState('');
  const [kind, setKind] = useState<DeliverableKind>('plan_set');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Mark a file as deliverable</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          The file becomes a draft deliverable of revision {job.revision_number}. Where a seal is needed, an engineer seals it afterwards with Seal. The client sees it only once it is released.
        </DialogContentText>
        <FormError message={error} />
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField select label="File" required value={fileId} onChange={(e) => setFileId(e.target.value)} helperText={choices.length ? undefined : 'Upload the document under Files first.'}>
            {choices.map((f) => <MenuItem key={f.id} value={f.id}>{f.name} ({f.category})</MenuItem>)}
          </TextField>
          <TextField select label="Deliverable" required value={kind} onChange={(e) => setKind(e.target.value as DeliverableKind)}>
            {DELIVERABLE_KIND_CODES.map((k) => <MenuItem key={k} value={k}>{DELIVERABLE_KINDS[k].label}</MenuItem>)}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogFooter
        onCancel={onClose} confirmLabel="Mark" busy={busy} disabled={!fileId}
        onConfirm={() => void run(() => mark.mutateAsync({ file_id: fileId, kind }), 'Marked as deliverable.')}
      />
    </Dialog>
  );
}

/**
 * Seal a draft: choose the registered engineer (never typed). Each engineer is listed with what they
 * may seal on this job (licence for its state, discipline, unexpired, seal image) and whether you
 * may act for them (their own account, or an admin on their standing authorisation).
 */
function SealDialog({ jobId, d, onClose }: { jobId: string; d: Deliverable; onClose: () => void }) {
  const options = useSealOptions(d.id);
  const sealM = useSealDeliverable(jobId);
  const { error, busy, run } = useRun(onClose);
  const o = options.data;
  const usable = (o?.engineers ?? []).filter((e) => e.caller_may_act && e.may_seal.length > 0);
  const [chosen, setChosen] = useState('');
  const engineerId = chosen || (usable.length === 1 ? usable[0]!.id : '');
  const picked = o?.engineers.find((e) => e.id === engineerId);
  // A structural seal over rail values that are not the maker's is the engineer of record accepting them.
  const [accepted, setAccepted] = useState(false);
  const assumed = picked?.may_seal.some((m) => m.discipline === 'structural') ? o?.assumed_value_pages ?? [] : [];
  const where = assumed.map((a) => (a.sheet ? `${a.sheet} (page ${a.page})` : `page ${a.page}`)).join(', ');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Seal {d.kind_label.toLowerCase()}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          The engineer’s seal, name, licence, today’s date and the verification code are drawn on every page the seal covers in “{d.name}”; the PDF is then checked page by page. Anyone with the code can check it at /verify.
        </DialogContentText>
        <FormError message={error ?? o?.blocked ?? undefined} />
        {options.isLoading ? <Skeleton variant="rounded" height={80} /> : o && !o.blocked && (
          <Stack spacing={2} sx={{ pt: 1 }}>
            {o.needed.length > 0 && <Typography variant="body2">Needs: {o.needed.map((n) => `${DISCIPLINE_WORD[n].toLowerCase()} seal`).join(' and ')} ({o.state} licence).</Typography>}
            <TextField select label="Engineer" required value={engineerId} onChange={(e) => setChosen(e.target.value)}
              helperText={picked && !picked.caller_may_act ? picked.caller_refusal : picked && picked.may_seal.length === 0 ? picked.refusals.map((r) => r.message).join(' ') : picked ? `Seals: ${picked.may_seal.map((m) => `${DISCIPLINE_WORD[m.discipline].toLowerCase()} (${m.licence_state} ${m.licence_number})`).join(', ')}` : undefined}>
              {o.engineers.map((e) => (
                <MenuItem key={e.id} value={e.id} disabled={!e.caller_may_act || e.may_seal.length === 0}>
                  {e.name}{e.may_seal.length === 0 ? ' — cannot seal this job' : !e.caller_may_act ? ' — not from your account' : ''}
                </MenuItem>
              ))}
            </TextField>
            {assumed.length > 0 && (
              <Alert severity="warning" data-testid="assumed-values">
                <Typography variant="body2" sx={{ mb: 1 }}>
                  This document states rail values that are not the maker’s certified values, marked ASSUMED on {where}. To replace them, enter the rail maker’s allowable moment and cantilever limit in the catalogue and generate the document again.
                </Typography>
                <FormControlLabel control={<Checkbox checked={accepted} onChange={(e) => setAccepted(e.target.checked)} />}
                  label={`As the engineer of record, ${picked?.name ?? 'I'} accept${picked ? 's' : ''} these assumed values with the structural seal.`} />
              </Alert>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogFooter onCancel={onClose} confirmLabel="Seal" busy={busy} disabled={!engineerId || !!o?.blocked || (assumed.length > 0 && !accepted)}
        onConfirm={() => void run(() => sealM.mutateAsync({ fileId: d.id, engineer_id: engineerId, ...(assumed.length > 0 ? { accept_assumed_values: true } : {}) }), 'Sealed.')} />
    </Dialog>
  );
}

function ReleaseDialog({ job, items, onClose }: { job: Job; items: Deliverable[]; onClose: () => void }) {
  const release = useReleaseDeliverables(job.id);
  const { error, busy, run } = useRun(onClose);
  const [note, setNote] = useState('');
  const moves = job.status !== 'Pending Approval';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Release to the client?</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>
          {moves ? 'The client sees these documents and the job moves to Pending Approval:' : 'The client sees these documents too:'}
        </DialogContentText>
        <List dense disablePadding sx={{ mb: 2 }}>
          {items.map((x) => (
            <ListItem key={x.id} disableGutters sx={{ py: 0 }}>
              <ListItemText primary={`${x.kind_label}: ${x.name}`} secondary={DELIVERABLE_STATE_LABELS[x.state]} />
            </ListItem>
          ))}
        </List>
        <FormError message={error} />
        <TextField fullWidth label="Note to the client (optional)" multiline minRows={2} value={note} onChange={(e) => setNote(e.target.value)} slotProps={{ htmlInput: { maxLength: 5000 } }} />
      </DialogContent>
      <DialogFooter
        onCancel={onClose} cancelLabel="Back" confirmLabel="Release" busy={busy}
        onConfirm={() => void run(() => release.mutateAsync({ deliverable_ids: items.map((x) => x.id), ...(note.trim() ? { note: note.trim() } : {}) }), 'Released to the client.')}
      />
    </Dialog>
  );
}

function UnmarkDialog({ jobId, d, onClose }: { jobId: string; d: Deliverable; onClose: () => void }) {
  const unmark = useUnmarkDeliverable(jobId);
  const { error, busy, run } = useRun(onClose);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Remove from the deliverables?</DialogTitle>
      <DialogContent>
        <DialogContentText>“{d.name}” stays among the job’s files{d.verification_code ? '; its verification code stops working' : ''}.</DialogContentText>
        <FormError message={error} />
      </DialogContent>
      <DialogFooter onCancel={onClose} cancelLabel="Back" confirmLabel="Remove" danger busy={busy} onConfirm={() => void run(() => unmark.mutateAsync(d.id), 'Removed from the deliverables.')} />
    </Dialog>
  );
}
