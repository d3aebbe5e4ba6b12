import { useDeferredValue, useMemo, useState } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import AddOutlined from '@mui/icons-material/AddOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { EQUIPMENT_IMPORT_KINDS, EQUIPMENT_KINDS, EQUIPMENT_TYPE_LISTS, type EquipmentItem } from '@sunstamp/domain/contracts/catalogue';
import type { EquipmentKind } from '@sunstamp/domain/catalogue/equipment.schema';
import { PageHeader } from '../../../components/page-header.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { ServerDataGrid, useServerPaging } from '../../../components/data-grid/server-data-grid.tsx';
import { useSessionUser } from '../../../lib/session/session.context.ts';
import { useEquipment } from '../api/use-equipment.ts';
import { useOptionListItems } from '../api/use-option-lists.ts';
import { mayEditCatalogue } from '@sunstamp/domain/policies/catalogue.policy';
import { EQUIPMENT_KIND_SINGULAR } from '../equipment-form.rules.ts';
import { EQUIPMENT_KIND_LABELS, keyRating, SOURCE_LABELS } from '../equipment.rules.ts';
import { CsvImportDialog } from '../components/csv-import.dialog.tsx';
import { editColumn, statusColumn, updatedColumn } from '../components/directory-columns.tsx';
import { EquipmentDialog } from '../components/equipment.dialog.tsx';

type ImportKind = (typeof EQUIPMENT_IMPORT_KINDS)[number];

const CEC_DESCRIPTION = (
  <>
    A California Energy Commission list of eligible modules or inverters, in the NREL SAM library format (the CSV files SAM
    ships: three header rows, then one row per model). An item with the same manufacturer and model is updated, keeping the
    type and anything staff added; the others are added. If any line is wrong, nothing is imported.
  </>
);

/** /equipment (staff): the equipment catalogue by kind, searchable; staff add, edit and import. */
// eslint-disable-next-line max-lines-per-function -- the kind tabs, search, grid and the add/edit/import dialogs share the page's selection and dialog state
export function EquipmentPage() {
  const user = useSessionUser();
  const canEdit = mayEditCatalogue(user.role, 'equipment');
  const [kind, setKind] = useState<EquipmentKind>('module');
  const [search, setSearch] = useState('');
  const [inactive, setInactive] = useState(false);
  const { paging, setPaging, resetPage, pageQuery } = useServerPaging();
  const [editing, setEditing] = useState<EquipmentItem | 'new' | null>(null);
  const [importKind, setImportKind] = useState<ImportKind | null>(null);
  const q = useDeferredValue(search.trim());
  const equipment = useEquipment({
    kind, search: q || undefined, include_inactive: inactive ? 'true' : undefined, ...pageQuery,
  });
  const types = useOptionListItems(EQUIPMENT_TYPE_LISTS[kind]);
  const typeLabels = useMemo(() => new Map((types.data ?? []).map((t) => [t.value, t.label])), [types.data]);
  const noun = EQUIPMENT_KIND_SINGULAR[kind];

  const columns = useMemo<GridColDef<EquipmentItem>[]>(
    () => [
      { field: 'manufacturer', headerName: 'Manufacturer', flex: 1, minWidth: 160 },
      { field: 'model', headerName: 'Model', flex: 1.2, minWidth: 200 },
      { field: 'type', headerName: 'Type', flex: 0.8, minWidth: 150, valueFormatter: (v: string | null) => (v ? typeLabels.get(v) ?? v : 'Not known') },
      { field: 'rating', headerName: 'Rating', flex: 1, minWidth: 170, sortable: false, valueGetter: (_v, r) => keyRating(r) },
      { field: 'source', headerName: 'Source', width: 110, valueFormatter: (v: EquipmentItem['source']) => SOURCE_LABELS[v] ?? v },
      statusColumn<EquipmentItem>(),
      updatedColumn<EquipmentItem>(),
      ...(canEdit ? [editColumn<EquipmentItem>((r) => `${r.manufacturer} ${r.model}`, setEditing)] : []),
    ],
    [canEdit, typeLabels],
  );

  return (
    <>
      <PageHeader
        title="Equipment"
        subtitle="Modules, inverters, batteries and balance-of-system equipment the designers choose from."
        actions={
          canEdit ? (
            <>
              <Button
                variant="outlined"
                startIcon={<UploadFileOutlined />}
                onClick={() => setImportKind((EQUIPMENT_IMPORT_KINDS as readonly string[]).includes(kind) ? (kind as ImportKind) : 'module')}
              >
                Import CEC list
              </Button>
              <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing('new')}>
                New {noun}
              </Button>
            </>
          ) : undefined
        }
      />
      <Paper variant="outlined" sx={{ mb: 2 }}>
        <Tabs
          value={kind}
          onChange={(_, v: EquipmentKind) => {
            setKind(v);
            resetPage();
          }}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Equipment kind"
        >
          {EQUIPMENT_KINDS.map((k) => (
            <Tab key={k} value={k} label={EQUIPMENT_KIND_LABELS[k]} />
          ))}
        </Tabs>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ p: 2, pt: 1.5, borderTop: 1, borderColor: 'divider', alignItems: { sm: 'center' } }}>
          <SearchField
            placeholder="Search by manufacturer or model"
            label="Search equipment"
            value={search}
            onChange={(v) => {
              setSearch(v);
              resetPage();
            }}
            sx={{ flex: 1, maxWidth: 520 }}
          />
          <Box sx={{ flex: 1, display: { xs: 'none', sm: 'block' } }} />
          <FormControlLabel
            control={<Switch checked={inactive} onChange={(_, c) => { setInactive(c); resetPage(); }} />}
            label="Show inactive"
            sx={{ flexShrink: 0 }}
          />
        </Stack>
      </Paper>
      <Box sx={{ height: 'calc(100vh - 360px)', minHeight: 420 }}>
        <ServerDataGrid
          page={equipment.data}
          columns={columns}
          loading={equipment.isFetching}
          paginationModel={paging}
          onPaginationModelChange={setPaging}
          onRowDoubleClick={canEdit ? ({ row }) => setEditing(row) : undefined}
          noRowsLabel={q ? 'No equipment matches this search.' : 'No equipment of this kind yet.'}
        />
      </Box>
      {editing && (
        <EquipmentDialog
          key={editing === 'new' ? `new-${kind}` : editing.id}
          kind={editing === 'new' ? kind : editing.kind}
          item={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {importKind && (
        <CsvImportDialog
          target="equipment"
          query={{ kind: importKind }}
          title="Import a CEC equipment list"
          description={CEC_DESCRIPTION}
          onClose={() => setImportKind(null)}
        >
          <RadioGroup row value={importKind} onChange={(_, v) => setImportKind(v as ImportKind)} aria-label="Which list" sx={{ mb: 2 }}>
            <FormControlLabel value="module" control={<Radio />} label="PV modules" />
            <FormControlLabel value="inverter" control={<Radio />} label="Inverters" />
          </RadioGroup>
        </CsvImportDialog>
      )}
    </>
  );
}
