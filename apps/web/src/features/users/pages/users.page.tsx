import { useDeferredValue, useMemo, useState } from 'react';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import { ROLE_LABELS, ROLES, type Role } from '@sunstamp/domain/roles';
import { PageHeader } from '../../../components/page-header.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useSessionUser } from '../../../lib/session/session.context.ts';
import { useCompanies } from '../../../lib/api/companies.api.ts';
import { useUsers, type UserListItem, type UsersQuery } from '../api/use-users.ts';
import { EditUserDialog } from '../components/edit-user.dialog.tsx';
import { InviteUserDialog } from '../components/invite-user.dialog.tsx';
import { assignableRolesFor, mayManageUser, userAccessOf } from '@sunstamp/domain/policies/users.policy';

type AccountStatus = NonNullable<UsersQuery['account_status']>;

/** Users (staff and company admins): search, filter, invite, edit role and active state. */
// eslint-disable-next-line max-lines-per-function -- search, filters, grid and the invite/edit dialogs share the page's query and selection state
export function UsersPage() {
  const me = useSessionUser();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<AccountStatus>('active');
  const [role, setRole] = useState<Role | ''>('');
  const [inviteOpen, setInviteOpen] = useState(false);
  const [editing, setEditing] = useState<UserListItem | null>(null);
  const deferredSearch = useDeferredValue(search.trim());

  const query: UsersQuery = {
    account_status: status,
    include_self: 'true',
    ...(role ? { role } : {}),
    ...(deferredSearch ? { search: deferredSearch } : {}),
  };
  const users = useUsers(query);
  const companies = useCompanies();
  const roles = assignableRolesFor(me.role);
  const canInvite = roles.length > 0;

  const columns = useMemo<GridColDef<UserListItem>[]>(
    () => [
      { field: 'full_name', headerName: 'Name', flex: 1, minWidth: 160 },
      { field: 'email', headerName: 'Email', flex: 1.2, minWidth: 200 },
      {
        field: 'role',
        headerName: 'Role',
        width: 150,
        valueFormatter: (value: Role) => ROLE_LABELS[value] ?? value,
      },
      {
        field: 'companies',
        headerName: 'Companies',
        flex: 1,
        minWidth: 160,
        sortable: false,
        valueGetter: (_v, row) => row.companies.map((c) => c.name).join(', '),
      },
      {
        field: 'is_active',
        headerName: 'Status',
        width: 120,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            label={row.is_active ? 'Active' : 'Inactive'}
            color={row.is_active ? 'success' : 'default'}
          />
        ),
      },
      {
        field: 'last_login',
        headerName: 'Last sign-in',
        width: 180,
        valueFormatter: (value: string | null) => (value ? formatDateTime(value) : 'Never'),
      },
      {
        field: 'actions',
        headerName: '',
        width: 64,
        sortable: false,
        filterable: false,
        disableColumnMenu: true,
        renderCell: ({ row }) =>
          mayManageUser(me, row) ? (
            <Tooltip title={`Edit ${row.full_name}`}>
              <IconButton size="small" aria-label={`Edit ${row.full_name}`} onClick={() => setEditing(row)}>
                <EditOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : null,
      },
    ],
    [me],
  );

  return (
    <>
      <PageHeader
        title="Users"
        subtitle={userAccessOf(me.role) === 'manage_own_companies' ? 'People in your companies.' : 'Everyone with a Sunstamp account.'}
        actions={
          canInvite && (
            <Button variant="contained" startIcon={<PersonAddAlt1Outlined />} onClick={() => setInviteOpen(true)}>
              Invite user
            </Button>
          )
        }
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <SearchField placeholder="Search by name or email" label="Search users" value={search} onChange={setSearch} sx={{ flex: 1 }} />
          <TextField select size="small" label="Account" value={status} onChange={(e) => setStatus(e.target.value as AccountStatus)} sx={{ minWidth: 160 }} fullWidth={false}>
            <MenuItem value="active">Active</MenuItem>
            <MenuItem value="inactive">Inactive</MenuItem>
            <MenuItem value="all">All</MenuItem>
          </TextField>
          <TextField select size="small" label="Role" value={role} onChange={(e) => setRole(e.target.value as Role | '')} sx={{ minWidth: 180 }} fullWidth={false}>
            <MenuItem value="">All roles</MenuItem>
            {ROLES.map((r) => (
              <MenuItem key={r} value={r}>
                {ROLE_LABELS[r]}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </Paper>
      <Box sx={{ height: 'calc(100vh - 320px)', minHeight: 420 }}>
        <DataGrid
          rows={users.data ?? []}
          columns={columns}
          loading={users.isFetching}
          getRowId={(r) => r.id}
          disableRowSelectionOnClick
          pageSizeOptions={[25, 50, 100]}
          initialState={{ pagination: { paginationModel: { pageSize: 50 } }, sorting: { sortModel: [{ field: 'full_name', sort: 'asc' }] } }}
          localeText={{ noRowsLabel: 'No users match these filters.' }}
          sx={{ bgcolor: 'background.paper' }}
        />
      </Box>
      {inviteOpen && (
        <InviteUserDialog
          open
          onClose={() => setInviteOpen(false)}
          roles={roles}
          companies={companies.data ?? []}
          companiesLoading={companies.isLoading}
        />
      )}
      {editing && (
        <EditUserDialog
          user={editing}
          onClose={() => setEditing(null)}
          roles={roles}
          companies={companies.data ?? []}
          companiesLoading={companies.isLoading}
          isSelf={editing.id === me.id}
        />
      )}
    </>
  );
}
