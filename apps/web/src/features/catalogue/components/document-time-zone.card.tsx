import { useEffect, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import { ZDocumentTimeZoneSetting } from '@sunstamp/domain/contracts/settings';
import { calendarDayIn } from '@sunstamp/domain/format/document-day.format';
import { callEndpoint, fetchEndpoint, getEndpoint, sendEndpoint } from '../../../lib/api/endpoint.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';
import { errorMessageOf } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.ts';

const KEY = queryKeys.settings.timeZone();
/** GET / PUT /settings/time-zone (staff read it; an admin changes it). */
const zoneEndpoint = getEndpoint(ZDocumentTimeZoneSetting, () => '/settings/time-zone');
const saveZoneEndpoint = sendEndpoint('PUT', { path: () => '/settings/time-zone', body: ZDocumentTimeZoneSetting, response: ZDocumentTimeZoneSetting });

/** Every zone the browser knows, UTC first (the default until an admin chooses the firm's). */
function zoneOptions(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...known.filter((z) => z !== 'UTC')];
}

/**
 * The firm's time zone: the calendar day its documents print (a plan set's title block, a letter's
 * date, the date beside a seal) and on which a licence must be valid. A seal keeps the day it
 * printed when the zone changes later.
 */
export function DocumentTimeZoneCard({ editable }: { editable: boolean }) {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: KEY, queryFn: ({ signal }) => fetchEndpoint(zoneEndpoint, undefined, signal) });
  const save = useMutation({
    mutationFn: (time_zone: string) => callEndpoint(saveZoneEndpoint, undefined, { time_zone }),
    meta: { silentError: true },
    onSuccess: (v) => qc.setQueryData(KEY, v),
  });
  const zones = useMemo(zoneOptions, []);
  const [zone, setZone] = useState<string | null>(null);
  useEffect(() => {
    if (q.data) setZone(q.data.time_zone);
  }, [q.data]);
  const onSave = async () => {
    if (!zone) return;
    try {
      const saved = await save.mutateAsync(zone);
      notify(`Time zone saved: documents made from now on print the day in ${saved.time_zone}.`, { variant: 'success' });
    } catch (e) {
      notify(errorMessageOf(e), { variant: 'error' });
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, maxWidth: 720, mt: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Dates on documents
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        The date in a plan set&apos;s title block, a letter&apos;s date and the date beside an engineer&apos;s seal are the calendar day in the
        firm&apos;s time zone, and a licence must be valid on that day. A seal already applied keeps the date it printed.
      </Typography>
      {!editable && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Only an admin changes the time zone.
        </Alert>
      )}
      {q.isError && <Alert severity="error" sx={{ mb: 2 }}>{errorMessageOf(q.error)}</Alert>}
      {q.isLoading ? (
        <Skeleton variant="rounded" height={56} sx={{ mb: 2, maxWidth: 400 }} />
      ) : (
        <Autocomplete
          options={zones}
          value={zone}
          disabled={!editable}
          disableClearable={zone !== null}
          onChange={(_, v) => setZone(v)}
          sx={{ mb: 2, maxWidth: 400 }}
          renderInput={(params) => (
            <TextField {...params} label="Firm's time zone" helperText={zone ? `A document made now is dated ${calendarDayIn(new Date(), zone)}.` : 'Choose a time zone.'} />
          )}
        />
      )}
      {editable && (
        <Button variant="contained" startIcon={<SaveOutlined />} disabled={!zone || zone === q.data?.time_zone} loading={save.isPending} onClick={() => void onSave()}>
          Save time zone
        </Button>
      )}
    </Paper>
  );
}
