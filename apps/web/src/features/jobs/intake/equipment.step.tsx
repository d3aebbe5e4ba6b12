import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { JOB_EQUIPMENT_LABELS, COUNTED_KINDS, type JobEquipmentKind } from '@sunstamp/domain/jobs/job-equipment.rules';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { useCatalogueSearch } from '../api/use-job-equipment.ts';
import { moduleCountWarning, type EquipmentRow } from './equipment-lines.rules.ts';

type Choice = { id: string; manufacturer: string; model: string; type?: string | null } | { id: 'other'; manufacturer: ''; model: ''; type?: null };
const OTHER: Choice = { id: 'other', manufacturer: '', model: '' };
const nameOf = (c: Choice) => (c.id === 'other' ? 'Other (not in the catalogue)' : `${c.manufacturer} ${c.model}`);

const HELP: Record<JobEquipmentKind, string> = {
  module: 'The PV module model. Its datasheet becomes the cut sheet.',
  inverter: 'String inverter, microinverter or hybrid inverter model.',
  optimizer: 'DC optimizer model.',
  battery: 'Battery or energy storage system model.',
  mci: 'Mid-circuit interrupter or rapid-shutdown device model.',
  racking: 'Rail or rail-less racking system.',
};

/** A searchable picker over the catalogue's models of one kind, with "Other" last. */
function ModelPicker({ row, onChange, error }: { row: EquipmentRow; onChange: (r: EquipmentRow) => void; error?: string }) {
  const [input, setInput] = useState('');
  const search = useDebounced(input, 250);
  const value: Choice | null = row.other ? OTHER : row.equipment;
  // Typing the chosen item's name is not a new search.
  const typed = value && nameOf(value) === search ? '' : search;
  const q = useCatalogueSearch({ kind: row.kind, search: typed || undefined, page_size: 25 });
  const options: Choice[] = [...(q.data?.results ?? []).map((e) => ({ id: e.id, manufacturer: e.manufacturer, model: e.model, type: e.type })), OTHER];
  const label = JOB_EQUIPMENT_LABELS[row.kind];
  // While the typed text waits out the debounce or its answer is on the way, the list still shows the
  // previous search's results, about to change under the pointer: the listbox says so with aria-busy.
  const busy = q.isFetching || input !== search;
  return (
    <Autocomplete<Choice>
      options={options}
      value={value}
      loading={q.isFetching}
      slotProps={{ listbox: { 'aria-busy': busy } }}
      filterOptions={(o) => o}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={nameOf}
      onInputChange={(_e, v) => setInput(v)}
      onChange={(_e, c) =>
        onChange(
          !c
            ? { ...row, equipment: null, other: false }
            : c.id === 'other'
              ? { ...row, equipment: null, other: true }
              : { ...row, equipment: c, other: false, custom_model: '' },
        )
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={`${label} model`}
          placeholder="Search manufacturer or model"
          error={!!error && !row.other}
          helperText={(!row.other && error) || HELP[row.kind]}
        />
      )}
    />
  );
}

/**
 * The intake's equipment step: the job's module, inverter, optimizer, battery, MCI and racking
 * models from the catalogue, or "Other" with the model typed (staff add it to the catalogue and
 * link it), with quantities. The module count starts from the arrays and warns when it differs.
 */
export function EquipmentStep({
  rows,
  shown,
  arrays,
  problems,
  onChange,
}: {
  rows: EquipmentRow[];
  shown: JobEquipmentKind[];
  arrays: readonly { panel_quantity: number | null }[];
  problems: Partial<Record<JobEquipmentKind, string>>;
  onChange: (rows: EquipmentRow[]) => void;
}) {
  const set = (r: EquipmentRow) => onChange(rows.map((x) => (x.kind === r.kind ? r : x)));
  const warning = moduleCountWarning(rows, arrays);
  return (
    <Stack spacing={2}>
      {rows
        .filter((r) => shown.includes(r.kind))
        .map((r) => (
          <Paper key={r.kind} variant="outlined" sx={{ p: 2 }} component="section" aria-label={JOB_EQUIPMENT_LABELS[r.kind]}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1.5 }}>
              {JOB_EQUIPMENT_LABELS[r.kind]}
            </Typography>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, md: r.other ? 5 : 9 }}>
                <ModelPicker row={r} onChange={set} error={problems[r.kind]} />
              </Grid>
              {r.other && (
                <Grid size={{ xs: 12, md: 4 }}>
                  <TextField
                    fullWidth
                    required
                    label="Manufacturer and model"
                    value={r.custom_model}
                    onChange={(e) => set({ ...r, custom_model: e.target.value })}
                    error={!!problems[r.kind] && !r.custom_model.trim()}
                    helperText={(!r.custom_model.trim() && problems[r.kind]) || 'Our team adds it to the catalogue with its datasheet.'}
                    slotProps={{ htmlInput: { maxLength: 200 } }}
                  />
                </Grid>
              )}
              <Grid size={{ xs: 12, md: 3 }}>
                <TextField
                  fullWidth
                  type="number"
                  label={r.kind === 'racking' ? 'Quantity (optional)' : 'Quantity'}
                  required={COUNTED_KINDS.includes(r.kind) && !!(r.equipment || r.other)}
                  value={r.quantity ?? ''}
                  onChange={(e) => set({ ...r, quantity: e.target.value === '' ? null : Math.max(0, Math.trunc(Number(e.target.value))) })}
                  error={!!problems[r.kind] && r.quantity === null && !(r.other && !r.custom_model.trim())}
                  helperText={r.kind === 'module' ? `The arrays hold ${arrays.reduce((n, a) => n + (a.panel_quantity ?? 0), 0)} panels.` : ' '}
                  slotProps={{ htmlInput: { min: 0, step: 1 } }}
                />
              </Grid>
            </Grid>
            {r.kind === 'module' && warning && (
              <Alert severity="warning" sx={{ mt: 1.5 }}>
                {warning}
              </Alert>
            )}
          </Paper>
        ))}
      <Box>
        <Typography variant="body2" color="text.secondary">
          Optimizer, battery and MCI rows follow the switches of the CAD intake step. A model missing from the list: choose Other and type it.
        </Typography>
      </Box>
    </Stack>
  );
}
