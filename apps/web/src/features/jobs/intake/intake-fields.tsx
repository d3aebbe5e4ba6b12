import { useEffect, useState, type ReactNode } from 'react';
import { Controller, useFormContext, type FieldPath } from 'react-hook-form';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { JobIntake } from '@sunstamp/domain/jobs/job-intake.schema';
import { offeredChoices } from './job-intake.rules.ts';

type Name = FieldPath<JobIntake>;
type Common = { name: Name; label: string; helperText?: ReactNode; required?: boolean; disabled?: boolean };
/** A choice; an `inactive` one (an option item staff deactivated) shows only while it is the field's value. */
export type SelectOption = { value: string; label: string; inactive?: boolean };

/** A text input bound to the intake form; its error shows beside it. */
export function TextInput({ name, label, helperText, required, disabled, multiline, rows, maxLength, ...rest }: Common & {
  multiline?: boolean;
  rows?: number;
  maxLength?: number;
  type?: string;
  placeholder?: string;
}) {
  const { control } = useFormContext<JobIntake>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...rest}
          label={label}
          required={required}
          disabled={disabled}
          multiline={multiline}
          rows={rows}
          value={(field.value as string | null) ?? ''}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? helperText}
          slotProps={{ htmlInput: { maxLength } }}
        />
      )}
    />
  );
}

/** A number input: empty is null ("not set"), anything unreadable stays as typed until fixed. */
export function NumberInput({ name, label, helperText, required, disabled, unit, step, integer }: Common & {
  unit?: string;
  step?: number;
  integer?: boolean;
}) {
  const { control } = useFormContext<JobIntake>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberText
          value={field.value as number | null}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          label={label}
          required={required}
          disabled={disabled}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? helperText}
          unit={unit}
          step={step ?? (integer ? 1 : 'any')}
        />
      )}
    />
  );
}

function NumberText({ value, onChange, unit, step, ...props }: Omit<TextFieldProps, 'value' | 'onChange'> & {
  value: number | null;
  onChange: (v: number | null) => void;
  unit?: string;
  step?: number | 'any';
}) {
  const [text, setText] = useState(value === null || value === undefined || Number.isNaN(value) ? '' : String(value));
  // Follow outside changes (reverse geocoding, a reset) without fighting the user's typing.
  useEffect(() => {
    const parsed = text.trim() === '' ? null : Number(text);
    if (parsed !== value && !(Number.isNaN(parsed) && Number.isNaN(value))) {
      setText(value === null || value === undefined || Number.isNaN(value) ? '' : String(value));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only an outside change of the value re-syncs; the typed text must not
  }, [value]);
  return (
    <TextField
      {...props}
      type="number"
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const t = e.target.value.trim();
        onChange(t === '' ? null : Number(t));
      }}
      slotProps={{
        htmlInput: { step, inputMode: 'decimal' },
        input: unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : undefined,
      }}
    />
  );
}

/** A select; `emptyLabel` offers "not chosen" (stored as '' or null, per `emptyValue`). */
export function SelectInput({ name, label, helperText, required, disabled, options, emptyLabel, emptyValue = '', numeric }: Common & {
  options: readonly (SelectOption | string)[];
  emptyLabel?: string;
  emptyValue?: '' | null;
  /** The stored value is a number (an id); options carry it as text. */
  numeric?: boolean;
}) {
  const { control } = useFormContext<JobIntake>();
  const opts = options.map((o) => (typeof o === 'string' ? { value: o, label: o } : o));
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const current = field.value === null || field.value === undefined ? '' : String(field.value);
        const all = offeredChoices(opts, current);
        return (
          <TextField
            select
            label={label}
            required={required}
            disabled={disabled}
            value={current}
            onChange={(e) => field.onChange(e.target.value === '' ? emptyValue : numeric ? Number(e.target.value) : e.target.value)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={!!fieldState.error}
            helperText={fieldState.error?.message ?? helperText}
          >
            {emptyLabel !== undefined && (
              <MenuItem value="">
                <em>{emptyLabel}</em>
              </MenuItem>
            )}
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

export function SwitchInput({ name, label, disabled }: Common) {
  const { control } = useFormContext<JobIntake>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={<Switch checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} inputRef={field.ref} disabled={disabled} />}
          label={label}
        />
      )}
    />
  );
}
