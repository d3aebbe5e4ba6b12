import { Controller, useForm, type Control } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { EquipmentKind } from '@sunstamp/domain/catalogue/equipment.schema';
import { EQUIPMENT_TYPE_LISTS, type EquipmentBody, type EquipmentItem, type EquipmentPatch } from '@sunstamp/domain/contracts/catalogue';
import { NumberField, SelectField, SwitchField } from '../../../components/form/fields.tsx';
import { DialogFooter } from '../../../components/form/dialog-footer.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { textFieldProps } from '../../../components/form/form-field.ts';
import { showServerError } from '../../../lib/form-resolver.ts';
import { notify } from '../../../lib/notify.ts';
import { useSaveEquipment } from '../api/use-equipment.ts';
import { useOptionListItems } from '../api/use-option-lists.ts';
import { bodyResolver } from '../catalogue-form.rules.ts';
import {
  buildEquipmentData, EQUIPMENT_FIELDS, EQUIPMENT_KIND_SINGULAR, equipmentFormData, equipmentFormSchema, fieldAcceptsNull,
  otherDataKeys, type EquipmentField, type EquipmentFormData,
} from '../equipment-form.rules.ts';

type FormValues = { manufacturer: string; model: string; type: string | null; data: EquipmentFormData; is_active: boolean };
type Body = Required<Pick<EquipmentPatch, 'manufacturer' | 'model'>> & EquipmentPatch;

const GROUP_TITLES = { electrical: 'Electrical', mechanical: 'Mechanical' } as const;

const YES_NO = [{ value: 'yes', label: 'Yes' }, { value: 'no', label: 'No' }] as const;

/** A select with "Not known" first: the field's value shown as one of the options' texts, and back. */
function SelectInput({ control, name, label, helperText, options, toText, fromText }: {
  control: Control<FormValues, unknown, Body>; name: `data.${string}`; label: string; helperText: string;
  options: readonly { value: string; label: string }[]; toText: (v: unknown) => string; fromText: (t: string) => string | boolean | null;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: f, fieldState }) => (
        <TextField
          select
          label={label}
          value={toText(f.value)}
          onChange={(e) => f.onChange(fromText(e.target.value))}
          onBlur={f.onBlur}
          inputRef={f.ref}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? helperText}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value=""><em>Not known</em></MenuItem>
          {options.map((o) => <MenuItem key={o.value} value={o.value}>{o.label}</MenuItem>)}
        </TextField>
      )}
    />
  );
}

function FieldInput({ kind, field, control }: { kind: EquipmentKind; field: EquipmentField; control: Control<FormValues, unknown, Body> }) {
  const name = `data.${field.key}` as const;
  const help = field.help ?? (fieldAcceptsNull(kind, field.key) ? 'Empty: none' : ' ');
  switch (field.type) {
    case 'number':
    case 'integer':
      return <NumberField control={control} name={name} label={field.label} unit={field.unit} helperText={help} />;
    case 'boolean':
      return (
        <SelectInput control={control} name={name} label={field.label} helperText=" " options={YES_NO}
          toText={(v) => (v === true ? 'yes' : v === false ? 'no' : '')} fromText={(t) => (t === '' ? null : t === 'yes')} />
      );
    case 'choice':
      return (
        <SelectInput control={control} name={name} label={field.label} helperText={help} options={field.options ?? []}
          toText={(v) => (typeof v === 'string' ? v : '')} fromText={(t) => t} />
      );
    case 'text':
      return (
        <Controller
          control={control}
          name={name}
          render={({ field: f, fieldState }) => (
            <TextField {...f} inputRef={f.ref} value={(f.value as string | null) ?? ''} label={field.label} error={!!fieldState.error} helperText={fieldState.error?.message ?? help} />
          )}
        />
      );
  }
}

/**
 * Create or edit an equipment item (staff): identity, type from the kind's option list, and the
 * electrical and mechanical values the calculations read, checked with the API's schema. Data
 * the dialog does not show (an imported list's SAM parameters) is kept as it is.
 */
// eslint-disable-next-line max-lines-per-function -- one form dialog: the model's fields by kind on one react-hook-form instance checked by the API's schema
export function EquipmentDialog({ kind, item, onClose }: { kind: EquipmentKind; item: EquipmentItem | null; onClose: () => void }) {
  const save = useSaveEquipment();
  const types = useOptionListItems(EQUIPMENT_TYPE_LISTS[kind]);
  const original = item?.data ?? {};
  const fields = EQUIPMENT_FIELDS[kind];
  const noun = EQUIPMENT_KIND_SINGULAR[kind];
  const form = useForm<FormValues, unknown, Body>({
    resolver: bodyResolver(equipmentFormSchema(kind), (v: FormValues) => ({
      manufacturer: v.manufacturer,
      model: v.model,
      type: v.type,
      data: buildEquipmentData(kind, v.data, original),
      ...(item ? { is_active: v.is_active } : {}),
    })),
    defaultValues: {
      manufacturer: item?.manufacturer ?? '',
      model: item?.model ?? '',
      type: item?.type ?? null,
      data: equipmentFormData(kind, original),
      is_active: item?.is_active ?? true,
    },
  });

  const submit = form.handleSubmit(async (body) => {
    try {
      const saved = await save.mutateAsync(item ? { id: item.id, body } : { body: { kind, ...body } as EquipmentBody });
      notify(item ? `${saved.manufacturer} ${saved.model} saved.` : `${saved.manufacturer} ${saved.model} added.`, { variant: 'success' });
      onClose();
    } catch (e) {
      const names = ['manufacturer', 'model', 'type', 'is_active', 'data', 'data.notes', 'data.source.document', 'data.source.url', ...fields.map((f) => `data.${f.key}`)];
      showServerError(e, form.setError, names as never);
    }
  });

  const typeOptions = (types.data ?? []).filter((t) => t.is_active || t.value === item?.type).map((t) => ({ value: t.value, label: t.label }));
  const kept = item ? otherDataKeys(item) : [];

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true, 'aria-label': item ? `Edit ${item.manufacturer} ${item.model}` : `New ${noun}` } as object }}>
      <DialogTitle>{item ? `Edit ${item.manufacturer} ${item.model}` : `New ${noun}`}</DialogTitle>
      <DialogContent>
        <FormError message={form.formState.errors.root?.server?.message} />
        <Grid container spacing={2} sx={{ pt: 1 }}>
          <Grid size={{ xs: 12, sm: 3 }}>
            <TextField label="Manufacturer" autoFocus {...textFieldProps(form, 'manufacturer')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 5 }}>
            <TextField label="Model" {...textFieldProps(form, 'model')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <SelectField emptyValue={null} renderLabel="shrink" control={form.control} name="type" label="Type" options={typeOptions} emptyLabel="Not known" />
          </Grid>
          {(['electrical', 'mechanical'] as const).map((group) => {
            const inGroup = fields.filter((f) => f.group === group);
            if (!inGroup.length) return null;
            return [
              <Grid key={`${group}-title`} size={12}>
                <Typography variant="subtitle2">{GROUP_TITLES[group]}</Typography>
              </Grid>,
              ...inGroup.map((f) => (
                <Grid key={f.key} size={{ xs: 6, sm: 4, md: 3 }}>
                  <FieldInput kind={kind} field={f} control={form.control} />
                </Grid>
              )),
            ];
          })}
          <Grid size={12}>
            <Typography variant="subtitle2">Datasheet</Typography>
          </Grid>
          <Grid size={{ xs: 12, sm: 5 }}>
            <TextField label="Document" {...textFieldProps(form, 'data.source.document', 'Title and revision, e.g. "Q.TRON BLK M-G2+ datasheet 2024-03".')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 7 }}>
            <TextField label="URL" type="url" {...textFieldProps(form, 'data.source.url')} />
          </Grid>
          <Grid size={12}>
            <TextField label="Notes" multiline minRows={2} {...textFieldProps(form, 'data.notes')} />
          </Grid>
          {item && kept.length > 0 && (
            <Grid size={12}>
              <Alert severity="info" variant="outlined">
                This form does not show {kept.join(', ')}; saving keeps them as they are.
                {item.source === 'cec_import' && ' A later import of the CEC list updates the imported values and keeps what staff added.'}
              </Alert>
            </Grid>
          )}
          {item && (
            <Grid size={12}>
              <SwitchField control={form.control as unknown as Control<FormValues>} name="is_active" label="Active: offered to designers" offLabel="Inactive: hidden from pickers; jobs keep it" />
            </Grid>
          )}
        </Grid>
      </DialogContent>
      <DialogFooter onCancel={onClose} confirmLabel={item ? 'Save' : 'Create'} busy={form.formState.isSubmitting} />
    </Dialog>
  );
}
