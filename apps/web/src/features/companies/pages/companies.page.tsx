import { useMemo, useState } from 'react';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import AddBusinessOutlined from '@mui/icons-material/AddBusinessOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { mayCreateCompany } from '@sunstamp/domain/policies/companies.policy';
import { PageHeader } from '../../../components/page-header.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { formatDate, formatDateTime } from '../../../lib/format-date.ts';
import { useSessionUser } from '../../../lib/session/session.context.ts';
import { useCompanies, type CompanyRow } from '../../../lib/api/companies.api.ts';
import { CompanyDialog } from '../components/company.dialog.tsx';

/** Companies (staff): the client companies and internal ones; admins create and edit. */
// eslint-disable-next-line max-lines-per-function -- the grid's columns and the create/edit dialog share the page's selection state
export function CompaniesPage() {
  const me = useSessionUser();
  const admin = mayCreateCompany(me.role);
  const companies = useCompanies();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<CompanyRow | 'new' | null>(null);

  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    const all = companies.data ?? [];
    return q
      ? all.filter((c) => [c.name, c.email, c.phone_number, c.address].some((v) => v?.toLowerCase().includes(q)))
      : all;
  }, [companies.data, search]);

  const columns = useMemo<GridColDef<CompanyRow>[]>(
    () => [
      {
        field: 'name',
        headerName: 'Name',
        flex: 1.2,
        minWidth: 180,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, height: '100%' }}>
            <span>{row.name}</span>
            {row.is_internal && <Chip size="small" label="Internal" variant="outlined" color="primary" />}
          </Box>
        ),
      },
      { field: 'email', headerName: 'Email', flex: 1, minWidth: 180, valueFormatter: (v: string | null) => v ?? '—' },
      { field: 'phone_number', headerName: 'Phone', width: 150, valueFormatter: (v: string | null) => v ?? '—' },
      { field: 'user_count', headerName: 'Users', type: 'number', width: 90 },
      { field: 'job_count', headerName: 'Jobs', type: 'number', width: 90 },
      { field: 'open_job_count', headerName: 'Open jobs', type: 'number', width: 110, description: 'Submitted and not finished: not a draft, Approved or Cancelled.' },
      { field: 'last_activity_at', headerName: 'Last activity', width: 170, valueFormatter: (v: string | null) => (v ? formatDateTime(v) : '—') },
      { field: 'created_at', headerName: 'Created', width: 140, valueFormatter: (v: string) => formatDate(v) },
      ...(admin
        ? [
            {
              field: 'actions',
              headerName: '',
              width: 64,
              sortable: false,
              filterable: false,
              disableColumnMenu: true,
              renderCell: ({ row }) => (
                <Tooltip title={`Edit ${row.name}`}>
                  <IconButton size="small" aria-label={`Edit ${row.name}`} onClick={() => setEditing(row)}>
                    <EditOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
              ),
            } satisfies GridColDef<CompanyRow>,
          ]
        : []),
    ],
    [admin],
  );

  return (
    <>
      <PageHeader
        title="Companies"
        subtitle="Client companies, their contacts and activity."
        actions={
          admin && (
            <Button variant="contained" startIcon={<AddBusinessOutlined />} onClick={() => setEditing('new')}>
              New company
            </Button>
          )
        }
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <SearchField placeholder="Search companies" value={search} onChange={setSearch} />
      </Paper>
      <Box sx={{ height: 'calc(100vh - 320px)', minHeight: 420 }}>
        <DataGrid
          rows={rows}
          columns={columns}
          loading={companies.isFetching}
          disableRowSelectionOnClick
          pageSizeOptions={[25, 50, 100]}
          initialState={{ pagination: { paginationModel: { pageSize: 50 } }, sorting: { sortModel: [{ field: 'name', sort: 'asc' }] } }}
          localeText={{ noRowsLabel: search ? 'No companies match this search.' : 'No companies yet.' }}
          sx={{ bgcolor: 'background.paper' }}
        />
      </Box>
      {editing && <CompanyDialog company={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}
