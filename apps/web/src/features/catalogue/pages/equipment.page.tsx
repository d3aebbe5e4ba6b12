import { useDeferredValue, useMemo, useState } from 'react';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { EQUIPMENT_KINDS, type EquipmentItem } from '@sunstamp/domain/contracts/catalogue';
import type { EquipmentKind } from '@sunstamp/domain/catalogue/equipment.schema';
import { DEFAULT_PAGE_SIZE } from '@sunstamp/domain/contracts/common';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useEquipment } from '../api/use-equipment.ts';
import { EQUIPMENT_KIND_LABELS, keyRating, SOURCE_LABELS } from '../equipment.rules.ts';

/** /equipment (staff): the equipment catalogue by kind, searchable; read-only here. */
export function EquipmentPage() {
  const [kind, setKind] = useState<EquipmentKind>('module');
  const [search, setSearch] = useState('');
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: DEFAULT_PAGE_SIZE });
  const q = useDeferredValue(search.trim());
  const equipment = useEquipment({ kind, search: q || undefined, page: paging.page + 1, page_size: paging.pageSize });

  const columns = useMemo<GridColDef<EquipmentItem>[]>(
    () => [
      { field: 'manufacturer', headerName: 'Manufacturer', flex: 1, minWidth: 160 },
      { field: 'model', headerName: 'Model', flex: 1.2, minWidth: 200 },
      { field: 'type', headerName: 'Type', flex: 0.8, minWidth: 150, valueFormatter: (v: string | null) => v ?? 'Not known' },
      { field: 'rating', headerName: 'Rating', flex: 1, minWidth: 170, sortable: false, valueGetter: (_v, r) => keyRating(r) },
      { field: 'source', headerName: 'Source', width: 110, valueFormatter: (v: EquipmentItem['source']) => SOURCE_LABELS[v] ?? v },
      {
        field: 'is_active', headerName: 'Status', width: 110,
        renderCell: ({ row }) => <Chip size="small" variant="outlined" label={row.is_active ? 'Active' : 'Inactive'} color={row.is_active ? 'success' : 'default'} />,
      },
      { field: 'updated_at', headerName: 'Updated', width: 170, valueFormatter: (v: string) => formatDateTime(v) },
    ],
    [],
  );

  return (
    <>
      <PageHeader title="Equipment" subtitle="Modules, inverters, batteries and balance-of-system equipment the designers choose from." />
      <Paper variant="outlined" sx={{ mb: 2 }}>
        <Tabs
          value={kind}
          onChange={(_, v: EquipmentKind) => {
            setKind(v);
            setPaging((p) => ({ ...p, page: 0 }));
          }}
          variant="scrollable"
          scrollButtons="auto"
          aria-label="Equipment kind"
        >
          {EQUIPMENT_KINDS.map((k) => (
            <Tab key={k} value={k} label={EQUIPMENT_KIND_LABELS[k]} />
          ))}
        </Tabs>
        <Stack direction="row" sx={{ p: 2, pt: 1.5, borderTop: 1, borderColor: 'divider' }}>
          <TextField
            size="small"
            placeholder="Search by manufacturer or model"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPaging((p) => ({ ...p, page: 0 }));
            }}
            sx={{ flex: 1, maxWidth: 520 }}
            slotProps={{
              input: { startAdornment: <InputAdornment position="start"><SearchOutlined fontSize="small" /></InputAdornment> },
              htmlInput: { 'aria-label': 'Search equipment' },
            }}
          />
        </Stack>
      </Paper>
      <Box sx={{ height: 'calc(100vh - 360px)', minHeight: 420 }}>
        <DataGrid
          rows={equipment.data?.results ?? []}
          rowCount={equipment.data?.count ?? 0}
          columns={columns}
          loading={equipment.isFetching}
          paginationMode="server"
          paginationModel={paging}
          onPaginationModelChange={setPaging}
          pageSizeOptions={[25, 50, 100]}
          disableRowSelectionOnClick
          disableColumnFilter
          sortingMode="server"
          localeText={{ noRowsLabel: q ? 'No equipment matches this search.' : 'No equipment of this kind yet.' }}
          sx={{ bgcolor: 'background.paper' }}
        />
      </Box>
    </>
  );
}
