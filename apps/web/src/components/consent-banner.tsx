import { useEffect, useState, useSyncExternalStore } from 'react';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { needsConsentBanner, type PageArea } from '@sunstamp/domain/observability/observability.rules';
import { onConsentChange, readConsent, readRuntimeConfig, saveConsent, startObservability } from '../lib/observability/observability.ts';

const config = readRuntimeConfig();
const anyVendor = !!(config.errors || config.analytics || config.tagManager || config.heatmap);
let consentSnapshot = readConsent();
const subscribe = (l: () => void) => onConsentChange(() => { consentSnapshot = readConsent(); l(); });

/**
 * Starts the configured observability vendors the consent allows on this kind of page, and, on
 * public pages, asks for consent when a vendor that needs it is configured. Accept and Reject are
 * equally prominent; nothing that needs consent loads before a choice. Renders nothing (and loads
 * nothing) when no key is configured.
 */
export function Observability({ area, ask = area === 'public' }: { area: PageArea; ask?: boolean }) {
  const consent = useSyncExternalStore(subscribe, () => consentSnapshot);
  const [reopened, setReopened] = useState(false);
  useEffect(() => {
    if (anyVendor) void startObservability(area, { config, consent });
  }, [area, consent]);
  useEffect(() => onCookieSettings(() => setReopened(true)), []);
  if (!anyVendor || !ask || (!needsConsentBanner(config, consent) && !reopened)) return null;
  const choose = (yes: boolean) => { saveConsent(yes); setReopened(false); };
  return (
    <Paper
      elevation={6}
      role="region"
      aria-label="Cookie consent"
      sx={{ position: 'fixed', zIndex: (t) => t.zIndex.snackbar, left: 16, right: 16, bottom: 16, maxWidth: 720, mx: 'auto', p: 2 }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="body2" sx={{ flex: 1 }}>
          We would like to measure how the site is used and record anonymised sessions to fix problems. Nothing of that loads unless
          you accept. <Link component={RouterLink} to="/privacy-policy">Privacy policy</Link>
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" onClick={() => choose(false)}>Reject</Button>
          <Button variant="outlined" onClick={() => choose(true)}>Accept</Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

const reopenListeners = new Set<() => void>();
function onCookieSettings(l: () => void) {
  reopenListeners.add(l);
  return () => { reopenListeners.delete(l); };
}

/** The footer's "Cookie settings" link: only where a vendor is configured. */
export function CookieSettingsLink() {
  if (!anyVendor) return null;
  return (
    <Link component="button" type="button" color="inherit" onClick={() => { for (const l of reopenListeners) l(); }}>
      Cookie settings
    </Link>
  );
}
