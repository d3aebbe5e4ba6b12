import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import { ORIENTATIONS, type Orientation } from '@sunstamp/domain/constants/options.constants';
import { mayChangeSettings } from '@sunstamp/domain/policies/app.policy';
import { ZStructuralSpanSetting } from '@sunstamp/domain/contracts/jobs';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { callEndpoint, fetchEndpoint, getEndpoint, sendEndpoint } from '../../../lib/api/endpoint.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';
import { errorMessageOf } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.ts';
import { useSessionUser } from '../../../lib/session/session.context.ts';
import { ReferenceTabs } from '../components/reference-tabs.tsx';
import { DocumentTimeZoneCard } from '../components/document-time-zone.card.tsx';

type SpanLimit = Record<Orientation, number>;
const KEY = queryKeys.settings.structuralSpan();
/** GET / PUT /settings/structural-span (staff read it; an admin changes it). */
const spanEndpoint = getEndpoint(ZStructuralSpanSetting, () => '/settings/structural-span');
const saveSpanEndpoint = sendEndpoint('PUT', { path: () => '/settings/structural-span', body: ZStructuralSpanSetting, response: ZStructuralSpanSetting });

/**
 * The structural span limit: the one engineering setting the span check reads (inches of sloped
 * rafter each module on a rafter needs, per orientation). Staff see it; only an admin changes it.
 * The check never refuses a job: it warns the client and staff review it (Pending Reinforcements).
 */
export function StructuralSpanPage() {
  const user = useSessionUser();
  const editable = mayChangeSettings(user.role);
  const qc = useQueryClient();
  const q = useQuery({ queryKey: KEY, queryFn: ({ signal }) => fetchEndpoint(spanEndpoint, undefined, signal) });
  const save = useMutation({
    mutationFn: (v: SpanLimit) => callEndpoint(saveSpanEndpoint, undefined, v),
    meta: { silentError: true },
    onSuccess: (v) => qc.setQueryData(KEY, v),
  });
  const [form, setForm] = useState<Record<Orientation, string>>({ Portrait: '', Landscape: '' });
  useEffect(() => {
    if (q.data) setForm({ Portrait: String(q.data.Portrait), Landscape: String(q.data.Landscape) });
  }, [q.data]);
  if (q.isLoading) return <PageLoader />;
  const bad = ORIENTATIONS.filter((o) => !(Number(form[o]) > 0 && Number(form[o]) <= 500));
  const onSave = async () => {
    try {
      await save.mutateAsync({ Portrait: Number(form.Portrait), Landscape: Number(form.Landscape) });
      notify('Span limit saved. New checks use it at once.', { variant: 'success' });
    } catch (e) {
      notify(errorMessageOf(e), { variant: 'error' });
    }
  };
  return (
    <>
      {/* Tabs first, then the tab's own title, as on Option lists and Codes: switching tabs keeps the tab row in place. */}
      <ReferenceTabs />
      <PageHeader title="Engineering" subtitle="Engineering settings: what the checks read, and the date documents print." />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, maxWidth: 720 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Structural span limit
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          For each array, the beam spans are summed and divided by the cosine of the roof pitch: the sloped rafter length. The modules on one
          rafter need at least their count times the inches below. A shorter rafter does not stop the job: the client sees a warning that our
          engineers review, and the job may go to Pending Reinforcements.
        </Typography>
        {!editable && (
          <Alert severity="info" sx={{ mb: 2 }}>
            Only an admin changes the span limit.
          </Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          {ORIENTATIONS.map((o) => (
            <TextField
              key={o}
              type="number"
              label={`${o} module`}
              value={form[o]}
              disabled={!editable}
              onChange={(e) => setForm((f) => ({ ...f, [o]: e.target.value }))}
              error={editable && bad.includes(o)}
              helperText={editable && bad.includes(o) ? 'Between 0 and 500 inches.' : 'Inches of sloped rafter per module.'}
              slotProps={{ input: { endAdornment: <InputAdornment position="end">in</InputAdornment> }, htmlInput: { min: 1, max: 500, step: 0.5 } }}
            />
          ))}
        </Stack>
        {editable && (
          <Button variant="contained" startIcon={<SaveOutlined />} disabled={bad.length > 0} loading={save.isPending} onClick={() => void onSave()}>
            Save
          </Button>
        )}
      </Paper>
      <DocumentTimeZoneCard editable={editable} />
    </>
  );
}
