import type { Page, Response } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN, INSTALLER, OWNER, SUPPORT, baseUrl, downloadedBytes, launchBrowser, screenshot, signInAs, type Browser } from './support.ts';

/**
 * Analytics: each role opens the tabs the roles table gives it, changes the range and a
 * frequency, and exports a CSV; the page remembers the choices per user; light and dark themes.
 * The demo seed's sample jobs give the numbers.
 */
const CONTRACTOR = 'drafter@sunstamp.test';
const ROLES: [string, string, string[]][] = [
  ['admin', ADMIN, ['My Stats', 'Group Stats', 'Company Stats']],
  ['support', SUPPORT, ['My Stats', 'Group Stats', 'Company Stats']],
  ['contractor', CONTRACTOR, ['My Stats']],
  ['company admin', OWNER, ['My Stats', 'Company Stats']],
  ['user', INSTALLER, ['My Stats']],
];

const isStats = (r: Response) => new URL(r.url()).pathname === '/api/stats' && r.request().method() === 'GET';
const statsAnswer = (p: Page, pred: (q: URLSearchParams) => boolean = () => true) =>
  p.waitForResponse((r) => isStats(r) && pred(new URL(r.url()).searchParams));

const browsers: Browser[] = [];
afterAll(async () => {
  for (const b of browsers) await b.close();
});

async function openAnalytics(email: string) {
  const b = await launchBrowser();
  browsers.push(b);
  await signInAs(b.page, email);
  const first = statsAnswer(b.page);
  await b.page.goto(`${baseUrl}/analytics`);
  expect((await first).status()).toBe(200);
  return b;
}

describe('analytics page, per role', () => {
  for (const [name, email, tabs] of ROLES) {
    it(`${name}: tabs ${tabs.join(', ')}; range, frequency, CSV`, async () => {
      const { page, problems } = await openAnalytics(email);
      await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
      const shown = await page.getByRole('tab').allTextContents();
      expect(shown).toEqual(tabs);
      for (const tab of tabs) {
        const tabParam = { 'My Stats': 'my', 'Group Stats': 'group', 'Company Stats': 'company' }[tab]!;
        const selected = (await page.getByRole('tab', { name: tab }).getAttribute('aria-selected')) === 'true';
        const answer = selected ? null : statsAnswer(page, (q) => q.get('active_tab') === tabParam);
        await page.getByRole('tab', { name: tab }).click();
        if (answer) expect((await answer).status()).toBe(200);
        await page.getByTestId('kpi-job_count').getByTestId('kpi-value').waitFor();
      }
      // The range: a shortcut.
      const lastMonth = statsAnswer(page, (q) => q.get('start_date')!.endsWith('-01') && q.get('end_date')! < new Date().toISOString().slice(0, 10));
      await page.getByRole('button', { name: 'Last month' }).click();
      expect((await lastMonth).status()).toBe(200);
      await page.getByRole('button', { name: 'Last 12 months' }).click();
      // The frequency of the jobs-created chart.
      const weekly = statsAnswer(page, (q) => q.get('jobsCreatedInterval') === 'weekly');
      await page.getByTestId('stats-jobs-interval').click();
      await page.getByRole('option', { name: 'Weekly', exact: true }).click();
      const answer = await weekly;
      expect(answer.status()).toBe(200);
      const body = await answer.json();
      // CSV of the same data: one row per week, the header first.
      const download = page.waitForEvent('download');
      await page.getByTestId('stats-export').click();
      await page.getByTestId('stats-export-jobs_created').click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^sunstamp-stats-\w+-jobs-created-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = (await downloadedBytes(file)).toString('utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(csv[0]).toBe('period_start,period_end,jobs_created');
      expect(csv.length - 1).toBe(body.jobs_created.length);
      expect(csv.slice(1).reduce((n, l) => n + Number(l.split(',')[2]), 0)).toBe(body.job_count);
      expect(problems).toEqual([]);
    });
  }

  it('remembers the tab, range and frequency per user across a reload', async () => {
    const { page } = await openAnalytics(OWNER);
    await page.getByRole('tab', { name: 'Company Stats' }).click();
    await page.getByRole('button', { name: 'Year to date' }).click();
    const quarterly = statsAnswer(page, (q) => q.get('servicesRequestedInterval') === 'quarterly');
    await page.getByTestId('stats-services-interval').click();
    await page.getByRole('option', { name: 'Quarterly', exact: true }).click();
    await quarterly;
    const again = statsAnswer(page);
    await page.reload();
    const q = new URL((await again).url()).searchParams;
    expect(q.get('active_tab')).toBe('company');
    expect(q.get('start_date')).toBe(`${new Date().toISOString().slice(0, 4)}-01-01`);
    expect(q.get('servicesRequestedInterval')).toBe('quarterly');
    await expect(page.getByRole('tab', { name: 'Company Stats' }).getAttribute('aria-selected')).resolves.toBe('true');
  });

  it('shows the spec’s toast when the server fails', async () => {
    const { page } = await openAnalytics(INSTALLER);
    await page.route('**/api/stats?**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }));
    await page.getByRole('button', { name: 'This month' }).click();
    await page.getByText('Error getting statistics from server!').first().waitFor();
  });

  it('looks right in light and dark (screenshots in e2e/.artifacts)', async () => {
    const { page } = await openAnalytics(ADMIN);
    const company = statsAnswer(page, (q) => q.get('active_tab') === 'company');
    await page.getByRole('tab', { name: 'Company Stats' }).click();
    await company;
    await page.getByTestId('chart-jobs-created').locator('svg').first().waitFor();
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, 'analytics-company-light.png');
    await page.evaluate(() => localStorage.setItem('sunstamp.themeMode', 'dark'));
    const again = statsAnswer(page);
    await page.reload();
    await again;
    await page.getByTestId('chart-jobs-created').locator('svg').first().waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await screenshot(page, 'analytics-company-dark.png');
  });
});
