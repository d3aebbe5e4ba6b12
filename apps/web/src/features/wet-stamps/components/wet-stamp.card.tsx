import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepContent from '@mui/material/StepContent';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import { ZWetStampPatchBody, type WetStamp } from '@sunstamp/domain/contracts/wet-stamps';
import { copiesText, WET_STAMP_MAX_COPIES, WET_STAMP_MIN_COPIES, wetStampOrderText } from '@sunstamp/domain/jobs/wet-stamp.rules';
import { DialogFooter } from '../../../components/form/dialog-footer.tsx';
import { textFieldProps } from '../../../components/form/form-field.ts';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessageOf } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { friendlyErrors, showServerError } from '../../../lib/form-resolver.ts';
import { notify } from '../../../lib/notify.ts';
import { useChangeWetStamp, useWetStamp, type WetStampChangeBody } from '../api/use-wet-stamp.ts';
import {
  STATE_COLOURS, WET_STAMP_STEPS, activeStepOf, formatDay, nextStepOf, reasonOf, stepLabel, todayOf, type WetStampStep,
} from '../wet-stamp.rules.ts';

type DialogKind = 'ship' | 'correct' | 'deliver' | 'notes';
const COPIES = Array.from({ length: WET_STAMP_MAX_COPIES - WET_STAMP_MIN_COPIES + 1 }, (_, i) => WET_STAMP_MIN_COPIES + i);

/**
 * The job page's "Wet stamp" card: the paper copies of the plan set stamped by the engineer and
 * shipped to the client, as a stepper (Stamped → Shipped → Delivered) with who and when. Our team
 * records each step (shipping names the carrier and tracking reference); the client reads it. Shown
 * only when the job has a wet stamp (the Wet Stamp service, or a requirement that asks for copies).
 */
// eslint-disable-next-line max-lines-per-function -- one stepper: each wet-stamp step with its staff action, on the one wet-stamp query
export function WetStampCard({ jobId }: { jobId: string }) {
  const wet = useWetStamp(jobId);
  const change = useChangeWetStamp(jobId);
  const [dialog, setDialog] = useState<DialogKind | null>(null);

  if (wet.isLoading) return <Skeleton variant="rounded" height={180} />;
  if (wet.isError) {
    return <Alert severity="error">The wet stamp could not be loaded. Reload the page to try again.</Alert>;
  }
  const w = wet.data;
  if (!w?.required) return null;
  const next = nextStepOf(w.state);
  const send = async (body: WetStampChangeBody, done: string) => {
    try {
      await change.mutateAsync(body);
      notify(done, { variant: 'success' });
    } catch (e) {
      notify(errorMessageOf(e), { variant: 'error' });
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 2.5 } }} id="wet-stamp" aria-labelledby="wet-stamp-title" data-testid="wet-stamp-card">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5, minHeight: 32 }}>
        <LocalShippingOutlined fontSize="small" color="action" aria-hidden />
        <Typography variant="h6" component="h2" id="wet-stamp-title" sx={{ flex: 1, fontSize: '1.05rem' }}>Wet stamp</Typography>
        <Chip size="small" label={w.state_label} color={STATE_COLOURS[w.state]} variant={w.state === 'delivered' ? 'filled' : 'outlined'} data-testid="wet-stamp-state" />
      </Stack>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {copiesText(w.copies)} of the plan set, wet-stamped
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: w.order ? 1 : 1.5 }}>{reasonOf(w)}</Typography>
      {w.order && (
        // What the client ordered at intake (issue 29, item 11): where the copies go.
        <Box sx={{ mb: 1.5 }} data-testid="wet-stamp-order">
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>Ordered at intake</Typography>
          <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>{wetStampOrderText(w.order)}</Typography>
        </Box>
      )}

      {w.blocks_design_completed && (
        <Alert severity="warning" sx={{ mb: 1.5 }}>
          The job waits in Pending Wet Stamp: it moves to Design Completed once the copies are shipped.
        </Alert>
      )}

      <Stepper orientation="vertical" activeStep={activeStepOf(w.state)} aria-label="Wet stamp steps" sx={{ '& .MuiStepConnector-line': { minHeight: 12 } }}>
        {WET_STAMP_STEPS.map((s) => (
          <Step key={s} completed={activeStepOf(w.state) > WET_STAMP_STEPS.indexOf(s)}>
            <StepLabel optional={<StepDetail step={s} w={w} onCorrect={w.may_edit ? () => setDialog('correct') : undefined} />}>
              {stepLabel(s)}
            </StepLabel>
            <StepContent>
              {w.may_edit && next?.state === s ? (
                <Stack spacing={1.25} sx={{ pt: 0.5 }}>
                  {s === 'stamped' && (
                    <Box>
                      <Typography variant="caption" color="text.secondary" id="wet-stamp-copies" sx={{ display: 'block', mb: 0.5 }}>Copies</Typography>
                      <ToggleButtonGroup
                        exclusive size="small" value={w.copies} aria-labelledby="wet-stamp-copies" disabled={change.isPending}
                        onChange={(_e, v: number | null) => { if (v && v !== w.copies) void send({ copies: v }, `Wet stamp: ${copiesText(v)}.`); }}
                      >
                        {COPIES.map((n) => <ToggleButton key={n} value={n} aria-label={copiesText(n)} sx={{ px: 2 }}>{n}</ToggleButton>)}
                      </ToggleButtonGroup>
                    </Box>
                  )}
                  <Box>
                    <Button
                      variant="contained" size="small" loading={change.isPending && s === 'stamped'}
                      onClick={() => (s === 'stamped' ? void send({ state: 'stamped' }, `${copiesText(w.copies)} marked stamped.`) : setDialog(s === 'shipped' ? 'ship' : 'deliver'))}
                    >
                      {next.label}
                    </Button>
                  </Box>
                </Stack>
              ) : (
                <Typography variant="caption" color="text.secondary">
                  {w.may_edit ? null : 'Our team records this step.'}
                </Typography>
              )}
            </StepContent>
          </Step>
        ))}
      </Stepper>

      <Box sx={{ mt: 1.5, pt: 1.5, borderTop: 1, borderColor: 'divider' }}>
        <Stack direction="row" sx={{ alignItems: 'center' }}>
          <Typography variant="caption" color="text.secondary" sx={{ flex: 1 }}>Notes</Typography>
          {w.may_edit && <Button size="small" onClick={() => setDialog('notes')}>{w.notes ? 'Edit notes' : 'Add notes'}</Button>}
        </Stack>
        <Typography variant="body2" color={w.notes ? 'text.primary' : 'text.secondary'} sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="wet-stamp-notes">
          {w.notes || 'No notes.'}
        </Typography>
      </Box>

      {dialog && <WetStampDialog kind={dialog} w={w} onClose={() => setDialog(null)} />}
    </Paper>
  );
}

/** Under a step's label: when and who (a client reads "Our team"), and what the step recorded. */
function StepDetail({ step, w, onCorrect }: { step: WetStampStep; w: WetStamp; onCorrect?: () => void }) {
  const made = w[step];
  if (!made) return null;
  const lines: ReactNode[] = [];
  if (step === 'shipped' && w.carrier) {
    lines.push(
      <span key="ship">
        {w.carrier} · <Box component="span" sx={{ fontFamily: 'monospace' }} data-testid="wet-stamp-tracking">{w.tracking_reference}</Box>
        {onCorrect && (
          <>
            {' · '}
            <Link component="button" type="button" variant="caption" onClick={onCorrect} sx={{ verticalAlign: 'baseline' }}>Correct</Link>
          </>
        )}
      </span>,
    );
  }
  if (step === 'delivered' && w.delivered_on) lines.push(<span key="day">Delivered {formatDay(w.delivered_on)}</span>);
  lines.push(<span key="who">{formatDateTime(made.at)} · {made.by ?? 'Our team'}</span>);
  return (
    <Typography variant="caption" color="text.secondary" component="div">
      {lines.map((l, i) => <Box key={i}>{l}</Box>)}
    </Typography>
  );
}

const TITLES: Record<DialogKind, string> = {
  ship: 'Mark the wet stamp shipped',
  correct: 'Correct the shipping',
  deliver: 'Mark the wet stamp delivered',
  notes: 'Wet stamp notes',
};
const CONFIRM: Record<DialogKind, string> = { ship: 'Mark shipped', correct: 'Save', deliver: 'Mark delivered', notes: 'Save notes' };
const FIELDS = ['carrier', 'tracking_reference', 'delivered_on', 'notes'] as const;

function WetStampDialog({ kind, w, onClose }: { kind: DialogKind; w: WetStamp; onClose: () => void }) {
  const change = useChangeWetStamp(w.job_id);
  const defaults: WetStampChangeBody = kind === 'ship'
    ? { state: 'shipped', carrier: '', tracking_reference: '' }
    : kind === 'correct'
      ? { carrier: w.carrier ?? '', tracking_reference: w.tracking_reference ?? '' }
      : kind === 'deliver'
        ? { state: 'delivered', delivered_on: todayOf(new Date()) }
        : { notes: w.notes };
  const form = useForm<WetStampChangeBody>({ resolver: zodResolver(ZWetStampPatchBody, friendlyErrors), defaultValues: defaults });
  const submit = form.handleSubmit(async (body) => {
    try {
      await change.mutateAsync(body);
      notify(kind === 'ship' ? 'Wet stamp marked shipped.' : kind === 'deliver' ? 'Wet stamp marked delivered.' : 'Wet stamp saved.', { variant: 'success' });
      onClose();
    } catch (e) {
      showServerError(e, form.setError, FIELDS);
    }
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true, 'aria-labelledby': 'wet-stamp-dialog-title' } as object }}>
      <DialogTitle id="wet-stamp-dialog-title">{TITLES[kind]}</DialogTitle>
      <DialogContent>
        <FormError message={form.formState.errors.root?.server?.message} />
        <Stack spacing={2} sx={{ pt: 1 }}>
          {(kind === 'ship' || kind === 'correct') && (
            <>
              <TextField label="Carrier" required autoFocus placeholder="UPS, FedEx, USPS, courier…" {...textFieldProps(form, 'carrier')} />
              <TextField label="Tracking reference" required {...textFieldProps(form, 'tracking_reference', 'The shipping or tracking number the client can follow.')} />
              {kind === 'ship' && <Typography variant="body2" color="text.secondary">{copiesText(w.copies)} leave the office with this shipment.</Typography>}
            </>
          )}
          {kind === 'deliver' && (
            <TextField
              label="Delivered on" type="date" required autoFocus
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: todayOf(new Date()) } }}
              {...textFieldProps(form, 'delivered_on')}
            />
          )}
          {kind === 'notes' && (
            <TextField label="Notes" multiline minRows={3} autoFocus {...textFieldProps(form, 'notes', 'The client reads these notes on the job page.')} />
          )}
        </Stack>
      </DialogContent>
      <DialogFooter onCancel={onClose} confirmLabel={CONFIRM[kind]} busy={change.isPending} />
    </Dialog>
  );
}
