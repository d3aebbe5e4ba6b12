import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { OptionDataField } from '@sunstamp/domain/catalogue/option-list-data.schema';
import { NumberField, SelectField } from '../../../components/form/fields.tsx';

/** One input per typed data field of an option list (dead load, member count, …), under `data.`. */
export function OptionDataFields<T extends FieldValues>({ control, fields }: { control: Control<T, any, any>; fields: readonly OptionDataField[] }) {
  return (
    <Grid container spacing={2}>
      {fields.map((f) => {
        const name = `data.${f.key}` as Path<T>;
        return (
          <Grid key={f.key} size={{ xs: 12, sm: f.type === 'boolean' ? 12 : 6 }}>
            {f.type === 'number' && (
              <NumberField control={control} name={name} label={f.label} unit={f.unit} helperText={f.help ?? (f.nullable ? 'Empty: none' : ' ')} />
            )}
            {f.type === 'choice' && (
              <SelectField emptyValue={null} renderLabel="shrink" control={control} name={name} label={f.label} options={[...f.options]} emptyLabel="Choose one" />
            )}
            {f.type === 'text' && (
              <Controller
                control={control}
                name={name}
                render={({ field, fieldState }) => (
                  <TextField {...field} inputRef={field.ref} value={field.value ?? ''} label={f.label} error={!!fieldState.error} helperText={fieldState.error?.message ?? f.help} />
                )}
              />
            )}
            {f.type === 'boolean' && (
              <Controller
                control={control}
                name={name}
                render={({ field }) => (
                  <>
                    <FormControlLabel control={<Switch checked={!!field.value} onChange={(_, c) => field.onChange(c)} />} label={f.label} />
                    {f.help && <FormHelperText sx={{ mt: -0.5, ml: 6 }}>{f.help}</FormHelperText>}
                  </>
                )}
              />
            )}
          </Grid>
        );
      })}
    </Grid>
  );
}
