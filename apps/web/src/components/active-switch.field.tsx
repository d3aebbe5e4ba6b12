import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';

/** The "is_active" switch of edit dialogs; the labels say what (in)active means for that record. */
export function ActiveSwitchField<T extends FieldValues>(props: {
  control: Control<T>;
  name: Path<T>;
  activeLabel: string;
  inactiveLabel: string;
}) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field }) => (
        <FormControlLabel
          control={<Switch checked={!!field.value} onChange={(_, c) => field.onChange(c)} />}
          label={field.value ? props.activeLabel : props.inactiveLabel}
        />
      )}
    />
  );
}
