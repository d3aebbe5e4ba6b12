import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { SiteAlertAdmin } from '@sunstamp/domain/contracts/site-alerts';
import { ROLES, ROLE_LABELS, type Role } from '@sunstamp/domain/roles';
import { FormError } from '../../../components/form-error.tsx';
import { DialogFooter } from '../../../components/form/dialog-footer.tsx';
import { AutocompleteField, SelectField, TextField } from '../../../components/form/fields.tsx';
import { friendlyErrors, showServerError } from '../../../lib/form-resolver.ts';
import { notify } from '../../../lib/notify.ts';
import { useCompanies, type CompanyRow } from '../../../lib/api/companies.api.ts';
import { useSaveSiteAlert } from '../../../lib/api/site-alerts.api.ts';
import { bodyOf, formOf, ZSiteAlertForm, type SiteAlertForm } from '../site-alert-form.rules.ts';

const SEVERITY_OPTIONS = [
  { value: 'info', label: 'Information (blue)' },
  { value: 'success', label: 'Good news (green)' },
  { value: 'warning', label: 'Warning (orange)' },
  { value: 'error', label: 'Problem (red)' },
];

/** Create or edit a site alert (admin): message, look, when it shows and to whom, with a preview. */
export function SiteAlertDialog({ alert, onClose }: { alert: SiteAlertAdmin | null; onClose: () => void }) {
  const save = useSaveSiteAlert();
  const companies = useCompanies();
  const form = useForm<SiteAlertForm>({ resolver: zodResolver(ZSiteAlertForm, friendlyErrors), defaultValues: formOf(alert) });
  const [message, severity] = useWatch({ control: form.control, name: ['message', 'severity'] });
  const companyOptions = companies.data ?? [];

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: alert?.id, body: bodyOf(values) });
      notify(alert ? 'Site alert saved.' : 'Site alert created.', { variant: 'success' });
      onClose();
    } catch (e) {
      showServerError(e, form.setError, ['message', 'severity', 'starts_at', 'ends_at', 'roles', 'company_ids']);
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true } as object }}>
      <DialogTitle>{alert ? 'Edit site alert' : 'New site alert'}</DialogTitle>
      <DialogContent>
        <FormError message={form.formState.errors.root?.server?.message} />
        <Grid container spacing={2} sx={{ pt: 1 }}>
          <Grid size={12}>
            <TextField control={form.control} name="message" label="Message" required multiline minRows={2} autoFocus
              helperText="Shown as a banner at the top of every signed-in page until its end or until the person closes it." />
          </Grid>
          <Grid size={12}>
            <SelectField control={form.control} name="severity" label="Look" options={SEVERITY_OPTIONS} fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField control={form.control} name="starts_at" label="Starts" type="datetime-local" fullWidth
              slotProps={{ inputLabel: { shrink: true } }} helperText="Empty: from now on." />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField control={form.control} name="ends_at" label="Ends" type="datetime-local" fullWidth
              slotProps={{ inputLabel: { shrink: true } }} helperText="Empty: until you expire it." />
          </Grid>
          <Grid size={12}>
            <AutocompleteField<SiteAlertForm, Role, true>
              control={form.control}
              name="roles"
              label="Only these roles"
              helperText="Empty: every role."
              multiple
              options={ROLES}
              getOptionLabel={(r) => ROLE_LABELS[r]}
              fromValue={(v) => (v as Role[]) ?? []}
              toValue={(chosen) => chosen}
            />
          </Grid>
          <Grid size={12}>
            <AutocompleteField<SiteAlertForm, CompanyRow, true>
              control={form.control}
              name="company_ids"
              label="Only these companies"
              helperText="Empty: every company. Staff see an alert for client companies only if their own company is listed."
              multiple
              loading={companies.isLoading}
              options={companyOptions}
              getOptionLabel={(c) => c.name}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              fromValue={(v, opts) => opts.filter((c) => ((v as string[]) ?? []).includes(c.id))}
              toValue={(chosen) => chosen.map((c) => c.id)}
            />
          </Grid>
          <Grid size={12}>
            <Typography variant="overline" color="text.secondary">Preview</Typography>
            <Alert severity={severity} variant="outlined" sx={{ whiteSpace: 'pre-line' }} onClose={() => undefined}>
              {message?.trim() || 'Your message'}
            </Alert>
          </Grid>
        </Grid>
      </DialogContent>
      <DialogFooter onCancel={onClose} confirmLabel={alert ? 'Save' : 'Create'} busy={form.formState.isSubmitting} />
    </Dialog>
  );
}
