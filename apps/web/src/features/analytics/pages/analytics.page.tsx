import { useEffect, useMemo, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { STATS_ERROR_MESSAGE } from '@sunstamp/domain/constants/messages.constants';
import { STATS_TAB_LABELS, statsTabsFor, type StatsTab } from '@sunstamp/domain/analytics/stats-access.rules';
import { maySeeStaffFigures } from '@sunstamp/domain/policies/app.policy';
import type { Stats } from '@sunstamp/domain/contracts/analytics';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { saveBlob } from '../../../lib/download.ts';
import { notify } from '../../../lib/notify.ts';
import { browserStorage } from '../../../lib/storage.ts';
import { useSessionUser } from '../../../lib/session/session.context.ts';
import { useStats, type StatsParams } from '../api/use-stats.ts';
import { useStatsCompanies, useStatsGroups } from '../api/use-stats-scopes.ts';
import { CSV_EXPORT_LABELS, csvExportsFor, csvFileName, statsCsv, type CsvExport } from '../analytics.csv.ts';
import { jobsDetailOf } from '../analytics.format.ts';
import {
  effectiveRange, readAnalyticsSettings, tabFor, writeAnalyticsSettings, type AnalyticsSettings,
} from '../analytics.settings.ts';
import { ChartCard, FrequencySelect } from '../components/chart-card.tsx';
import { DateRangeField } from '../components/date-range.field.tsx';
import { DurationCard, KpiCard } from '../components/kpi-card.tsx';
import { ActionsChart, JobsCreatedChart, RevisionReasonsChart, ServicesChart, TurnaroundChart } from '../components/stats-charts.tsx';
import { DesignersTable, UsersTable } from '../components/stats-tables.tsx';

const storage = browserStorage();
const todayUtc = () => new Date().toISOString().slice(0, 10);

function exportCsv(s: Stats | undefined, which: CsvExport, staffFigures: boolean) {
  if (!s) return;
  saveBlob(new Blob([statsCsv(s, which, staffFigures)], { type: 'text/csv;charset=utf-8' }), csvFileName(s, which));
}

const isEmptyStats = (s: Stats) =>
  s.job_count === 0 && s.durations.turnaround_all.count === 0 && Object.values(s.actions).every((n) => n === 0) && s.revisions.total === 0;

/** Analytics (spec §2, §3): My, Group and Company Stats for a period, remembered per user. */
// eslint-disable-next-line max-lines-per-function -- the tab, period and group/company pickers are one remembered settings state that builds the stats query every card of the page reads
export function AnalyticsPage() {
  const user = useSessionUser();
  const tabs = statsTabsFor(user.role);
  // Designers, shift hours and jobs per hour are staff figures (the API leaves them out for clients too).
  const staffFigures = maySeeStaffFigures(user.role);
  const [settings, setSettings] = useState<AnalyticsSettings>(() => readAnalyticsSettings(storage, user.id));
  useEffect(() => writeAnalyticsSettings(storage, user.id, settings), [settings, user.id]);
  const update = (patch: Partial<AnalyticsSettings>) => setSettings((s) => ({ ...s, ...patch }));
  const tab = tabFor(settings, tabs);
  const range = effectiveRange(settings, todayUtc());

  const groups = useStatsGroups(tab === 'group');
  const companies = useStatsCompanies(tab === 'company');
  const chosenGroups = (groups.data ?? []).filter((g) => settings.groupIds.includes(g.id));
  const companyOptions = (companies.data ?? []).filter((c) => !c.is_internal);
  const chosenCompanies = companyOptions.filter((c) => settings.companyIds.includes(c.id));

  const params: StatsParams = useMemo(() => ({
    active_tab: tab,
    start_date: range.start,
    end_date: range.end,
    jobsCreatedInterval: settings.jobsInterval,
    servicesRequestedInterval: settings.servicesInterval,
    // Group Stats: the chosen groups' members (every group's members when none is chosen).
    included_users: tab === 'group' && chosenGroups.length ? [...new Set(chosenGroups.flatMap((g) => g.members.map((m) => m.id)))] : undefined,
    included_companies: tab === 'company' && chosenCompanies.length ? chosenCompanies.map((c) => c.id) : undefined,
  }), [tab, range.start, range.end, settings.jobsInterval, settings.servicesInterval, chosenGroups, chosenCompanies]);
  // Wait for the pickers' lists when a choice is remembered, so the first answer is the right one.
  const ready = (tab !== 'group' || !settings.groupIds.length || !groups.isPending) && (tab !== 'company' || !settings.companyIds.length || !companies.isPending);
  const stats = useStats(params, ready);
  const s = stats.data;
  const loading = !s || stats.isPending;

  useEffect(() => {
    if (stats.isError) notify(STATS_ERROR_MESSAGE, { variant: 'error', preventDuplicate: true });
  }, [stats.isError, stats.errorUpdatedAt]);

  const [exportAnchor, setExportAnchor] = useState<HTMLElement | null>(null);

  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <PageHeader
        title="Analytics"
        subtitle="Jobs, services, revisions and turnaround for the period. Days are UTC calendar days, like the month stats."
        actions={
          <>
            <Button variant="outlined" startIcon={<FileDownloadOutlined />} onClick={(e) => setExportAnchor(e.currentTarget)} disabled={!s} data-testid="stats-export">
              Export CSV
            </Button>
            <Menu anchorEl={exportAnchor} open={!!exportAnchor} onClose={() => setExportAnchor(null)}>
              {csvExportsFor(staffFigures).map((x) => (
                <MenuItem key={x} onClick={() => { exportCsv(s, x, staffFigures); setExportAnchor(null); }} data-testid={`stats-export-${x}`}>
                  {CSV_EXPORT_LABELS[x]}
                </MenuItem>
              ))}
            </Menu>
          </>
        }
      />
      <Tabs value={tab} onChange={(_e, v: StatsTab) => update({ tab: v })} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2 }} aria-label="Statistics">
        {tabs.map((t) => <Tab key={t} value={t} label={STATS_TAB_LABELS[t]} data-testid={`stats-tab-${t}`} />)}
      </Tabs>

      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
          <DateRangeField
            start={range.start}
            end={range.end}
            preset={settings.preset}
            onChange={(v) => update('preset' in v ? { preset: v.preset } : { preset: null, start: v.start, end: v.end })}
          />
          {tab === 'group' && (
            <Autocomplete
              multiple
              size="small"
              sx={{ minWidth: 260, flex: 1 }}
              options={groups.data ?? []}
              loading={groups.isPending}
              value={chosenGroups}
              getOptionLabel={(g) => g.name}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              onChange={(_e, v) => update({ groupIds: v.map((g) => g.id) })}
              renderInput={(p) => <TextField {...p} label="Groups" placeholder={chosenGroups.length ? '' : 'Every group'} />}
            />
          )}
          {tab === 'company' && companyOptions.length > 1 && (
            <Autocomplete
              multiple
              size="small"
              sx={{ minWidth: 260, flex: 1 }}
              options={companyOptions}
              loading={companies.isPending}
              value={chosenCompanies}
              getOptionLabel={(c) => c.name}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              onChange={(_e, v) => update({ companyIds: v.map((c) => c.id) })}
              renderInput={(p) => <TextField {...p} label="Companies" placeholder={chosenCompanies.length ? '' : 'Every company'} />}
            />
          )}
        </Stack>
        {s && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }} data-testid="stats-scope">
            {s.start_date} to {s.end_date}
            {s.active_tab === 'company' && ` · ${s.scope.all_companies ? 'every company' : s.scope.companies.map((c) => c.name).join(', ') || 'no company'}`}
            {s.active_tab !== 'company' && ` · ${s.scope.users.length === 1 ? s.scope.users[0]!.name : `${s.scope.users.length} people`}`}
            {stats.isFetching && ' · updating…'}
          </Typography>
        )}
      </Paper>

      {stats.isError && !s ? (
        <EmptyState icon={<InsightsOutlined />} title="Statistics could not be loaded" action={<Button onClick={() => stats.refetch()}>Try again</Button>}>
          {STATS_ERROR_MESSAGE}
        </EmptyState>
      ) : (
        <>
          {s && isEmptyStats(s) && (
            <Box sx={{ mb: 2 }} data-testid="stats-empty">
              <EmptyState icon={<InsightsOutlined />} title="No activity in this period">
                Nothing was created, moved or completed here between {s.start_date} and {s.end_date}. Try a longer range.
              </EmptyState>
            </Box>
          )}
          <Grid container spacing={2} sx={{ mb: 2 }}>
            <Grid size={{ xs: 12, sm: 6, lg: 3 }}><KpiCard metric="job_count" loading={loading} value={s?.job_count.toLocaleString()} detail={s && jobsDetailOf(tab, s.jobs_completed, s.revisions_requested)} /></Grid>
            <Grid size={{ xs: 12, sm: 6, lg: 3 }}><KpiCard metric="revisions_total" loading={loading} value={s?.revisions.total.toLocaleString()} detail={s && `${s.revisions.involuntary} involuntary · ${s.revisions.average_per_job ?? '—'} per new job`} /></Grid>
            <Grid size={{ xs: 12, sm: 6, lg: 3 }}><DurationCard metric="turnaround_all" loading={loading} d={s?.durations.turnaround_all} /></Grid>
            <Grid size={{ xs: 12, sm: 6, lg: 3 }}><DurationCard metric="pending_admin" loading={loading} d={s?.durations.pending_admin} /></Grid>
            <Grid size={{ xs: 12, sm: 6, lg: 3 }}><DurationCard metric="turnaround_design" loading={loading} d={s?.durations.turnaround_design} /></Grid>
            <Grid size={{ xs: 12, sm: 6, lg: 3 }}><DurationCard metric="turnaround_engineering" loading={loading} d={s?.durations.turnaround_engineering} /></Grid>
            <Grid size={{ xs: 12, sm: 6, lg: 3 }}><DurationCard metric="new_design" loading={loading} d={s?.durations.new_design} /></Grid>
            <Grid size={{ xs: 12, sm: 6, lg: 3 }}><DurationCard metric="revision_design" loading={loading} d={s?.durations.revision_design} /></Grid>
            <Grid size={{ xs: 12, sm: 6, lg: 3 }}><KpiCard metric="jobs_completed" loading={loading} value={s?.jobs_completed.toLocaleString()} /></Grid>
            <Grid size={{ xs: 12, sm: 6, lg: 3 }}><KpiCard metric="reinforcement_count" loading={loading} value={s?.reinforcement_count.toLocaleString()} /></Grid>
            <Grid size={{ xs: 12, sm: 6, lg: 3 }}><KpiCard metric="average_revision_count" loading={loading} value={s ? (s.revisions.average_per_job ?? '—') : ''} /></Grid>
            <Grid size={{ xs: 12, sm: 6, lg: 3 }}><KpiCard metric="revisions_involuntary" loading={loading} value={s?.revisions.involuntary.toLocaleString()} /></Grid>
          </Grid>

          <Grid container spacing={2} sx={{ mb: 2 }}>
            <Grid size={{ xs: 12, lg: 6 }}>
              <ChartCard
                title="Jobs created" metric="jobs_created" testId="chart-jobs-created" loading={loading}
                empty={!!s && s.job_count === 0} emptyText="No jobs created in this period."
                control={<FrequencySelect label="Frequency" value={settings.jobsInterval} onChange={(v) => update({ jobsInterval: v })} testId="stats-jobs-interval" />}
                onExport={() => exportCsv(s, 'jobs_created', staffFigures)}
              >
                {s && <JobsCreatedChart s={s} interval={s.jobs_created_interval} />}
              </ChartCard>
            </Grid>
            <Grid size={{ xs: 12, lg: 6 }}>
              <ChartCard
                title="Services requested" metric="services_requested" testId="chart-services" loading={loading}
                empty={!!s && !s.services_requested.services.length} emptyText="No services requested in this period."
                control={<FrequencySelect label="Frequency" value={settings.servicesInterval} onChange={(v) => update({ servicesInterval: v })} testId="stats-services-interval" />}
                onExport={() => exportCsv(s, 'services_requested', staffFigures)}
              >
                {s && <ServicesChart s={s} interval={s.services_requested_interval} />}
              </ChartCard>
            </Grid>
            <Grid size={{ xs: 12, md: 6, lg: 4 }}>
              <ChartCard
                title="Turnaround" metric="turnaround_all" loading={loading}
                empty={!!s && s.durations.turnaround_all.count === 0} emptyText="No cycle completed in this period."
                onExport={() => exportCsv(s, 'turnaround', staffFigures)}
              >
                {s && <TurnaroundChart s={s} />}
              </ChartCard>
            </Grid>
            <Grid size={{ xs: 12, md: 6, lg: 4 }}>
              <ChartCard
                title="Revision reasons" metric="revision_reasons" loading={loading}
                empty={!!s && s.revisions.total === 0} emptyText="No revisions in this period."
                onExport={() => exportCsv(s, 'revision_reasons', staffFigures)}
              >
                {s && <RevisionReasonsChart s={s} />}
              </ChartCard>
            </Grid>
            <Grid size={{ xs: 12, lg: 4 }}>
              <ChartCard
                title="Job actions" metric="actions" loading={loading}
                empty={!!s && Object.values(s.actions).every((n) => n === 0)} emptyText="No job events in this period."
                onExport={() => exportCsv(s, 'actions', staffFigures)}
              >
                {s && <ActionsChart s={s} />}
              </ChartCard>
            </Grid>
          </Grid>

          <Grid container spacing={2}>
            <Grid size={{ xs: 12, xl: staffFigures ? 6 : 12 }}>
              <ChartCard title="Jobs per user" metric="users" height={340} onExport={() => exportCsv(s, 'users', staffFigures)} testId="table-users">
                <UsersTable s={s} loading={loading} staffFigures={staffFigures} />
              </ChartCard>
            </Grid>
            {staffFigures && (
              <Grid size={{ xs: 12, xl: 6 }}>
                <ChartCard title="Designers per company" metric="designers" height={340} onExport={() => exportCsv(s, 'designers', staffFigures)} testId="table-designers">
                  <DesignersTable s={s} loading={loading} />
                </ChartCard>
              </Grid>
            )}
          </Grid>
        </>
      )}
    </LocalizationProvider>
  );
}
