import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_COMPLETION_LABELS } from '@sunstamp/domain/constants/job-events.constants';
import { apiAs } from './deliverables-support.ts';
import { ADMIN, INSTALLER, baseUrl, launchBrowser, signInAs, type Browser } from './support.ts';

/*
 * What a new user of each role met clicking through the demo workspace: labels, units and states
 * the screens showed wrongly or confusingly. The demo seed's jobs are read, never changed, so the
 * checks hold whichever specs ran on the shared server before.
 */

const offline = (url: string) => /tile\.openstreetmap\.org|\/api\/parcel\b/.test(url);
let staff: Browser;
let client: Browser;
let patelId: string;

beforeAll(async () => {
  const admin = await apiAs(ADMIN);
  const page = (await admin('GET', '/jobs?search=Patel%20Residence')) as { results: { id: string; name: string }[] };
  patelId = page.results.find((j) => j.name === 'Patel Residence')!.id;
  staff = await launchBrowser({ ignore: (m) => offline(m.location().url) });
  await signInAs(staff.page, ADMIN);
  client = await launchBrowser({ ignore: (m) => offline(m.location().url) });
  await signInAs(client.page, INSTALLER);
});
afterAll(async () => {
  await staff?.close();
  await client?.close();
});

describe('the job page', () => {
  it('shows staff each task\'s state in its select, a blank one as Not Completed', async () => {
    const { page } = staff;
    await page.goto(`${baseUrl}/jobs/${patelId}`);
    const tasks = page.getByTestId('job-tasks');
    await tasks.waitFor();
    const selects = tasks.getByRole('combobox');
    await expect.poll(() => selects.count()).toBeGreaterThan(0);
    const shown = await selects.allInnerTexts();
    const labels: string[] = Object.values(TASK_COMPLETION_LABELS);
    for (const text of shown) expect(labels).toContain(text.trim());
    // No floating "Task" label over the select above it.
    expect(await tasks.locator('label', { hasText: /^Task$/ }).count()).toBe(0);
  });

  it('writes the roof pitch as engineering text does, and requirement numbers with their unit', async () => {
    const { page } = client;
    await page.goto(`${baseUrl}/jobs/${patelId}`);
    const pitch = page.getByText('Roof Pitch', { exact: true }).locator('xpath=following-sibling::*[1]');
    await expect.poll(async () => (await pitch.innerText()).trim()).toMatch(/^\d+(\.\d+)?°$/);
    const rail = page.getByTestId('resolved-rail_length');
    if (await rail.count()) expect(await rail.locator('td').nth(1).innerText()).toMatch(/^\d+(\.\d+)? ft/);
    expect(client.problems).toEqual([]);
  });
});

describe('the Design page for a client', () => {
  it('does not tell a viewer who cannot edit that the design is "not saved yet"', async () => {
    const { page } = client;
    await page.goto(`${baseUrl}/jobs/${patelId}/design`);
    await page.getByTestId('design-canvas').waitFor();
    const text = await page.locator('main').innerText();
    expect(text).not.toContain('not saved yet');
    expect(text).not.toContain('the client\'s panel layout');
    expect(text).not.toMatch(/\d %/);
  });
});

describe('reference and catalogue screens', () => {
  it('Reference › Engineering has its tabs first and its own title, like the other two tabs', async () => {
    const { page } = staff;
    await page.goto(`${baseUrl}/reference/engineering`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect.poll(() => heading.innerText()).toBe('Engineering');
    const tabsFirst = await page.evaluate(() => {
      const tabs = document.querySelector('[aria-label="Reference data"]');
      const h1 = document.querySelector('main h1');
      return !!tabs && !!h1 && !!(tabs.compareDocumentPosition(h1) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(tabsFirst).toBe(true);
    expect(await page.title()).toMatch(/^Engineering/);
  });

  it('a new AHJ starts with each code\'s default edition, not "Not known"', async () => {
    const { page } = staff;
    await page.goto(`${baseUrl}/ahjs`);
    await page.getByRole('button', { name: 'New AHJ' }).click();
    const dialog = page.getByRole('dialog');
    const ibc = dialog.getByRole('combobox', { name: 'IBC' });
    await expect.poll(async () => (await ibc.innerText()).trim()).toMatch(/^IBC \d{4}$/);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
});

describe('dark mode', () => {
  it('shows which toggle is on: the selected one is not dimmer than the others', async () => {
    const dark = await launchBrowser();
    try {
      await dark.context.addInitScript(() => localStorage.setItem('sunstamp.themeMode', 'dark'));
      await signInAs(dark.page, ADMIN, `/messages`);
      const group = dark.page.getByRole('group').filter({ hasText: 'Unread' }).first();
      await group.waitFor();
      const colors = await group.locator('button').evaluateAll((bs) =>
        bs.map((b) => ({ pressed: b.getAttribute('aria-pressed') === 'true', color: getComputedStyle(b).color })));
      const on = colors.find((c) => c.pressed)!;
      const off = colors.filter((c) => !c.pressed);
      expect(off.length).toBeGreaterThan(0);
      for (const c of off) {
        expect(c.color).not.toBe(on.color);
        expect(c.color).not.toBe('rgb(255, 255, 255)');
      }
    } finally {
      await dark.close();
    }
  });
});
