import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_PAGES, HOME_PAGE, LISTING_PAGES } from '@sunstamp/domain/site/public-pages.data';
import { LOGIN_PAGE, PASSWORD_CHOOSE_PAGE, PASSWORD_RESET_PAGE, REQUEST_DEMO_PAGE, VERIFY_PAGE } from '@sunstamp/domain/site/login-page.data';
import { SIGNED_IN_SOURCE } from '../apps/web/build/shell-chunks.ts';
import { THEME_MODE_KEY } from '../apps/web/src/lib/persisted-settings.ts';
import { BACKGROUND } from '../apps/web/src/app/theme.ts';
import { INSTALLER, baseUrl, launchBrowser, signIn, type Browser } from './support.ts';

/*
 * The open pages load none of the signed-in app's code: no MUI X (data grid, charts, date
 * pickers), no editor, no app layout or feature page of the app. Read from what Chromium fetches:
 * each script's text (MUI X's class names) and, through Vite's manifest, the source of each chunk.
 * After signing in the same checks find the app's code, so they can fail.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'apps/web/dist/.vite/manifest.json'), 'utf8')) as Record<string, { file: string; src?: string; name?: string }>;
/** A chunk's source module, or for a chunk grouping several (apps/web/build/shell-chunks.ts) its name. */
const sourceOf = new Map(Object.values(manifest).map((c) => [`/${c.file}`, c.src ?? c.name ?? '']));

/** Class-name prefixes only MUI X's packages register. */
const MUI_X = /MuiDataGrid|MuiPickers|MuiDateCalendar|MuiCharts/;
/** Sources of the signed-in app: its layout, the chunk of what only the layout imports, and the feature pages behind sign-in, the content editor among them. */
const APP_SOURCE = new RegExp(`^app-shell$|app\\/layouts\\/app\\.layout|${SIGNED_IN_SOURCE.source}`);

const PUBLIC_PAGES: { url: string; heading: string }[] = [
  { url: '/', heading: HOME_PAGE.hero.title },
  { url: '/login', heading: LOGIN_PAGE.title },
  { url: '/request-demo', heading: REQUEST_DEMO_PAGE.title },
  { url: '/password-reset', heading: PASSWORD_RESET_PAGE.title },
  { url: '/verify', heading: VERIFY_PAGE.title },
  { url: '/about', heading: CONTENT_PAGES.about.title },
  { url: '/permit-design', heading: CONTENT_PAGES['permit-design'].title },
  { url: '/help', heading: LISTING_PAGES.help.title },
  { url: '/blog', heading: LISTING_PAGES.blog.title },
  { url: '/contact-us', heading: LISTING_PAGES['contact-us'].title },
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Loaded = { url: string; path: string; text: string };

/** Scripts the page fetches while `act` runs and the network settles. */
async function scriptsDuring(page: Page, act: () => Promise<void>): Promise<Loaded[]> {
  const pending: Promise<Loaded | null>[] = [];
  const onResponse = (r: import('playwright-core').Response) => {
    if (r.request().resourceType() !== 'script') return;
    pending.push(r.text().then((text) => ({ url: r.url(), path: new URL(r.url()).pathname, text })).catch(() => null));
  };
  page.on('response', onResponse);
  try {
    await act();
    await page.waitForLoadState('networkidle');
  } finally {
    page.off('response', onResponse);
  }
  return (await Promise.all(pending)).filter((x): x is Loaded => x !== null);
}

/** TanStack Query: an event name of its query cache (query-core's query.js) that minifying keeps. */
const TANSTACK_QUERY = /observerAdded/;

const appCodeIn = (scripts: Loaded[]) =>
  scripts.flatMap((s) => [
    ...(MUI_X.test(s.text) ? [`${s.path}: MUI X (${MUI_X.exec(s.text)![0]})`] : []),
    ...(APP_SOURCE.test(sourceOf.get(s.path) ?? '') ? [`${s.path}: ${sourceOf.get(s.path)}`] : []),
  ]);

describe('first load of the open pages', () => {
  it.each(PUBLIC_PAGES)('$url loads no code of the signed-in app', async ({ url, heading }) => {
    const page = await browser.context.newPage();
    try {
      const scripts = await scriptsDuring(page, async () => {
        await page.goto(`${baseUrl}${url}`);
        await page.getByRole('heading', { name: heading, level: 1 }).first().waitFor();
        // The app's own render (every layout's skip link), not only the prerendered text.
        await page.getByRole('link', { name: 'Skip to content' }).waitFor({ state: 'attached' });
      });
      expect(scripts.length).toBeGreaterThan(0);
      expect(appCodeIn(scripts)).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('loads the app\'s code once signed in (the checks above see it when it is there)', async () => {
    // A context of its own: signed in, the shared one would send the open pages' tests to /jobs.
    const signedIn = await launchBrowser();
    const { page } = signedIn;
    try {
      await page.goto(`${baseUrl}/login`);
      await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
      const scripts = await scriptsDuring(page, async () => {
        await signIn(page, INSTALLER);
        await page.waitForURL((u) => u.pathname === '/jobs');
        await page.getByRole('grid').first().waitFor();
      });
      const found = appCodeIn(scripts).join('\n');
      expect(found).toMatch(/MuiDataGrid/);
      expect(found).toMatch(/app\.layout/);
      expect(found).toMatch(/: app-shell$/m);
    } finally {
      await signedIn.close();
    }
  });
});

describe('the open pages\' header at every width', () => {
  // Between 900 and ~1080 px the links wrapped to two lines and "Request a demo" ran over "Sign in".
  it.each([400, 900, 1024, 1199, 1200, 1280])('%i px: one line, nothing overlaps, every link reachable', async (width) => {
    const page = await browser.context.newPage();
    try {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${baseUrl}/`);
      await page.getByRole('link', { name: 'Skip to content' }).waitFor({ state: 'attached' });
      const header = page.locator('header').first();
      /** A link's box, or null where this width hides it (the phone's bar has no room for "Request a demo": it is in the menu). */
      const box = async (name: string) => {
        const link = header.getByRole('link', { name, exact: true });
        return (await link.count()) ? link.boundingBox() : null;
      };
      const signInBox = (await box('Sign in'))!;
      const demo = await box('Request a demo');
      if (demo) expect(signInBox.x + signInBox.width, 'Sign in ends before Request a demo begins').toBeLessThanOrEqual(demo.x);
      const nav = header.getByRole('navigation', { name: 'Site' });
      if (width >= 1200) {
        for (const link of await nav.getByRole('link').all()) expect((await link.boundingBox())!.height, `${await link.textContent()} on one line`).toBeLessThanOrEqual(40);
        await expect(header.getByRole('button', { name: 'Open navigation' }).isVisible()).resolves.toBe(false);
      } else {
        await expect(nav.isVisible()).resolves.toBe(false);
        await header.getByRole('button', { name: 'Open navigation' }).click();
        await page.getByRole('link', { name: 'Permit Design' }).waitFor();
        await page.keyboard.press('Escape');
      }
      expect((await header.boundingBox())!.height, 'the bar keeps one row').toBeLessThanOrEqual(72);
      const o = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
      expect(o.scrollWidth).toBeLessThanOrEqual(o.innerWidth);
    } finally {
      await page.close();
    }
  });
});

describe('the prerendered page and the app that takes over from it', () => {
  // Each heading where the server draws it (the app's scripts blocked) and where the app draws it:
  // the same place and size, so nothing jumps when the app takes over.
  const pages = [
    ['/login', LOGIN_PAGE.title], ['/request-demo', REQUEST_DEMO_PAGE.title], ['/password-reset', PASSWORD_RESET_PAGE.title],
    ['/password-reset/MQ/a-token', PASSWORD_CHOOSE_PAGE.title],
    ['/verify', VERIFY_PAGE.title], ['/about', CONTENT_PAGES.about.title], ['/', HOME_PAGE.hero.title],
  ] as const;
  /** The pages of the sign-in layout, whose header (its brand) the server draws too. */
  const AUTH_LAYOUT = new Set(['/login', '/request-demo', '/password-reset', '/password-reset/MQ/a-token']);
  it.each([1280, 1000, 390])('puts each heading and the header\'s brand, links and buttons where the app puts them, %i px wide', async (width) => {
    const page = await browser.context.newPage();
    try {
      await page.setViewportSize({ width, height: 800 });
      // The heading, and the header's brand and buttons: on the sign-in layout's pages the brand,
      // on the others the brand, Sign in, from 600 px Request a demo, and from 1200 px the site's links.
      const boxesOf = async (url: string, heading: string, scripts: boolean) => {
        if (!scripts) await page.route('**/assets/*.js', (r) => r.abort());
        await page.goto(`${baseUrl}${url}`);
        if (scripts) await page.getByRole('link', { name: 'Skip to content' }).waitFor({ state: 'attached' });
        const h1 = page.getByRole('heading', { name: heading, level: 1 }).first();
        await h1.waitFor();
        const banner = page.getByRole('banner');
        const boxOf = (name: string) => banner.getByRole('link', { name, exact: true }).first().boundingBox({ timeout: 2_000 }).catch(() => null);
        const auth = AUTH_LAYOUT.has(url);
        const boxes = {
          heading: (await h1.boundingBox())!,
          brand: await boxOf(auth ? 'Sunstamp home' : 'Sunstamp'),
          'sign in': auth ? null : await boxOf('Sign in'),
          'request a demo': auth || width < 600 ? null : await boxOf('Request a demo'),
          'site links': auth || width < 1200 ? null : await banner.getByRole('navigation', { name: 'Site' }).boundingBox({ timeout: 2_000 }).catch(() => null),
          // The page's own link, marked as the app marks it (About is one of the pages below).
          'current link': url === '/about' && width >= 1200 ? await banner.locator('a[aria-current="page"]', { hasText: 'About' }).boundingBox({ timeout: 2_000 }).catch(() => null) : null,
        };
        if (!scripts) await page.unroute('**/assets/*.js');
        return boxes;
      };
      const moved: string[] = [];
      for (const [url, heading] of pages) {
        const server = await boxesOf(url, heading, false);
        const app = await boxesOf(url, heading, true);
        const expected = AUTH_LAYOUT.has(url) ? ['heading', 'brand'] as const
          : width < 600 ? ['heading', 'brand', 'sign in'] as const
            : width < 1200 ? ['heading', 'brand', 'sign in', 'request a demo'] as const
              : url === '/about' ? ['heading', 'brand', 'sign in', 'request a demo', 'site links', 'current link'] as const
                : ['heading', 'brand', 'sign in', 'request a demo', 'site links'] as const;
        for (const what of expected) {
          const [s, a] = [server[what], app[what]];
          if (!s || !a) {
            moved.push(`${url} ${what}: server ${s ? 'drawn' : 'none'}, app ${a ? 'drawn' : 'none'}`);
            continue;
          }
          for (const k of ['x', 'y', 'width', 'height'] as const) {
            if (Math.abs(s[k] - a[k]) > 2) moved.push(`${url} ${what} ${k}: server ${Math.round(s[k])}, app ${Math.round(a[k])}`);
          }
        }
      }
      expect(moved).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

describe('the prerendered page\'s theme', () => {
  it('is the remembered one from the first paint, before any of the app\'s code has run, and the CSP allows the script that sets it', async () => {
    // A light system and a remembered dark choice: the prerender once followed the system (light)
    // and flipped to dark when the app arrived.
    const own = await launchBrowser();
    const { page } = own;
    try {
      await page.goto(`${baseUrl}/help`);
      await page.evaluate((key) => localStorage.setItem(key, 'dark'), THEME_MODE_KEY);
      await page.route('**/assets/*.js', (r) => r.abort());
      await page.goto(`${baseUrl}/`);
      await page.getByRole('heading', { name: HOME_PAGE.hero.title, level: 1 }).waitFor();
      // No app: the skip link is the app's own render.
      expect(await page.getByRole('link', { name: 'Skip to content' }).count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      // The dark hero's first colour (#0c1c33), not the light one's (#14365d).
      expect(await page.locator('.pre-hero').first().evaluate((e) => getComputedStyle(e).backgroundImage)).toContain('rgb(12, 28, 51)');
      // The page behind it is the app's dark background already (theme.ts BACKGROUND.dark.default).
      const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(rgb(BACKGROUND.dark.default));
      expect(own.problems.filter((p) => /Content Security Policy/i.test(p))).toEqual([]);
    } finally {
      await own.close();
    }
  });
});

describe('TanStack Query comes with the first page that reads or sends data', () => {
  /** Scripts a fresh page fetches until the app itself has drawn `url` (its skip link is there). */
  const loadFresh = async (url: string, heading: string) => {
    const fresh = await launchBrowser();
    try {
      const { page } = fresh;
      const scripts = await scriptsDuring(page, async () => {
        await page.goto(`${baseUrl}${url}`);
        await page.getByRole('heading', { name: heading, level: 1 }).first().waitFor();
        await page.getByRole('link', { name: 'Skip to content' }).waitFor({ state: 'attached' });
      });
      expect(fresh.problems).toEqual([]);
      return scripts;
    } finally {
      await fresh.close();
    }
  };
  const withQuery = (scripts: Loaded[]) => scripts.filter((s) => TANSTACK_QUERY.test(s.text)).map((s) => s.path);

  it.each([
    { url: '/', heading: HOME_PAGE.hero.title },
    { url: '/about', heading: CONTENT_PAGES.about.title },
  ])('$url (signed out) loads none', async ({ url, heading }) => {
    const scripts = await loadFresh(url, heading);
    expect(scripts.length).toBeGreaterThan(0);
    expect(withQuery(scripts)).toEqual([]);
  });

  it('/login loads it for its form (so the check above finds it when it is there)', async () => {
    const scripts = await loadFresh('/login', LOGIN_PAGE.title);
    expect(withQuery(scripts).length).toBeGreaterThan(0);
  });
});
