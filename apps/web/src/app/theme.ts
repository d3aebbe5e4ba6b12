import { alpha, createTheme, type Theme } from '@mui/material/styles';
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

/**
 * The semantic colours with their label colour, chosen for at least 4.5:1 (WCAG AA, small text):
 * MUI's defaults put white on #0288d1 (3.85:1) and on #ed6c02 (3.11:1). Outlined chips and
 * captions use `main` on the page background, which these also meet.
 */
const STATUS_PALETTE = {
  light: {
    info: { main: '#01579b', contrastText: '#ffffff' },
    warning: { main: '#a84300', contrastText: '#ffffff' },
    success: { main: '#1b5e20', contrastText: '#ffffff' },
    error: { main: '#c62828', contrastText: '#ffffff' },
  },
  dark: {
    info: { main: '#4fc3f7', contrastText: '#04121c' },
    warning: { main: '#ffb74d', contrastText: '#1b1000' },
    success: { main: '#81c784', contrastText: '#06140a' },
    error: { main: '#ef9a9a', contrastText: '#1c0606' },
  },
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
      // Hovered and focused chips and buttons take primary.dark under the same contrastText. MUI's
      // default (sky darkened 30 %, #597ca3) gave 4.2:1 under the dark mode's text; #6a9fd8 gives
      // 6.6:1 and still reads as a step darker than the sky.
      primary: { main: dark ? BRAND.sky : BRAND.blue, ...(dark ? { dark: '#6a9fd8' } : {}), contrastText: dark ? '#0b1526' : '#ffffff' },
      secondary: { main: BRAND.amber, contrastText: '#1b1300' },
      // Status chips print their label on these colours: each pair meets WCAG AA (4.5:1) in its mode.
      ...STATUS_PALETTE[mode],
      background: BACKGROUND[mode],
      text: dark
        ? { primary: 'rgba(255,255,255,0.92)', secondary: 'rgba(255,255,255,0.72)' }
        : { primary: 'rgba(0,0,0,0.87)', secondary: 'rgba(0,0,0,0.66)' },
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
      // MUI renders subtitles as <h6>: a caption-sized label would be a heading five levels down
      // (axe heading-order). A subtitle is a paragraph; a real heading says its level (component="h3").
      MuiTypography: { defaultProps: { variantMapping: { subtitle1: 'p', subtitle2: 'p' } } },
      MuiAlert: { styleOverrides: { root: { alignItems: 'center' } } },
      // MUI draws an unselected toggle in action.active, which in dark mode is pure white: brighter
      // than the selected one (text.primary on a faint fill), so "All | Unread | Mine" read
      // backwards. Unselected is secondary text; selected is the primary colour on its tint, in
      // both modes, as the toggles that already ask for color="primary" look.
      MuiToggleButton: {
        styleOverrides: {
          root: ({ theme }) => ({
            color: theme.palette.text.secondary,
            '&.Mui-selected.MuiToggleButton-standard': {
              color: theme.palette.primary.main,
              backgroundColor: alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity),
            },
          }),
        },
      },
      // A disabled field's helper text still tells something ("From the site address."): it keeps
      // the secondary text colour (4.5:1), not the disabled one MUI gives it (2.7:1).
      MuiFormHelperText: {
        styleOverrides: { root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }) },
      },
    },
  });
}
