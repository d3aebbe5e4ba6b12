import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { COUNTED_JOB_ACTIONS } from '@sunstamp/domain/constants/job-events.constants';
import { ALL_JOB_EVENT_LABELS } from '@sunstamp/domain/constants/job-events.constants';
import type { Stats } from '@sunstamp/domain/contracts/analytics';
import type { StatsInterval } from '@sunstamp/domain/analytics/stats-periods.rules';
import { bucketLabel, periodLabel } from '../analytics.format.ts';

const MARGIN = { left: 8, right: 16, top: 16, bottom: 8 };

export function JobsCreatedChart({ s, interval }: { s: Stats; interval: StatsInterval }) {
  const labels = s.jobs_created.map((p) => periodLabel(p, interval));
  return (
    <LineChart
      margin={MARGIN}
      xAxis={[{ scaleType: 'point', data: labels }]}
      yAxis={[{ min: 0, tickMinStep: 1, width: 40 }]}
      series={[{ data: s.jobs_created.map((p) => p.count), label: 'Jobs created', area: true, showMark: labels.length <= 40, color: '#1d5fa8' }]}
      hideLegend
    />
  );
}

export function ServicesChart({ s, interval }: { s: Stats; interval: StatsInterval }) {
  const labels = s.services_requested.series.map((p) => periodLabel(p, interval));
  return (
    <BarChart
      margin={MARGIN}
      xAxis={[{ scaleType: 'band', data: labels }]}
      yAxis={[{ min: 0, tickMinStep: 1, width: 40 }]}
      series={s.services_requested.services.map((sv) => ({
        data: s.services_requested.series.map((p) => p.counts[sv.code] ?? 0),
        label: sv.label,
        stack: 'services',
      }))}
      slotProps={{ legend: { position: { vertical: 'bottom', horizontal: 'center' } } }}
    />
  );
}

export function TurnaroundChart({ s }: { s: Stats }) {
  return (
    <BarChart
      margin={MARGIN}
      xAxis={[{ scaleType: 'band', data: s.turnaround_distribution.map(bucketLabel), label: 'Total turnaround' }]}
      yAxis={[{ min: 0, tickMinStep: 1, width: 40 }]}
      series={[{ data: s.turnaround_distribution.map((b) => b.count), label: 'Completed cycles', color: '#f6a821' }]}
      hideLegend
    />
  );
}

export function RevisionReasonsChart({ s }: { s: Stats }) {
  return (
    <PieChart
      margin={MARGIN}
      series={[{
        data: s.revisions.reasons.map((r, i) => ({ id: i, value: r.count, label: r.label })),
        innerRadius: 50,
        paddingAngle: 1,
        cornerRadius: 3,
      }]}
      slotProps={{ legend: { position: { vertical: 'middle', horizontal: 'end' } } }}
    />
  );
}

export function ActionsChart({ s }: { s: Stats }) {
  const label = (a: (typeof COUNTED_JOB_ACTIONS)[number]) => (a === 'created' ? 'Created' : ALL_JOB_EVENT_LABELS[a]);
  return (
    <BarChart
      margin={MARGIN}
      layout="horizontal"
      yAxis={[{ scaleType: 'band', data: COUNTED_JOB_ACTIONS.map(label), width: 120 }]}
      xAxis={[{ min: 0, tickMinStep: 1 }]}
      series={[{ data: COUNTED_JOB_ACTIONS.map((a) => s.actions[a]), label: 'Events', color: '#7fb2ea' }]}
      hideLegend
    />
  );
}
