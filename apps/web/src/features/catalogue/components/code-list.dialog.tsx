import { Controller, useFieldArray, useForm } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { ZCodeListBody, type CodeList, type CodeListBody } from '@sunstamp/domain/contracts/catalogue';
import { DialogFooter } from '../../../components/form/dialog-footer.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { textFieldProps } from '../../../components/form/form-field.ts';
import { showServerError } from '../../../lib/form-resolver.ts';
import { notify } from '../../../lib/notify.ts';
import { useSaveCodeList, type EditableCodeType } from '../api/use-codes.ts';
import { bodyResolver } from '../catalogue-form.rules.ts';
import { CODE_SHORT_LABELS, suggestNextEdition } from '../code-lists.rules.ts';

type FormValues = { label: string; editions: { value: string; label: string }[]; default: string };

/**
 * Edit the editions on offer for IBC or IEBC (admin; spec §7 PUT /codes/{ibc|iebc}): the list AHJs
 * adopt from, and the default a new AHJ starts with.
 */
// eslint-disable-next-line max-lines-per-function -- one form dialog: the editions (a field array), the default that follows its row, and the save on one form state
export function CodeListDialog({ code, onClose }: { code: CodeList & { type: EditableCodeType }; onClose: () => void }) {
  const save = useSaveCodeList();
  const form = useForm<FormValues, unknown, CodeListBody>({
    resolver: bodyResolver(ZCodeListBody, (v: FormValues) => v),
    defaultValues: { label: code.label, editions: code.editions.map((e) => ({ ...e })), default: code.default ?? '' },
  });
  const editions = useFieldArray({ control: form.control, name: 'editions' });
  const errors = form.formState.errors;
  const short = CODE_SHORT_LABELS[code.type];

  const submit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ type: code.type, body });
      notify(`${short} editions saved.`, { variant: 'success' });
      onClose();
    } catch (e) {
      const fields = ['label', 'default', 'editions', ...body.editions.flatMap((_, i) => [`editions.${i}.value`, `editions.${i}.label`])];
      showServerError(e, form.setError, fields as never);
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true } as object }}>
      <DialogTitle>Edit {short} editions</DialogTitle>
      <DialogContent>
        <FormError message={errors.root?.server?.message} />
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label="Name" {...textFieldProps(form, 'label')} />
          <Box>
            <Typography variant="subtitle2">Editions on offer</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              AHJs adopt one of these. The value is what an AHJ stores (e.g. 2024); the label is what forms show.
              An AHJ that adopted a removed edition keeps it until someone edits that AHJ.
            </Typography>
            <Controller
              control={form.control}
              name="default"
              render={({ field }) => (
                <Stack spacing={1.5} role="radiogroup" aria-label="Default edition">
                  {editions.fields.map((row, i) => {
                    const value = form.watch(`editions.${i}.value`);
                    return (
                      <Stack key={row.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                        <TextField size="small" label="Value" {...textFieldProps(form, `editions.${i}.value`)} sx={{ width: 130 }}
                          onChange={(e) => {
                            // The default follows its row when the value is retyped.
                            if (field.value && field.value === value) field.onChange(e.target.value);
                            void form.register(`editions.${i}.value`).onChange(e);
                          }}
                        />
                        <TextField size="small" label="Label" {...textFieldProps(form, `editions.${i}.label`)} sx={{ flex: 1 }} />
                        <Tooltip title="The edition a new AHJ starts with">
                          <Box sx={{ display: 'flex', alignItems: 'center', pt: 0.25, minWidth: 92 }}>
                            <Radio size="small" checked={!!value && field.value === value} onChange={() => field.onChange(value)} slotProps={{ input: { 'aria-label': `Default: ${value || `row ${i + 1}`}` } }} />
                            <Typography variant="body2" color="text.secondary">Default</Typography>
                          </Box>
                        </Tooltip>
                        <Tooltip title="Remove this edition">
                          <span>
                            <IconButton aria-label={`Remove edition ${value || i + 1}`} onClick={() => editions.remove(i)} disabled={editions.fields.length <= 1} sx={{ mt: 0.25 }}>
                              <DeleteOutline fontSize="small" />
                            </IconButton>
                          </span>
                        </Tooltip>
                      </Stack>
                    );
                  })}
                </Stack>
              )}
            />
            {(errors.default?.message || errors.editions?.message || errors.editions?.root?.message) && (
              <FormHelperText error sx={{ mt: 1 }}>
                {errors.default?.message ?? errors.editions?.message ?? errors.editions?.root?.message}
              </FormHelperText>
            )}
            <Button startIcon={<AddOutlined />} sx={{ mt: 1.5 }} onClick={() => editions.append(suggestNextEdition({ editions: form.getValues('editions') }))}>
              Add edition
            </Button>
          </Box>
        </Stack>
      </DialogContent>
      <DialogFooter onCancel={onClose} confirmLabel="Save" busy={form.formState.isSubmitting} />
    </Dialog>
  );
}
