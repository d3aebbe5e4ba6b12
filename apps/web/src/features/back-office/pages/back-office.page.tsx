import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import { ROLE_LABELS } from '@sunstamp/domain/roles';
import { mayManageGroups } from '@sunstamp/domain/policies/companies.policy';
import { EmptyState } from '../../../components/empty-state.tsx';
import { DialogFooter } from '../../../components/form/dialog-footer.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { notify } from '../../../lib/notify.ts';
import { useSessionUser } from '../../../lib/session/session.context.ts';
import { useActiveUsers, useDeleteGroup, useGroups, useShiftLog, useSupportContacts } from '../api/back-office.api.ts';
import { GroupDialog, type GroupRow } from '../components/group.dialog.tsx';
import { InboundTab } from '../components/inbound.tab.tsx';
import { hoursText, shiftWindowOf } from '../back-office.rules.ts';

const TABS = [
  { key: 'groups', label: 'Groups' },
  { key: 'contacts', label: 'Support contacts' },
  { key: 'active', label: 'Active users' },
  { key: 'shifts', label: 'Shifts' },
  { key: 'inbound', label: 'From the website' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

function GroupsTab() {
  const user = useSessionUser();
  const groups = useGroups();
  const del = useDeleteGroup();
  const [editing, setEditing] = useState<GroupRow | null | 'new'>(null);
  const [deleting, setDeleting] = useState<GroupRow | null>(null);
  const may = mayManageGroups(user.role);
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Typography color="text.secondary" sx={{ flex: 1 }}>Groups gather staff and contractors for Group Stats on the analytics page.</Typography>
        {may && <Button variant="contained" startIcon={<AddRounded />} onClick={() => setEditing('new')}>New group</Button>}
      </Stack>
      {groups.isPending ? <Skeleton variant="rounded" height={120} /> : !groups.data?.length ? (
        <EmptyState title="No groups yet">{may ? 'Create one to compare teams on the analytics page.' : 'An admin creates them.'}</EmptyState>
      ) : groups.data.map((g) => (
        <Paper key={g.id} variant="outlined" sx={{ p: 2 }} data-testid="group">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <Stack spacing={1} sx={{ flex: 1 }}>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>{g.name}</Typography>
              <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {g.members.length ? g.members.map((m) => <Chip key={m.id} size="small" label={m.full_name} />) : <Typography variant="body2" color="text.secondary">No members</Typography>}
              </Stack>
            </Stack>
            {may && (
              <Stack direction="row" spacing={1}>
                <Button size="small" variant="outlined" onClick={() => setEditing(g)}>Edit</Button>
                <Button size="small" color="error" onClick={() => setDeleting(g)}>Delete</Button>
              </Stack>
            )}
          </Stack>
        </Paper>
      ))}
      {editing && <GroupDialog group={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {deleting && (
        <Dialog open onClose={() => setDeleting(null)}>
          <DialogTitle>Delete “{deleting.name}”?</DialogTitle>
          <DialogContent><DialogContentText>The members keep their accounts and their own numbers; only the group goes.</DialogContentText></DialogContent>
          <DialogFooter onCancel={() => setDeleting(null)} confirmLabel="Delete" danger busy={del.isPending}
            onConfirm={() => del.mutate(deleting.id, { onSuccess: () => { notify('Group deleted.', { variant: 'success' }); setDeleting(null); } })} />
        </Dialog>
      )}
    </Stack>
  );
}

function ContactsTab() {
  const contacts = useSupportContacts();
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">
        The staff member each client company reaches first: shown to its users on their account and jobs. Change it on the{' '}
        <RouterLink to="/companies">Companies</RouterLink> page (edit the company).
      </Typography>
      {contacts.isPending ? <Skeleton variant="rounded" height={120} /> : !contacts.data?.length ? (
        <EmptyState title="No support contacts set">Choose one per company on the Companies page.</EmptyState>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Support contacts">
            <TableHead><TableRow><TableCell>Company</TableCell><TableCell>Support contact</TableCell><TableCell>Email</TableCell><TableCell>Phone</TableCell></TableRow></TableHead>
            <TableBody>
              {contacts.data.map((c) => (
                <TableRow key={c.company.id}>
                  <TableCell>{c.company.name}</TableCell>
                  <TableCell>{c.contact.full_name}</TableCell>
                  <TableCell>{c.contact.email}</TableCell>
                  <TableCell>{c.contact.phone_number ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}

function ActiveTab() {
  const active = useActiveUsers();
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">Everyone signed in now. A shift starts at sign-in and ends at sign-out.</Typography>
      {active.isPending ? <Skeleton variant="rounded" height={120} /> : !active.data?.length ? (
        <EmptyState title="Nobody is on shift">People appear here when they sign in.</EmptyState>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Active users">
            <TableHead><TableRow><TableCell>Name</TableCell><TableCell>Role</TableCell><TableCell>On shift since</TableCell><TableCell align="right">Hours</TableCell></TableRow></TableHead>
            <TableBody>
              {active.data.map((u) => (
                <TableRow key={u.id}>
                  <TableCell>{u.full_name}<Typography variant="body2" color="text.secondary">{u.email}</Typography></TableCell>
                  <TableCell>{ROLE_LABELS[u.role]}</TableCell>
                  <TableCell>{formatDateTime(u.shift_started_at)}</TableCell>
                  <TableCell align="right">{hoursText(u.shift_hours)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}

function ShiftsTab() {
  const [days, setDays] = useState(30);
  const log = useShiftLog(shiftWindowOf(days, new Date()));
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Typography color="text.secondary" sx={{ flex: 1, minWidth: 0 }}>Every shift with its start, end and hours; hours per person first.</Typography>
        <MuiTextField select size="small" label="Period" value={days} onChange={(e) => setDays(Number(e.target.value))} slotProps={{ select: { native: true } }} sx={{ width: 200, flexShrink: 0 }}>
          {[1, 7, 30, 90].map((d) => <option key={d} value={d}>{d === 1 ? 'Last 24 hours' : `Last ${d} days`}</option>)}
        </MuiTextField>
      </Stack>
      {log.isPending ? <Skeleton variant="rounded" height={160} /> : !log.data?.shifts.length ? (
        <EmptyState title="No shifts in this period" />
      ) : (
        <>
          {log.data.truncated && <Alert severity="info">Only the newest 1,000 shifts are listed; choose a shorter period.</Alert>}
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label="Hours per person">
              <TableHead><TableRow><TableCell>Person</TableCell><TableCell>Role</TableCell><TableCell align="right">Shifts</TableCell><TableCell align="right">Hours</TableCell></TableRow></TableHead>
              <TableBody>
                {log.data.totals.map((t) => (
                  <TableRow key={t.user.id}>
                    <TableCell>{t.user.full_name}</TableCell><TableCell>{ROLE_LABELS[t.user.role]}</TableCell>
                    <TableCell align="right">{t.shifts}</TableCell><TableCell align="right">{hoursText(t.hours)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: 480 }}>
            <Table size="small" stickyHeader aria-label="Shifts">
              <TableHead><TableRow><TableCell>Person</TableCell><TableCell>Start</TableCell><TableCell>End</TableCell><TableCell align="right">Hours</TableCell></TableRow></TableHead>
              <TableBody>
                {log.data.shifts.map((s) => (
                  <TableRow key={s.id}>
                    <TableCell>{s.user.full_name}</TableCell>
                    <TableCell>{formatDateTime(s.started_at)}</TableCell>
                    <TableCell>{s.ended_at ? formatDateTime(s.ended_at) : <Chip size="small" color="success" label="On shift" />}</TableCell>
                    <TableCell align="right">{hoursText(s.hours)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
    </Stack>
  );
}

/** Staff's back office: groups, support contacts, who is on shift, the shift log, and what arrives from the website. */
export function BackOfficePage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: TabKey = TABS.find((t) => t.key === asked)?.key ?? 'groups';
  return (
    <>
      <PageHeader title="Back office" />
      <Tabs value={tab} onChange={(_e, v: TabKey) => setParams({ tab: v }, { replace: true })} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 3 }}>
        {TABS.map((t) => <Tab key={t.key} value={t.key} label={t.label} />)}
      </Tabs>
      {tab === 'groups' && <GroupsTab />}
      {tab === 'contacts' && <ContactsTab />}
      {tab === 'active' && <ActiveTab />}
      {tab === 'shifts' && <ShiftsTab />}
      {tab === 'inbound' && <InboundTab />}
    </>
  );
}
