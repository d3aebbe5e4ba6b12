import { createContext, useContext } from 'react';
import type { ThemeMode } from './persisted-settings.ts';

export type ThemeModeValue = { mode: ThemeMode; toggleMode: () => void; setMode: (m: ThemeMode) => void };

export const ThemeModeContext = createContext<ThemeModeValue | null>(null);

export function useThemeMode(): ThemeModeValue {
  const v = useContext(ThemeModeContext);
  if (!v) throw new Error('useThemeMode must be used inside ThemeModeProvider');
  return v;
}
