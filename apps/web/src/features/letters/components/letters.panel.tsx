import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import DrawOutlined from '@mui/icons-material/DrawOutlined';
import HistoryEduOutlined from '@mui/icons-material/HistoryEduOutlined';
import { LETTER_PROGRESS_EVENTS, LETTER_TYPE_VALUES, type JobLetter } from '@sunstamp/domain/contracts/letters';
import { mayWorkOnJob } from '@sunstamp/domain/policies/jobs.policy';
import { DialogFooter } from '../../../components/form/dialog-footer.tsx';
import { queryKeys } from '../../../lib/api/query-keys.ts';
import { errorMessageOf } from '../../../lib/api-error.ts';
import { downloadApiFile } from '../../../lib/download.ts';
import { userEventStream } from '../../../lib/event-stream.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { notify } from '../../../lib/notify.ts';
import { useSessionUser } from '../../../lib/session/session.context.ts';
import { useGenerateLetters, useJobLetters, useJobRequirementsForLetters, useLetterRuns, useSignLetter } from '../api/use-letters.ts';
import { emptyLetterInputs, letterInputsBody, lettersToTick } from '../letter-inputs.rules.ts';
import { LetterInputsField } from './letter-inputs.field.tsx';

type LetterType = (typeof LETTER_TYPE_VALUES)[number];

/** The letters as the firm names them (the same words as the deliverables). */
export const LETTER_LABELS: Record<LetterType | 'calculation_package', string> = {
  structural_roof_letter: 'Structural roof letter',
  electrical_load_calculations: 'Electrical letter / load calculations',
  busbar_certification: 'Busbar certification',
  revision_letter: 'Revision letter',
  design_affidavit: 'Design affidavit',
  florida_statute_377_705: 'Florida Statute 377.705 certification',
  post_install_letter: 'Post-install letter',
  structural_ground_mount_letter: 'Structural ground-mount letter',
  wall_mounted_battery_letter: 'Wall-mounted battery letter',
  seismic_calculations: 'Seismic calculations',
  appendix_g: 'Appendix G',
  unreduced_snow_load: 'Unreduced snow load letter',
  third_party_stamp: 'NABCEP or third-party stamp',
  calculation_package: 'Calculation package',
};

/** A letters run as its events tell it (spec §4 progress types). */
type RunState = { label: string; percent: number; failed?: string; done?: boolean };
const stateOfEvent = (type: (typeof LETTER_PROGRESS_EVENTS)[number], message: string | null): RunState =>
  ({ ...STEP[type], ...(type === 'calculations_failed' ? { failed: message ?? 'The calculations failed.' } : {}) });
const STEP: Record<(typeof LETTER_PROGRESS_EVENTS)[number], Omit<RunState, 'failed'>> = {
  calculations_initiated: { label: 'Calculating', percent: 20 },
  calculations_passed: { label: 'Calculations passed: writing the letters', percent: 60 },
  calculations_failed: { label: 'Calculations failed', percent: 100 },
  stamp_file_passed: { label: 'Written: storing the letters for the engineer\'s seal', percent: 85 },
  combine_files_passed: { label: 'Complete', percent: 100, done: true },
};

/**
 * The job page's "Letters" panel for the team (staff, the assigned contractor): generate the
 * engineering letters the job needs (written for an engineer licensed in the job's state), watch
 * the run live, download each letter. Each is a draft deliverable until its engineer seals it on the
 * Deliverables card; the engineer then signs it with their registered certificate when it was
 * ordered with a digital signature (the Sign button is shown to that engineer's account only).
 */
export function LettersPanel({ jobId, assigneeId, services }: { jobId: string; assigneeId: string | null; services: readonly string[] }) {
  const user = useSessionUser();
  const visible = mayWorkOnJob(user, { assigneeId });
  const letters = useJobLetters(jobId, visible);
  const requirements = useJobRequirementsForLetters(jobId, visible);
  const requirementsOn = Object.values(requirements.data?.resolved.values ?? {}).filter((v) => v.on).map((v) => v.key);
  const qc = useQueryClient();
  const [runs, setRuns] = useState<Record<string, RunState>>({});
  // Dismissed failures stay dismissed for this tab's session, reloads included.
  const dismissKey = `sunstamp.letters-dismissed.${jobId}`;
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(() => new Set(JSON.parse(sessionStorage.getItem(dismissKey) ?? '[]') as string[]));
  const [dialog, setDialog] = useState<'generate' | { sign: JobLetter } | null>(null);
  // Runs of this page's earlier life (a reload): the server's last event of each, under what arrives live.
  const recent = useLetterRuns(jobId, visible);
  const seeded = Object.fromEntries((recent.data?.results ?? [])
    .filter((r) => r.event !== 'combine_files_passed' && !dismissed.has(r.run_id))
    .map((r) => [r.run_id, stateOfEvent(r.event, r.message)]));
  const known = useRef<ReadonlySet<string>>(new Set());
  known.current = new Set(Object.keys(seeded));

  useEffect(() => {
    if (!visible) return;
    const offs = LETTER_PROGRESS_EVENTS.map((type) => userEventStream.on(type, (e) => {
      const p = e.payload as { job_id?: string; run_id?: string; message?: string };
      if (p?.job_id !== jobId || !p.run_id) return;
      // Only the runs started here: the plan set's runs send calculations_* events too.
      setRuns((s) => {
        if (!s[p.run_id!] && !known.current.has(p.run_id!)) return s;
        return { ...s, [p.run_id!]: stateOfEvent(type, p.message ?? null) };
      });
      if (type === 'combine_files_passed' || type === 'calculations_failed') void qc.invalidateQueries({ queryKey: queryKeys.jobs.letterRuns(jobId) });
      if (type === 'combine_files_passed') {
        void qc.invalidateQueries({ queryKey: queryKeys.jobs.letters(jobId) });
        void qc.invalidateQueries({ queryKey: queryKeys.jobs.deliverables(jobId) });
        void qc.invalidateQueries({ queryKey: queryKeys.jobs.files(jobId) });
      }
    }));
    return () => offs.forEach((off) => off());
  }, [visible, jobId, qc]);

  if (!visible) return null;
  const list = letters.data ?? [];
  const active = Object.entries({ ...seeded, ...runs }).filter(([id, r]) => (!r.done || r.failed) && !dismissed.has(id));

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 2.5 } }} id="letters" aria-labelledby="letters-title">
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1.5, minHeight: 32 }}>
        <Typography variant="h6" component="h2" id="letters-title" sx={{ flex: 1, fontSize: '1.05rem' }}>Letters</Typography>
        <Button variant="contained" size="small" startIcon={<HistoryEduOutlined />} onClick={() => setDialog('generate')}>Generate letters</Button>
      </Stack>
      {active.map(([id, r]) => r.failed ? (
        <Alert key={id} severity="error" sx={{ mb: 2 }} onClose={() => { setRuns((s) => { const { [id]: _gone, ...rest } = s; return rest; }); setDismissed((d) => { const next = new Set(d).add(id); sessionStorage.setItem(dismissKey, JSON.stringify([...next])); return next; }); }} data-testid="letters-failure">
          <strong>Calculations failed.</strong> {r.failed}
        </Alert>
      ) : (
        <Box key={id} sx={{ mb: 2 }} data-testid="letters-progress">
          <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
            <Typography variant="body2">{r.label}</Typography>
            <Typography variant="body2" color="text.secondary">{r.percent}%</Typography>
          </Stack>
          <LinearProgress variant="determinate" value={r.percent} aria-label={`Letters: ${r.label}`} />
        </Box>
      ))}
      {letters.isLoading && <LinearProgress aria-label="Loading letters" />}
      {letters.isError && <Alert severity="error">The letters could not be loaded. Reload the page to try again.</Alert>}
      {!letters.isLoading && !letters.isError && list.length === 0 && (
        <Typography variant="body2" color="text.secondary">No letters generated yet. Generate them from the job's equipment, arrays and the AHJ's criteria; each is written for an engineer licensed in the job's state, who seals it.</Typography>
      )}
      {list.length > 0 && <LettersTable letters={list} onSign={(l) => setDialog({ sign: l })} />}
      {dialog === 'generate' && (
        <GenerateDialog
          jobId={jobId}
          services={services}
          requirementsOn={requirementsOn}
          onClose={() => setDialog(null)}
          onQueued={(runId) => setRuns((s) => ({ ...s, [runId]: { label: 'Queued', percent: 5 } }))}
        />
      )}
      {dialog && dialog !== 'generate' && <SignDialog jobId={jobId} letter={dialog.sign} onClose={() => setDialog(null)} />}
    </Paper>
  );
}

function LettersTable({ letters, onSign }: { letters: JobLetter[]; onSign: (l: JobLetter) => void }) {
  const download = (path: string, name: string) => void downloadApiFile(notify, { path: path.replace(/^\/api/, ''), fileName: name, kind: 'file' });
  return (
    <TableContainer>
      <Table size="small" aria-label="Letters">
        <TableHead>
          <TableRow><TableCell>Letter</TableCell><TableCell>Engineer</TableCell><TableCell>Made</TableCell><TableCell>Signature</TableCell><TableCell align="right">Files</TableCell></TableRow>
        </TableHead>
        <TableBody>
          {letters.map((l) => (
            <TableRow key={l.id}>
              <TableCell>
                {LETTER_LABELS[l.letter_type as LetterType] ?? l.letter_type}
                <Typography variant="body2" color="text.secondary">Revision {l.revision}</Typography>
              </TableCell>
              <TableCell>
                {l.engineer?.name ?? '—'}
                <Typography variant="body2" color="text.secondary">{l.deliverable_state === 'draft' ? 'Draft: awaiting the seal' : l.deliverable_state === 'released' ? 'Sealed, released' : l.deliverable_state === 'sealed' ? 'Sealed' : ''}</Typography>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(l.created_at)}</TableCell>
              <TableCell>
                {l.signature_status === 'signed' && <Chip size="small" color="success" label={`Signed${l.signed_by ? ` by ${l.signed_by}` : ''}`} />}
                {l.signature_status === 'required' && <Chip size="small" color="warning" label="Waiting for signature" />}
                {l.signature_status === 'unsigned' && <Typography variant="body2" color="text.secondary">Seal only</Typography>}
              </TableCell>
              <TableCell align="right">
                <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }} useFlexGap>
                  <Button size="small" startIcon={<DownloadOutlined />} onClick={() => download(l.download_url, l.name)} aria-label={`PDF of ${l.name}, download`}>PDF</Button>
                  {l.signed_download_url && (
                    <Button size="small" startIcon={<DownloadOutlined />} onClick={() => download(l.signed_download_url!, l.name.replace(/\.pdf$/i, ' (signed).pdf'))} aria-label={`Signed PDF of ${l.name}, download`}>Signed PDF</Button>
                  )}
                  {l.may_sign && (
                    <Button size="small" variant="outlined" startIcon={<DrawOutlined />} onClick={() => onSign(l)} aria-label={`Sign ${l.name}`}>Sign</Button>
                  )}
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function GenerateDialog({ jobId, services, requirementsOn, onClose, onQueued }: { jobId: string; services: readonly string[]; requirementsOn: readonly string[]; onClose: () => void; onQueued: (runId: string) => void }) {
  const generate = useGenerateLetters(jobId);
  const [types, setTypes] = useState<LetterType[]>(() => lettersToTick(services, requirementsOn));
  const [signature, setSignature] = useState(false);
  const [reason, setReason] = useState('');
  const [description, setDescription] = useState('');
  const [inputs, setInputs] = useState(() => {
    const f = emptyLetterInputs();
    if (!requirementsOn.includes('NABCEP_stamp') && requirementsOn.includes('third_party_stamps')) f.thirdParty.kind = 'third_party';
    return f;
  });
  const [error, setError] = useState<string | null>(null);
  const revision = types.includes('revision_letter');
  const toggle = (t: LetterType) => setTypes((s) => (s.includes(t) ? s.filter((x) => x !== t) : [...s, t]));

  const submit = async () => {
    setError(null);
    if (types.length === 0) return setError('Choose at least one letter.');
    if (revision && (!reason.trim() || !description.trim())) return setError('A revision letter needs the reason and what changed.');
    const extra = letterInputsBody(types, inputs);
    if ('error' in extra) return setError(extra.error);
    try {
      const run = await generate.mutateAsync({
        letter_types: types, include_digital_signature: signature, ...extra.body,
        ...(revision ? { revision_letter_data: { reason: reason.trim(), description: description.trim(), changes: [] } } : {}),
      });
      onQueued(run.run_id);
      onClose();
    } catch (e) {
      setError(errorMessageOf(e));
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="generate-letters-title">
      <DialogTitle id="generate-letters-title">Generate letters</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 1.5 }}>
          The engine calculates the job's design with the AHJ's criteria, and each letter is written for an engineer licensed in the job's state for its discipline, who then seals it. The letters the job's services and requirements ask for are ticked.
        </Typography>
        {error && <Alert severity="error" sx={{ mb: 2 }} data-testid="letters-refusal">{error}</Alert>}
        <FormGroup aria-label="Letters to generate">
          {LETTER_TYPE_VALUES.map((t) => (
            <FormControlLabel key={t} control={<Checkbox checked={types.includes(t)} onChange={() => toggle(t)} />} label={LETTER_LABELS[t]} />
          ))}
        </FormGroup>
        {revision && (
          <Stack spacing={2} sx={{ mt: 1.5 }}>
            <TextField label="Reason for the revision" value={reason} onChange={(e) => setReason(e.target.value)} required slotProps={{ htmlInput: { maxLength: 200 } }} />
            <TextField label="What changed" value={description} onChange={(e) => setDescription(e.target.value)} required multiline minRows={2} slotProps={{ htmlInput: { maxLength: 2000 } }} />
          </Stack>
        )}
        <LetterInputsField jobId={jobId} types={types} value={inputs} onChange={setInputs} />
        <FormControlLabel sx={{ mt: 1.5 }} control={<Switch checked={signature} onChange={(e) => setSignature(e.target.checked)} />} label="Include the engineer's digital signature" />
        <FormHelperText>The engineer then signs each letter with their own certificate; a letter waiting for its signature is not released.</FormHelperText>
      </DialogContent>
      <DialogFooter onCancel={onClose} onConfirm={() => void submit()} confirmLabel="Generate" busy={generate.isPending} />
    </Dialog>
  );
}

function SignDialog({ jobId, letter, onClose }: { jobId: string; letter: JobLetter; onClose: () => void }) {
  const sign = useSignLetter(jobId);
  const [file, setFile] = useState<File | null>(null);
  const [passphrase, setPassphrase] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setError(null);
    if (!file) return setError('Choose your certificate file (.p12 or .pfx).');
    try {
      await sign.mutateAsync({ letterId: letter.id, p12: file, passphrase });
      notify('Signed: the signed letter is now the deliverable.', { variant: 'success' });
      onClose();
    } catch (e) {
      setError(errorMessageOf(e));
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="sign-letter-title">
      <DialogTitle id="sign-letter-title">Sign {LETTER_LABELS[letter.letter_type as LetterType] ?? 'the letter'}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Your certificate and passphrase are used for this signature only: Sunstamp keeps neither.
        </Typography>
        {error && <Alert severity="error" sx={{ mb: 2 }}>{error}</Alert>}
        <Stack spacing={2}>
          <Button variant="outlined" component="label">
            {file ? file.name : 'Choose certificate (.p12 / .pfx)'}
            <input hidden type="file" accept=".p12,.pfx,application/x-pkcs12" onChange={(e) => setFile(e.target.files?.[0] ?? null)} data-testid="sign-p12-input" />
          </Button>
          <TextField label="Passphrase" type="password" autoComplete="off" value={passphrase} onChange={(e) => setPassphrase(e.target.value)} />
        </Stack>
      </DialogContent>
      <DialogFooter onCancel={onClose} onConfirm={() => void submit()} confirmLabel="Sign" busy={sign.isPending} />
    </Dialog>
  );
}
