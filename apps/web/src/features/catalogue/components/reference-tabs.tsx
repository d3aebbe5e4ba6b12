import { Link as RouterLink, useLocation } from 'react-router';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { REFERENCE_PAGES } from '../catalogue-nav.ts';

/**
 * Switches between the reference screens (option lists, codes): one top-bar entry, "Reference",
 * leads to both, so the bar keeps room for the account menu on a laptop screen.
 */
export function ReferenceTabs() {
  const { pathname } = useLocation();
  const current = REFERENCE_PAGES.find((p) => pathname.startsWith(p.to))?.to ?? false;
  return (
    <Tabs value={current} aria-label="Reference data" variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
      {REFERENCE_PAGES.map((p) => (
        <Tab key={p.to} value={p.to} label={p.label} component={RouterLink} to={p.to} />
      ))}
    </Tabs>
  );
}
