import { useState } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import { maySeeSection } from '@sunstamp/domain/policies/app.policy';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Link from '@mui/material/Link';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import PersonOutline from '@mui/icons-material/PersonOutline';
import { ROLE_LABELS } from '@sunstamp/domain/roles';
import { getDisplayName, getInitials } from '@sunstamp/domain/format/display-name.format';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { SiteAlerts } from '../../components/site-alerts.tsx';
import { Observability } from '../../components/consent-banner.tsx';
import { ThemeToggle } from '../../components/theme-toggle.tsx';
import { useSession } from '../../lib/session/session.context.ts';
import { useUserEventStream } from '../../lib/event-stream.ts';
import { navItemsFor } from '../route-access.ts';
import { catalogueNavItemsFor } from '../../features/catalogue/catalogue-nav.ts';
import { NotificationBell } from '../../features/messages/components/notification.bell.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link.tsx';
import { OverflowNav } from './overflow-nav.tsx';

/** Destinations outside the sections row, also in the account menu: in More and in the drawer. */
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
  const location = useLocation();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
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
            onClick={() => setDrawerOpen(true)}
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
          <NotificationBell />
          <ThemeToggle />
          <Tooltip title={`${name} (${user.email})`}>
            <IconButton
              onClick={(e) => setMenuAnchor(e.currentTarget)}
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
          <Menu
            anchorEl={menuAnchor}
            open={!!menuAnchor}
            onClose={closeMenu}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
            transformOrigin={{ vertical: 'top', horizontal: 'right' }}
            slotProps={{ paper: { sx: { minWidth: 240, mt: 1 } } }}
          >
            {/* Who is signed in: a disabled item, so the menu holds only menu items (ARIA) and the
                focus opens on Profile, the first item that can take it. */}
            <MenuItem disabled sx={{ display: 'block', py: 1.25, '&.Mui-disabled': { opacity: 1 } }}>
              <Typography sx={{ fontWeight: 700 }} noWrap>
                {name}
              </Typography>
              <Typography variant="body2" color="text.secondary" noWrap>
                {user.email}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {ROLE_LABELS[user.role]}
                {user.companies.length ? ` · ${user.companies.map((c) => c.name).join(', ')}` : ''}
              </Typography>
            </MenuItem>
            <Divider />
            <MenuItem component={RouterLink} to="/profile" onClick={closeMenu}>
              <ListItemIcon>
                <PersonOutline fontSize="small" />
              </ListItemIcon>
              Profile
            </MenuItem>
            {maySeeSection(user.role, 'engineers') && (
              <MenuItem component={RouterLink} to="/engineers" onClick={closeMenu}>
                <ListItemIcon>
                  <VerifiedOutlined fontSize="small" />
                </ListItemIcon>
                Engineers
              </MenuItem>
            )}
            {maySeeSection(user.role, 'site_alerts') && (
              <MenuItem component={RouterLink} to="/site-alerts" onClick={closeMenu}>
                <ListItemIcon>
                  <CampaignOutlined fontSize="small" />
                </ListItemIcon>
                Site alerts
              </MenuItem>
            )}
            {maySeeSection(user.role, 'back_office') && (
              <MenuItem component={RouterLink} to="/back-office" onClick={closeMenu}>
                <ListItemIcon>
                  <BadgeOutlined fontSize="small" />
                </ListItemIcon>
                Back office
              </MenuItem>
            )}
            {maySeeSection(user.role, 'content') && (
              <MenuItem component={RouterLink} to="/content" onClick={closeMenu}>
                <ListItemIcon>
                  <ArticleOutlined fontSize="small" />
                </ListItemIcon>
                Blog and help
              </MenuItem>
            )}
            <MenuItem onClick={onSignOut}>
              <ListItemIcon>
                <LogoutOutlined fontSize="small" />
              </ListItemIcon>
              Sign out
            </MenuItem>
          </Menu>
        </Toolbar>
      </AppBar>

      <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)}>
        <Box sx={{ width: 260 }} role="presentation" onClick={() => setDrawerOpen(false)}>
          <Box sx={{ p: 2 }}>
            <BrandLogo size={26} />
          </Box>
          <Divider />
          <List component="nav" aria-label="Main">
            {[...items, ...extra].map((item) => (
              <ListItemButton
                key={item.to}
                component={RouterLink}
                to={item.to}
                selected={location.pathname === item.to || location.pathname.startsWith(`${item.to}/`)}
              >
                <ListItemText primary={item.label} />
              </ListItemButton>
            ))}
          </List>
        </Box>
      </Drawer>

      {/* At phone width a toast (bottom centre, spec §2) spans the screen's foot: the room below the
          content lets a page's last buttons (the intake's Next) scroll clear of it. */}
      <Container component="main" id={MAIN_CONTENT_ID} tabIndex={-1} maxWidth="xl" sx={{ flex: 1, pt: { xs: 3, md: 4 }, pb: { xs: 11, sm: 4 }, outline: 'none' }}>
        <SiteAlerts alerts={me?.site_alerts ?? []} />
        <Outlet />
      </Container>
      <Observability area="app" />
    </Box>
  );
}
