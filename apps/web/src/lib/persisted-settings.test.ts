import { describe, expect, it } from 'vitest';
import {
  readDismissedAlerts,
  readThemeMode,
  THEME_MODE_KEY,
  toggledThemeMode,
  writeDismissedAlert,
  writeThemeMode,
} from './persisted-settings.ts';
import { createMemoryStorage, type KeyValueStorage } from './storage.ts';

describe('theme mode persistence', () => {
  it('defaults to the system preference, then light', () => {
    expect(readThemeMode(createMemoryStorage())).toBe('light');
    expect(readThemeMode(createMemoryStorage(), true)).toBe('dark');
  });
  it('remembers the chosen mode over the system preference', () => {
    const s = createMemoryStorage();
    writeThemeMode(s, 'dark');
    expect(s.getItem(THEME_MODE_KEY)).toBe('dark');
    expect(readThemeMode(s, false)).toBe('dark');
    writeThemeMode(s, toggledThemeMode('dark'));
    expect(readThemeMode(s, true)).toBe('light');
  });
  it('ignores junk and survives a storage that throws', () => {
    expect(readThemeMode(createMemoryStorage({ [THEME_MODE_KEY]: 'purple' }))).toBe('light');
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => undefined,
    };
    expect(readThemeMode(broken, true)).toBe('dark');
    expect(() => writeThemeMode(broken, 'light')).not.toThrow();
  });
  it('toggles', () => {
    expect(toggledThemeMode('light')).toBe('dark');
    expect(toggledThemeMode('dark')).toBe('light');
  });
});

describe('dismissed site alerts', () => {
  it('adds ids once and keeps the latest 100', () => {
    const s = createMemoryStorage();
    writeDismissedAlert(s, 'a');
    writeDismissedAlert(s, 'a');
    expect(readDismissedAlerts(s)).toEqual(['a']);
    for (let i = 0; i < 120; i++) writeDismissedAlert(s, `id${i}`);
    const list = readDismissedAlerts(s);
    expect(list).toHaveLength(100);
    expect(list.at(-1)).toBe('id119');
    expect(readDismissedAlerts(createMemoryStorage({ 'sunstamp.dismissedSiteAlerts': '{not json' }))).toEqual([]);
  });
});
