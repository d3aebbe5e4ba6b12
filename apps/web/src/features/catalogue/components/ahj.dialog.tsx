import { useEffect } from 'react';
import { z } from 'zod';
import { Controller, useForm, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CODE_TYPES, ENGINEERING_REVIEWS, STAMP_TYPES, ZAhjBody, type Ahj, type AhjBody,
} from '@sunstamp/domain/contracts/catalogue';
import { EXPOSURE_CATEGORIES, JURISDICTION_TYPES, SEISMIC_DESIGN_CATEGORIES } from '@sunstamp/domain/constants/options.constants';
import { FormError } from '../../../components/form-error.tsx';
import { textFieldProps } from '../../../components/form/form-field.ts';
import { friendlyErrors, showServerError } from '../../../lib/form-resolver.ts';
import { notify } from '../../../lib/notify.ts';
import { useSaveAhj } from '../../../lib/api/ahjs.api.ts';
import { useCodeLists } from '../api/use-codes.ts';
import { StateSelectField } from './catalogue-fields.tsx';
import { DialogFooter } from '../../../components/form/dialog-footer.tsx';
import { NumberField, SelectField, SwitchField } from '../../../components/form/fields.tsx';
import { CODE_SHORT_LABELS, newAhjCodeDefaults } from '../code-lists.rules.ts';


/** The create body plus the active flag an edit may change. */
const ZAhjForm = ZAhjBody.extend({ is_active: z.boolean() });
type FormValues = z.output<typeof ZAhjForm>;

const FIELDS = [
  'name', 'state', 'jurisdiction_type', ...CODE_TYPES, 'wind_speed_mph', 'ground_snow_load_psf', 'exposure_category',
  'min_design_temp_c', 'seismic_design_category', 'stamp_type', 'required_reviews', 'notes', 'is_active',
] as const;

function initialOf(ahj: Ahj | null): FormValues {
  return {
    name: ahj?.name ?? '',
    state: ahj?.state ?? '',
    jurisdiction_type: ahj?.jurisdiction_type ?? 'City',
    ibc: ahj?.ibc ?? null,
    irc: ahj?.irc ?? null,
    iebc: ahj?.iebc ?? null,
    asce: ahj?.asce ?? null,
    electrical: ahj?.electrical ?? null,
    fire: ahj?.fire ?? null,
    wind_speed_mph: ahj?.wind_speed_mph ?? null,
    ground_snow_load_psf: ahj?.ground_snow_load_psf ?? null,
    exposure_category: ahj?.exposure_category ?? null,
    min_design_temp_c: ahj?.min_design_temp_c ?? null,
    seismic_design_category: ahj?.seismic_design_category ?? null,
    stamp_type: ahj?.stamp_type ?? null,
    required_reviews: (ahj?.required_reviews ?? []) as AhjBody['required_reviews'],
    notes: ahj?.notes ?? '',
    is_active: ahj?.is_active ?? true,
  };
}

function ReviewsField({ control }: { control: Control<FormValues> }) {
  return (
    <Controller
      control={control}
      name="required_reviews"
      render={({ field, fieldState }) => (
        <Autocomplete
          multiple
          options={[...ENGINEERING_REVIEWS]}
          value={field.value ?? []}
          onChange={(_, v) => field.onChange(v)}
          renderInput={(p) => <TextField {...p} label="Required engineering reviews" error={!!fieldState.error} helperText={fieldState.error?.message} />}
        />
      )}
    />
  );
}

/** Create or edit an AHJ (staff): jurisdiction, adopted code editions, design criteria. */
// eslint-disable-next-line max-lines-per-function -- one form dialog: the AHJ's fields (jurisdiction, code editions, design criteria) on one react-hook-form instance
export function AhjDialog({ ahj, onClose }: { ahj: Ahj | null; onClose: () => void }) {
  const save = useSaveAhj();
  const codes = useCodeLists();
  const form = useForm<FormValues>({
    resolver: zodResolver(ZAhjForm, friendlyErrors),
    defaultValues: initialOf(ahj),
  });
  // A new AHJ starts with each code's default edition (Codes page), once the lists are in; a
  // code the user already picked stays.
  const defaults = ahj ? null : codes.data;
  useEffect(() => {
    if (!defaults) return;
    for (const [type, edition] of Object.entries(newAhjCodeDefaults(defaults)) as [keyof FormValues & string, string][]) {
      if (form.getValues(type) === null && !form.getFieldState(type).isDirty) form.setValue(type, edition);
    }
  }, [defaults, form]);

  const submit = form.handleSubmit(async (v) => {
    const { is_active, ...body } = v;
    try {
      await save.mutateAsync(ahj ? { id: ahj.id, body: { ...body, is_active } } : { body });
      notify(ahj ? 'AHJ saved.' : 'AHJ created.', { variant: 'success' });
      onClose();
    } catch (e) {
      showServerError(e, form.setError, FIELDS as unknown as (keyof FormValues)[]);
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true } as object }}>
      <DialogTitle>{ahj ? `Edit ${ahj.name}` : 'New AHJ'}</DialogTitle>
      <DialogContent>
        <FormError message={form.formState.errors.root?.server?.message} />
        <Grid container spacing={2} sx={{ pt: 1 }}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField label="Name" autoFocus {...textFieldProps(form, 'name')} />
          </Grid>
          <Grid size={{ xs: 6, sm: 3 }}>
            <StateSelectField control={form.control} name="state" />
          </Grid>
          <Grid size={{ xs: 6, sm: 3 }}>
            <Controller
              control={form.control}
              name="jurisdiction_type"
              render={({ field, fieldState }) => (
                <TextField select label="Jurisdiction" {...field} error={!!fieldState.error} helperText={fieldState.error?.message}>
                  {JURISDICTION_TYPES.map((t) => (
                    <MenuItem key={t} value={t}>
                      {t}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Grid>
          <Grid size={12}>
            <Typography variant="subtitle2">Adopted codes</Typography>
          </Grid>
          {CODE_TYPES.map((t) => {
            const list = codes.data?.find((c) => c.type === t);
            return (
              <Grid key={t} size={{ xs: 6, sm: 4 }}>
                <SelectField emptyValue={null} renderLabel="shrink"
                  control={form.control}
                  name={t}
                  label={CODE_SHORT_LABELS[t]}
                  options={(list?.editions ?? []).map((e) => ({ value: e.value, label: e.label }))}
                  emptyLabel="Not known"
                />
              </Grid>
            );
          })}
          <Grid size={12}>
            <Typography variant="subtitle2">Design criteria</Typography>
          </Grid>
          <Grid size={{ xs: 6, sm: 4 }}>
            <NumberField control={form.control} name="wind_speed_mph" label="Wind speed" unit="mph" helperText="Empty: not known" />
          </Grid>
          <Grid size={{ xs: 6, sm: 4 }}>
            <NumberField control={form.control} name="ground_snow_load_psf" label="Ground snow load" unit="psf" helperText="Empty: not known" />
          </Grid>
          <Grid size={{ xs: 6, sm: 4 }}>
            <NumberField control={form.control} name="min_design_temp_c" label="Lowest temp." unit="°C" helperText="Empty: not known" />
          </Grid>
          <Grid size={{ xs: 6, sm: 4 }}>
            <SelectField emptyValue={null} renderLabel="shrink" control={form.control} name="exposure_category" label="Exposure category" options={EXPOSURE_CATEGORIES.map((v) => ({ value: v, label: v }))} emptyLabel="Not known" />
          </Grid>
          <Grid size={{ xs: 6, sm: 4 }}>
            <SelectField emptyValue={null} renderLabel="shrink" control={form.control} name="seismic_design_category" label="Seismic design category" options={SEISMIC_DESIGN_CATEGORIES.map((v) => ({ value: v, label: v }))} emptyLabel="Not known" />
          </Grid>
          <Grid size={{ xs: 6, sm: 4 }}>
            <SelectField emptyValue={null} renderLabel="shrink" control={form.control} name="stamp_type" label="Stamp" options={STAMP_TYPES.map((v) => ({ value: v, label: v === 'wet' ? 'Wet stamp' : 'Digital stamp' }))} emptyLabel="Not known" />
          </Grid>
          <Grid size={12}>
            <ReviewsField control={form.control} />
          </Grid>
          <Grid size={12}>
            <TextField label="Notes" multiline minRows={3} {...textFieldProps(form, 'notes')} />
          </Grid>
          {ahj && (
            <Grid size={12}>
              <SwitchField control={form.control} name="is_active" label="Active: offered on new jobs" offLabel="Inactive: hidden from pickers; jobs keep it" />
            </Grid>
          )}
        </Grid>
      </DialogContent>
      <DialogFooter onCancel={onClose} confirmLabel={ahj ? 'Save' : 'Create'} busy={form.formState.isSubmitting} />
    </Dialog>
  );
}
