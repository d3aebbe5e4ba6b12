import type { Control, FieldValues, Path } from 'react-hook-form';
import { CANADIAN_PROVINCES, STATES } from '@sunstamp/domain/catalogue/option-lists.data';
import { AutocompleteField } from '../../../components/form/fields.tsx';

/** US states and territories, then Canadian provinces: the codes ZStateCode accepts. */
export const STATE_OPTIONS = [...STATES.items, ...CANADIAN_PROVINCES.items].map((s) => ({ value: s.value, label: s.label }));
const STATE_LABEL = new Map(STATE_OPTIONS.map((s) => [s.value, s.label]));
export const stateLabel = (code: string) => STATE_LABEL.get(code) ?? code;
type StateOption = (typeof STATE_OPTIONS)[number];

/** One state or province, searchable by code or name. */
export function StateSelectField<T extends FieldValues>({ control, name }: { control: Control<T, any, any>; name: Path<T> }) {
  return (
    <AutocompleteField<T, StateOption>
      control={control}
      name={name}
      label="State"
      options={STATE_OPTIONS}
      fromValue={(v) => STATE_OPTIONS.find((o) => o.value === v) ?? null}
      toValue={(o) => o?.value ?? ''}
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
    />
  );
}

/** Several states or provinces. */
export function StatesField<T extends FieldValues>({ control, name }: { control: Control<T, any, any>; name: Path<T> }) {
  return (
    <AutocompleteField<T, StateOption, true>
      multiple
      control={control}
      name={name}
      label="States served"
      helperText="Optional"
      options={STATE_OPTIONS}
      fromValue={(v) => STATE_OPTIONS.filter((o) => ((v as string[] | undefined) ?? []).includes(o.value))}
      toValue={(v) => v.map((o) => o.value)}
      getOptionLabel={(o) => `${o.value} · ${o.label}`}
      isOptionEqualToValue={(a, b) => a.value === b.value}
    />
  );
}
