import dayjs, { type Dayjs } from 'dayjs';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { RANGE_PRESETS, RANGE_PRESET_LABELS, type RangePreset } from '../analytics.settings.ts';


const toDay = (d: Dayjs | null) => (d && d.isValid() ? d.format('YYYY-MM-DD') : null);

/**
 * The report's range: two date pickers (the MUI X range picker is a paid component) and a row of
 * shortcuts. Days are calendar days; the API counts them in UTC like the month stats.
 */
export function DateRangeField({ start, end, preset, onChange }: {
  start: string;
  end: string;
  preset: RangePreset | null;
  onChange: (v: { start: string; end: string } | { preset: RangePreset }) => void;
}) {
  return (
    <Stack spacing={1} sx={{ minWidth: 0 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <DatePicker
          label="From"
          value={dayjs(start)}
          maxDate={dayjs(end)}
          format="YYYY-MM-DD"
          onChange={(d) => {
            const v = toDay(d);
            if (v && v <= end) onChange({ start: v, end });
          }}
          slotProps={{ textField: { size: 'small', inputProps: { 'aria-label': 'From', 'data-testid': 'stats-start' } } }}
        />
        <DatePicker
          label="To"
          value={dayjs(end)}
          minDate={dayjs(start)}
          format="YYYY-MM-DD"
          onChange={(d) => {
            const v = toDay(d);
            if (v && v >= start) onChange({ start, end: v });
          }}
          slotProps={{ textField: { size: 'small', inputProps: { 'aria-label': 'To', 'data-testid': 'stats-end' } } }}
        />
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} role="group" aria-label="Date range shortcuts">
        {RANGE_PRESETS.map((p) => (
          <Chip
            key={p}
            size="small"
            label={RANGE_PRESET_LABELS[p]}
            color={preset === p ? 'primary' : 'default'}
            variant={preset === p ? 'filled' : 'outlined'}
            onClick={() => onChange({ preset: p })}
            aria-pressed={preset === p}
          />
        ))}
      </Stack>
    </Stack>
  );
}
