import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import type { UseQueryResult } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddOutlined from '@mui/icons-material/AddOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { PageHeader } from '../../../components/page-header.tsx';
import { ServerDataGrid, useServerPaging } from '../../../components/data-grid/server-data-grid.tsx';
import type { DirectoryQuery } from '../../../lib/api/ahjs.api.ts';
import { CsvImportDialog } from './csv-import.dialog.tsx';
import { DirectoryToolbar } from './directory-toolbar.tsx';
import { editColumn, statusColumn, updatedColumn } from './directory-columns.tsx';

type Row = { id: string; name: string; is_active: boolean; updated_at: string };

/**
 * A staff directory (AHJs, utilities): search, state filter, inactive switch, server paging,
 * create/edit dialog and CSV import. Each page brings its own columns, hook and dialog.
 */
export function DirectoryPage<T extends Row>(props: {
  title: string;
  subtitle: string;
  /** "AHJ" / "utility": used in buttons and empty states. */
  noun: string;
  nounPlural: string;
  searchPlaceholder: string;
  useList: (q: DirectoryQuery) => UseQueryResult<{ results: T[]; count: number }>;
  columns: GridColDef<T>[];
  renderDialog: (row: T | null, onClose: () => void) => ReactNode;
  importTarget: 'ahjs' | 'utilities';
  importColumns: string;
  importMatchRule: string;
}) {
  const [search, setSearch] = useState('');
  const [state, setState] = useState('');
  const [inactive, setInactive] = useState(false);
  const { paging, setPaging, resetPage, pageQuery } = useServerPaging();
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const q = useDeferredValue(search.trim());
  const list = props.useList({
    search: q || undefined,
    state: state || undefined,
    include_inactive: inactive ? 'true' : undefined,
    ...pageQuery,
  });

  const columns = useMemo<GridColDef<T>[]>(
    () => [...props.columns, statusColumn<T>(), updatedColumn<T>(), editColumn<T>((r) => r.name, setEditing)],
    [props.columns],
  );

  return (
    <>
      <PageHeader
        title={props.title}
        subtitle={props.subtitle}
        actions={
          <>
            <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => setImporting(true)}>
              Import CSV
            </Button>
            <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing('new')}>
              New {props.noun}
            </Button>
          </>
        }
      />
      <DirectoryToolbar
        placeholder={props.searchPlaceholder}
        search={search}
        onSearch={(v) => { setSearch(v); resetPage(); }}
        state={state}
        onState={(v) => { setState(v); resetPage(); }}
        inactive={inactive}
        onInactive={(v) => { setInactive(v); resetPage(); }}
      />
      <Box sx={{ height: 'calc(100vh - 330px)', minHeight: 420 }}>
        <ServerDataGrid
          page={list.data}
          columns={columns}
          loading={list.isFetching}
          paginationModel={paging}
          onPaginationModelChange={setPaging}
          noRowsLabel={q || state
            ? `No ${props.noun} matches these filters.`
            : `No ${props.nounPlural} yet. Create one or import a CSV file.`}
        />
      </Box>
      {editing && props.renderDialog(editing === 'new' ? null : editing, () => setEditing(null))}
      {importing && (
        <CsvImportDialog
          target={props.importTarget}
          title={`Import ${props.nounPlural}`}
          columns={props.importColumns}
          matchRule={props.importMatchRule}
          onClose={() => setImporting(false)}
        />
      )}
    </>
  );
}
