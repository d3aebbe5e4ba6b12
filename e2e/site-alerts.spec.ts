import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, INSTALLER, baseUrl, launchBrowser, screenshot, settled, signInAs, signOut, type Browser } from './support.ts';

let browser: Browser;
let page: Page;
let problems: string[];
const MESSAGE = `Planned maintenance ${Date.now()}: the portal pauses for 10 minutes at 9 pm.`;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page, problems } = browser);
});
afterAll(async () => {
  await browser?.close();
});

describe('site alerts', { shuffle: false }, () => {
  it('an admin writes an alert for client users, with a preview', async () => {
    await signInAs(page, ADMIN);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Site alerts' }).click();
    await page.getByRole('heading', { name: 'Site alerts', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New alert' }).click();
    const dialog = page.getByRole('dialog', { name: 'New site alert' });
    // An empty message is refused beside the field.
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Write the message.').waitFor();
    await dialog.getByLabel('Message').fill(MESSAGE);
    await dialog.getByLabel('Look').click();
    await page.getByRole('option', { name: 'Warning (orange)' }).click();
    await dialog.getByLabel('Only these roles').click();
    await page.getByRole('option', { name: 'User', exact: true }).click();
    await dialog.getByRole('heading', { name: 'New site alert' }).click();
    await dialog.getByRole('alert').getByText(MESSAGE).waitFor(); // the preview
    await screenshot(page, 'site-alert-dialog.png');
    // The server's answer, so a failure says whether the alert was refused, never sent, or slow.
    const created = page.waitForResponse((r) => new URL(r.url()).pathname.replace(/\/$/, '') === '/api/site-alerts' && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Create' }).click();
    const answer = await created;
    expect(answer.status(), await answer.text()).toBe(201);
    await dialog.waitFor({ state: 'detached' });
    const card = page.getByTestId('site-alert').filter({ hasText: MESSAGE });
    await card.getByText('Live').waitFor();
    await card.getByText('For User').waitFor();
    await screenshot(page, 'site-alerts-page.png');
    // Not for admins: the banner is not on the admin's own page.
    await page.goto(`${baseUrl}/jobs`);
    await page.getByRole('heading', { name: 'Jobs', level: 1 }).waitFor();
    expect(await page.getByRole('region', { name: 'Site alerts' }).getByText(MESSAGE).count()).toBe(0);
    await signOut(page);
  });

  it('a client user sees it, closes it, and it stays closed after signing in again', async () => {
    await signInAs(page, INSTALLER);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Site alerts' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    const banner = page.getByRole('alert').filter({ hasText: MESSAGE });
    await banner.waitFor();
    await screenshot(page, 'site-alert-banner.png');
    // Closing is stored for the person (on every device): the server has it before signing out.
    const dismissed = page.waitForResponse((r) => /^\/api\/site-alerts\/[^/]+\/dismiss\/?$/.test(new URL(r.url()).pathname));
    await banner.getByRole('button', { name: 'Close this alert' }).click();
    await banner.waitFor({ state: 'detached' });
    expect((await dismissed).ok()).toBe(true);
    await signOut(page);
    // The banners come with /users/me: once it has answered and the page has settled, a banner would show.
    const me = page.waitForResponse((r) => /^\/api\/users\/me\/?$/.test(new URL(r.url()).pathname) && r.request().method() === 'GET');
    await signInAs(page, INSTALLER);
    await page.getByRole('heading', { name: 'Jobs', level: 1 }).waitFor();
    expect((await me).ok()).toBe(true);
    await settled(page);
    expect(await page.getByRole('alert').filter({ hasText: MESSAGE }).count()).toBe(0);
    await signOut(page);
  });

  it('the admin sees who closed it and expires it', async () => {
    await signInAs(page, ADMIN, `/site-alerts`);
    const card = page.getByTestId('site-alert').filter({ hasText: MESSAGE });
    await card.getByText('closed by 1 person', { exact: false }).waitFor();
    await card.getByRole('button', { name: 'Expire now' }).click();
    // The status chip (the card's time window also reads "… until expired").
    await card.getByText('Expired', { exact: true }).waitFor();
    expect(problems).toEqual([]);
  });
});
