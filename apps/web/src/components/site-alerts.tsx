import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import type { z } from 'zod';
import type { ZSiteAlert } from '@sunstamp/domain/contracts/users';
import { readDismissedAlerts, writeDismissedAlert } from '../lib/persisted-settings.ts';
import { browserStorage } from '../lib/storage.ts';

type SiteAlert = z.infer<typeof ZSiteAlert>;

const storage = browserStorage();

/** Site alerts as banners under the top bar; a dismissed one stays hidden in this browser. */
export function SiteAlerts({ alerts }: { alerts: readonly SiteAlert[] }) {
  const [dismissed, setDismissed] = useState(() => new Set(readDismissedAlerts(storage)));
  const visible = alerts.filter((a) => !dismissed.has(a.id));
  if (!visible.length) return null;
  return (
    <Stack spacing={1} sx={{ mb: 3 }} aria-label="Site alerts">
      {visible.map((a) => (
        <Alert
          key={a.id}
          severity={a.severity}
          variant="outlined"
          sx={{ bgcolor: 'background.paper' }}
          onClose={() => setDismissed(new Set(writeDismissedAlert(storage, a.id)))}
        >
          {a.message}
        </Alert>
      ))}
    </Stack>
  );
}
