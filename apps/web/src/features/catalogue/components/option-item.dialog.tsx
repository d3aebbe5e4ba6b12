import { useRef } from 'react';
import { useForm, type Control } from 'react-hook-form';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ZOptionListItemBody, ZOptionListItemPatch, type OptionListItemOut } from '@sunstamp/domain/contracts/catalogue';
import { optionDataFieldsOf, optionItemDataSchema } from '@sunstamp/domain/catalogue/option-list-data.schema';
import { SwitchField } from '../../../components/form/fields.tsx';
import { DialogFooter } from '../../../components/form/dialog-footer.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { textFieldProps } from '../../../components/form/form-field.ts';
import { showServerError } from '../../../lib/form-resolver.ts';
import { notify } from '../../../lib/notify.ts';
import { useSaveOptionItem, type OptionItemBody, type OptionItemPatch } from '../api/use-option-lists.ts';
import { bodyResolver } from '../catalogue-form.rules.ts';
import { optionDataFormValues, optionDataFromForm, suggestOptionValue, type OptionDataFormValue } from '../option-lists.rules.ts';
import { OptionDataFields } from './option-data-fields.tsx';

type FormValues = { value: string; label: string; data: Record<string, OptionDataFormValue>; is_active: boolean };

/**
 * Add or edit one value of an option list (admin). The stored value is fixed once created (jobs
 * keep it); the label, the list's typed data and whether it is offered can change.
 */
// eslint-disable-next-line max-lines-per-function -- one form dialog: value, label, typed data and active switch on one form state
export function OptionItemDialog({ listKey, listLabel, item, siblings, onClose }: {
  listKey: string;
  listLabel: string;
  item: OptionListItemOut | null;
  /** The list's items, to suggest a value in the list's own style. */
  siblings: readonly OptionListItemOut[];
  onClose: () => void;
}) {
  const fields = optionDataFieldsOf(listKey);
  const save = useSaveOptionItem(listKey);
  const valueTyped = useRef(false);
  const dataSchema = optionItemDataSchema(listKey);
  const form = useForm<FormValues, unknown, OptionItemBody | OptionItemPatch>({
    resolver: item
      ? bodyResolver(ZOptionListItemPatch.extend({ data: dataSchema }), (v: FormValues) => ({
          label: v.label, data: optionDataFromForm(fields, v.data, item.data), is_active: v.is_active,
        }))
      : bodyResolver(ZOptionListItemBody.extend({ data: dataSchema }), (v: FormValues) => ({
          value: v.value, label: v.label, data: optionDataFromForm(fields, v.data),
        })),
    defaultValues: {
      value: item?.value ?? '',
      label: item?.label ?? '',
      data: optionDataFormValues(fields, item?.data),
      is_active: item?.is_active ?? true,
    },
  });

  const submit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync(item ? { id: item.id, body } : { body });
      notify(item ? `${body.label} saved.` : `${body.label} added to ${listLabel}.`, { variant: 'success' });
      onClose();
    } catch (e) {
      showServerError(e, form.setError, ['value', 'label', 'is_active', ...fields.map((f) => `data.${f.key}` as const)] as never);
    }
  });

  const labelField = textFieldProps(form, 'label');
  const valueField = textFieldProps(
    form, 'value',
    item ? 'Stored on jobs, so it cannot change.' : 'Stored on jobs; it cannot change later. Suggested from the label.',
  );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true } as object }}>
      <DialogTitle>{item ? `Edit ${item.label}` : `Add to ${listLabel}`}</DialogTitle>
      <DialogContent>
        <FormError message={form.formState.errors.root?.server?.message} />
        <Grid container spacing={2} sx={{ pt: 1 }}>
          <Grid size={12}>
            <TextField
              label="Label"
              autoFocus
              {...labelField}
              onChange={(e) => {
                void labelField.onChange(e);
                if (!item && !valueTyped.current) form.setValue('value', suggestOptionValue(e.target.value, siblings));
              }}
              helperText={labelField.helperText ?? 'What forms and plan sets show.'}
            />
          </Grid>
          <Grid size={12}>
            <TextField
              label="Stored value"
              {...valueField}
              onChange={(e) => {
                valueTyped.current = true;
                void valueField.onChange(e);
              }}
              disabled={!!item}
              slotProps={{ htmlInput: { style: { fontFamily: 'monospace' } }, inputLabel: { shrink: true } }}
            />
          </Grid>
          {fields.length > 0 && (
            <Grid size={12}>
              <Typography variant="subtitle2" sx={{ mb: 1.5 }}>
                Engineering data
              </Typography>
              <OptionDataFields control={form.control} fields={fields} />
            </Grid>
          )}
          {item && (
            <Grid size={12}>
              <SwitchField control={form.control as unknown as Control<FormValues>} name="is_active" label="Active: offered on new jobs" offLabel="Inactive: hidden from pickers; jobs keep it" />
            </Grid>
          )}
        </Grid>
      </DialogContent>
      <DialogFooter onCancel={onClose} confirmLabel={item ? 'Save' : 'Add'} busy={form.formState.isSubmitting} />
    </Dialog>
  );
}
