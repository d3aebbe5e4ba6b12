import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import { REQUIREMENT_DEFINITIONS } from '@sunstamp/domain/requirements/requirement-definitions.data';
import { errorMessageOf, isApiError } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.ts';
import { useJobFiles } from '../api/use-job.ts';
import { useSaveJobCadFields } from '../api/use-job-requirements.ts';
import {
  askedByText, cadFieldDraftsOf, cadFieldErrorsOf, changedCadFieldValues, type CadFieldDraft, type CadFieldDrafts, type JobCadField,
} from '../job-cad-fields.rules.ts';

const REQUIREMENT_LABELS = new Map(REQUIREMENT_DEFINITIONS.map((d) => [d.key, d.label]));
const labelOf = (key: string) => REQUIREMENT_LABELS.get(key);

type FileOption = { id: string; name: string };

function ReadOnlyValue({ field }: { field: JobCadField }) {
  const v = field.value;
  if (v === null || (Array.isArray(v) && v.length === 0)) return <Typography variant="body2" color="text.secondary">Not filled in</Typography>;
  if (Array.isArray(v)) {
    return (
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.25 }}>
        {v.map((f) => <Chip key={f.id} size="small" label={f.name} />)}
      </Box>
    );
  }
  return <Typography variant="body2">{typeof v === 'number' ? v.toLocaleString('en-US') : v}</Typography>;
}

/**
 * "Design inputs": the dynamic CAD fields the job's requirements that are on ask for.
 * The designers (staff, the assigned contractor) fill them in; Save sends only what changed.
 */
// eslint-disable-next-line max-lines-per-function -- one form card: the dynamic CAD fields on one form state, Save sending what changed
export function JobCadFieldsCard({ jobId, fields, editable }: { jobId: string; fields: JobCadField[]; editable: boolean }) {
  const save = useSaveJobCadFields(jobId);
  const hasFiles = fields.some((f) => f.type === 'files');
  const files = useJobFiles(editable && hasFiles ? jobId : null);
  const [drafts, setDrafts] = useState<CadFieldDrafts>(() => cadFieldDraftsOf(fields));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  // A new answer (saved here, or the requirements changed) resets the inputs to what the server holds.
  useEffect(() => {
    setDrafts(cadFieldDraftsOf(fields));
    setErrors({});
  }, [fields]);

  const fileOptions = useMemo<FileOption[]>(() => {
    const byId = new Map<string, FileOption>();
    for (const f of files.data ?? []) byId.set(f.id, { id: f.id, name: f.name });
    // Chosen files stay nameable while the list loads.
    for (const field of fields) if (Array.isArray(field.value)) for (const f of field.value) if (!byId.has(f.id)) byId.set(f.id, f);
    return [...byId.values()];
  }, [files.data, fields]);

  const pending = changedCadFieldValues(fields, drafts);
  const dirty = Object.keys(pending.values).length > 0 || Object.keys(pending.errors).length > 0;

  const set = (key: string, v: CadFieldDraft) => {
    setDrafts((d) => ({ ...d, [key]: v }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  const onSave = async () => {
    setFormError(null);
    const { values, errors: local } = changedCadFieldValues(fields, drafts);
    if (Object.keys(local).length) {
      setErrors(local);
      return;
    }
    if (!Object.keys(values).length) return;
    try {
      await save.mutateAsync({ values });
      notify('Design inputs saved.', { variant: 'success' });
    } catch (e) {
      if (isApiError(e) && e.status === 400) {
        const { byField, other } = cadFieldErrorsOf(e.fieldErrors, fields.map((f) => f.key));
        setErrors(byField);
        if (other.length || !Object.keys(byField).length) setFormError(other.join(' ') || errorMessageOf(e));
      } else {
        setFormError(errorMessageOf(e));
      }
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 2.5 } }} component="section" aria-label="Design inputs">
      <Stack direction="row" sx={{ alignItems: 'center', mb: 0.5, minHeight: 32 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1, fontSize: '1.05rem' }}>
          Design inputs
        </Typography>
        {editable && (
          <Button variant="contained" size="small" startIcon={<SaveOutlined />} disabled={!dirty} loading={save.isPending} onClick={() => void onSave()}>
            Save
          </Button>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {editable ? 'The job’s requirements ask the designer for these facts.' : 'Facts the designer enters for the job’s requirements.'}
      </Typography>
      {formError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {formError}
        </Alert>
      )}
      <Grid container spacing={2}>
        {fields.map((f) => {
          const caption = askedByText(f.asked_by, labelOf);
          const error = errors[f.key];
          const id = `cad-field-${f.key.replace(/\W/g, '-')}`;
          if (!editable) {
            return (
              <Grid key={f.key} size={{ xs: 12, sm: 6 }} data-testid={id}>
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {f.label}
                </Typography>
                <ReadOnlyValue field={f} />
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {caption}
                </Typography>
              </Grid>
            );
          }
          if (f.type === 'files') {
            const ids = Array.isArray(drafts[f.key]) ? (drafts[f.key] as string[]) : [];
            const chosen = ids.map((i) => fileOptions.find((o) => o.id === i) ?? { id: i, name: i });
            return (
              <Grid key={f.key} size={12} data-testid={id}>
                <Autocomplete<FileOption, true>
                  multiple
                  size="small"
                  options={fileOptions}
                  value={chosen}
                  loading={files.isLoading}
                  onChange={(_, v) => set(f.key, v.map((o) => o.id))}
                  isOptionEqualToValue={(a, b) => a.id === b.id}
                  getOptionLabel={(o) => o.name}
                  noOptionsText={files.isLoading ? 'Loading…' : 'No files on this job yet: add them under Files.'}
                  renderInput={(params) => (
                    <TextField {...params} label={f.label} error={!!error} helperText={error ?? caption} placeholder={ids.length ? undefined : 'Choose job files'} />
                  )}
                />
              </Grid>
            );
          }
          const numeric = f.type !== 'text';
          return (
            <Grid key={f.key} size={{ xs: 12, sm: 6 }} data-testid={id}>
              <TextField
                fullWidth
                size="small"
                id={id}
                label={f.label}
                value={(drafts[f.key] as string | undefined) ?? ''}
                onChange={(e) => set(f.key, e.target.value)}
                error={!!error}
                helperText={error ?? caption}
                slotProps={{ htmlInput: numeric ? { inputMode: f.type === 'int' ? 'numeric' : 'decimal' } : { maxLength: 2000 } }}
              />
            </Grid>
          );
        })}
      </Grid>
    </Paper>
  );
}
