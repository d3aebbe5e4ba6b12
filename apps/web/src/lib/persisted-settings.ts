import type { KeyValueStorage } from './storage.ts';

/** Settings remembered per browser (not per account). */
export type ThemeMode = 'light' | 'dark';
export const THEME_MODE_KEY = 'sunstamp.themeMode';
export const DISMISSED_ALERTS_KEY = 'sunstamp.dismissedSiteAlerts';

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

/** Ids of site alerts this browser has dismissed (kept short: only the latest 100). */
export function readDismissedAlerts(storage: KeyValueStorage): string[] {
  try {
    const raw = storage.getItem(DISMISSED_ALERTS_KEY);
    const list: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function writeDismissedAlert(storage: KeyValueStorage, id: string): string[] {
  const next = [...readDismissedAlerts(storage).filter((x) => x !== id), id].slice(-100);
  try {
    storage.setItem(DISMISSED_ALERTS_KEY, JSON.stringify(next));
  } catch {
    /* ignore */
  }
  return next;
}
