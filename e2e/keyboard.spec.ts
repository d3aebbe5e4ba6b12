import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACTOR, inDesignJob, ownTag, pendingApprovalJob, questionJob } from './own-jobs.ts';
import { ADMIN, INSTALLER, baseUrl, launchBrowser, pathOf, signInAs, signOut, type Browser } from './support.ts';

/**
 * The keyboard alone: the main menus and dialogs are reached with Tab, opened with Enter, keep the
 * focus inside while open, close with Escape and give the focus back to what opened them; a job
 * opens from the jobs grid with Enter. The jobs are the spec's own (e2e/own-jobs.ts), made through
 * the API in the state each test reads: one waiting on the client's approval, one with a question
 * for the client, one in design.
 */

let browser: Browser;
let page: Page;
let problems: string[];
/** The spec's own jobs: Pending Approval, Pending Client (a question), Pending Design. */
let own: { pendingApproval: string; question: string; inDesign: string };
/** In the name of each of the spec's jobs. */
const tag = ownTag('E2E Keys');

/** Map tiles cannot load offline, and the parcel lookup answers 501 without a provider. */
const expectedNoise = (url: string) => /tile\.openstreetmap\.org/.test(url) || /\/api\/parcel\b/.test(url);

const isFocused = (l: Locator) => l.evaluate((el) => el === document.activeElement).catch(() => false);

/** Presses Tab (from the top of the page) until `target` has the focus; fails after `max` presses. */
async function tabTo(target: Locator, max = 80) {
  await target.waitFor();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    if (await isFocused(target)) return;
  }
  throw new Error(`Not reached with ${max} presses of Tab: ${String(target)}`);
}

/** The focus is inside the open dialog (or menu) `root`. */
const focusInside = (root: Locator) => root.evaluate((el) => el.contains(document.activeElement));

/** Waits (through the opening transition) for the focus to move inside `root`. */
const focusMovesInside = (root: Locator) =>
  root
    .evaluate((el) => new Promise<boolean>((resolve) => {
      const until = Date.now() + 5000;
      const poll = () => (el.contains(document.activeElement) ? resolve(true) : Date.now() > until ? resolve(false) : setTimeout(poll, 50));
      poll();
    }))
    .catch(() => false);

/** Opens a dialog with Enter on `button`, tabs around inside it, closes it with Escape. */
async function operateDialog(button: Locator, title: string | RegExp) {
  await tabTo(button);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  expect(await focusMovesInside(dialog), `focus inside "${String(title)}"`).toBe(true);
  // Tab cycles within the dialog (focus trap): never back onto the page behind it.
  for (let i = 0; i < 12; i += 1) {
    await page.keyboard.press('Tab');
    expect(await focusInside(dialog), `Tab ${i + 1} stays inside "${String(title)}"`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  expect(await isFocused(button), `focus back on the button that opened "${String(title)}"`).toBe(true);
}

/** Opens a menu with Enter on `button`, moves with the arrows, closes with Escape. */
async function operateMenu(button: Locator) {
  await tabTo(button);
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await menu.waitFor();
  expect(await focusMovesInside(menu), 'focus inside the menu').toBe(true);
  const first = await page.evaluate(() => document.activeElement?.textContent);
  await page.keyboard.press('ArrowDown');
  const second = await page.evaluate(() => document.activeElement?.textContent);
  expect(second).not.toBe(first);
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
  expect(await isFocused(button), 'focus back on the menu button').toBe(true);
}

beforeAll(async () => {
  const [pendingApproval, question, inDesign] = await Promise.all([
    pendingApprovalJob(`${tag} approval`, 'Kay Keys'),
    questionJob(`${tag} question`, 'Which roof covering is it: asphalt shingle or metal?'),
    inDesignJob(`${tag} design`, CONTRACTOR),
  ]);
  own = { pendingApproval, question, inDesign };
  browser = await launchBrowser({ ignore: (m) => expectedNoise(m.location().url) });
  ({ page, problems } = browser);
  // One job is designed, delivered and sealed through the API first: more than the 60 s default
  // for hooks on a busy machine.
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

// The tests below build on each other (one user story): they keep their order when the run shuffles.
describe('by keyboard, one story', { shuffle: false }, () => {
  describe('the client, by keyboard', () => {
    it('the skip link leads to the content', async () => {
      await signInAs(page, INSTALLER);
      // A fresh load: the first Tab starts from the top of the document.
      await page.reload();
      await page.getByRole('heading', { name: 'Jobs', level: 1 }).waitFor();
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: /skip to (main )?content/i });
      expect(await isFocused(skip)).toBe(true);
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
    });

    it('opens a job from the jobs grid with Enter', async () => {
      await page.goto(`${baseUrl}/jobs`);
      // The grid narrowed to the spec's own three jobs by the search: other specs add jobs while
      // this one runs, and a new row at the top would move the first row under the keyboard.
      await page.getByRole('grid').waitFor();
      await page.getByRole('textbox', { name: 'Search jobs' }).fill(tag);
      await expect.poll(() => page.getByRole('row').count(), { timeout: 10_000 }).toBe(4);
      const firstJob = page.getByRole('grid').getByRole('link').first();
      await firstJob.waitFor();
      const href = await firstJob.getAttribute('href');
      // Into the grid with Tab, down to the first row with the arrows, Enter opens the job.
      await tabTo(page.getByRole('grid').getByRole('columnheader').first());
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => u.pathname === href);
    });

    it('the account menu and the notifications open, move and close', async () => {
      await operateMenu(page.getByRole('button', { name: 'Account menu' }));
      const bell = page.getByTestId('notification-bell');
      await tabTo(bell);
      await page.keyboard.press('Enter');
      const popover = page.locator('.MuiPopover-paper');
      await popover.waitFor();
      await page.keyboard.press('Escape');
      await popover.waitFor({ state: 'hidden' });
      expect(await isFocused(bell)).toBe(true);
    });

    it('the job page: Approve and Request revision dialogs, and Send answer on a question', async () => {
      // Both jobs waiting on the client: the one delivered for approval and the one with a question.
      await page.goto(`${baseUrl}/jobs/${own.pendingApproval}`);
      const actions = page.getByTestId('job-actions');
      await operateDialog(actions.getByRole('button', { name: 'Approve' }), /approve/i);
      await operateDialog(actions.getByRole('button', { name: 'Request revision' }), /revision/i);
      await page.goto(`${baseUrl}/jobs/${own.question}`);
      await operateDialog(actions.getByRole('button', { name: 'Send answer' }), /answer/i);
      await signOut(page);
    });
  });

  describe('staff, by keyboard', () => {
    beforeAll(async () => {
      await signInAs(page, ADMIN);
    });

    it('the job page: Move status menu, Assign and revision dialogs', async () => {
      // The spec's own jobs: one in design (assigned, so the dialog reassigns) and one delivered.
      await page.goto(`${baseUrl}/jobs/${own.inDesign}`);
      const actions = page.getByTestId('job-actions');
      await operateMenu(actions.getByRole('button', { name: 'Move status' }));
      await operateDialog(actions.getByRole('button', { name: /^(Re)?assign$/ }), /assign/i);
      await page.goto(`${baseUrl}/jobs/${own.pendingApproval}`);
      await operateDialog(actions.getByRole('button', { name: 'Request revision' }), /revision/i);
    });

    it('the jobs filter: a status list opens, picks with the keyboard and closes', async () => {
      await page.goto(`${baseUrl}/jobs`);
      const status = page.getByRole('combobox', { name: 'Status' }).first();
      await tabTo(status);
      await page.keyboard.press('ArrowDown');
      const list = page.getByRole('listbox');
      await list.waitFor();
      expect(await focusMovesInside(list)).toBe(true);
      await page.keyboard.press('Escape');
      await list.waitFor({ state: 'hidden' });
      expect(pathOf(page)).toBe('/jobs');
    });

    it('the navigation drawer at phone width', async () => {
      await page.setViewportSize({ width: 400, height: 800 });
      await page.goto(`${baseUrl}/jobs`);
      const open = page.getByRole('button', { name: 'Open navigation' });
      await tabTo(open);
      await page.keyboard.press('Enter');
      const nav = page.getByRole('navigation', { name: 'Main' }).last();
      await nav.waitFor();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('.MuiDrawer-paper'))).toBe(true);
      await page.keyboard.press('Escape');
      await nav.waitFor({ state: 'hidden' });
      await page.setViewportSize({ width: 1280, height: 800 });
      await signOut(page);
    });

    it('raised no CSP violations or page errors', () => {
      expect(problems).toEqual([]);
    });
  });
});
