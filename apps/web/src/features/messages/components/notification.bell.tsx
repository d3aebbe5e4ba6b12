import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import {
  MESSAGE_EVENT, MESSAGES_READ_EVENT, NOTIFICATION_EVENT, type JobNotificationEvent, type NewMessageEvent, type Notification,
} from '@sunstamp/domain/contracts/messages';
import { useUserEvent } from '../../../lib/event-stream.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { notify } from '../../../lib/notify.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';
import { useMarkNotificationsRead, useNotifications } from '../api/messages.api.ts';
import { badgeText } from '../messages.rules.ts';

/** Notices a person caused (the others come from the system: overdue, generation results). */
const BY_SOMEONE = new Set<Notification['type']>(['job_status', 'job_assigned', 'deliverables_released']);
const isMessageNote = (n: Notification) => n.type === 'new_message' || n.type === 'mention';

/** The header's bell: unread count, the latest notifications, and a toast for each live one. */
// eslint-disable-next-line max-lines-per-function -- the bell, its badge, its live updates and its menu share the notifications query and the menu anchor
export function NotificationBell() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const list = useNotifications(true);
  const markRead = useMarkNotificationsRead();
  const unread = list.data?.unread_count ?? 0;

  useUserEvent(MESSAGE_EVENT, (e) => {
    const p = e.payload as NewMessageEvent;
    void qc.invalidateQueries({ queryKey: queryKeys.notifications.all });
    // A toast only for others' messages on a job that is not on screen (its thread shows them).
    if (p.notification_id !== null && location.pathname !== `/jobs/${p.job_id}`) {
      notify(`${p.author_name}${p.mentions_you ? ' mentioned you' : ''} on ${p.job_name || 'a job'}: ${p.excerpt}`, { preventDuplicate: true });
    }
  });
  useUserEvent(MESSAGES_READ_EVENT, () => void qc.invalidateQueries({ queryKey: queryKeys.notifications.all }));
  useUserEvent(NOTIFICATION_EVENT, (e) => {
    const p = e.payload as JobNotificationEvent;
    void qc.invalidateQueries({ queryKey: queryKeys.notifications.all });
    // The job page on screen refreshes itself; elsewhere a toast says what happened.
    void qc.invalidateQueries({ queryKey: queryKeys.jobs.detail(p.job_id) });
    notify(`${p.job_name || 'A job'}: ${p.text}`, { variant: 'info', preventDuplicate: true });
  });

  const open = (n: Notification) => {
    setAnchor(null);
    if (!n.read_at) markRead.mutate({ ids: [n.id] });
    if (n.job_id) void navigate(`/jobs/${n.job_id}`);
  };

  return (
    <>
      <Tooltip title={unread ? `${unread} unread notification${unread === 1 ? '' : 's'}` : 'Notifications'}>
        <IconButton color="inherit" aria-label={`Notifications${unread ? `, ${badgeText(unread)} unread` : ''}`} onClick={(e) => setAnchor(e.currentTarget)} data-testid="notification-bell">
          {/* No badge at 0: a hidden Badge keeps its last number in the button (to animate it out),
              text that the button's name "Notifications" does not hold (axe: label-content-name-mismatch). */}
          {unread ? (
            <Badge color="error" badgeContent={badgeText(unread)}>
              <NotificationsOutlined />
            </Badge>
          ) : (
            <NotificationsOutlined />
          )}
        </IconButton>
      </Tooltip>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 380, maxWidth: 'calc(100vw - 24px)', mt: 1 } } }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1.25 }}>
          <Typography sx={{ fontWeight: 700, flex: 1 }}>Notifications</Typography>
          <Button size="small" disabled={unread === 0 || markRead.isPending} onClick={() => markRead.mutate({ all: true })}>
            Mark all read
          </Button>
        </Stack>
        <Divider />
        {(list.data?.items.length ?? 0) === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            Nothing yet. New messages and updates on your jobs show up here.
          </Typography>
        ) : (
          <List dense disablePadding sx={{ maxHeight: 420, overflowY: 'auto' }} data-testid="notification-list">
            {list.data!.items.map((n) => (
              <ListItem key={n.id} disablePadding>
                <ListItemButton onClick={() => open(n)} sx={{ alignItems: 'flex-start', gap: 1.25, py: 1 }}>
                  <Box
                    aria-hidden
                    sx={{ width: 8, height: 8, borderRadius: '50%', mt: 0.9, flexShrink: 0, bgcolor: n.read_at ? 'transparent' : 'primary.main' }}
                  />
                  <Box sx={{ minWidth: 0, flex: 1 }}>
                    <Typography variant="body2" sx={{ fontWeight: n.read_at ? 400 : 700 }} noWrap>
                      {isMessageNote(n) ? `${n.actor_name} · ` : ''}
                      {n.job_name || 'Untitled job'}
                      {n.thread === 'internal' ? ' (internal)' : ''}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
                      {n.type === 'mention' ? 'Mentioned you: ' : ''}
                      {n.excerpt}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {formatDateTime(n.created_at)}
                      {BY_SOMEONE.has(n.type) ? ` · by ${n.actor_name}` : ''}
                    </Typography>
                  </Box>
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </Popover>
    </>
  );
}
