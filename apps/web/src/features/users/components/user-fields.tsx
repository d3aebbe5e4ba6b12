import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ROLE_LABELS, type Role } from '@sunstamp/domain/roles';

type CompanyOption = { id: string; name: string };

/** The role select of the user dialogs, limited to the roles the signed-in user may give. */
export function RoleField<T extends FieldValues>({ control, name, roles }: { control: Control<T, any, any>; name: Path<T>; roles: readonly Role[] }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          label="Role"
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
        >
          {roles.map((r) => (
            <MenuItem key={r} value={r}>
              {ROLE_LABELS[r]}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** Company picker (multiple) over the companies the signed-in user sees. */
export function CompaniesField<T extends FieldValues>({
  control,
  name,
  companies,
  loading,
  helperText,
}: {
  control: Control<T, any, any>;
  name: Path<T>;
  companies: readonly CompanyOption[];
  loading?: boolean;
  helperText?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const ids: string[] = Array.isArray(field.value) ? field.value : [];
        const selected = companies.filter((c) => ids.includes(c.id));
        return (
          <Autocomplete
            multiple
            options={companies as CompanyOption[]}
            loading={loading}
            value={selected}
            getOptionLabel={(c) => c.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            onChange={(_, v) => field.onChange(v.map((c) => c.id))}
            onBlur={field.onBlur}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Companies"
                inputRef={field.ref}
                error={!!fieldState.error}
                helperText={fieldState.error?.message ?? helperText}
              />
            )}
          />
        );
      }}
    />
  );
}
