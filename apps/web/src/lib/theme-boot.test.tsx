import { describe, expect, it } from 'vitest';
import { readThemeMode, THEME_MODE_KEY } from './persisted-settings.ts';
import { createMemoryStorage } from './storage.ts';
import html from '../../index.html?raw';

describe("index.html's theme script (before the first paint)", () => {
  // The page's own copy of readThemeMode, inline so it runs before anything is drawn: the
  // prerendered page is painted in the theme the app will use (prerender.css reads data-theme).
  const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';

  it.each([
    ['light', false], ['light', true], ['dark', false], ['dark', true],
    [null, false], [null, true], ['purple', true],
  ] as const)('with %s remembered and a dark system %s, sets the mode readThemeMode gives', (stored, prefersDark) => {
    expect(script).toContain(THEME_MODE_KEY);
    const storage = createMemoryStorage();
    if (stored) storage.setItem(THEME_MODE_KEY, stored);
    localStorage.clear();
    if (stored) localStorage.setItem(THEME_MODE_KEY, stored);
    const matchMedia = window.matchMedia;
    window.matchMedia = ((q: string) => ({ matches: prefersDark && q.includes('dark') })) as unknown as typeof window.matchMedia;
    try {
      delete document.documentElement.dataset.theme;
      // The page's own script, run as the browser runs it (jsdom runs no script of a parsed page).
      // eslint-disable-next-line @typescript-eslint/no-implied-eval
      new Function(script)();
      expect(document.documentElement.dataset.theme).toBe(readThemeMode(storage, prefersDark));
      expect(document.documentElement.style.colorScheme).toBe(readThemeMode(storage, prefersDark));
    } finally {
      window.matchMedia = matchMedia;
      localStorage.clear();
    }
  });
});
