import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTALLER, baseUrl, launchBrowser, pathOf, screenshot, signIn, type Browser } from './support.ts';

/** The page backgrounds of apps/web/src/app/theme.ts, as computed styles. */
const LIGHT_BG = 'rgb(244, 246, 250)';
const DARK_BG = 'rgb(14, 20, 32)';

let browser: Browser;
let page: Page;
let problems: string[];

const theme = (p: Page) =>
  p.evaluate(() => ({
    mode: document.documentElement.dataset.theme,
    background: getComputedStyle(document.body).backgroundColor,
  }));

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page, problems } = browser);
});

afterAll(async () => {
  await browser?.close();
});

describe('sign-in, session restore, theme and sign-out', { shuffle: false }, () => {
  it('sends a signed-out visitor of /jobs to /login', async () => {
    await page.goto(`${baseUrl}/jobs`);
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByText('Please sign in to continue.').waitFor();
    await screenshot(page, 'login.png');
  });

  it('signs in as the installer and returns to /jobs', async () => {
    await signIn(page, INSTALLER);
    await page.waitForURL((u) => u.pathname === '/jobs');
    await page.getByRole('heading', { name: 'Jobs', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    const stored = await page.evaluate(() => ({
      access: localStorage.getItem('accessToken'),
      refresh: localStorage.getItem('refreshToken'),
      csrf: localStorage.getItem('csrfToken'),
    }));
    expect(stored.access).toBeTruthy();
    expect(stored.refresh).toBeTruthy();
    expect(stored.csrf).toBeTruthy();
    // A client user sees no Users or Companies section.
    await expect(page.getByRole('link', { name: 'Users' }).count()).resolves.toBe(0);
  });

  it('restores the session on reload', async () => {
    await page.reload();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(pathOf(page)).toBe('/jobs');
    await expect(page.getByRole('button', { name: 'Account menu' }).innerText()).resolves.toBe('II');
  });

  it('toggles the theme and remembers it across a reload', async () => {
    const before = await theme(page);
    expect(before).toEqual({ mode: 'light', background: LIGHT_BG });
    await screenshot(page, 'app-layout-light.png');

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await expect(theme(page)).resolves.toEqual({ mode: 'dark', background: DARK_BG });

    await page.reload();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    await expect(theme(page)).resolves.toEqual({ mode: 'dark', background: DARK_BG });
    await screenshot(page, 'app-layout-dark.png');
  });

  it('signs out to /login and forgets the tokens', async () => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    const access = await page.evaluate(() => localStorage.getItem('accessToken'));
    expect(access).toBeNull();
    // The user chose to leave: no "sign in to continue" for the page they were on.
    await expect(page.getByText('Please sign in to continue.').count()).resolves.toBe(0);
  });

  it('returns to the requested page after signing in', async () => {
    await page.goto(`${baseUrl}/profile`);
    await page.waitForURL((u) => u.pathname === '/login');
    await signIn(page, INSTALLER);
    await page.waitForURL((u) => u.pathname === '/profile');
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
  });

  it('raised no CSP violations or page errors', () => {
    expect(problems).toEqual([]);
  });
});
