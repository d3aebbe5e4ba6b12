import { useDeferredValue, useMemo, useState } from 'react';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import AddOutlined from '@mui/icons-material/AddOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import type { Utility } from '@sunstamp/domain/contracts/catalogue';
import { DEFAULT_PAGE_SIZE } from '@sunstamp/domain/contracts/common';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useUtilities } from '../api/use-utilities.ts';
import { CsvImportDialog } from '../components/csv-import.dialog.tsx';
import { DirectoryToolbar } from '../components/directory-toolbar.tsx';
import { UtilityDialog } from '../components/utility.dialog.tsx';

/** /utilities (staff): electric utilities and the states they serve. */
export function UtilitiesPage() {
  const [search, setSearch] = useState('');
  const [state, setState] = useState('');
  const [inactive, setInactive] = useState(false);
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: DEFAULT_PAGE_SIZE });
  const [editing, setEditing] = useState<Utility | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const q = useDeferredValue(search.trim());
  const utilities = useUtilities({
    search: q || undefined,
    state: state || undefined,
    include_inactive: inactive ? 'true' : undefined,
    page: paging.page + 1,
    page_size: paging.pageSize,
  });

  const columns = useMemo<GridColDef<Utility>[]>(
    () => [
      { field: 'name', headerName: 'Name', flex: 1, minWidth: 200 },
      { field: 'states', headerName: 'States', flex: 0.8, minWidth: 140, sortable: false, valueGetter: (_v, r) => r.states.join(', ') },
      { field: 'notes', headerName: 'Notes', flex: 1.4, minWidth: 200, sortable: false },
      {
        field: 'is_active', headerName: 'Status', width: 110,
        renderCell: ({ row }) => <Chip size="small" variant="outlined" label={row.is_active ? 'Active' : 'Inactive'} color={row.is_active ? 'success' : 'default'} />,
      },
      { field: 'updated_at', headerName: 'Updated', width: 170, valueFormatter: (v: string) => formatDateTime(v) },
      {
        field: 'actions', headerName: '', width: 64, sortable: false, filterable: false, disableColumnMenu: true,
        renderCell: ({ row }) => (
          <Tooltip title={`Edit ${row.name}`}>
            <IconButton size="small" aria-label={`Edit ${row.name}`} onClick={() => setEditing(row)}>
              <EditOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        ),
      },
    ],
    [],
  );

  const resetPage = () => setPaging((p) => ({ ...p, page: 0 }));

  return (
    <>
      <PageHeader
        title="Utilities"
        subtitle="Electric utilities and the states they serve. Their requirements are set on the Requirements page."
        actions={
          <>
            <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => setImporting(true)}>
              Import CSV
            </Button>
            <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing('new')}>
              New utility
            </Button>
          </>
        }
      />
      <DirectoryToolbar
        placeholder="Search utilities by name or notes"
        search={search}
        onSearch={(v) => { setSearch(v); resetPage(); }}
        state={state}
        onState={(v) => { setState(v); resetPage(); }}
        inactive={inactive}
        onInactive={(v) => { setInactive(v); resetPage(); }}
      />
      <Box sx={{ height: 'calc(100vh - 330px)', minHeight: 420 }}>
        <DataGrid
          rows={utilities.data?.results ?? []}
          rowCount={utilities.data?.count ?? 0}
          columns={columns}
          loading={utilities.isFetching}
          paginationMode="server"
          paginationModel={paging}
          onPaginationModelChange={setPaging}
          pageSizeOptions={[25, 50, 100]}
          disableRowSelectionOnClick
          disableColumnFilter
          sortingMode="server"
          localeText={{ noRowsLabel: q || state ? 'No utility matches these filters.' : 'No utilities yet. Create one or import a CSV file.' }}
          sx={{ bgcolor: 'background.paper' }}
        />
      </Box>
      {editing && <UtilityDialog utility={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {importing && (
        <CsvImportDialog target="utilities" title="Import utilities" columns="name (required), states (separated by ; | or ,), notes" matchRule="same name" onClose={() => setImporting(false)} />
      )}
    </>
  );
}
