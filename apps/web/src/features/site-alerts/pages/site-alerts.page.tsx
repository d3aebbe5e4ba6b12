import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import type { SiteAlertAdmin, SiteAlertStatus } from '@sunstamp/domain/contracts/site-alerts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { DialogFooter } from '../../../components/form/dialog-footer.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { notify } from '../../../lib/notify.ts';
import { useDeleteSiteAlert, useExpireSiteAlert, useSiteAlerts } from '../../../lib/api/site-alerts.api.ts';
import { SiteAlertDialog } from '../components/site-alert.dialog.tsx';
import { audienceText } from '../site-alert-form.rules.ts';

const STATUS: Record<SiteAlertStatus, { label: string; color: 'success' | 'info' | 'default' }> = {
  live: { label: 'Live', color: 'success' },
  scheduled: { label: 'Scheduled', color: 'info' },
  expired: { label: 'Expired', color: 'default' },
};

function windowText(a: SiteAlertAdmin): string {
  const from = a.starts_at ? `From ${formatDateTime(a.starts_at)}` : 'From its creation';
  const to = a.ends_at ? `to ${formatDateTime(a.ends_at)}` : 'until expired';
  return `${from} ${to}`;
}

function AlertCard({ alert, onEdit, onDelete }: { alert: SiteAlertAdmin; onEdit: () => void; onDelete: () => void }) {
  const expire = useExpireSiteAlert();
  const status = STATUS[alert.status];
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }} data-testid="site-alert">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Stack spacing={1.5} sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
            <Chip size="small" label={status.label} color={status.color} variant={alert.status === 'expired' ? 'outlined' : 'filled'} />
            <Typography variant="body2" color="text.secondary">{windowText(alert)}</Typography>
          </Stack>
          <Alert severity={alert.severity} variant="outlined" sx={{ whiteSpace: 'pre-line', opacity: alert.status === 'expired' ? 0.7 : 1 }}>
            {alert.message}
          </Alert>
          <Typography variant="body2" color="text.secondary">
            For <strong>{audienceText(alert)}</strong> · closed by {alert.dismissed_count} {alert.dismissed_count === 1 ? 'person' : 'people'}
            {alert.created_by ? ` · by ${alert.created_by}` : ''} · updated {formatDateTime(alert.updated_at)}
          </Typography>
        </Stack>
        <Stack direction={{ xs: 'row', sm: 'column' }} spacing={1} sx={{ flexShrink: 0 }}>
          <Button size="small" variant="outlined" onClick={onEdit}>Edit</Button>
          {alert.status !== 'expired' && (
            <Button
              size="small"
              variant="outlined"
              color="warning"
              loading={expire.isPending}
              onClick={() => expire.mutate(alert.id, { onSuccess: () => notify('Site alert expired.', { variant: 'success' }) })}
            >
              Expire now
            </Button>
          )}
          <Button size="small" color="error" onClick={onDelete}>Delete</Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

/** /site-alerts (admin): write, schedule, target and expire the banners everyone signed in sees. */
export function SiteAlertsPage() {
  const alerts = useSiteAlerts();
  const remove = useDeleteSiteAlert();
  const [editing, setEditing] = useState<SiteAlertAdmin | null | 'new'>(null);
  const [deleting, setDeleting] = useState<SiteAlertAdmin | null>(null);
  const list = alerts.data ?? [];

  return (
    <>
      <PageHeader
        title="Site alerts"
        subtitle="Banners at the top of every signed-in page: maintenance windows, holiday hours, new features."
        actions={<Button variant="contained" startIcon={<AddRounded />} onClick={() => setEditing('new')}>New alert</Button>}
      />
      {alerts.isLoading ? (
        <Stack spacing={2}>{[0, 1].map((i) => <Skeleton key={i} variant="rounded" height={140} />)}</Stack>
      ) : alerts.isError ? (
        <Alert severity="error">The site alerts could not be loaded. Reload the page to try again.</Alert>
      ) : list.length === 0 ? (
        <EmptyState icon={<CampaignOutlined fontSize="large" />} title="No site alerts yet"
          action={<Button variant="contained" onClick={() => setEditing('new')}>Write the first alert</Button>}>
          An alert shows as a banner to the people you choose, from its start until its end.
        </EmptyState>
      ) : (
        <Stack spacing={2}>
          {list.map((a) => <AlertCard key={a.id} alert={a} onEdit={() => setEditing(a)} onDelete={() => setDeleting(a)} />)}
        </Stack>
      )}
      {editing && <SiteAlertDialog alert={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {deleting && (
        <Dialog open onClose={() => setDeleting(null)} maxWidth="xs" fullWidth>
          <DialogTitle>Delete this alert?</DialogTitle>
          <DialogContent>
            <DialogContentText>
              It disappears for everyone and from this list. To stop showing it but keep it, use Expire now instead.
            </DialogContentText>
          </DialogContent>
          <DialogFooter
            onCancel={() => setDeleting(null)}
            confirmLabel="Delete"
            danger
            busy={remove.isPending}
            onConfirm={() => remove.mutate(deleting.id, { onSuccess: () => { notify('Site alert deleted.', { variant: 'success' }); setDeleting(null); } })}
          />
        </Dialog>
      )}
    </>
  );
}
