import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedJob, draftJob, ownTag } from './own-jobs.ts';
import { ADMIN, INSTALLER, baseUrl, clickPastToasts, launchBrowser, screenshot, settled, signInAs, type Browser } from './support.ts';

/**
 * Phone width (400 × 800): the jobs list is a card list, the intake a compact stepper, the
 * requirements stack, and no page scrolls sideways. Screenshots land in e2e/.artifacts. The jobs
 * are the spec's own (e2e/own-jobs.ts): a draft filled in as far as the review (arrays, CAD intake,
 * equipment) and an approved job, so no other spec's change to a demo job decides what fits.
 */

let browser: Browser;
let page: Page;
let problems: string[];
let jobPath = '';
let approvedId = '';

/** Map tiles cannot load offline, and the parcel lookup answers 501 without a provider. */
const expectedNoise = (url: string) => /tile\.openstreetmap\.org/.test(url) || /\/api\/parcel\b/.test(url);

const overflow = (p: Page) =>
  p.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));

async function expectNoSidewaysScroll(p: Page) {
  await settled(p);
  const o = await overflow(p);
  expect(o.scrollWidth, `scrollWidth ${o.scrollWidth} > innerWidth ${o.innerWidth} on ${p.url()}`).toBeLessThanOrEqual(o.innerWidth);
}

beforeAll(async () => {
  const tag = ownTag('E2E Phone');
  const [draft, approved] = await Promise.all([draftJob(`${tag} draft`, 'Linh Narrow'), approvedJob(`${tag} approved`)]);
  jobPath = `/jobs/${draft}`;
  approvedId = approved;
  browser = await launchBrowser({ ignore: (m) => expectedNoise(m.location().url) });
  ({ page, problems } = browser);
  await page.setViewportSize({ width: 400, height: 800 });
  await signInAs(page, INSTALLER);
  // An approved job is designed, delivered and sealed through the API first: more than the 60 s
  // default for hooks on a busy machine.
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

describe('phone width, 400 px', { shuffle: false }, () => {
  it('the jobs list is a card list', async () => {
    await page.getByRole('heading', { name: 'Jobs', level: 1 }).waitFor();
    const list = page.getByTestId('jobs-card-list');
    await list.waitFor();
    await expect(page.getByRole('grid').count()).resolves.toBe(0);
    // Cards have no columns to choose: no "Columns" button that would do nothing.
    await expect(page.getByRole('button', { name: 'Columns' }).count()).resolves.toBe(0);
    const first = list.getByRole('link').first();
    await first.getByTestId('job-status-chip').waitFor();
    await expectNoSidewaysScroll(page);
    // The filters stack one under another, each as wide as the search field (not a column of ragged widths).
    const fields = page.getByRole('search', { name: 'Filter jobs' }).locator('.MuiFormControl-root');
    const widths = await fields.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().width)));
    expect(widths.length).toBeGreaterThanOrEqual(3);
    expect(new Set(widths).size, `filter widths ${widths.join(', ')}`).toBe(1);
    await screenshot(page, 'phone-jobs-list.png');
  });

  it('the job page fits, its arrays one card each', async () => {
    await page.goto(`${baseUrl}${jobPath}`);
    await page.getByTestId('job-status-chip').first().waitFor();
    const cards = page.getByTestId('array-card');
    await cards.first().waitFor();
    await expect(page.getByRole('table', { name: 'Arrays' }).count()).resolves.toBe(0);
    await cards.first().getByText('Panels').waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'phone-job-page.png');
  });

  it('the revision page fits', async () => {
    await page.goto(`${baseUrl}/jobs/${approvedId}/revise`);
    await page.getByRole('heading', { name: /^Request a revision/, level: 1 }).waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'phone-revise-page.png');
  });

  it('the intake shows a compact stepper, every step fits', async () => {
    await page.goto(`${baseUrl}/jobs/new?id=${jobPath.split('/').pop()}`);
    await page.getByRole('heading', { name: 'Address', level: 2 }).waitFor();
    await page.getByTestId('intake-compact-stepper').getByText('Step 1 of 7 · Address').waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'phone-intake-1-address.png');
    // Scrolled to its end, the page leaves its Next button clear of where a toast lies (the
    // screen's bottom 72 px at this width: notistack's 14 px inset and a 48 px toast, and a gap).
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const next = await page.getByRole('button', { name: 'Next' }).boundingBox();
    expect(next, 'the Next button is laid out').not.toBeNull();
    expect(next!.y + next!.height).toBeLessThanOrEqual(800 - 72);
    let n = 1;
    for (const step of ['Arrays', 'CAD intake', 'Equipment', 'Services', 'Files']) {
      await clickPastToasts(page, page.getByRole('button', { name: 'Next' }));
      await page.getByRole('heading', { name: step, level: 2 }).waitFor();
      n += 1;
      await page.getByTestId('intake-compact-stepper').getByText(`Step ${n} of 7 · ${step}`).waitFor();
      await expectNoSidewaysScroll(page);
      await screenshot(page, `phone-intake-${n}-${step.toLowerCase().replace(/\s+/g, '-')}.png`);
    }
  });

  it('the requirements stack label above value', async () => {
    await page.goto(`${baseUrl}/requirements`);
    await page.getByRole('heading', { name: 'Requirements', level: 1 }).waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'phone-requirements.png');
  });

  it('dark theme at 400 px: the jobs list, the job page, the CAD step and the revision page fit', async () => {
    await page.goto(`${baseUrl}/jobs`);
    await page.getByTestId('theme-toggle').first().click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await page.getByTestId('jobs-card-list').waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'phone-dark-jobs-list.png');
    await page.goto(`${baseUrl}${jobPath}`);
    await page.getByTestId('array-card').first().waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'phone-dark-job-page.png');
    await page.goto(`${baseUrl}/jobs/new?id=${jobPath.split('/').pop()}`);
    await page.getByRole('heading', { name: 'Address', level: 2 }).waitFor();
    for (const step of ['Arrays', 'CAD intake']) {
      await clickPastToasts(page, page.getByRole('button', { name: 'Next' }));
      await page.getByRole('heading', { name: step, level: 2 }).waitFor();
    }
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'phone-dark-intake-cad.png');
    await page.getByTestId('theme-toggle').first().click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
  });

  it('staff at 400 px: a tab bar too wide for the screen scrolls, with arrows, instead of cutting its last tab off', async () => {
    const staff = await launchBrowser();
    try {
      await staff.page.setViewportSize({ width: 400, height: 800 });
      await signInAs(staff.page, ADMIN);
      for (const [at, tabs, last] of [['/analytics', 'Statistics', 'Company Stats'], ['/reference/option-lists', 'Reference data', 'Engineering']] as const) {
        await staff.page.goto(`${baseUrl}${at}`);
        const bar = staff.page.getByRole('tablist', { name: tabs });
        await bar.getByRole('tab', { name: last }).waitFor();
        await settled(staff.page);
        const fit = await bar.evaluate((list, name) => {
          const tab = [...list.querySelectorAll('[role="tab"]')].find((t) => t.textContent === name)!;
          const root = list.closest('.MuiTabs-root')!;
          const arrows = [...root.querySelectorAll('.MuiTabScrollButton-root')].filter((b) => (b as HTMLElement).offsetWidth > 0 && !b.classList.contains('Mui-disabled'));
          return { inside: tab.getBoundingClientRect().right <= root.getBoundingClientRect().right + 0.5, arrows: arrows.length };
        }, last);
        expect(fit.inside || fit.arrows > 0, `${at}: "${last}" is cut off with no arrow to reach it`).toBe(true);
        await screenshot(staff.page, `phone-tabs${at.replace(/\W+/g, '-')}.png`);
      }
      expect(staff.problems).toEqual([]);
    } finally {
      await staff.close();
    }
  });

  it('the verification page at 400 px: Verify with no code asks for one, and the button keeps the field\'s height', async () => {
    const reviewer = await launchBrowser();
    try {
      await reviewer.page.setViewportSize({ width: 400, height: 800 });
      await reviewer.page.goto(`${baseUrl}/verify`);
      await reviewer.page.getByRole('button', { name: 'Verify' }).click();
      await reviewer.page.getByText('Enter the code printed beside the seal.').waitFor();
      const button = (await reviewer.page.getByRole('button', { name: 'Verify' }).boundingBox())!;
      const field = (await reviewer.page.getByRole('textbox', { name: 'Verification code' }).locator('..').boundingBox())!;
      expect(Math.abs(button.height - field.height), `button ${button.height} px, field ${field.height} px`).toBeLessThanOrEqual(1);
      await expectNoSidewaysScroll(reviewer.page);
      expect(reviewer.problems).toEqual([]);
    } finally {
      await reviewer.close();
    }
  });

  it('raised no CSP violations or page errors', () => {
    expect(problems).toEqual([]);
  });
});
