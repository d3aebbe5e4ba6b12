import { useEffect } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { EXTRA_SERVICE_CODES, SERVICE_CODES, serviceLabel } from '@sunstamp/domain/constants/services.constants';
import type { JobIntake } from '@sunstamp/domain/jobs/job-intake.schema';
import {
  EMPTY_WET_STAMP_ORDER, WET_STAMP_MAX_COPIES, WET_STAMP_MIN_COPIES, WET_STAMP_SERVICE, copiesText,
} from '@sunstamp/domain/jobs/wet-stamp.rules';
import { useStates } from '../api/use-option-list.ts';
import { SelectInput, TextInput } from './intake-fields.tsx';

const COPIES = Array.from({ length: WET_STAMP_MAX_COPIES - WET_STAMP_MIN_COPIES + 1 }, (_, i) => {
  const n = WET_STAMP_MIN_COPIES + i;
  return { value: String(n), label: copiesText(n) };
});

/**
 * The wet stamp's order (issue 29, item 11): how many stamped copies and where to ship them, asked
 * with the service, not discovered later by our team. Required to submit; a draft keeps it as typed.
 */
function WetStampOrderFields() {
  const states = useStates();
  return (
    <Box component="fieldset" data-testid="wet-stamp-order" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, mt: 2, mx: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
        Wet stamp: copies and shipping
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        The engineer stamps paper copies of the plan set and we ship them to this address.
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <SelectInput name="wet_stamp_order.copies" label="Stamped copies" required numeric emptyLabel="Choose" emptyValue={null} options={COPIES} />
        </Grid>
        <Grid size={{ xs: 12, sm: 8 }}>
          <TextInput name="wet_stamp_order.recipient" label="Ship to (name or company)" required maxLength={200} />
        </Grid>
        <Grid size={{ xs: 12 }}>
          <TextInput name="wet_stamp_order.street" label="Shipping street address" required maxLength={300} />
        </Grid>
        <Grid size={{ xs: 12, sm: 5 }}>
          <TextInput name="wet_stamp_order.city" label="Shipping city" required maxLength={200} />
        </Grid>
        <Grid size={{ xs: 6, sm: 4 }}>
          <SelectInput
            name="wet_stamp_order.state"
            label="Shipping state"
            required
            emptyLabel="Choose"
            options={(states.data ?? []).map((st) => ({ value: st.abbreviation, label: `${st.name} (${st.abbreviation})` }))}
          />
        </Grid>
        <Grid size={{ xs: 6, sm: 3 }}>
          <TextInput name="wet_stamp_order.zip" label="Shipping ZIP" required maxLength={10} />
        </Grid>
      </Grid>
    </Box>
  );
}

/** A new job orders the base services and the extra labels; "(Revision)" variants come with revisions. */
const GROUPS = [
  { title: 'Services', codes: SERVICE_CODES },
  { title: 'Commercial and other', codes: EXTRA_SERVICE_CODES },
] as const;

/** Step 4: the services requested, with the spec's labels. */
export function ServicesStep() {
  const { control, getValues, setValue } = useFormContext<JobIntake>();
  const [services, order] = useWatch({ control, name: ['services_requested', 'wet_stamp_order'] });
  const wetStamp = services.includes(WET_STAMP_SERVICE);
  // The order is asked while the wet stamp is chosen, and dropped with it. Its fields show once it
  // holds every key (a field that mounted first would register its part as undefined).
  useEffect(() => {
    const current = getValues('wet_stamp_order');
    if (wetStamp && (!current || Object.values(current).some((v) => v === undefined))) {
      const given = Object.fromEntries(Object.entries(current ?? {}).filter(([, v]) => v !== undefined));
      setValue('wet_stamp_order', { ...EMPTY_WET_STAMP_ORDER, ...given });
    }
    if (!wetStamp && current) setValue('wet_stamp_order', null);
  }, [wetStamp, getValues, setValue]);
  const orderReady = !!order && Object.keys(EMPTY_WET_STAMP_ORDER).every((k) => k in order);
  return (
    <>
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
    {wetStamp && orderReady && <WetStampOrderFields />}
    </>
  );
}
