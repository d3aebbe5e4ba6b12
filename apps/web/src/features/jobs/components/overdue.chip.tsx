import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import AccessTimeFilled from '@mui/icons-material/AccessTimeFilled';
import { OVERDUE_HOURS, OVERDUE_HOURS_CAD_PACKET } from '@sunstamp/domain/constants/limits.constants';
import { formatWorkDuration } from '@sunstamp/domain/format/duration.format';

/** The overdue marker (spec §4): pending on our side longer than 8 h (16 h with CAD Design). */
export function OverdueChip({ hours, size = 'small' }: { hours?: number; size?: 'small' | 'medium' }) {
  const title = `Pending with our team for ${hours !== undefined ? formatWorkDuration(hours) : 'too long'}: more than ${OVERDUE_HOURS} h (${OVERDUE_HOURS_CAD_PACKET} h with CAD Design).`;
  return (
    <Tooltip title={title}>
      <Chip
        size={size}
        color="error"
        icon={<AccessTimeFilled />}
        label="Overdue"
        data-testid="overdue-chip"
        sx={{ fontWeight: 600 }}
      />
    </Tooltip>
  );
}
