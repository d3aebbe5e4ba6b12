import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { STATS_INTERVALS, STATS_INTERVAL_LABELS, type StatsInterval } from '@sunstamp/domain/analytics/stats-periods.rules';
import type { MetricKey } from '@sunstamp/domain/analytics/stats-metrics';
import { MetricInfo } from './kpi-card.tsx';

/** The frequency of one chart (spec §9 report frequencies). */
export function FrequencySelect({ label, value, onChange, testId }: { label: string; value: StatsInterval; onChange: (v: StatsInterval) => void; testId: string }) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as StatsInterval)}
      sx={{ width: 150, flexShrink: 0 }}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': testId } as object } }}
    >
      {STATS_INTERVALS.map((i) => (
        <MenuItem key={i} value={i}>
          {STATS_INTERVAL_LABELS[i]}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A titled card with the metric's definition, an optional control, a CSV export and a body. */
export function ChartCard({ title, metric, control, onExport, loading, empty, emptyText, children, height = 280, testId }: {
  title: string;
  metric: MetricKey;
  control?: ReactNode;
  onExport?: () => void;
  loading?: boolean;
  empty?: boolean;
  emptyText?: string;
  children: ReactNode;
  height?: number;
  testId?: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%', minWidth: 0 }} data-testid={testId}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, minHeight: 40, flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <MetricInfo metric={metric} />
        <Box sx={{ flex: 1 }} />
        {control}
        {onExport && (
          <Tooltip title="Export CSV">
            <span>
              <IconButton size="small" aria-label={`Export ${title} as CSV`} onClick={onExport} disabled={loading}>
                <FileDownloadOutlined fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        )}
      </Stack>
      {loading ? (
        <Skeleton variant="rounded" height={height} />
      ) : empty ? (
        <Box sx={{ height, display: 'grid', placeItems: 'center', color: 'text.secondary', textAlign: 'center', px: 2 }}>
          <Typography variant="body2">{emptyText ?? 'Nothing in this period.'}</Typography>
        </Box>
      ) : (
        <Box sx={{ height, minWidth: 0 }}>{children}</Box>
      )}
    </Paper>
  );
}
