import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Collapse from '@mui/material/Collapse';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Chip from '@mui/material/Chip';
import ClearAll from '@mui/icons-material/ClearAll';
import NotificationImportantOutlined from '@mui/icons-material/NotificationImportantOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import { CLIENT_STATUSES, JOB_STATUSES } from '@sunstamp/domain/jobs/workflow.rules';
import { ALL_SERVICE_CODES, serviceLabel } from '@sunstamp/domain/constants/services.constants';
import { SearchField } from '../../../components/search-field.tsx';
import { activeFilterCount, type JobsListFilters } from '../jobs-list.settings.ts';

type CompanyOption = { id: string; name: string };

function MultiSelect<T extends string>({
  label,
  value,
  options,
  onChange,
  labelOf = (v) => v,
  minWidth = 180,
}: {
  label: string;
  value: readonly T[];
  options: readonly T[];
  onChange: (v: T[]) => void;
  labelOf?: (v: T) => string;
  minWidth?: number;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value as T[]}
      onChange={(e) => onChange(e.target.value as unknown as T[])}
      fullWidth={false}
      // In the phone's column every filter spans the bar; side by side each keeps a bounded width.
      sx={{ minWidth, maxWidth: { sm: 280 } }}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (sel) => {
            const list = sel as T[];
            return list.length <= 1 ? list.map(labelOf).join('') : `${labelOf(list[0]!)} +${list.length - 1}`;
          },
          MenuProps: { slotProps: { paper: { sx: { maxHeight: 420 } } } },
        },
      }}
    >
      {options.map((o) => (
        <MenuItem key={o} value={o} dense>
          <Checkbox size="small" checked={value.includes(o)} sx={{ p: 0.5, mr: 1 }} />
          <ListItemText primary={labelOf(o)} />
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * Search and filters of the jobs list. Clients filter on the client-facing status; staff on the
 * internal one and on company, assignee and overdue too. Dates sit behind "More filters".
 */
// eslint-disable-next-line max-lines-per-function -- one filter bar: each control is a few lines on the same filter value and onChange; clients and staff see different controls of it
export function JobsFilterBar({
  search,
  onSearch,
  filters,
  onFilters,
  staff,
  companies,
  onShowColumns,
}: {
  search: string;
  onSearch: (s: string) => void;
  filters: JobsListFilters;
  onFilters: (f: JobsListFilters) => void;
  staff: boolean;
  companies: readonly CompanyOption[];
  /** Absent where there are no columns to choose (the phone's card list). */
  onShowColumns?: () => void;
}) {
  const set = <K extends keyof JobsListFilters>(k: K, v: JobsListFilters[K]) => onFilters({ ...filters, [k]: v });
  const dateCount = [filters.created_after, filters.created_before, filters.updated_after, filters.updated_before].filter(Boolean).length;
  const [more, setMore] = useState(dateCount > 0);
  const count = activeFilterCount(filters);
  const selectedCompanies = companies.filter((c) => filters.company.includes(c.id));

  const dateField = (key: 'created_after' | 'created_before' | 'updated_after' | 'updated_before', label: string) => (
    <TextField
      size="small"
      type="date"
      label={label}
      value={filters[key]}
      onChange={(e) => set(key, e.target.value)}
      fullWidth={false}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ width: { xs: '100%', sm: 170 } }}
    />
  );

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} role="search" aria-label="Filter jobs">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: { sm: 'center' } }}>
        <SearchField
          placeholder="Search name, client, address…"
          label="Search jobs"
          value={search}
          onChange={onSearch}
          clearable
          maxLength={200}
          sx={{ flex: 1, minWidth: { sm: 300 } }}
        />
        <Chip
          icon={<NotificationImportantOutlined />}
          label="Waiting on me"
          color={filters.waiting_on ? 'primary' : 'default'}
          variant={filters.waiting_on ? 'filled' : 'outlined'}
          onClick={() => set('waiting_on', filters.waiting_on ? '' : 'me')}
          aria-pressed={!!filters.waiting_on}
          title={staff ? 'Jobs waiting on the team, overdue first' : 'Jobs where our team needs your answer or your review'}
          sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
        />
        {staff ? (
          <MultiSelect label="Status" value={filters.status} options={JOB_STATUSES} onChange={(v) => set('status', v)} minWidth={200} />
        ) : null}
        <MultiSelect
          label={staff ? 'Client status' : 'Status'}
          value={filters.client_status}
          options={CLIENT_STATUSES}
          onChange={(v) => set('client_status', v)}
          minWidth={160}
        />
        <MultiSelect label="Services" value={filters.services} options={ALL_SERVICE_CODES} onChange={(v) => set('services', v)} labelOf={serviceLabel} />
        {companies.length > 1 && (
          <Autocomplete
            multiple
            size="small"
            limitTags={1}
            options={companies as CompanyOption[]}
            value={selectedCompanies}
            getOptionLabel={(c) => c.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            onChange={(_, v) => set('company', v.map((c) => c.id))}
            renderInput={(params) => <TextField {...params} label="Company" />}
            sx={{ minWidth: 220, maxWidth: { sm: 320 } }}
          />
        )}
        {staff && (
          <TextField select size="small" fullWidth={false} label="Assignee" value={filters.assignee} onChange={(e) => set('assignee', e.target.value)} sx={{ minWidth: 150 }}>
            <MenuItem value="">Anyone</MenuItem>
            <MenuItem value="me">Assigned to me</MenuItem>
            <MenuItem value="none">Unassigned</MenuItem>
          </TextField>
        )}
        {staff && (
          <TextField
            select
            size="small"
            fullWidth={false}
            label="Overdue"
            value={filters.overdue}
            onChange={(e) => set('overdue', e.target.value as JobsListFilters['overdue'])}
            sx={{ minWidth: 140 }}
          >
            <MenuItem value="">All jobs</MenuItem>
            <MenuItem value="true">Overdue only</MenuItem>
            <MenuItem value="false">Not overdue</MenuItem>
          </TextField>
        )}
        <Box sx={{ display: 'flex', gap: 1, ml: { sm: 'auto' } }}>
          <Button size="small" color="inherit" startIcon={<TuneOutlined />} onClick={() => setMore((m) => !m)} aria-expanded={more}>
            <Badge color="primary" badgeContent={dateCount} sx={{ '& .MuiBadge-badge': { right: -10 } }}>
              Dates
            </Badge>
          </Button>
          {onShowColumns && (
            <Button size="small" color="inherit" startIcon={<ViewColumnOutlined />} onClick={onShowColumns}>
              Columns
            </Button>
          )}
          <Button size="small" color="inherit" startIcon={<ClearAll />} disabled={count === 0 && !search} onClick={() => {
            onFilters({ ...filters, client_status: [], status: [], company: [], services: [], assignee: '', overdue: '', waiting_on: '', created_after: '', created_before: '', updated_after: '', updated_before: '' });
            onSearch('');
          }}>
            Clear
          </Button>
        </Box>
      </Stack>
      <Collapse in={more} unmountOnExit>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
          {dateField('created_after', 'Created from')}
          {dateField('created_before', 'Created to')}
          {dateField('updated_after', 'Updated from')}
          {dateField('updated_before', 'Updated to')}
        </Stack>
      </Collapse>
    </Paper>
  );
}
