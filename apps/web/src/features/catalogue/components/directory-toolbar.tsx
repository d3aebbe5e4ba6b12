import type { ReactNode } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { SearchField } from '../../../components/search-field.tsx';
import { STATE_OPTIONS } from './catalogue-fields.tsx';

/** Search, state filter and "show inactive" above the AHJ and utility grids. */
export function DirectoryToolbar({
  search, onSearch, state, onState, inactive, onInactive, placeholder, children,
}: {
  search: string;
  onSearch: (v: string) => void;
  state: string;
  onState: (v: string) => void;
  inactive: boolean;
  onInactive: (v: boolean) => void;
  placeholder: string;
  children?: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <SearchField placeholder={placeholder} value={search} onChange={onSearch} sx={{ flex: 1 }} />
        <TextField select size="small" label="State" value={state} onChange={(e) => onState(e.target.value)} sx={{ minWidth: 200 }} fullWidth={false}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">All states</MenuItem>
          {STATE_OPTIONS.map((s) => (
            <MenuItem key={s.value} value={s.value}>
              {s.value} · {s.label}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel control={<Switch checked={inactive} onChange={(_, c) => onInactive(c)} />} label="Show inactive" sx={{ flexShrink: 0 }} />
        {children}
      </Stack>
    </Paper>
  );
}
