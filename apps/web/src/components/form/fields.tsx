import type { ReactNode } from 'react';
import { Controller, type FieldValues } from 'react-hook-form';
import Autocomplete, { type AutocompleteProps } from '@mui/material/Autocomplete';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import MuiTextField, { type TextFieldProps as MuiTextFieldProps } from '@mui/material/TextField';
import { useFieldControl, type FieldBase } from './form-field.ts';
import { NumberTextInput, type NumberTextInputProps } from './number-text.input.tsx';
import { offeredOptions, type SelectOption } from './select-options.rules.ts';

/*
 * The form kit: every form field of the app, bound to react-hook-form through a Controller. Each
 * takes `name` and `control` (or finds the control in a FormProvider), shows its error message in
 * place of the helper text, and passes the rest to the MUI input.
 */

type Shared = { label: ReactNode; helperText?: ReactNode; required?: boolean; disabled?: boolean };

/** A text input; null and undefined show as empty. */
export function TextField<T extends FieldValues>({
  name, control, helperText, ...props
}: FieldBase<T> & Shared & Omit<MuiTextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'helperText'>) {
  return (
    <Controller
      control={useFieldControl(control)}
      name={name}
      render={({ field, fieldState }) => (
        <MuiTextField
          {...props}
          name={field.name}
          value={(field.value as string | null | undefined) ?? ''}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}

/** A number that keeps the typed text (NumberTextInput); empty is null. */
export function NumberField<T extends FieldValues>({
  name, control, helperText, ...props
}: FieldBase<T> & Shared & Omit<NumberTextInputProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'helperText'>) {
  return (
    <Controller
      control={useFieldControl(control)}
      name={name}
      render={({ field, fieldState }) => (
        <NumberTextInput
          {...props}
          name={field.name}
          value={field.value as number | null}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}

/**
 * A select over `options` (strings or SelectOption). `emptyLabel` offers "not chosen", stored as
 * `emptyValue` ('' or null). A held value that is inactive or on no list still shows.
 */
export function SelectField<T extends FieldValues>({
  name, control, helperText, options, emptyLabel, emptyValue = '', numeric, renderLabel, ...props
}: FieldBase<T> & Shared & {
  options: readonly (SelectOption | string)[];
  emptyLabel?: string;
  emptyValue?: '' | null;
  /** The stored value is a number (an id); options carry it as text. */
  numeric?: boolean;
  /** The empty choice shows even with nothing chosen (the label stays above it). */
  renderLabel?: 'shrink';
} & Omit<MuiTextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'helperText' | 'select' | 'label'>) {
  const opts = options.map((o) => (typeof o === 'string' ? { value: o, label: o } : o));
  return (
    <Controller
      control={useFieldControl(control)}
      name={name}
      render={({ field, fieldState }) => {
        const current = field.value === null || field.value === undefined ? '' : String(field.value);
        return (
          <MuiTextField
            {...props}
            select
            name={field.name}
            value={current}
            onChange={(e) => field.onChange(e.target.value === '' ? emptyValue : numeric ? Number(e.target.value) : e.target.value)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={!!fieldState.error}
            helperText={fieldState.error?.message ?? helperText}
            slotProps={renderLabel === 'shrink' ? { select: { displayEmpty: true }, inputLabel: { shrink: true }, ...props.slotProps } : props.slotProps}
          >
            {emptyLabel !== undefined && (
              <MenuItem value="">
                <em>{emptyLabel}</em>
              </MenuItem>
            )}
            {offeredOptions(opts, current).map((o) => (
              <MenuItem key={o.value} value={o.value}>
                {o.label}
              </MenuItem>
            ))}
          </MuiTextField>
        );
      }}
    />
  );
}

/**
 * An autocomplete over `options` whose form value is what `toValue` makes of the chosen option(s)
 * (an id, a code, a list of ids), and back through `fromValue`.
 */
export function AutocompleteField<T extends FieldValues, O, Multiple extends boolean | undefined = false>({
  name, control, label, helperText, required, fromValue, toValue, inputProps, ...props
}: FieldBase<T> & Shared & {
  fromValue: (value: unknown, options: readonly O[]) => Multiple extends true ? O[] : O | null;
  toValue: (chosen: Multiple extends true ? O[] : O | null) => unknown;
  inputProps?: Omit<MuiTextFieldProps, 'label' | 'error' | 'helperText' | 'required'>;
} & Omit<AutocompleteProps<O, Multiple, false, false>, 'value' | 'onChange' | 'onBlur' | 'renderInput'>) {
  return (
    <Controller
      control={useFieldControl(control)}
      name={name}
      render={({ field, fieldState }) => (
        <Autocomplete<O, Multiple, false, false>
          {...props}
          value={fromValue(field.value, props.options) as never}
          onChange={(_, v) => field.onChange(toValue(v as never))}
          onBlur={field.onBlur}
          renderInput={(p) => (
            <MuiTextField
              {...p}
              {...inputProps}
              label={label}
              required={required}
              inputRef={field.ref}
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? helperText}
            />
          )}
        />
      )}
    />
  );
}

/** A switch; with `offLabel` the label says what the off state means ("Inactive: …"). */
export function SwitchField<T extends FieldValues>({
  name, control, label, offLabel, disabled,
}: FieldBase<T> & { label: ReactNode; offLabel?: ReactNode; disabled?: boolean }) {
  return (
    <Controller
      control={useFieldControl(control)}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={<Switch checked={!!field.value} onChange={(_, c) => field.onChange(c)} inputRef={field.ref} disabled={disabled} />}
          label={field.value || offLabel === undefined ? label : offLabel}
        />
      )}
    />
  );
}
