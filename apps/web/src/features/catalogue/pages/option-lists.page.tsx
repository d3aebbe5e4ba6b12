import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import type { OptionListItemOut } from '@sunstamp/domain/contracts/catalogue';
import { optionDataFieldsOf } from '@sunstamp/domain/catalogue/option-list-data.schema';
import { PageHeader } from '../../../components/page-header.tsx';
import { ReferenceTabs } from '../components/reference-tabs.tsx';
import { notify } from '../../../lib/notify.ts';
import { useSessionUser } from '../../../lib/session/session.context.ts';
import { useOptionListItems, useOptionListSummaries, useReorderOptionList } from '../api/use-option-lists.ts';
import { mayEditCatalogue } from '@sunstamp/domain/policies/catalogue.policy';
import { formatOptionData, moveInOrder } from '../option-lists.rules.ts';
import { editColumn, statusColumn } from '../components/directory-columns.tsx';
import { OptionItemDialog } from '../components/option-item.dialog.tsx';

/**
 * /reference/option-lists (staff): the reference lists forms choose from (roof materials, racking types, …).
 * Pick a list, see its values in order; an admin adds, edits, deactivates and reorders them.
 * The chosen list is in the address (?list=), so a reload or a shared link opens it.
 */
// eslint-disable-next-line max-lines-per-function -- the list picker (in the URL), the ordered grid, reordering and the item dialog share the chosen list and its mutations
export function OptionListsPage() {
  const user = useSessionUser();
  const canEdit = mayEditCatalogue(user.role, 'option_lists');
  const summaries = useOptionListSummaries();
  const [params, setParams] = useSearchParams();
  const lists = summaries.data ?? [];
  const requested = params.get('list');
  const current = lists.find((l) => l.key === requested) ?? lists[0];
  const key = current?.key ?? null;
  const items = useOptionListItems(key);
  const reorder = useReorderOptionList(key ?? '');
  const [inactive, setInactive] = useState(false);
  const [editing, setEditing] = useState<OptionListItemOut | 'new' | null>(null);

  const all = useMemo(() => items.data ?? [], [items.data]);
  const rows = useMemo(() => (inactive ? all : all.filter((i) => i.is_active)), [all, inactive]);
  const inactiveCount = all.length - all.filter((i) => i.is_active).length;
  const fields = useMemo(() => optionDataFieldsOf(key ?? ''), [key]);

  const pick = (k: string) => {
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set('list', k);
      return next;
    }, { replace: true });
    setEditing(null);
  };

  const columns = useMemo<GridColDef<OptionListItemOut>[]>(() => {
    const visible = rows.map((r) => r.id);
    const order = all.map((r) => r.id);
    const move = (row: OptionListItemOut, dir: -1 | 1) => {
      const ids = moveInOrder(order, visible, row.id, dir);
      if (!ids) return;
      reorder.mutate(ids, { onSuccess: () => notify(`${row.label} moved ${dir < 0 ? 'up' : 'down'}.`, { variant: 'success', preventDuplicate: false }) });
    };
    return [
      {
        field: 'position', headerName: '#', width: 56, sortable: false,
        valueGetter: (_v, r) => visible.indexOf(r.id) + 1,
      },
      { field: 'label', headerName: 'Label', flex: 1.2, minWidth: 200, sortable: false },
      {
        field: 'value', headerName: 'Stored value', flex: 1, minWidth: 160, sortable: false,
        renderCell: ({ value }) => <Box component="span" sx={{ fontFamily: 'monospace', fontSize: 13 }}>{value as string}</Box>,
      },
      ...fields.map<GridColDef<OptionListItemOut>>((f) => ({
        field: `data.${f.key}`, headerName: f.label, flex: 0.7, minWidth: 110, sortable: false,
        valueGetter: (_v, r) => formatOptionData(f, r.data[f.key]),
      })),
      { ...statusColumn<OptionListItemOut>(), sortable: false },
      ...(canEdit
        ? [
            {
              field: 'move', headerName: 'Order', width: 96, sortable: false, filterable: false, disableColumnMenu: true,
              renderCell: ({ row }) => {
                const at = visible.indexOf(row.id);
                return (
                  <Stack direction="row">
                    <Tooltip title="Move up">
                      <span>
                        <IconButton size="small" aria-label={`Move ${row.label} up`} disabled={at <= 0 || reorder.isPending} onClick={() => move(row, -1)}>
                          <ArrowUpwardRounded fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Tooltip title="Move down">
                      <span>
                        <IconButton size="small" aria-label={`Move ${row.label} down`} disabled={at >= visible.length - 1 || reorder.isPending} onClick={() => move(row, 1)}>
                          <ArrowDownwardRounded fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                  </Stack>
                );
              },
            } satisfies GridColDef<OptionListItemOut>,
            editColumn<OptionListItemOut>((r) => r.label, setEditing),
          ]
        : []),
    ];
  }, [rows, all, fields, canEdit, reorder]);

  return (
    <>
      <ReferenceTabs />
      <PageHeader
        title="Option lists"
        subtitle="The values forms offer: roof materials, racking, equipment types and the other reference lists. Jobs keep the stored value they were made with."
        actions={
          canEdit && current ? (
            <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing('new')}>
              Add value
            </Button>
          ) : undefined
        }
      />
      {!canEdit && (
        <Alert severity="info" variant="outlined" sx={{ mb: 2 }}>
          You can look up the lists here; only an admin can change them.
        </Alert>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'stretch' }}>
        <Paper variant="outlined" sx={{ width: { md: 260 }, flexShrink: 0, display: { xs: 'none', md: 'block' }, alignSelf: 'flex-start' }}>
          <List dense component="nav" aria-label="Option lists">
            {lists.map((l) => (
              <ListItemButton key={l.key} selected={l.key === key} onClick={() => pick(l.key)}>
                <ListItemText primary={l.label} />
                <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                  {l.item_count}
                </Typography>
              </ListItemButton>
            ))}
          </List>
        </Paper>
        <TextField
          select
          size="small"
          label="List"
          value={key ?? ''}
          onChange={(e) => pick(e.target.value)}
          sx={{ display: { md: 'none' } }}
        >
          {lists.map((l) => (
            <MenuItem key={l.key} value={l.key}>
              {l.label}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <Paper variant="outlined" sx={{ px: 2, py: 1.5, mb: 2 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="h6" component="h2">
                  {current?.label ?? 'Option lists'}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {current ? `${current.item_count} active value${current.item_count === 1 ? '' : 's'}${inactiveCount ? `, ${inactiveCount} inactive` : ''}${canEdit ? ' · the order here is the order forms show' : ''}` : ' '}
                </Typography>
              </Box>
              <FormControlLabel
                control={<Switch checked={inactive} onChange={(_, c) => setInactive(c)} />}
                label={`Show inactive${inactiveCount ? ` (${inactiveCount})` : ''}`}
                sx={{ flexShrink: 0 }}
              />
            </Stack>
          </Paper>
          {/* Lists are short (25 values at most today): the whole list shows, so reordering never scrolls inside the grid. */}
          <Box>
            <DataGrid
              autoHeight
              rows={rows}
              columns={columns}
              loading={summaries.isLoading || items.isFetching}
              disableRowSelectionOnClick
              disableColumnFilter
              disableColumnSorting
              hideFooter={rows.length <= 100}
              getRowClassName={({ row }) => (row.is_active ? '' : 'inactive-row')}
              localeText={{ noRowsLabel: canEdit ? 'No values yet. Add the first one.' : 'No values yet.' }}
              sx={{ bgcolor: 'background.paper', '& .inactive-row': { color: 'text.disabled' } }}
            />
          </Box>
        </Box>
      </Stack>
      {editing && current && (
        <OptionItemDialog
          listKey={current.key}
          listLabel={current.label}
          item={editing === 'new' ? null : editing}
          siblings={all}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
