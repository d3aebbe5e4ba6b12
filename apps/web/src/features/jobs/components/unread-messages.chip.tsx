import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutline';

/** Unread messages of others on a job (the threads the reader sees); nothing when there are none. */
export function UnreadMessagesChip({ count }: { count: number }) {
  if (count <= 0) return null;
  const label = `${count} unread message${count === 1 ? '' : 's'}`;
  return (
    <Tooltip title={label}>
      <Chip
        size="small"
        color="primary"
        icon={<ChatBubbleOutline />}
        label={count > 99 ? '99+' : count}
        aria-label={label}
        data-testid="unread-messages-chip"
        sx={{ fontWeight: 700 }}
      />
    </Tooltip>
  );
}
