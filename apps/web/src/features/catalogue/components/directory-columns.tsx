import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { formatDateTime } from '../../../lib/format-date.ts';

/*
 * The columns every catalogue grid ends with (AHJs, utilities, equipment, option lists): an
 * Active/Inactive chip, when it was last changed, and the edit button for those who may edit.
 */

export function statusColumn<T extends GridValidRowModel & { is_active: boolean }>(): GridColDef<T> {
  return {
    field: 'is_active', headerName: 'Status', width: 110,
    renderCell: ({ row }) => <Chip size="small" variant="outlined" label={row.is_active ? 'Active' : 'Inactive'} color={row.is_active ? 'success' : 'default'} />,
  };
}

export function updatedColumn<T extends GridValidRowModel & { updated_at: string }>(): GridColDef<T> {
  return { field: 'updated_at', headerName: 'Updated', width: 170, valueFormatter: (v: string) => formatDateTime(v) };
}

export function editColumn<T extends GridValidRowModel>(nameOf: (row: T) => string, onEdit: (row: T) => void): GridColDef<T> {
  return {
    field: 'actions', headerName: '', width: 64, sortable: false, filterable: false, disableColumnMenu: true,
    renderCell: ({ row }) => (
      <Tooltip title={`Edit ${nameOf(row)}`}>
        <IconButton size="small" aria-label={`Edit ${nameOf(row)}`} onClick={() => onEdit(row)}>
          <EditOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
    ),
  };
}
