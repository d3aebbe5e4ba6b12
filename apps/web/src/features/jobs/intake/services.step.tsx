import { Controller, useFormContext } from 'react-hook-form';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { EXTRA_SERVICE_CODES, SERVICE_CODES, serviceLabel } from '@sunstamp/domain/constants/services.constants';
import type { JobIntake } from '@sunstamp/domain/jobs/job-intake.schema';

/** A new job orders the base services and the extra labels; "(Revision)" variants come with revisions. */
const GROUPS = [
  { title: 'Services', codes: SERVICE_CODES },
  { title: 'Commercial and other', codes: EXTRA_SERVICE_CODES },
] as const;

/** Step 4: the services requested, with the spec's labels. */
export function ServicesStep() {
  const { control } = useFormContext<JobIntake>();
  return (
    <Controller
      control={control}
      name="services_requested"
      render={({ field, fieldState }) => {
        const chosen = new Set(field.value);
        const toggle = (code: string, on: boolean) => {
          const next = new Set(chosen);
          if (on) next.add(code);
          else next.delete(code);
          field.onChange([...GROUPS.flatMap((g) => g.codes), ...field.value].filter((c, i, all) => next.has(c) && all.indexOf(c) === i));
        };
        return (
          <FormControl error={!!fieldState.error} component="fieldset" sx={{ width: '100%' }}>
            <FormLabel component="legend" sx={{ mb: 1 }}>
              Which services does this job need?
            </FormLabel>
            {fieldState.error && (
              <FormHelperText sx={{ mx: 0, mb: 1, fontSize: '0.875rem' }} role="alert">
                {fieldState.error.message}
              </FormHelperText>
            )}
            {GROUPS.map((g) => (
              <div key={g.title}>
                <Typography variant="subtitle2" color="text.secondary" sx={{ mt: 1, mb: 0.5 }}>
                  {g.title}
                </Typography>
                <Grid container spacing={0}>
                  {g.codes.map((code) => (
                    <Grid key={code} size={{ xs: 12, sm: 6, md: 4 }}>
                      <FormControlLabel
                        control={<Checkbox checked={chosen.has(code)} onChange={(e) => toggle(code, e.target.checked)} inputRef={code === g.codes[0] ? field.ref : undefined} />}
                        label={serviceLabel(code)}
                      />
                    </Grid>
                  ))}
                </Grid>
              </div>
            ))}
          </FormControl>
        );
      }}
    />
  );
}
