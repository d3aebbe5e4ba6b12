import { createTheme, type Theme } from '@mui/material/styles';
import type { ThemeMode } from '../lib/persisted-settings.ts';

/** Brand colours: a deep "permit blue" and a sun amber. */
export const BRAND = {
  navy: '#14365d',
  blue: '#1d5fa8',
  sky: '#7fb2ea',
  amber: '#f6a821',
} as const;

/** Page backgrounds per mode; the e2e test reads them back to check the toggle. */
export const BACKGROUND = {
  light: { default: '#f4f6fa', paper: '#ffffff' },
  dark: { default: '#0e1420', paper: '#151d2c' },
} as const;

const FONT_STACK = [
  'Inter',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

export function createAppTheme(mode: ThemeMode): Theme {
  const dark = mode === 'dark';
  return createTheme({
    palette: {
      mode,
      primary: { main: dark ? BRAND.sky : BRAND.blue, contrastText: dark ? '#0b1526' : '#ffffff' },
      secondary: { main: BRAND.amber, contrastText: '#1b1300' },
      background: BACKGROUND[mode],
      divider: dark ? 'rgba(255,255,255,0.10)' : 'rgba(20,54,93,0.12)',
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: FONT_STACK,
      h1: { fontWeight: 800, letterSpacing: '-0.02em' },
      h2: { fontWeight: 800, letterSpacing: '-0.02em' },
      h3: { fontWeight: 700, letterSpacing: '-0.01em' },
      h4: { fontWeight: 700, letterSpacing: '-0.01em' },
      h5: { fontWeight: 700 },
      h6: { fontWeight: 700 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiAppBar: { defaultProps: { elevation: 0 } },
      MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
      MuiCard: {
        defaultProps: { variant: 'outlined' },
      },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiAlert: { styleOverrides: { root: { alignItems: 'center' } } },
    },
  });
}
