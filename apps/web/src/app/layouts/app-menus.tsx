import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import PersonOutline from '@mui/icons-material/PersonOutline';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import type { SessionUser } from '@sunstamp/domain/contracts/users';
import { ROLE_LABELS } from '@sunstamp/domain/roles';
import { getDisplayName } from '@sunstamp/domain/format/display-name.format';
import { BrandLogo } from '../../components/brand-logo.tsx';
import type { TopNavItem } from './overflow-nav.tsx';

/*
 * The top bar's menus: the account menu and the navigation drawer. They are a chunk of their own,
 * loaded when the user first reaches for one (app.layout.tsx), so the signed-in first load does not
 * wait for the code of menus nobody has opened yet (MUI's Menu, Popover, Modal, Drawer and their
 * transitions: ~15 of the layout's chunks).
 */

/** The icon of each destination outside the sections row, in the account menu. */
const DESTINATION_ICONS: Record<string, typeof PersonOutline | undefined> = {
  '/site-alerts': CampaignOutlined,
  '/engineers': VerifiedOutlined,
  '/back-office': BadgeOutlined,
  '/content': ArticleOutlined,
};

/** The account menu: who is signed in, Profile, the destinations outside the sections row, Sign out. */
export function AccountMenu({ anchor, user, destinations, onClose, onSignOut }: {
  anchor: HTMLElement | null;
  user: SessionUser;
  /** The destinations outside the sections row the role may see (app.layout.tsx EXTRA_DESTINATIONS). */
  destinations: readonly TopNavItem[];
  onClose: () => void;
  onSignOut: () => void;
}) {
  return (
    <Menu
      anchorEl={anchor}
      open={!!anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { minWidth: 240, mt: 1 } } }}
    >
      {/* Who is signed in: a disabled item, so the menu holds only menu items (ARIA) and the
          focus opens on Profile, the first item that can take it. */}
      <MenuItem disabled sx={{ display: 'block', py: 1.25, '&.Mui-disabled': { opacity: 1 } }}>
        <Typography sx={{ fontWeight: 700 }} noWrap>
          {getDisplayName(user)}
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
      <MenuItem component={RouterLink} to="/profile" onClick={onClose}>
        <ListItemIcon>
          <PersonOutline fontSize="small" />
        </ListItemIcon>
        Profile
      </MenuItem>
      {destinations.map((d) => {
        const Icon = DESTINATION_ICONS[d.to];
        return (
          <MenuItem key={d.to} component={RouterLink} to={d.to} onClick={onClose}>
            <ListItemIcon>{Icon && <Icon fontSize="small" />}</ListItemIcon>
            {d.label}
          </MenuItem>
        );
      })}
      <MenuItem onClick={onSignOut}>
        <ListItemIcon>
          <LogoutOutlined fontSize="small" />
        </ListItemIcon>
        Sign out
      </MenuItem>
    </Menu>
  );
}

/** Below 1200 px: every destination in a drawer. */
export function NavDrawer({ open, onClose, items }: { open: boolean; onClose: () => void; items: readonly TopNavItem[] }) {
  const location = useLocation();
  return (
    <Drawer open={open} onClose={onClose}>
      <Box sx={{ width: 260 }} role="presentation" onClick={onClose}>
        <Box sx={{ p: 2 }}>
          <BrandLogo size={26} />
        </Box>
        <Divider />
        <List component="nav" aria-label="Main">
          {items.map((item) => (
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
  );
}

/** The top bar's More menu: the sections that do not fit in its row, then the other destinations. */
export function MoreMenu({ anchor, onClose, hidden, extra, isHere }: {
  anchor: HTMLElement | null;
  onClose: () => void;
  hidden: readonly TopNavItem[];
  extra: readonly TopNavItem[];
  isHere: (to: string) => boolean;
}) {
  return (
    <Menu id="more-nav-menu" anchorEl={anchor} open={!!anchor} onClose={onClose} slotProps={{ paper: { sx: { minWidth: 200, mt: 1 } } }}>
      {hidden.map((item) => (
        <MenuItem key={item.to} component={RouterLink} to={item.to} onClick={onClose} selected={isHere(item.to)}>
          {item.label}
        </MenuItem>
      ))}
      {hidden.length > 0 && extra.length > 0 && <Divider />}
      {extra.map((item) => (
        <MenuItem key={item.to} component={RouterLink} to={item.to} onClick={onClose} selected={isHere(item.to)}>
          {item.label}
        </MenuItem>
      ))}
    </Menu>
  );
}
