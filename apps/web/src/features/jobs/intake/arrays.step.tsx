import { useState } from 'react';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { ORIENTATIONS } from '@sunstamp/domain/constants/options.constants';
import { createJobArray } from '@sunstamp/domain/jobs/job-defaults.schema';
import { framingOptionsFor, isManufacturedHome } from '@sunstamp/domain/jobs/framing.rules';
import { isCustomChoice } from '@sunstamp/domain/jobs/custom-choice.rules';
import { useOptionList } from '../api/use-option-list.ts';
import { NumberInput, SelectInput, SwitchInput, TextInput } from './intake-fields.tsx';
import type { JobIntake } from '@sunstamp/domain/jobs/job-intake.schema';

const MAX_ARRAYS = 50;


/** Spans as "168, 120": inches, comma separated; a typo shows here rather than as a zod message. */
function BeamSpanInput({ index }: { index: number }) {
  const { control } = useFormContext<JobIntake>();
  return (
    <Controller
      control={control}
      name={`arrays.${index}.beam_span`}
      render={({ field, fieldState }) => <BeamSpanText value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} />}
    />
  );
}

function BeamSpanText({ value, onChange, onBlur, error }: { value: number[]; onChange: (v: number[]) => void; onBlur: () => void; error?: string }) {
  const [text, setText] = useState(value.join(', '));
  const [typo, setTypo] = useState<string | null>(null);
  return (
    <TextField
      label="Beam spans"
      required
      value={text}
      onBlur={onBlur}
      onChange={(e) => {
        setText(e.target.value);
        const parts = e.target.value.split(/[,;\s]+/).filter(Boolean);
        const nums = parts.map(Number);
        const bad = nums.some((n) => !Number.isFinite(n) || n <= 0);
        setTypo(bad ? 'Enter each span in inches, separated by commas (e.g. 168, 120).' : null);
        onChange(bad ? [] : nums);
      }}
      error={!!typo || !!error}
      helperText={typo ?? error ?? 'Horizontal spans between supports, in inches, comma separated.'}
      slotProps={{ input: { endAdornment: <InputAdornment position="end">in</InputAdornment> } }}
    />
  );
}

/** The module model the equipment step chose, when it names a technology (equipment-lines.rules.ts moduleModelOf). */
export type ModuleModel = { name: string; type: string } | null;

// eslint-disable-next-line max-lines-per-function -- one array's card in the wizard: its fields on the step's react-hook-form context, indexed by the array
function ArrayCard({ index, onRemove, canRemove, moduleModel }: { index: number; onRemove: () => void; canRemove: boolean; moduleModel: ModuleModel }) {
  const { control } = useFormContext<JobIntake>();
  const [structureType, a] = useWatch({ control, name: ['structure_type', `arrays.${index}`] });
  const roofMaterials = useOptionList('roof-materials');
  const connectionTypes = useOptionList('connection-types');
  const rackingTypes = useOptionList('racking-types');
  const moduleTypes = useOptionList('module-types');
  const framing = framingOptionsFor(structureType);
  const p = `arrays.${index}` as const;
  return (
    <Card variant="outlined" data-testid={`array-card-${index}`}>
      <CardHeader
        title={`Array ${index + 1}`}
        slotProps={{ title: { variant: 'subtitle1', sx: { fontWeight: 700 } } }}
        action={
          canRemove && (
            <Tooltip title={`Remove array ${index + 1}`}>
              <IconButton aria-label={`Remove array ${index + 1}`} onClick={onRemove}>
                <DeleteOutline />
              </IconButton>
            </Tooltip>
          )
        }
        sx={{ pb: 0 }}
      />
      <CardContent>
        <Grid container spacing={2}>
          <Grid size={{ xs: 6, md: 3 }}>
            <NumberInput
              name={`${p}.panel_quantity`}
              label="Panel quantity"
              integer
              helperText={!a?.panel_quantity ? 'This array has no panels yet: enter them, or remove the array.' : undefined}
            />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <NumberInput name={`${p}.num_panels_on_rafter`} label="Panels on a rafter" integer helperText="Modules along one rafter." />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <SelectInput name={`${p}.orientation`} label="Orientation" options={ORIENTATIONS} />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <NumberInput name={`${p}.roof_pitch`} label="Roof pitch" unit="°" />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            {/* The module model sets the technology (issue 29, item 11): not asked a second time. */}
            <SelectInput
              name={`${p}.module_type`}
              label="Module type"
              emptyLabel="Not set"
              emptyValue={null}
              options={moduleTypes.data ?? []}
              disabled={!!moduleModel}
              helperText={moduleModel ? `From the module model, ${moduleModel.name}.` : 'Set by the module model once you choose it on the Equipment step.'}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <SelectInput name={`${p}.roof_material`} label="Roof material" emptyLabel="Not set" emptyValue={null} options={roofMaterials.data ?? []} />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <SelectInput name={`${p}.connection_type`} label="Connection type" emptyLabel="Not set" emptyValue={null} options={connectionTypes.data ?? []} />
          </Grid>
          {isCustomChoice(a?.connection_type) && (
            <Grid size={{ xs: 12, md: 6 }}>
              <TextInput name={`${p}.custom_connection_type`} label="Describe the connection" required maxLength={200} />
            </Grid>
          )}
          <Grid size={{ xs: 12, md: 6 }}>
            <SelectInput name={`${p}.racking_type`} label="Racking type" emptyLabel="Not set" emptyValue={null} options={rackingTypes.data ?? []} />
          </Grid>
          {isCustomChoice(a?.racking_type) && (
            <Grid size={{ xs: 12, md: 6 }}>
              <TextInput name={`${p}.custom_racking_type`} label="Describe the racking" required maxLength={200} />
            </Grid>
          )}
          <Grid size={12}>
            <Typography variant="subtitle2" color="text.secondary">
              Framing
            </Typography>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <SelectInput
              name={`${p}.frame_shape`}
              label="Framing"
              emptyLabel="Not set"
              emptyValue={null}
              options={framing}
              disabled={!!a?.nonstandard_framing}
              helperText={isManufacturedHome(structureType) ? 'A manufactured home uses pre-manufactured 2x2 trusses.' : undefined}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <SwitchInput name={`${p}.nonstandard_framing`} label="Non-standard framing" />
          </Grid>
          {a?.nonstandard_framing && (
            <Grid size={{ xs: 12, md: 4 }}>
              <TextInput name={`${p}.custom_beam_shape`} label="Describe the framing" required maxLength={200} />
            </Grid>
          )}
          <Grid size={{ xs: 12, md: 4 }}>
            <NumberInput name={`${p}.beam_spacing`} label="Beam spacing" unit="in" required />
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <BeamSpanInput index={index} />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <NumberInput name={`${p}.height_from_ground`} label="Height from ground" unit="ft" required />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <NumberInput name={`${p}.roof_overhang`} label="Roof overhang" unit="in" required />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <NumberInput name={`${p}.panel_to_eave`} label="Panel to eave" unit="in" required />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <NumberInput name={`${p}.collar_tie`} label="Collar tie" unit="in" required />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <NumberInput name={`${p}.ballast_weight`} label="Ballast" unit="lb" required />
          </Grid>
        </Grid>
      </CardContent>
    </Card>
  );
}

/** Step 2: the module arrays, each with the spec's array defaults. */
export function ArraysStep({ moduleModel = null }: { moduleModel?: ModuleModel }) {
  const { control, formState } = useFormContext<JobIntake>();
  const { fields, append, remove } = useFieldArray({ control, name: 'arrays' });
  const rootError = (formState.errors.arrays as { root?: { message?: string }; message?: string } | undefined);
  const listError = rootError?.root?.message ?? rootError?.message;
  return (
    <Stack spacing={2}>
      {listError && <Alert severity="error">{listError}</Alert>}
      {fields.map((f, i) => (
        <ArrayCard key={f.id} index={i} onRemove={() => remove(i)} canRemove={fields.length > 1} moduleModel={moduleModel} />
      ))}
      <Box>
        <Button startIcon={<AddOutlined />} variant="outlined" onClick={() => append({ ...createJobArray(), ...(moduleModel ? { module_type: moduleModel.type } : {}) })} disabled={fields.length >= MAX_ARRAYS}>
          Add array
        </Button>
      </Box>
    </Stack>
  );
}
