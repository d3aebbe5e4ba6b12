import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import {
  GridPreferencePanelsValue,
  useGridApiRef,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridPaginationModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddOutlined from '@mui/icons-material/AddOutlined';
import type { JobListItem } from '@sunstamp/domain/contracts/jobs';
import { JOB_ORDERING_FIELDS } from '@sunstamp/domain/contracts/jobs';
import { serviceLabel } from '@sunstamp/domain/constants/services.constants';
import { jobVisibilityOf, mayCreateJob, seesInternalStatus, type JobVisibility } from '@sunstamp/domain/policies/jobs.policy';
import { mayListAllCompanies } from '@sunstamp/domain/policies/companies.policy';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { browserStorage } from '../../../lib/storage.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { ServerDataGrid } from '../../../components/data-grid/server-data-grid.tsx';
import { useSession, useSessionUser } from '../../../lib/session/session.context.ts';
import { useCompanies } from '../../../lib/api/companies.api.ts';
import { useJobs } from '../api/use-jobs.ts';
import { JobStatusChip } from '../components/job-status.chip.tsx';
import { JobsFilterBar } from '../components/jobs-filter.bar.tsx';
import { OverdueChip } from '../components/overdue.chip.tsx';
import { ActionNeededChip } from '../components/action-needed.chip.tsx';
import { JobsCardList } from '../components/jobs-card.list.tsx';
import { UnreadMessagesChip } from '../components/unread-messages.chip.tsx';
import { useRefreshUnreadCounts } from '../api/use-refresh-unread-counts.ts';
import { buildJobsListParams } from '../jobs-list.query.ts';
import { tasksSummaryOf } from '../jobs.rules.ts';
import {
  JOBS_LIST_PAGE_SIZES,
  activeFilterCount,
  readJobsListSettings,
  settingsFromQuery,
  writeJobsListSettings,
  type JobsListSettings,
  type OrderingField,
} from '../jobs-list.settings.ts';

const SEARCH_DEBOUNCE_MS = 300;

/** What the list holds, said as the role's visibility (policies/jobs.policy.ts) decides it. */
const JOBS_SUBTITLES: Record<JobVisibility, string> = {
  all: 'Every job in the workflow.',
  assigned: 'The jobs assigned to you.',
  own_companies: 'Your permit and engineering jobs.',
};
const storage = browserStorage();

function MonthStat({ value, label }: { value: number; label: string }) {
  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1, minWidth: 150 }}>
      <Typography variant="h6" component="p" sx={{ lineHeight: 1.2 }}>
        {value}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
    </Paper>
  );
}

const addressOf = (j: JobListItem) =>
  [j.client_street_address, j.client_city?.name, [j.client_state?.abbreviation, j.client_zip_code].filter(Boolean).join(' ')]
    .filter((s) => s && s.trim())
    .join(', ');

/** The jobs list (spec §2): server-side paging, sort, filters and search, remembered per user. */
// eslint-disable-next-line max-lines-per-function -- the list's paging, sort, filters and search are one remembered query state feeding the grid
export function JobsListPage() {
  const user = useSessionUser();
  const { me } = useSession();
  const navigate = useNavigate();
  const apiRef = useGridApiRef();
  // Phones get a card list: a grid shows two columns at 400 px.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const staff = seesInternalStatus(user.role);
  const location = useLocation();
  // A link's filters (jobs-list.settings.ts settingsFromQuery) win over the remembered ones, once.
  const [opening] = useState(() => {
    const remembered = readJobsListSettings(storage, user.id);
    const linked = settingsFromQuery(location.search, remembered);
    return { settings: linked ?? remembered, linked: linked !== null };
  });
  const [settings, setSettings] = useState<JobsListSettings>(opening.settings);
  // Then the address drops them: the filters are remembered like any the user sets, and a reload
  // keeps what the user changed since instead of the link's.
  useEffect(() => {
    if (opening.linked) void navigate({ search: '' }, { replace: true });
  }, [opening.linked, navigate]);
  const [page, setPage] = useState(0);
  const search = useDebounced(settings.search, SEARCH_DEBOUNCE_MS);

  useEffect(() => writeJobsListSettings(storage, user.id, settings), [settings, user.id]);
  const update = (patch: Partial<JobsListSettings>, resetPage = true) => {
    setSettings((s) => ({ ...s, ...patch }));
    if (resetPage) setPage(0);
  };
  // A new search starts at the first page.
  useEffect(() => setPage(0), [search]);

  const params = buildJobsListParams({ filters: settings.filters, search, sort: settings.sort, page, pageSize: settings.pageSize });
  const jobs = useJobs(params);
  useRefreshUnreadCounts();
  const companiesQuery = useCompanies(mayListAllCompanies(user.role) || user.companies.length > 1);
  const companies = mayListAllCompanies(user.role) ? (companiesQuery.data ?? []) : user.companies;

  // eslint-disable-next-line max-lines-per-function -- the grid's column table: one entry per column, each a few lines
  const columns = useMemo<GridColDef<JobListItem>[]>(() => {
    const sortable = (f: string) => (JOB_ORDERING_FIELDS as readonly string[]).includes(f);
    const cols: GridColDef<JobListItem>[] = [
      {
        field: 'name',
        headerName: 'Job',
        flex: 1.1,
        minWidth: 180,
        // A link: the job opens from the keyboard (Enter on the focused cell) and in a new tab, not only by a row click.
        renderCell: ({ row, tabIndex }) => (
          <Typography variant="body2" sx={{ fontWeight: 600, height: '100%', display: 'flex', alignItems: 'center' }} title={row.name}>
            <Box
              component={RouterLink}
              to={`/jobs/${row.id}`}
              tabIndex={tabIndex}
              sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', color: 'inherit', textDecoration: 'none', '&:hover, &:focus-visible': { textDecoration: 'underline' } }}
            >
              {row.name || 'Untitled job'}
            </Box>
          </Typography>
        ),
      },
      {
        field: 'unread_messages',
        headerName: 'Unread',
        description: 'Messages on the job you have not read',
        width: 90,
        renderCell: ({ row }) => (
          <Stack direction="row" sx={{ alignItems: 'center', height: '100%' }}>
            <UnreadMessagesChip count={row.unread_messages} />
          </Stack>
        ),
      },
      { field: 'client_name', headerName: 'Client', flex: 0.9, minWidth: 140 },
      {
        field: 'address',
        headerName: 'Address',
        flex: 1.4,
        minWidth: 220,
        valueGetter: (_v, row) => addressOf(row),
      },
      {
        field: 'status',
        headerName: 'Status',
        // Room for the longest status chip and the overdue chip beside it.
        width: staff ? 280 : 260,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', height: '100%' }}>
            <JobStatusChip status={staff ? row.status : row.client_status} />
            <ActionNeededChip kind={row.action_needed} />
            {row.is_overdue && <OverdueChip hours={row.pending_admin_hours} />}
          </Stack>
        ),
      },
      {
        field: 'services_requested',
        headerName: 'Services',
        flex: 1.2,
        minWidth: 180,
        valueGetter: (_v, row) => row.services_requested.map(serviceLabel).join(', '),
        renderCell: ({ value }) => (
          <Tooltip title={value as string}>
            <Typography variant="body2" sx={{ height: '100%', display: 'flex', alignItems: 'center' }}>
              <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {(value as string) || '—'}
              </Box>
            </Typography>
          </Tooltip>
        ),
      },
      {
        // One task per requested service (spec §4 completion labels): what is left, at a glance.
        field: 'tasks',
        headerName: 'Tasks',
        width: 150,
        valueGetter: (_v, row) => tasksSummaryOf(row.tasks),
        renderCell: ({ row, value }) => (
          <Tooltip title={row.tasks.map((t) => `${t.service_label}: ${t.status_label}`).join(' · ') || 'No services'}>
            <Typography variant="body2" color={row.tasks.some((t) => t.status === 'failed') ? 'error' : undefined} sx={{ height: '100%', display: 'flex', alignItems: 'center' }} data-testid="tasks-cell">
              {value as string}
            </Typography>
          </Tooltip>
        ),
      },
      { field: 'company', headerName: 'Company', flex: 0.8, minWidth: 140, valueGetter: (_v, row) => row.company.name },
      {
        field: 'assignee',
        headerName: 'Assignee',
        flex: 0.8,
        minWidth: 140,
        valueGetter: (_v, row) => (row.assignee ? row.assignee.full_name || row.assignee.email : ''),
      },
      { field: 'revision_number', headerName: 'Rev.', width: 70, type: 'number' },
      { field: 'submitted_at', headerName: 'Submitted', width: 170, valueFormatter: (v: string | null) => (v ? formatDateTime(v) : '—') },
      { field: 'created_at', headerName: 'Created', width: 170, valueFormatter: (v: string) => formatDateTime(v) },
      { field: 'updated_at', headerName: 'Updated', width: 170, valueFormatter: (v: string) => formatDateTime(v) },
    ];
    return cols.map((c) => ({ ...c, sortable: sortable(c.field), filterable: false }));
  }, [staff]);

  // Hidden by default: the staff-only and secondary columns; a user's choice wins once made.
  const defaultHidden: GridColumnVisibilityModel = {
    submitted_at: false,
    updated_at: false,
    revision_number: false,
    ...(staff ? {} : { assignee: false }),
    ...(companies.length > 1 || staff ? {} : { company: false }),
  };
  const columnVisibilityModel = { ...defaultHidden, ...settings.columns };

  const sortModel: GridSortModel = settings.sort ? [{ field: settings.sort.field, sort: settings.sort.sort }] : [];
  const onSortModelChange = (m: GridSortModel) => {
    const first = m[0];
    update({
      sort:
        first && first.sort && (JOB_ORDERING_FIELDS as readonly string[]).includes(first.field)
          ? { field: first.field as OrderingField, sort: first.sort }
          : null,
    });
  };
  const onPaginationModelChange = (m: GridPaginationModel) => {
    if (m.pageSize !== settings.pageSize) {
      update({ pageSize: m.pageSize });
    } else {
      setPage(m.page);
    }
  };

  const stats = me?.month_stats;
  const noRowsLabel =
    activeFilterCount(settings.filters) > 0 || search
      ? 'No jobs match these filters.'
      : mayCreateJob(user.role)
        ? 'No jobs yet. Start one with "New job".'
        : 'No jobs assigned to you yet.';
  return (
    <>
      <PageHeader
        title="Jobs"
        subtitle={JOBS_SUBTITLES[jobVisibilityOf(user.role)]}
        actions={
          mayCreateJob(user.role) && (
            <Button variant="contained" startIcon={<AddOutlined />} component={RouterLink} to="/jobs/new">
              New job
            </Button>
          )
        }
      />
      {stats && (
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
          <MonthStat value={stats.jobs_completed_this_month} label="Jobs completed this month" />
          <MonthStat value={stats.revisions_this_month} label="Revisions this month" />
        </Stack>
      )}
      <JobsFilterBar
        search={settings.search}
        onSearch={(s) => update({ search: s }, false)}
        filters={settings.filters}
        onFilters={(filters) => update({ filters })}
        staff={staff}
        companies={companies}
        onShowColumns={phone ? undefined : () => apiRef.current?.showPreferences(GridPreferencePanelsValue.columns)}
      />
      {phone ? (
        <JobsCardList
          jobs={jobs.data?.results}
          count={jobs.data?.count ?? 0}
          page={page}
          pageSize={settings.pageSize}
          onPage={setPage}
          loading={jobs.isFetching}
          staff={staff}
          addressOf={addressOf}
          emptyLabel={noRowsLabel}
        />
      ) : (
        <Box sx={{ height: 'calc(100vh - 300px)', minHeight: 440 }}>
          <ServerDataGrid
            apiRef={apiRef}
            page={jobs.data}
            columns={columns}
            loading={jobs.isFetching}
            getRowId={(r) => r.id}
            sortingOrder={['desc', 'asc', null]}
            pageSizeOptions={[...JOBS_LIST_PAGE_SIZES]}
            paginationModel={{ page, pageSize: settings.pageSize }}
            onPaginationModelChange={onPaginationModelChange}
            sortModel={sortModel}
            onSortModelChange={onSortModelChange}
            columnVisibilityModel={columnVisibilityModel}
            onColumnVisibilityModelChange={(m) => update({ columns: m }, false)}
            onRowClick={({ id }) => navigate(`/jobs/${id}`)}
            onCellKeyDown={({ id }, e) => {
              if (e.key === 'Enter') void navigate(`/jobs/${id}`);
            }}
            noRowsLabel={noRowsLabel}
            sx={{ '& .MuiDataGrid-row': { cursor: 'pointer' } }}
          />
        </Box>
      )}
    </>
  );
}
