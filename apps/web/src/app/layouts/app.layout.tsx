import { Suspense, useState } from 'react';
import { Link as RouterLink, Outlet } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Link from '@mui/material/Link';
import MenuIcon from '@mui/icons-material/Menu';
import { maySeeSection } from '@sunstamp/domain/policies/app.policy';
import { getDisplayName, getInitials } from '@sunstamp/domain/format/display-name.format';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { SiteAlerts } from '../../components/site-alerts.tsx';
import { ThemeToggle } from '../../components/theme-toggle.tsx';
import { useSession } from '../../lib/session/session.context.ts';
import { useUserEventStream } from '../../lib/event-stream.ts';
import { lazyNamed } from '../../lib/preloadable.ts';
import { navItemsFor } from '../route-access.ts';
import { catalogueNavItemsFor } from '../../features/catalogue/catalogue-nav.ts';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link.tsx';
import { OverflowNav } from './overflow-nav.tsx';

/*
 * What the layout's first paint does not need loads beside the page instead of before the layout:
 * the account menu and the drawer when first reached for (app-menus.tsx), the notification bell
 * (its list, live toasts and messages code) and the observability hook. A signed-in first load then
 * waits for 35 of the layout's chunks instead of 46 (bench/README.md).
 */
const AccountMenu = lazyNamed(() => import('./app-menus.tsx'), 'AccountMenu');
const NavDrawer = lazyNamed(() => import('./app-menus.tsx'), 'NavDrawer');
const NotificationBell = lazyNamed(() => import('../../features/messages/components/notification.bell.tsx'), 'NotificationBell');
const Observability = lazyNamed(() => import('../../components/consent-banner.tsx'), 'Observability');
const preloadMenus = () => {
  for (const menu of [AccountMenu, NavDrawer]) menu.preload().catch(() => undefined);
};

/** Destinations outside the sections row: in the account menu, in More and in the drawer. */
const EXTRA_DESTINATIONS = [
  { section: 'site_alerts', label: 'Site alerts', to: '/site-alerts' },
  { section: 'engineers', label: 'Engineers', to: '/engineers' },
  { section: 'back_office', label: 'Back office', to: '/back-office' },
  { section: 'content', label: 'Blog and help', to: '/content' },
] as const;

/** The signed-in app: top bar (brand, sections, theme, user menu), site alerts, the page. */
// eslint-disable-next-line max-lines-per-function -- the signed-in shell's one JSX tree (top bar, section links, drawer for small screens, user menu, site alerts, outlet); the menu and drawer share its open state
export function AppLayout() {
  const { user, me, signOut } = useSession();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  useUserEventStream(!!user);
  if (!user) return null;
  const items = [...navItemsFor(user.role), ...catalogueNavItemsFor(user.role)];
  const name = getDisplayName(user);
  const extra = EXTRA_DESTINATIONS.filter((d) => maySeeSection(user.role, d.section));

  const closeMenu = () => setMenuAnchor(null);
  const onSignOut = () => {
    closeMenu();
    void signOut();
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <SkipLink />
      <AppBar
        position="sticky"
        color="inherit"
        sx={(t) => ({
          bgcolor: t.palette.mode === 'dark' ? '#101826' : '#14365d',
          color: '#fff',
          borderBottom: `1px solid ${t.palette.mode === 'dark' ? 'rgba(255,255,255,0.08)' : 'transparent'}`,
        })}
      >
        <Toolbar sx={{ gap: 1 }}>
          <IconButton
            color="inherit"
            edge="start"
            aria-label="Open navigation"
            onPointerEnter={preloadMenus}
            onFocus={preloadMenus}
            onClick={() => {
              setDrawerUsed(true);
              setDrawerOpen(true);
            }}
            sx={{ display: { lg: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <Link component={RouterLink} to="/jobs" underline="none" color="inherit" aria-label="Sunstamp, go to jobs" sx={{ mr: 3, display: 'flex', alignItems: 'center' }}>
            <BrandLogo size={26} />
          </Link>
          {/* Sections that do not fit go to a More menu with the other destinations (issue 29, item 9);
              below 1200 px the drawer serves. */}
          <OverflowNav items={items} extra={extra} />
          <Box sx={{ flex: { xs: 1, lg: 0 } }} />
          {/* The bell's place is kept while its code loads: the bar does not shift. */}
          <Suspense fallback={<Box sx={{ width: 40, height: 40 }} />}>
            <NotificationBell />
          </Suspense>
          <ThemeToggle />
          <Tooltip title={`${name} (${user.email})`}>
            <IconButton
              onPointerEnter={preloadMenus}
              onFocus={preloadMenus}
              onClick={(e) => {
                setMenuUsed(true);
                setMenuAnchor(e.currentTarget);
              }}
              aria-label={`Account menu, ${getInitials(user)}`}
              aria-haspopup="menu"
              aria-expanded={menuAnchor ? 'true' : undefined}
              data-testid="user-menu-button"
              sx={{ p: 0.5, ml: 0.5 }}
            >
              {/* The name carries the initials too: a visible label must be part of the accessible name (WCAG 2.5.3). */}
              <Avatar sx={{ width: 34, height: 34, bgcolor: 'secondary.main', color: 'secondary.contrastText', fontSize: 14, fontWeight: 700 }}>
                {getInitials(user)}
              </Avatar>
            </IconButton>
          </Tooltip>
          {/* Mounted from the first open on, so it can animate closed. */}
          {menuUsed && (
            <Suspense fallback={null}>
              <AccountMenu anchor={menuAnchor} user={user} destinations={extra} onClose={closeMenu} onSignOut={onSignOut} />
            </Suspense>
          )}
        </Toolbar>
      </AppBar>

      {drawerUsed && (
        <Suspense fallback={null}>
          <NavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} items={[...items, ...extra]} />
        </Suspense>
      )}

      {/* At phone width a toast (bottom centre, spec §2) spans the screen's foot: the room below the
          content lets a page's last buttons (the intake's Next) scroll clear of it. */}
      <Container component="main" id={MAIN_CONTENT_ID} tabIndex={-1} maxWidth="xl" sx={{ flex: 1, pt: { xs: 3, md: 4 }, pb: { xs: 11, sm: 4 }, outline: 'none' }}>
        <SiteAlerts alerts={me?.site_alerts ?? []} />
        <Outlet />
      </Container>
      <Suspense fallback={null}>
        <Observability area="app" />
      </Suspense>
    </Box>
  );
}
