import { MaterialDesignContent } from 'notistack';
import { styled } from '@mui/material/styles';

/**
 * notistack's own toast colours put white text on #2196f3 (info, 3.1:1), #43a047 (success, 3.3:1)
 * and #ff9800 (warning, 2.1:1): under WCAG AA's 4.5:1. The toasts take the theme's colours, chosen
 * with their contrast text for each mode (theme.ts), instead; axe checks them on screen.
 */
export const Toast = styled(MaterialDesignContent)(({ theme }) => {
  const tone = (c: { main: string; contrastText: string }) => ({ backgroundColor: c.main, color: c.contrastText });
  return {
    '&.notistack-MuiContent-success': tone(theme.palette.success),
    '&.notistack-MuiContent-info': tone(theme.palette.info),
    '&.notistack-MuiContent-warning': tone(theme.palette.warning),
    '&.notistack-MuiContent-error': tone(theme.palette.error),
  };
});

export const TOAST_COMPONENTS = { default: Toast, success: Toast, info: Toast, warning: Toast, error: Toast };
