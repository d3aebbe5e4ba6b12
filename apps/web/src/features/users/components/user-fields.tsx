import type { Control, FieldValues, Path } from 'react-hook-form';
import { ROLE_LABELS, type Role } from '@sunstamp/domain/roles';
import { AutocompleteField, SelectField } from '../../../components/form/fields.tsx';

type CompanyOption = { id: string; name: string };

/** The role select of the user dialogs, limited to the roles the signed-in user may give. */
export function RoleField<T extends FieldValues>({ control, name, roles }: { control: Control<T, any, any>; name: Path<T>; roles: readonly Role[] }) {
  return <SelectField control={control} name={name} label="Role" options={roles.map((r) => ({ value: r, label: ROLE_LABELS[r] }))} />;
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
    <AutocompleteField<T, CompanyOption, true>
      multiple
      control={control}
      name={name}
      label="Companies"
      helperText={helperText}
      options={companies}
      loading={loading}
      fromValue={(v) => {
        const ids: string[] = Array.isArray(v) ? v : [];
        return companies.filter((c) => ids.includes(c.id));
      }}
      toValue={(v) => v.map((c) => c.id)}
      getOptionLabel={(c) => c.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
    />
  );
}
