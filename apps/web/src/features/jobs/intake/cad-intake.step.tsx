import { useFormContext, useWatch } from 'react-hook-form';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  CAD_INTAKE_GROUPS,
  CAD_INTAKE_GROUP_LABELS,
  isCadIntakeGroupShown,
  visibleCadIntakeFields,
  type CadIntake,
  type CadIntakeFieldDef,
} from '@sunstamp/domain/jobs/cad-intake.schema';
import { isCustomChoice } from '@sunstamp/domain/jobs/custom-choice.rules';
import { useOptionList } from '../api/use-option-list.ts';
import { NumberInput, SelectInput, SwitchInput, TextInput, type SelectOption } from './intake-fields.tsx';
import type { JobIntake } from '@sunstamp/domain/jobs/job-intake.schema';
import { cadSelectOptions } from './job-intake.rules.ts';
import { servesState } from './cad-prefill.rules.ts';
import { CAD_FIELDS_FROM_EQUIPMENT } from '@sunstamp/domain/jobs/job-equipment.rules';

/** A select's options: fixed, or the option list (job-intake.rules.ts, cadSelectOptions). */
function useCadOptions(def: CadIntakeFieldDef, siteState: string | null): SelectOption[] {
  const list = useOptionList(def.optionList);
  // Utilities of the site's state only (the API refuses another state's).
  const data = def.name === 'utility' ? list.data?.filter((u) => servesState(u, siteState)) : list.data;
  return cadSelectOptions(def, data);
}

function CadField({ def, siteState }: { def: CadIntakeFieldDef; siteState: string | null }) {
  const name = `cad_intake.${def.name}` as const;
  const options = useCadOptions(def, siteState);
  if (def.name === 'state' && siteState) {
    return <SelectInput name={name} label={def.label} options={options} emptyLabel="Not set" disabled helperText="From the site address." />;
  }
  switch (def.kind) {
    case 'bool':
      return <SwitchInput name={name} label={def.label} />;
    case 'int':
      return <NumberInput name={name} label={def.label} unit={def.unit} integer />;
    case 'float':
      return <NumberInput name={name} label={def.label} unit={def.unit} />;
    case 'select':
      return (
        <SelectInput
          name={name}
          label={def.label}
          options={options}
          emptyLabel="Not set"
          helperText={def.name === 'utility' && siteState ? `Utilities serving ${siteState}.` : undefined}
        />
      );
    default:
      return def.name === 'cad_notes' || def.name === 'load_calc_appliances' ? (
        <TextInput name={name} label={def.label} multiline rows={3} maxLength={5000} />
      ) : (
        <TextInput name={name} label={def.label} maxLength={200} />
      );
  }
}

const FLAG_FIELDS = new Set(['needs_structural_cad', 'needs_ground_mount', 'needs_battery_info', 'needs_optimizer', 'needs_mci', 'existing_solar']);

/**
 * Step 3: the CAD intake form (spec §3). The general group always shows; the others show when
 * their needs_* flag is on; "Other"/"Custom" asks for the custom_* text beside the choice.
 */
export function CadIntakeStep({ siteState = null }: { siteState?: string | null }) {
  const { control } = useFormContext<JobIntake>();
  const values = useWatch({ control, name: 'cad_intake' }) as CadIntake;
  // The equipment step names the models and their counts: the CAD form does not ask them again.
  const visible = visibleCadIntakeFields(values).filter((d) => !CAD_FIELDS_FROM_EQUIPMENT.includes(d.name));
  const flags = visible.filter((d) => FLAG_FIELDS.has(d.name));
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          What does the design need?
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Turn on what applies; each adds its own questions below, and its equipment row on the Equipment step, where the models and their counts are given.
        </Typography>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 2 }}>
          {flags.map((d) => (
            <CadField key={d.name} def={d} siteState={siteState} />
          ))}
        </Stack>
      </Paper>
      {CAD_INTAKE_GROUPS.filter((g) => isCadIntakeGroupShown(g, values)).map((g) => {
        const defs = visible.filter((d) => d.group === g && !FLAG_FIELDS.has(d.name));
        if (!defs.length) return null;
        // Plain fields first, then the yes/no questions, then what those switches open, notes last.
        const fields = defs.filter((d) => d.kind !== 'bool' && !d.showWhen && d.name !== 'cad_notes');
        const switches = defs.filter((d) => d.kind === 'bool');
        const dependents = defs.filter((d) => d.kind !== 'bool' && d.showWhen);
        const notes = defs.filter((d) => d.name === 'cad_notes');
        const cellsOf = (d: CadIntakeFieldDef) => {
          const cells = [
            <Grid key={d.name} size={{ xs: 12, sm: 6, md: 4 }}>
              <CadField def={d} siteState={siteState} />
            </Grid>,
          ];
          if (d.custom && isCustomChoice(values[d.name])) {
            cells.push(
              <Grid key={d.custom} size={{ xs: 12, sm: 6, md: 4 }}>
                <TextInput name={`cad_intake.${d.custom}`} label={`${d.label} (describe)`} required maxLength={200} />
              </Grid>,
            );
          }
          return cells;
        };
        return (
          <Paper key={g} variant="outlined" sx={{ p: 2 }} data-testid={`cad-group-${g}`}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 2 }}>
              {CAD_INTAKE_GROUP_LABELS[g]}
            </Typography>
            <Grid container spacing={2}>
              {fields.flatMap(cellsOf)}
            </Grid>
            {switches.length > 0 && (
              <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 2, mt: fields.length ? 1.5 : 0 }}>
                {switches.map((d) => (
                  <CadField key={d.name} def={d} siteState={siteState} />
                ))}
              </Stack>
            )}
            {(dependents.length > 0 || notes.length > 0) && (
              <Grid container spacing={2} sx={{ mt: 1.5 }}>
                {dependents.flatMap(cellsOf)}
                {notes.map((d) => (
                  <Grid key={d.name} size={12}>
                    <CadField def={d} siteState={siteState} />
                  </Grid>
                ))}
              </Grid>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
