import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import type { Stats } from '@sunstamp/domain/contracts/analytics';

type UserRow = Stats['users'][number];
type DesignerRow = Stats['designers'][number];

const hours = (v: number | null) => (v === null ? '—' : v.toFixed(1));

const USER_COLUMNS: GridColDef<UserRow>[] = [
  { field: 'name', headerName: 'Person', flex: 1.4, minWidth: 160, valueGetter: (_v, r) => r.user.name },
  { field: 'jobs', headerName: 'Jobs', type: 'number', flex: 0.6, minWidth: 70 },
  { field: 'revised_jobs', headerName: 'Revised', type: 'number', flex: 0.6, minWidth: 80 },
  { field: 'jobs_completed', headerName: 'Completed', type: 'number', flex: 0.7, minWidth: 95 },
  { field: 'status_moves', headerName: 'Status moves', type: 'number', flex: 0.8, minWidth: 110 },
  { field: 'jobs_moved', headerName: 'Jobs moved', type: 'number', flex: 0.8, minWidth: 100 },
  { field: 'shift_hours', headerName: 'Shift hours', type: 'number', flex: 0.8, minWidth: 100, valueFormatter: (v: number | null) => hours(v) },
  { field: 'jobs_per_hour', headerName: 'Jobs / hour', type: 'number', flex: 0.8, minWidth: 100, valueFormatter: (v: number | null) => hours(v) },
];

const DESIGNER_COLUMNS: GridColDef<DesignerRow>[] = [
  { field: 'name', headerName: 'Designer', flex: 1.2, minWidth: 150, valueGetter: (_v, r) => r.user.name },
  { field: 'company', headerName: 'Company', flex: 1.2, minWidth: 150, valueGetter: (_v, r) => r.company.name },
  { field: 'completed', headerName: 'Completed', type: 'number', flex: 0.7, minWidth: 95 },
  { field: 'new_designs', headerName: 'New', type: 'number', flex: 0.5, minWidth: 70 },
  { field: 'revision_designs', headerName: 'Revisions', type: 'number', flex: 0.6, minWidth: 90 },
  { field: 'median_turnaround_hours', headerName: 'Median h', type: 'number', flex: 0.7, minWidth: 90, valueFormatter: (v: number | null) => hours(v) },
  { field: 'p90_turnaround_hours', headerName: 'p90 h', type: 'number', flex: 0.6, minWidth: 80, valueFormatter: (v: number | null) => hours(v) },
  { field: 'median_design_hours', headerName: 'Design h', type: 'number', flex: 0.7, minWidth: 90, valueFormatter: (v: number | null) => hours(v) },
];

const GRID_SX = { bgcolor: 'background.paper', border: 0 } as const;

/** Shift hours and jobs per hour are staff figures: a client's table leaves them out. */
const CLIENT_USER_COLUMNS = USER_COLUMNS.filter((c) => c.field !== 'shift_hours' && c.field !== 'jobs_per_hour');

export function UsersTable({ s, loading, staffFigures }: { s: Stats | undefined; loading: boolean; staffFigures: boolean }) {
  return (
    <DataGrid
      rows={s?.users ?? []}
      columns={staffFigures ? USER_COLUMNS : CLIENT_USER_COLUMNS}
      getRowId={(r) => r.user.id}
      loading={loading}
      density="compact"
      disableRowSelectionOnClick
      pageSizeOptions={[10, 25, 50, 100]}
      initialState={{ pagination: { paginationModel: { pageSize: 10 } } }}
      localeText={{ noRowsLabel: 'Nobody in this view.' }}
      slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
      sx={GRID_SX}
    />
  );
}

export function DesignersTable({ s, loading }: { s: Stats | undefined; loading: boolean }) {
  return (
    <DataGrid
      rows={s?.designers ?? []}
      columns={DESIGNER_COLUMNS}
      getRowId={(r) => `${r.user.id}:${r.company.id}`}
      loading={loading}
      density="compact"
      disableRowSelectionOnClick
      pageSizeOptions={[10, 25, 50, 100]}
      initialState={{ pagination: { paginationModel: { pageSize: 10 } } }}
      localeText={{ noRowsLabel: 'No design completed in this period.' }}
      slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
      sx={GRID_SX}
    />
  );
}
