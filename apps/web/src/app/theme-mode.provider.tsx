import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import {
  readThemeMode,
  THEME_MODE_KEY,
  toggledThemeMode,
  writeThemeMode,
  type ThemeMode,
} from '../lib/persisted-settings.ts';
import { browserStorage } from '../lib/storage.ts';
import { createAppTheme } from './theme.ts';
import { ThemeModeContext } from '../lib/theme-mode.context.ts';

const storage = browserStorage();
const prefersDark = () =>
  typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-color-scheme: dark)').matches;

/** MUI theme in the light or dark mode this browser remembers (spec §1: light and dark theme). */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<ThemeMode>(() => readThemeMode(storage, prefersDark()));

  const setMode = useCallback((m: ThemeMode) => {
    writeThemeMode(storage, m);
    setModeState(m);
  }, []);
  const toggleMode = useCallback(() => setMode(toggledThemeMode(mode)), [mode, setMode]);

  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = mode;
    root.style.colorScheme = mode;
  }, [mode]);

  // Another tab switched the theme: follow it.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === THEME_MODE_KEY && (e.newValue === 'light' || e.newValue === 'dark')) setModeState(e.newValue);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const theme = useMemo(() => createAppTheme(mode), [mode]);
  const value = useMemo(() => ({ mode, toggleMode, setMode }), [mode, toggleMode, setMode]);

  return (
    <ThemeModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}
