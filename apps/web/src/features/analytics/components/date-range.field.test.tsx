import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { renderApp } from '../../../test/render.tsx';
import { DateRangeField } from './date-range.field.tsx';

const field = (onChange: () => void, preset: 'this_month' | null = 'this_month') => (
  <LocalizationProvider dateAdapter={AdapterDayjs}>
    <DateRangeField start="2026-11-01" end="2026-11-28" preset={preset} onChange={onChange} />
  </LocalizationProvider>
);

describe('the analytics date range', () => {
  it('marks the chosen shortcut and reports another as a preset', async () => {
    const onChange = vi.fn();
    const { user } = renderApp(field(onChange));
    const shortcuts = screen.getByRole('group', { name: 'Date range shortcuts' });
    expect(shortcuts).toHaveTextContent('This monthLast monthQuarter to dateYear to dateLast 12 months');
    expect(screen.getByRole('button', { name: 'This month' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Year to date' })).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('button', { name: 'Year to date' }));
    expect(onChange).toHaveBeenCalledWith({ preset: 'year_to_date' });
  });

  it('chosen dates mark no shortcut, and the pickers show them', () => {
    renderApp(field(() => {}, null));
    expect(screen.queryAllByRole('button', { pressed: true })).toHaveLength(0);
    expect(screen.getAllByRole('button', { pressed: false })).toHaveLength(5);
    expect(screen.getByTestId('stats-start')).toHaveValue('2026-11-01');
    expect(screen.getByTestId('stats-end')).toHaveValue('2026-11-28');
  });
});
