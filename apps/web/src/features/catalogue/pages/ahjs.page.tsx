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
import type { Ahj } from '@sunstamp/domain/contracts/catalogue';
import { DEFAULT_PAGE_SIZE } from '@sunstamp/domain/contracts/common';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useAhjs } from '../api/use-ahjs.ts';
import { AhjDialog } from '../components/ahj.dialog.tsx';
import { CsvImportDialog } from '../components/csv-import.dialog.tsx';
import { DirectoryToolbar } from '../components/directory-toolbar.tsx';

const AHJ_COLUMNS_HINT =
  'name, state, jurisdiction_type (required), ibc, irc, iebc, asce, electrical, fire, wind_speed_mph, ground_snow_load_psf, exposure_category, min_design_temp_c, seismic_design_category, stamp_type, required_reviews, notes';

/** /ahjs (staff): authorities having jurisdiction, their adopted codes and design criteria. */
export function AhjsPage() {
  const [search, setSearch] = useState('');
  const [state, setState] = useState('');
  const [inactive, setInactive] = useState(false);
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: DEFAULT_PAGE_SIZE });
  const [editing, setEditing] = useState<Ahj | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const q = useDeferredValue(search.trim());
  const ahjs = useAhjs({
    search: q || undefined,
    state: state || undefined,
    include_inactive: inactive ? 'true' : undefined,
    page: paging.page + 1,
    page_size: paging.pageSize,
  });

  const columns = useMemo<GridColDef<Ahj>[]>(
    () => [
      { field: 'name', headerName: 'Name', flex: 1.2, minWidth: 180 },
      { field: 'state', headerName: 'State', width: 80 },
      { field: 'jurisdiction_type', headerName: 'Type', width: 100 },
      {
        field: 'codes', headerName: 'Codes', flex: 1, minWidth: 200, sortable: false,
        valueGetter: (_v, r) => [r.ibc && `IBC ${r.ibc}`, r.irc && `IRC ${r.irc}`, r.electrical && `NEC ${r.electrical}`].filter(Boolean).join(' · ') || 'Not known',
      },
      { field: 'wind_speed_mph', headerName: 'Wind (mph)', width: 110, type: 'number' },
      { field: 'ground_snow_load_psf', headerName: 'Snow (psf)', width: 110, type: 'number' },
      { field: 'stamp_type', headerName: 'Stamp', width: 90, valueFormatter: (v: string | null) => (v ? (v === 'wet' ? 'Wet' : 'Digital') : '') },
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
        title="AHJs"
        subtitle="Authorities having jurisdiction: adopted codes and design criteria. Their requirements are set on the Requirements page."
        actions={
          <>
            <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => setImporting(true)}>
              Import CSV
            </Button>
            <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing('new')}>
              New AHJ
            </Button>
          </>
        }
      />
      <DirectoryToolbar
        placeholder="Search AHJs by name"
        search={search}
        onSearch={(v) => { setSearch(v); resetPage(); }}
        state={state}
        onState={(v) => { setState(v); resetPage(); }}
        inactive={inactive}
        onInactive={(v) => { setInactive(v); resetPage(); }}
      />
      <Box sx={{ height: 'calc(100vh - 330px)', minHeight: 420 }}>
        <DataGrid
          rows={ahjs.data?.results ?? []}
          rowCount={ahjs.data?.count ?? 0}
          columns={columns}
          loading={ahjs.isFetching}
          paginationMode="server"
          paginationModel={paging}
          onPaginationModelChange={setPaging}
          pageSizeOptions={[25, 50, 100]}
          disableRowSelectionOnClick
          disableColumnFilter
          sortingMode="server"
          localeText={{ noRowsLabel: q || state ? 'No AHJ matches these filters.' : 'No AHJs yet. Create one or import a CSV file.' }}
          sx={{ bgcolor: 'background.paper' }}
        />
      </Box>
      {editing && <AhjDialog ahj={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {importing && (
        <CsvImportDialog target="ahjs" title="Import AHJs" columns={AHJ_COLUMNS_HINT} matchRule="same name and state" onClose={() => setImporting(false)} />
      )}
    </>
  );
}
