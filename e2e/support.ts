import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser as PlaywrightBrowser, type BrowserContext, type ConsoleMessage, type Download, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeEach, expect, inject } from 'vitest';

/** Shared by the browser tests: the server global-setup started, Chromium, sign-in, screenshots. */

export const baseUrl = inject('baseUrl');
export const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), '.artifacts');
export const PASSWORD = 'sunstamp-demo';
// Demo accounts (apps/api/src/db/seed).
export const ADMIN = 'admin@sunstamp.test';
export const SUPPORT = 'support@sunstamp.test';
export const OWNER = 'owner@acme-solar.test';
export const INSTALLER = 'installer@acme-solar.test';

export const pathOf = (p: Page) => new URL(p.url()).pathname;

/**
 * Goes to a section of the top bar by its label: its link when the bar shows it, else through the
 * More menu, where the sections that do not fit the width go (issue 29, item 9).
 */
export async function navTo(p: Page, label: string) {
  const link = p.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true });
  if (await link.isVisible()) {
    await link.click();
    return;
  }
  await p.getByTestId('nav-more').click();
  await p.getByRole('menuitem', { name: label, exact: true }).click();
}

export type Browser = {
  context: BrowserContext;
  page: Page;
  /** CSP violations, console errors and page errors seen so far (expected ones filtered out). */
  problems: string[];
  close: () => Promise<void>;
};

let shared: Promise<PlaywrightBrowser> | undefined;

/** The run's one Chromium (global setup launched it), connected once per spec file. */
function sharedChromium(): Promise<PlaywrightBrowser> {
  shared ??= chromium.connect(inject('browserWsEndpoint'));
  return shared;
}

// The connection ends with the spec file (the contexts it opened are closed by then).
afterAll(async () => {
  const b = shared;
  shared = undefined;
  if (b) await (await b).close().catch(() => undefined);
});

/** Resolves with `work`, or with `undefined` after `ms` (a page that hangs must not hang the report too). */
const within = <T>(ms: number, work: Promise<T>) =>
  Promise.race([work, new Promise<undefined>((r) => setTimeout(() => r(undefined), ms).unref())]);

// What a failed test's pages showed: their address, headings and alerts in the run's log (CI keeps
// only the log of a failed run), and a screenshot in e2e/.artifacts. A failure that did not come
// back when run again (back-office.spec.ts once, 2026-12-01) left nothing to read but the timeout.
beforeEach(({ task, onTestFailed }) => {
  onTestFailed(async () => {
    const b = shared && (await shared.catch(() => undefined));
    const pages = b?.contexts().flatMap((c) => c.pages()) ?? [];
    for (const [i, p] of pages.entries()) {
      const file = `failed-${task.name.replace(/\W+/g, '-').slice(0, 60)}-${i + 1}.png`;
      const seen = await within(5_000, p.evaluate(() => ({
        headings: [...document.querySelectorAll('h1, h2')].map((h) => h.textContent?.trim()).filter(Boolean).slice(0, 6),
        alerts: [...document.querySelectorAll('[role="alert"]')].map((a) => a.textContent?.trim()).filter(Boolean).slice(0, 4),
      }))).catch((e: unknown) => String(e));
      const shot = await within(5_000, p.screenshot({ path: path.join(artifacts, file) }).then(() => `e2e/.artifacts/${file}`)).catch(() => undefined);
      console.error(`[e2e] "${task.name}" failed; page ${i + 1} of ${pages.length} at ${p.url()}: ${seen === undefined ? 'the page did not answer' : JSON.stringify(seen)}${shot ? ` (${shot})` : ''}`);
    }
  });
});

/**
 * A fresh browser context (its own cookies, storage and cache: a new profile) with one page, in
 * the run's Chromium. The CSP (script-src 'self', …) must hold: a violation, a console error or a
 * page error is recorded in `problems` for the test to check. `ignore` drops console errors that
 * are expected (e.g. map tiles that cannot load offline).
 */
export async function launchBrowser(options: { ignore?: (m: ConsoleMessage) => boolean } = {}): Promise<Browser> {
  fs.mkdirSync(artifacts, { recursive: true });
  const context = await (await sharedChromium()).newContext({
    viewport: { width: 1280, height: 800 },
    colorScheme: 'light',
    acceptDownloads: true,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (options.ignore?.(m) && !/Content Security Policy/i.test(m.text())) return;
    if (m.type() === 'error' || /Content Security Policy/i.test(m.text())) problems.push(`console: ${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return {
    context,
    page,
    problems,
    close: () => context.close(),
  };
}

/**
 * An access and refresh token pair for a demo account, from the API's sign-in. The server counts
 * a sign-in in flight as a failure until its password is checked (auth.repository.ts), so a burst
 * of simultaneous sign-ins of one account (specs making their jobs in parallel, two spec files at
 * a time) can exceed its five failures and answer 429 although every password is right: that one
 * is tried again a moment later, once the others have landed (for up to 30 s). Any other refusal fails at once.
 */
export async function tokensOf(email: string, password = PASSWORD): Promise<{ access: string; refresh: string }> {
  for (let attempt = 1, until = Date.now() + 30_000; ; attempt += 1) {
    const csrf = ((await (await fetch(`${baseUrl}/api/auth/csrf/`)).json()) as { csrfToken: string }).csrfToken;
    const r = await fetch(`${baseUrl}/api/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-CSRFToken': csrf },
      body: JSON.stringify({ email, password }),
    });
    if (r.status === 429 && Date.now() < until) {
      await new Promise((done) => setTimeout(done, Math.min(2_000, 200 * attempt) + Math.random() * 200));
      continue;
    }
    if (!r.ok) throw new Error(`sign-in of ${email} through the API: ${r.status} ${await r.text()}`);
    return (await r.json()) as { access: string; refresh: string };
  }
}

/** Fills and sends the sign-in form (the page must be on /login). */
export async function signIn(p: Page, email: string, password = PASSWORD) {
  await p.getByLabel('Email', { exact: true }).fill(email);
  await p.getByLabel('Password', { exact: true }).fill(password);
  await p.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Opens /login, signs in through the form and waits for the jobs list, where signing in lands. */
export async function signInWithForm(p: Page, email: string) {
  await p.goto(`${baseUrl}/login`);
  await signIn(p, email);
  await p.waitForURL((u) => u.pathname === '/jobs');
}

/**
 * Signs in as the web client does after the form (the token pair in localStorage under the spec's
 * keys, a CSRF token fetched for the new session), without typing the form: the specs that test the
 * form itself use `signIn`/`signInWithForm`. Lands on `at` (the jobs list unless told), signed in:
 * a spec that goes on to another page opens it at once rather than drawing the jobs list first.
 */
export async function signInAs(p: Page, email: string, at = '/jobs') {
  const pair = await tokensOf(email);
  // localStorage belongs to the origin: a page not on it yet gets an empty document there, served
  // by the test itself (no request reaches the server, and the browser asks for no favicon).
  const blank = `${baseUrl}/__e2e-sign-in`;
  const onOrigin = new URL(p.url()).origin === baseUrl;
  if (!onOrigin) {
    await p.route(blank, (r) => r.fulfill({ contentType: 'text/html', body: '<!doctype html><link rel="icon" href="data:,"><title>Signing in</title>' }));
    await p.goto(blank);
  }
  await p.evaluate((t) => {
    localStorage.setItem('accessToken', t.access);
    localStorage.setItem('refreshToken', t.refresh);
    localStorage.removeItem('csrfToken');
  }, pair);
  if (!onOrigin) await p.unroute(blank);
  await p.goto(`${baseUrl}${at}`);
  await p.getByRole('button', { name: 'Account menu' }).waitFor();
  const expected = new URL(at, baseUrl).pathname;
  if (pathOf(p) !== expected) throw new Error(`signed in as ${email} but landed on ${pathOf(p)}, not ${expected}`);
}

/** Signs out through the account menu and waits for /login. */
export async function signOut(p: Page) {
  await p.getByRole('button', { name: 'Account menu' }).click();
  await p.getByRole('menuitem', { name: 'Sign out' }).click();
  await p.waitForURL((u) => u.pathname === '/login');
}

/** A full-page screenshot in e2e/.artifacts (gitignored). */
export const screenshot = (p: Page, name: string) => p.screenshot({ path: path.join(artifacts, name), fullPage: true });

/**
 * Waits until what is on screen has stopped moving: web fonts loaded and no finite CSS transition or
 * animation running (an endless one, a spinner's, does not count) for three painted frames in a
 * row. Instead of a fixed sleep before a screenshot, a layout measure or an axe run; `timeout`
 * bounds it (a page that keeps animating is then measured as it is).
 */
export async function settled(p: Page, timeout = 3_000) {
  await p.evaluate(async (ms) => {
    const until = performance.now() + ms;
    const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
    const still = () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity);
    await Promise.race([document.fonts.ready, new Promise((r) => setTimeout(r, ms))]);
    let calm = 0;
    while (calm < 3 && performance.now() < until) {
      await frame();
      calm = still() ? calm + 1 : 0;
    }
  }, timeout);
}

/**
 * Clicks `target` as a person would when a toast (bottom centre, spec §2) lies over it: closes the
 * toasts with their Dismiss button and clicks again. A headless window without focus does not count
 * a toast's 5 s down, and at phone width the toasts span the bottom of the screen, where the
 * intake's action bar is. Each toast closed is logged with its text, so a run shows what raised it.
 */
export async function clickPastToasts(p: Page, target: Locator, timeout = 30_000) {
  const until = Date.now() + timeout;
  const toasts = p.locator('.notistack-SnackbarContainer');
  for (;;) {
    for (const dismiss of await toasts.getByRole('button', { name: 'Dismiss' }).all()) {
      const text = await dismiss.locator('xpath=ancestor::*[@role="alert" or contains(@class,"notistack-MuiContent")][1]').textContent({ timeout: 1_000 }).catch(() => '?');
      console.warn(`[e2e] closed a toast on ${p.url()}: ${text}`);
      await dismiss.click({ timeout: 2_000 }).catch(() => {});
    }
    try {
      await target.click({ timeout: Math.max(1_000, Math.min(5_000, until - Date.now())) });
      return;
    } catch (e) {
      if (Date.now() >= until) throw e;
    }
  }
}

/**
 * The bytes of a download. Chromium is shared through a connection (global setup), where Playwright
 * does not give a download's local path; the file streams over the connection instead.
 */
export async function downloadedBytes(d: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of await d.createReadStream()) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Picks a catalogue model in the intake's searchable equipment picker: types the search, waits until
 * the list holds that search's answer (the listbox is not aria-busy: no debounce pending, no request
 * on the way), then clicks the option. Clicking while the previous list is on screen can land on
 * whatever model the new answer puts under the pointer (a full run once picked another inverter).
 */
export async function pickModel(p: Page, label: string, search: string, option: RegExp) {
  const box = p.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(search);
  await p.locator('[role="listbox"][aria-busy="false"]').waitFor();
  const o = p.getByRole('option', { name: option }).first();
  await o.waitFor();
  await o.click();
  await expect(box.inputValue()).resolves.toMatch(option);
}
