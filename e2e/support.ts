import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
import { inject } from 'vitest';

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

export type Browser = {
  context: BrowserContext;
  page: Page;
  /** CSP violations, console errors and page errors seen so far (expected ones filtered out). */
  problems: string[];
  close: () => Promise<void>;
};

/**
 * Debian's Chromium, headless, with a fresh profile. The CSP (script-src 'self', …) must hold: a
 * violation, a console error or a page error is recorded in `problems` for the test to check.
 * `ignore` drops console errors that are expected (e.g. map tiles that cannot load offline).
 */
export async function launchBrowser(options: { ignore?: (m: ConsoleMessage) => boolean } = {}): Promise<Browser> {
  fs.mkdirSync(artifacts, { recursive: true });
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunstamp-e2e-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
    viewport: { width: 1280, height: 800 },
    colorScheme: 'light',
  });
  const page = context.pages()[0] ?? (await context.newPage());
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
    close: async () => {
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Fills and sends the sign-in form (the page must be on /login). */
export async function signIn(p: Page, email: string, password = PASSWORD) {
  await p.getByLabel('Email', { exact: true }).fill(email);
  await p.getByLabel('Password', { exact: true }).fill(password);
  await p.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Opens /login, signs in and waits for the jobs list, where signing in lands. */
export async function signInAs(p: Page, email: string) {
  await p.goto(`${baseUrl}/login`);
  await signIn(p, email);
  await p.waitForURL((u) => u.pathname === '/jobs');
}

/** Signs out through the account menu and waits for /login. */
export async function signOut(p: Page) {
  await p.getByRole('button', { name: 'Account menu' }).click();
  await p.getByRole('menuitem', { name: 'Sign out' }).click();
  await p.waitForURL((u) => u.pathname === '/login');
}

/** A full-page screenshot in e2e/.artifacts (gitignored). */
export const screenshot = (p: Page, name: string) => p.screenshot({ path: path.join(artifacts, name), fullPage: true });
