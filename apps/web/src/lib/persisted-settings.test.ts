import { describe, expect, it } from 'vitest';
import {
  readThemeMode,
  THEME_MODE_KEY,
  toggledThemeMode,
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
