import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { JOB_EQUIPMENT_LABELS } from '@sunstamp/domain/jobs/job-equipment.rules';
import type { JobEquipmentAnswer, JobEquipmentLineOut } from '@sunstamp/domain/contracts/job-equipment';
import { errorMessageOf } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.ts';
import { useAddToCatalogue, useJobEquipment, useSaveJobEquipment } from '../api/use-job-equipment.ts';

type Warning = JobEquipmentAnswer['warnings'][number];

/** The job's models and quantities as a table (an Other model marked as not in the catalogue yet). */
export function JobEquipmentSummary({ lines, action }: { lines: readonly JobEquipmentLineOut[]; action?: (l: JobEquipmentLineOut) => React.ReactNode }) {
  if (!lines.length) {
    return (
      <Typography variant="body2" color="text.secondary">
        No equipment named yet.
      </Typography>
    );
  }
  return (
    <Table size="small" aria-label="Equipment">
      <TableHead>
        <TableRow>
          <TableCell>Kind</TableCell>
          <TableCell>Model</TableCell>
          <TableCell align="right">Quantity</TableCell>
          {action && <TableCell />}
        </TableRow>
      </TableHead>
      <TableBody>
        {lines.map((l) => (
          <TableRow key={l.kind}>
            <TableCell>{JOB_EQUIPMENT_LABELS[l.kind]}</TableCell>
            <TableCell>
              {l.equipment ? (
                `${l.equipment.manufacturer} ${l.equipment.model}`
              ) : (
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <span>{l.custom_model}</span>
                  <Chip size="small" variant="outlined" label="Not in the catalogue yet" />
                </Stack>
              )}
            </TableCell>
            <TableCell align="right">{l.quantity ?? '—'}</TableCell>
            {action && <TableCell align="right">{action(l)}</TableCell>}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The checks that do not block (module count, empty arrays, span): staff review each. */
export function JobWarnings({ warnings }: { warnings: readonly Warning[] }) {
  return (
    <Stack spacing={1}>
      {warnings.map((w) => (
        <Alert key={`${w.code}-${w.field}`} severity={w.code === 'equipment_not_in_catalogue' ? 'info' : 'warning'}>
          {w.message}
        </Alert>
      ))}
    </Stack>
  );
}

/** Staff: add an Other model to the catalogue (manufacturer and model split by hand) and link it to the job. */
function AddToCatalogueDialog({ jobId, line, lines, onClose }: { jobId: string; line: JobEquipmentLineOut; lines: readonly JobEquipmentLineOut[]; onClose: () => void }) {
  const [first, ...rest] = line.custom_model.split(/\s+/);
  const [manufacturer, setManufacturer] = useState(first ?? '');
  const [model, setModel] = useState(rest.join(' '));
  const add = useAddToCatalogue();
  const save = useSaveJobEquipment();
  const onSave = async () => {
    try {
      const item = await add.mutateAsync({ kind: line.kind, manufacturer: manufacturer.trim(), model: model.trim() });
      await save.mutateAsync({
        id: jobId,
        lines: lines.map((l) => ({
          kind: l.kind,
          equipment_id: l.kind === line.kind ? item.id : l.equipment_id,
          custom_model: l.kind === line.kind ? '' : l.custom_model,
          quantity: l.quantity,
        })),
      });
      notify(`${manufacturer} ${model} added to the catalogue and linked. Add its datasheet values in the catalogue.`, { variant: 'success' });
      onClose();
    } catch (e) {
      notify(errorMessageOf(e), { variant: 'error' });
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Add to the catalogue and link</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          The client typed “{line.custom_model}”. Split it into manufacturer and model; the new {JOB_EQUIPMENT_LABELS[line.kind].toLowerCase()} is linked to this job.
        </Typography>
        <Stack spacing={2}>
          <TextField label="Manufacturer" required value={manufacturer} onChange={(e) => setManufacturer(e.target.value)} />
          <TextField label="Model" required value={model} onChange={(e) => setModel(e.target.value)} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit">
          Cancel
        </Button>
        <Button variant="contained" disabled={!manufacturer.trim() || !model.trim()} loading={add.isPending || save.isPending} onClick={() => void onSave()}>
          Add and link
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The job page's equipment: models, quantities and warnings; staff may add an Other model to the catalogue. */
export function JobEquipmentPanel({ jobId, staff }: { jobId: string; staff: boolean }) {
  const q = useJobEquipment(jobId);
  const [linking, setLinking] = useState<JobEquipmentLineOut | null>(null);
  const lines = q.data?.lines ?? [];
  return (
    <Stack spacing={2}>
      <JobEquipmentSummary
        lines={lines}
        action={staff ? (l) => (!l.equipment_id ? <Button size="small" onClick={() => setLinking(l)}>Add to catalogue</Button> : null) : undefined}
      />
      {q.data && (
        <Typography variant="body2" color="text.secondary">
          The arrays hold {q.data.arrays_module_count} panels.
        </Typography>
      )}
      {!!q.data?.warnings.length && <JobWarnings warnings={q.data.warnings} />}
      {linking && <AddToCatalogueDialog jobId={jobId} line={linking} lines={lines} onClose={() => setLinking(null)} />}
    </Stack>
  );
}
