import type { KeyValueStorage } from './storage.ts';

/** Settings remembered per browser (not per account). */
export type ThemeMode = 'light' | 'dark';
export const THEME_MODE_KEY = 'sunstamp.themeMode';

const isThemeMode = (v: unknown): v is ThemeMode => v === 'light' || v === 'dark';

/** The remembered mode; else the system preference; else light. */
export function readThemeMode(storage: KeyValueStorage, prefersDark = false): ThemeMode {
  let stored: string | null = null;
  try {
    stored = storage.getItem(THEME_MODE_KEY);
  } catch {
    /* storage unavailable: fall back */
  }
  if (isThemeMode(stored)) return stored;
  return prefersDark ? 'dark' : 'light';
}

export function writeThemeMode(storage: KeyValueStorage, mode: ThemeMode): void {
  try {
    storage.setItem(THEME_MODE_KEY, mode);
  } catch {
    /* a full or blocked storage only loses the preference */
  }
}

export const toggledThemeMode = (mode: ThemeMode): ThemeMode => (mode === 'dark' ? 'light' : 'dark');
