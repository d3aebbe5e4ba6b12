import type { ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import type { Duration } from '@sunstamp/domain/contracts/analytics';
import { METRIC_DEFINITIONS, type MetricKey } from '@sunstamp/domain/analytics/stats-metrics';
import { countOf } from '../analytics.format.ts';

/** The definition of a number, beside it (docs/analytics.md says the same). */
export function MetricInfo({ metric }: { metric: MetricKey }) {
  const d = METRIC_DEFINITIONS[metric];
  return (
    <Tooltip title={d.definition} arrow enterTouchDelay={0}>
      <IconButton size="small" aria-label={`What “${d.label}” means`} sx={{ p: 0.25, color: 'text.secondary' }}>
        <InfoOutlined fontSize="inherit" />
      </IconButton>
    </Tooltip>
  );
}

export const formatHours = (h: number | null) => (h === null ? '—' : h >= 48 ? `${(h / 24).toFixed(1)} d` : `${h.toFixed(1)} h`);

/** One headline number with its definition; `detail` is the line under it. */
export function KpiCard({ metric, value, detail, loading }: { metric: MetricKey; value: ReactNode; detail?: ReactNode; loading?: boolean }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }} data-testid={`kpi-${metric}`}>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mb: 0.5 }}>
        <Typography variant="body2" color="text.secondary" noWrap>
          {METRIC_DEFINITIONS[metric].label}
        </Typography>
        <MetricInfo metric={metric} />
      </Stack>
      {loading ? (
        <>
          <Skeleton variant="text" width="50%" sx={{ fontSize: '2rem' }} />
          <Skeleton variant="text" width="80%" />
        </>
      ) : (
        <>
          <Typography variant="h5" component="p" sx={{ fontWeight: 600 }} data-testid="kpi-value">
            {value}
          </Typography>
          {detail && (
            <Typography variant="caption" color="text.secondary" component="p">
              {detail}
            </Typography>
          )}
        </>
      )}
    </Paper>
  );
}

/** A duration card: the median large, mean and 90th percentile under it, and how many cycles. */
export function DurationCard({ metric, d, loading }: { metric: MetricKey; d: Duration | undefined; loading?: boolean }) {
  return (
    <KpiCard
      metric={metric}
      loading={loading || !d}
      value={d ? formatHours(d.median_hours) : ''}
      detail={d ? (d.count ? `median · p90 ${formatHours(d.p90_hours)} · mean ${formatHours(d.mean_hours)} · ${countOf(d.count, 'cycle', 'cycles')}` : 'no completed cycles') : ''}
    />
  );
}
