import { describe, expect, it } from 'vitest';
import { createAppTheme } from './theme.ts';

type Styles = Record<string, unknown>;

/** The theme's ToggleButton root override as it applies to a theme. */
function toggleStyles(mode: 'light' | 'dark'): Styles {
  const theme = createAppTheme(mode);
  const root = theme.components?.MuiToggleButton?.styleOverrides?.root as (p: { theme: typeof theme }) => Styles;
  return root({ theme });
}

describe('toggle buttons: the selected one stands out in both modes', () => {
  it.each(['light', 'dark'] as const)('%s: unselected in secondary text, selected in the primary colour', (mode) => {
    const theme = createAppTheme(mode);
    const s = toggleStyles(mode);
    expect(s.color).toBe(theme.palette.text.secondary);
    const selected = s['&.Mui-selected.MuiToggleButton-standard'] as Styles;
    expect(selected.color).toBe(theme.palette.primary.main);
    expect(String(selected.backgroundColor)).toMatch(/^rgba\(/);
  });
  it('dark: an unselected toggle is no longer the pure white MUI gives it', () => {
    expect(toggleStyles('dark').color).not.toBe('#fff');
  });
});
