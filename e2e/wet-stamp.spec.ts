import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WET_STAMP_TASK_BY_HAND_MESSAGE } from '@sunstamp/domain/jobs/wet-stamp.rules';
import { INSTALLER, SUPPORT, artifacts, baseUrl, launchBrowser, screenshot, signInAs, signOut, type Browser } from './support.ts';
import { submittedJob, type Call } from './deliverables-support.ts';

/**
 * The wet stamp end to end: a job ordered with the Wet Stamp service waits in Pending Wet Stamp;
 * staff choose the copies, mark them stamped (the Wet Stamp task goes In Progress; its own control
 * is disabled, since the task follows the card), cannot move the job on before shipping, mark them
 * shipped with carrier and tracking reference (the job may then reach Design Completed) and
 * delivered (the task is Completed); the client reads every step on the job page without a
 * control to change it. Screenshots in light and dark.
 */
const JOB_NAME = `E2E Wet stamp ${Date.now().toString(36)}`;
const TRACKING = '1Z999AA10123456784';

let browser: Browser;
let page: Page;
let problems: string[];
let jobId = '';
let staff: Call;

beforeAll(async () => {
  ({ jobId, staff } = await submittedJob(
    {
      name: JOB_NAME, client_name: 'Wes Stamp', client_street_address: '12 Paper Rd', services_requested: ['wet_stamp'],
      // Asked at intake with the service (issue 29, item 11).
      wet_stamp_order: { copies: 1, recipient: 'Wes Stamp', street: '12 Paper Rd', city: 'Austin', state: 'TX', zip: '78701' },
    },
    ['Pending Design', 'Pending QC', 'Pending PE', 'Pending Wet Stamp'],
  ));
  browser = await launchBrowser();
  ({ page, problems } = browser);
});

afterAll(async () => {
  await browser?.close();
});

const card = () => page.getByTestId('wet-stamp-card');
const tasks = () => page.getByTestId('job-tasks');
const axeSource: string = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

/**
 * axe-core on the card alone, or on another part of the page (the accessibility spec's rules:
 * WCAG 2.1 A/AA and best practices, or the colour rules only in the dark theme): its serious and
 * critical violations.
 */
async function cardViolations(coloursOnly: boolean, selector = '[data-testid="wet-stamp-card"]'): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async ({ colours, within }) => {
    type Violation = { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] };
    const w = window as unknown as { axe: { run: (ctx: string, opts: object) => Promise<{ violations: Violation[] }> } };
    const r = await w.axe.run(within, {
      runOnly: colours ? { type: 'rule', values: ['color-contrast', 'link-in-text-block'] } : { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  }, { colours: coloursOnly, within: selector });
}

/** The card alone, to look at it closely. */
const shootCard = (name: string) => card().screenshot({ path: path.join(artifacts, name) });

// The tests below build on each other (one user story): they keep their order when the run shuffles.
describe('the wet stamp, one story', { shuffle: false }, () => {
  describe('staff record the wet stamp step by step', () => {
    it('copies, stamped: the task is In Progress and the job still waits for the shipment', async () => {
      await signInAs(page, SUPPORT, `/jobs/${jobId}`);
      await card().getByText('Ordered as the Wet Stamp service.').waitFor();
      await card().getByTestId('wet-stamp-state').getByText('Pending Wet Stamp').waitFor();
      await card().getByText('it moves to Design Completed once the copies are shipped', { exact: false }).waitFor();
      await shootCard('wet-stamp-card-pending.png');
      expect(await cardViolations(false)).toEqual([]);
      await card().getByRole('button', { name: '2 copies' }).click();
      await page.getByText('Wet stamp: 2 copies.').first().waitFor();
      await card().getByText('2 copies of the plan set, wet-stamped').waitFor();
      await card().getByRole('button', { name: 'Mark stamped' }).click();
      await page.getByText('2 copies marked stamped.').first().waitFor();
      await card().getByTestId('wet-stamp-state').getByText('Stamped').waitFor();
      await tasks().getByText('In Progress').waitFor();
      await expect(staff('POST', `/jobs/${jobId}/status`, { status: 'Design Completed' })).rejects.toThrow(/until its wet stamp is shipped/);
    });

    it('the Wet Stamp task follows the card: its control is disabled with a tooltip saying where to act, and the API refuses a hand move', async () => {
      const locked = tasks().getByTestId('wet-stamp-task');
      expect(await locked.getByRole('combobox', { name: 'Task for Wet Stamp' }).isDisabled()).toBe(true);
      await tasks().getByText('Follows the wet stamp card').waitFor();
      await locked.hover();
      await page.getByRole('tooltip').getByText(WET_STAMP_TASK_BY_HAND_MESSAGE).waitFor();
      // The tasks list with its tooltip open, to look at it closely.
      const box = (await tasks().boundingBox())!;
      await page.screenshot({ path: path.join(artifacts, 'wet-stamp-task-locked.png'), clip: { x: box.x - 16, y: box.y - 72, width: box.width + 32, height: box.height + 144 } });
      await page.mouse.move(0, 0);
      await page.getByRole('tooltip').waitFor({ state: 'detached' });
      // Keyboard users reach the explanation too (back a field and Tab in again: the tooltip opens on keyboard focus).
      await locked.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      expect(await locked.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.getByRole('tooltip').getByText(WET_STAMP_TASK_BY_HAND_MESSAGE).waitFor();
      await locked.blur();
      expect(await cardViolations(false, '[data-testid="job-tasks"]')).toEqual([]);
      await expect(staff('PUT', `/jobs/${jobId}/tasks/wet_stamp`, { status: 'completed' })).rejects.toThrow(/409 .*follows the wet stamp card/);
      await tasks().getByText('In Progress').waitFor();
    });

    it('shipping asks for the carrier and the tracking reference; then the job moves on', async () => {
      await card().getByRole('button', { name: 'Mark shipped…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Mark the wet stamp shipped' });
      await dialog.getByText('2 copies leave the office with this shipment.').waitFor();
      await dialog.getByRole('button', { name: 'Mark shipped' }).click();
      // Nothing is sent without them: both fields say so.
      expect(await dialog.locator('.Mui-error').count()).toBeGreaterThanOrEqual(2);
      await dialog.getByLabel('Carrier').fill('UPS');
      await dialog.getByLabel('Tracking reference').fill(TRACKING);
      await dialog.getByRole('button', { name: 'Mark shipped' }).click();
      await page.getByText('Wet stamp marked shipped.').first().waitFor();
      await card().getByTestId('wet-stamp-tracking').getByText(TRACKING).waitFor();
      await card().getByTestId('wet-stamp-state').getByText('Shipped').waitFor();
      await page.waitForFunction(() => !document.body.innerText.includes('it moves to Design Completed once the copies are shipped'));
      await card().scrollIntoViewIfNeeded();
      await screenshot(page, 'wet-stamp-staff-light.png');
      await shootCard('wet-stamp-card-light.png');
      await page.evaluate(() => localStorage.setItem('sunstamp.themeMode', 'dark'));
      await page.reload();
      await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
      await card().getByTestId('wet-stamp-tracking').waitFor();
      await screenshot(page, 'wet-stamp-staff-dark.png');
      await shootCard('wet-stamp-card-dark.png');
      expect(await cardViolations(true)).toEqual([]);
      await page.evaluate(() => localStorage.setItem('sunstamp.themeMode', 'light'));
      const moved = await staff('POST', `/jobs/${jobId}/status`, { status: 'Design Completed' });
      expect(moved.status).toBe('Design Completed');
    });

    it('delivered on a date: the Wet Stamp task is Completed and the history says what happened', async () => {
      await page.reload();
      await card().getByRole('button', { name: 'Mark delivered…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Mark the wet stamp delivered' });
      expect(await dialog.getByLabel('Delivered on').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      await dialog.getByRole('button', { name: 'Mark delivered' }).click();
      await page.getByText('Wet stamp marked delivered.').first().waitFor();
      await card().getByTestId('wet-stamp-state').getByText('Delivered').waitFor();
      await tasks().getByText('Completed').waitFor();
      await page.getByLabel('Job history').getByText(`Wet stamp shipped: 2 copies by UPS, tracking ${TRACKING}`).waitFor();
      expect(problems).toEqual([]);
    });
  });

  describe('the client reads it', () => {
    it('every step with the tracking reference, "Our team" for who, and no control', async () => {
      await signOut(page);
      await signInAs(page, INSTALLER, `/jobs/${jobId}`);
      await card().getByTestId('wet-stamp-state').getByText('Delivered').waitFor();
      await card().getByTestId('wet-stamp-tracking').getByText(TRACKING).waitFor();
      expect(await card().getByText('Our team', { exact: false }).count()).toBe(3);
      expect(await card().getByRole('button').count()).toBe(0);
      await card().scrollIntoViewIfNeeded();
      await screenshot(page, 'wet-stamp-client.png');
      await shootCard('wet-stamp-card-client.png');
      expect(await cardViolations(false)).toEqual([]);
      expect(problems).toEqual([]);
    });
  });
});
