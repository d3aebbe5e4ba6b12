import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { INBOX_FILTERS, type InboxFilter, type InboxItem } from '@sunstamp/domain/contracts/inbox';
import { MESSAGE_CHANGED_EVENT, MESSAGE_EVENT, MESSAGES_READ_EVENT } from '@sunstamp/domain/contracts/messages';
import { mayListAllCompanies } from '@sunstamp/domain/policies/companies.policy';
import { mayFilterInboxByAssignee } from '@sunstamp/domain/policies/message-inbox.policy';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCompanies } from '../../../lib/api/companies.api.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';
import { useUserEvent } from '../../../lib/event-stream.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useSessionUser } from '../../../lib/session/session.context.ts';
import { useInbox } from '../api/inbox.api.ts';
import { INBOX_FILTER_LABELS, inboxEmptyText, lastLineOf } from '../inbox.rules.ts';

const PAGE_SIZE = 50;
/** A burst of live events refetches the inbox once, this long after the first. */
const REFRESH_AFTER_MS = 300;

/** The caller's conversations across their jobs, unread first, live. */
// eslint-disable-next-line max-lines-per-function -- the inbox's filters, live updates and conversation list share one query and its search state
export function InboxPage() {
  const user = useSessionUser();
  const qc = useQueryClient();
  const [filter, setFilter] = useState<InboxFilter>('all');
  const [company, setCompany] = useState('');
  const [assignee, setAssignee] = useState('');
  const [page, setPage] = useState(1);
  const allCompanies = mayListAllCompanies(user.role);
  const companiesQuery = useCompanies(allCompanies);
  const companies = allCompanies ? (companiesQuery.data ?? []) : user.companies;
  const byAssignee = mayFilterInboxByAssignee(user.role);

  const inbox = useInbox({
    filter,
    ...(company ? { company } : {}),
    ...(assignee ? { assignee } : {}),
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });

  // New messages, read marks and edits anywhere refresh the list (coalesced).
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const refresh = () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      void qc.invalidateQueries({ queryKey: queryKeys.inbox.all });
    }, REFRESH_AFTER_MS);
  };
  useUserEvent(MESSAGE_EVENT, refresh);
  useUserEvent(MESSAGES_READ_EVENT, refresh);
  useUserEvent(MESSAGE_CHANGED_EVENT, refresh);
  useEffect(() => () => clearTimeout(timer.current), []);

  const data = inbox.data;
  const pages = data ? Math.max(1, Math.ceil(data.count / PAGE_SIZE)) : 1;
  const empty = inboxEmptyText(filter);

  return (
    <Box>
      <PageHeader
        title="Messages"
        subtitle={data && data.unread_threads > 0
          ? `${data.unread_threads} conversation${data.unread_threads === 1 ? '' : 's'} with unread messages.`
          : 'Your job conversations, unread first.'}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={filter}
          onChange={(_, v: InboxFilter | null) => { if (v) { setFilter(v); setPage(1); } }}
          aria-label="Show"
        >
          {INBOX_FILTERS.map((f) => (
            <ToggleButton key={f} value={f} sx={{ px: 2, textTransform: 'none' }}>
              {INBOX_FILTER_LABELS[f]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Box sx={{ flex: 1 }} />
        {companies.length > 1 && (
          <TextField
            select
            size="small"
            label="Company"
            value={company}
            onChange={(e) => { setCompany(e.target.value); setPage(1); }}
            sx={{ width: { xs: '100%', sm: 220 }, flex: 'none' }}
          >
            <MenuItem value="">Every company</MenuItem>
            {companies.map((c) => (
              <MenuItem key={c.id} value={c.id}>{c.name}</MenuItem>
            ))}
          </TextField>
        )}
        {byAssignee && (
          <TextField
            select
            size="small"
            label="Assignee"
            value={assignee}
            onChange={(e) => { setAssignee(e.target.value); setPage(1); }}
            sx={{ width: { xs: '100%', sm: 180 }, flex: 'none' }}
          >
            <MenuItem value="">Anyone</MenuItem>
            <MenuItem value="me">Assigned to me</MenuItem>
            <MenuItem value="none">Unassigned</MenuItem>
          </TextField>
        )}
      </Stack>

      {!data ? (
        <Stack sx={{ alignItems: 'center', py: 6 }}>
          {inbox.isError ? <Typography color="error">The conversations could not be loaded. Try again in a moment.</Typography> : <CircularProgress aria-label="Loading conversations" />}
        </Stack>
      ) : data.items.length === 0 ? (
        <EmptyState icon={<ForumOutlined />} title={empty.title}>
          {empty.body}
        </EmptyState>
      ) : (
        <Paper variant="outlined" sx={{ opacity: inbox.isPlaceholderData ? 0.6 : 1 }}>
          <List disablePadding aria-label="Conversations" data-testid="inbox-list">
            {data.items.map((item, i) => (
              <InboxRow key={`${item.job_id}-${item.thread}`} item={item} divider={i < data.items.length - 1} />
            ))}
          </List>
        </Paper>
      )}
      {pages > 1 && (
        <Stack sx={{ alignItems: 'center', mt: 2 }}>
          <Pagination count={pages} page={page} onChange={(_, p) => setPage(p)} />
        </Stack>
      )}
    </Box>
  );
}

/** Read by screen readers, not shown (MUI's visuallyHidden). */
const visuallyHidden = { border: 0, clip: 'rect(0 0 0 0)', height: '1px', margin: '-1px', overflow: 'hidden', padding: 0, position: 'absolute', whiteSpace: 'nowrap', width: '1px' } as const;

function InboxRow({ item, divider }: { item: InboxItem; divider: boolean }) {
  const unread = item.unread > 0;
  return (
    // A list item holds the link (a <ul> holds <li> only); the link is named by what it shows
    // (WCAG 2.5.3), its unread count said in words after the visible text.
    <ListItem disablePadding divider={divider}>
    <ListItemButton
      component={RouterLink}
      to={`/jobs/${item.job_id}`}
      data-testid="inbox-item"
      sx={{ alignItems: 'flex-start', gap: 1.5, py: 1.25 }}
    >
      <Box
        aria-hidden
        sx={{ width: 10, height: 10, borderRadius: '50%', mt: 0.9, flexShrink: 0, bgcolor: unread ? 'primary.main' : 'transparent' }}
      />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Typography sx={{ fontWeight: unread ? 700 : 500, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {item.job_name || 'Untitled job'}
          </Typography>
          {item.thread === 'internal' && <Chip size="small" color="warning" variant="outlined" label="Internal" />}
          {item.status === 'closed' && <Chip size="small" icon={<LockOutlined />} label="Closed" />}
          <Typography variant="caption" color="text.secondary" noWrap sx={{ display: { xs: 'none', sm: 'block' } }}>
            {item.company.name}
          </Typography>
        </Stack>
        <Typography
          variant="body2"
          color={unread ? 'text.primary' : 'text.secondary'}
          sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {lastLineOf(item)}
        </Typography>
      </Box>
      <Stack sx={{ alignItems: 'flex-end', flexShrink: 0, gap: 0.5 }}>
        <Typography variant="caption" color="text.secondary">
          {formatDateTime(item.last_message.created_at)}
        </Typography>
        {unread && <Badge color="primary" badgeContent={item.unread > 99 ? '99+' : item.unread} sx={{ mr: 1.25, mt: 1 }} data-testid="inbox-unread" />}
        {unread && <Box component="span" sx={visuallyHidden}>{item.unread === 1 ? 'unread message' : 'unread messages'}</Box>}
      </Stack>
    </ListItemButton>
    </ListItem>
  );
}
