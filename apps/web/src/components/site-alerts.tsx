import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import type { z } from 'zod';
import type { ZSiteAlert } from '@sunstamp/domain/contracts/users';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessageOf } from '../lib/api-error.ts';
import { notify } from '../lib/notify.ts';
import { shouldToastError } from '../lib/query-client.ts';

type SiteAlert = z.infer<typeof ZSiteAlert>;

/**
 * Site alerts as banners under the top bar. Closing one hides it at once and tells the server,
 * so it stays closed for this person on every device (if the server cannot be reached, it comes
 * back on the next visit rather than being lost silently).
 */
export function SiteAlerts({ alerts }: { alerts: readonly SiteAlert[] }) {
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const qc = useQueryClient();
  // The API's module loads at the first close, not with every signed-in page (site-alerts.api.ts);
  // a refusal is toasted as the query cache toasts a failed mutation.
  const dismiss = (id: string) =>
    import('../lib/api/site-alerts.api.ts')
      .then((api) => api.dismissSiteAlert(id, qc))
      .catch((e: unknown) => {
        if (shouldToastError(e)) notify(errorMessageOf(e), { variant: 'error' });
      });
  const visible = alerts.filter((a) => !closed.has(a.id));
  if (!visible.length) return null;
  return (
    <Stack spacing={1} sx={{ mb: 3 }} component="section" aria-label="Site alerts">
      {visible.map((a) => (
        <Alert
          key={a.id}
          severity={a.severity}
          variant="outlined"
          sx={{ bgcolor: 'background.paper', whiteSpace: 'pre-line' }}
          slotProps={{ closeButton: { 'aria-label': 'Close this alert' } as object }}
          onClose={() => {
            setClosed((prev) => new Set(prev).add(a.id));
            void dismiss(a.id);
          }}
        >
          {a.message}
        </Alert>
      ))}
    </Stack>
  );
}
