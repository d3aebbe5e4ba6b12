import { useEffect, useState, type Ref } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { CANADIAN_PROVINCES, STATES } from '@sunstamp/domain/catalogue/option-lists.data';

/** US states and territories, then Canadian provinces: the codes ZStateCode accepts. */
export const STATE_OPTIONS = [...STATES.items, ...CANADIAN_PROVINCES.items].map((s) => ({ value: s.value, label: s.label }));
const STATE_LABEL = new Map(STATE_OPTIONS.map((s) => [s.value, s.label]));
export const stateLabel = (code: string) => STATE_LABEL.get(code) ?? code;

/** A number input whose empty value is null ("not known", unless `help` says what empty means). */
export function NullableNumberField<T extends FieldValues>({ control, name, label, unit, help }: { control: Control<T, any, any>; name: Path<T>; label: string; unit?: string; help?: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput value={field.value as number | null} onChange={field.onChange} onBlur={field.onBlur} inputRef={field.ref} name={field.name} label={label} unit={unit} help={help} error={fieldState.error?.message} />
      )}
    />
  );
}

function NumberInput({ value, onChange, onBlur, inputRef, name, label, unit, help, error }: {
  value: number | null; onChange: (v: number | null) => void; onBlur: () => void; inputRef?: Ref<HTMLInputElement>; name?: string;
  label: string; unit?: string; help?: string; error?: string;
}) {
  const [text, setText] = useState(value === null || value === undefined ? '' : String(value));
  useEffect(() => {
    setText((t) => ((t.trim() === '' ? null : Number(t)) === value ? t : value === null || value === undefined ? '' : String(value)));
  }, [value]);
  return (
    <TextField
      label={label}
      type="number"
      name={name}
      inputRef={inputRef}
      value={text}
      onBlur={onBlur}
      onChange={(e) => {
        setText(e.target.value);
        onChange(e.target.value.trim() === '' ? null : Number(e.target.value));
      }}
      error={!!error}
      helperText={error ?? help ?? 'Empty: not known'}
      slotProps={{ input: unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : undefined, htmlInput: { step: 'any' } }}
    />
  );
}

/** A select whose first option, the empty one, stores null. */
export function NullableSelectField<T extends FieldValues>({
  control, name, label, options, emptyLabel,
}: {
  control: Control<T, any, any>;
  name: Path<T>;
  label: string;
  options: { value: string; label: string }[];
  emptyLabel: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const v = (field.value as string | null) ?? '';
        // A stored value no longer on offer still shows.
        const all = v && !options.some((o) => o.value === v) ? [{ value: v, label: v }, ...options] : options;
        return (
          <TextField
            select
            label={label}
            value={v}
            onChange={(e) => field.onChange(e.target.value === '' ? null : e.target.value)}
            onBlur={field.onBlur}
            error={!!fieldState.error}
            helperText={fieldState.error?.message}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">
              <em>{emptyLabel}</em>
            </MenuItem>
            {all.map((o) => (
              <MenuItem key={o.value} value={o.value}>
                {o.label}
              </MenuItem>
            ))}
          </TextField>
        );
      }}
    />
  );
}

/** One state or province, searchable by code or name. */
export function StateSelectField<T extends FieldValues>({ control, name }: { control: Control<T, any, any>; name: Path<T> }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Autocomplete
          options={STATE_OPTIONS}
          value={STATE_OPTIONS.find((o) => o.value === field.value) ?? null}
          onChange={(_, o) => field.onChange(o?.value ?? '')}
          onBlur={field.onBlur}
          getOptionLabel={(o) => o.value}
          filterOptions={(opts, { inputValue }) => {
            const q = inputValue.trim().toLowerCase();
            return q ? opts.filter((o) => o.value.toLowerCase().startsWith(q) || o.label.toLowerCase().includes(q)) : opts;
          }}
          renderOption={(props, o) => {
            const { key, ...rest } = props as typeof props & { key: string };
            return (
              <li key={key} {...rest}>
                {o.value} · {o.label}
              </li>
            );
          }}
          isOptionEqualToValue={(a, b) => a.value === b.value}
          renderInput={(p) => <TextField {...p} label="State" error={!!fieldState.error} helperText={fieldState.error?.message} />}
        />
      )}
    />
  );
}

/** Several states or provinces. */
export function StatesField<T extends FieldValues>({ control, name }: { control: Control<T, any, any>; name: Path<T> }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Autocomplete
          multiple
          options={STATE_OPTIONS}
          value={STATE_OPTIONS.filter((o) => ((field.value as string[] | undefined) ?? []).includes(o.value))}
          onChange={(_, v) => field.onChange(v.map((o) => o.value))}
          onBlur={field.onBlur}
          getOptionLabel={(o) => `${o.value} · ${o.label}`}
          isOptionEqualToValue={(a, b) => a.value === b.value}
          renderInput={(p) => <TextField {...p} label="States served" error={!!fieldState.error} helperText={fieldState.error?.message ?? 'Optional'} />}
        />
      )}
    />
  );
}
