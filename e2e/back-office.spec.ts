import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownStaff } from './company-support.ts';
import { ADMIN, INSTALLER, baseUrl, launchBrowser, screenshot, signInAs, signOut, type Browser } from './support.ts';

let browser: Browser;
let page: Page;
const GROUP = `Electrical team ${Date.now().toString(36)}`;
/** An admin of the spec's own: on shift from its sign-in here (other specs sign the demo admin in and out at any time). */
let staffAdmin = '';

beforeAll(async () => {
  staffAdmin = await ownStaff('admin');
  browser = await launchBrowser();
  ({ page } = browser);
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe('back office', { shuffle: false }, () => {
  it('an admin creates a group, sees who is on shift, the shift log and the support contacts', async () => {
    await signInAs(page, staffAdmin);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Back office' }).click();
    await page.getByRole('heading', { name: 'Back office', level: 1 }).waitFor();
    await page.getByTestId('group').filter({ hasText: 'Design Team' }).waitFor();
    await page.getByRole('button', { name: 'New group' }).click();
    const dialog = page.getByRole('dialog', { name: 'New group' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Write the group\'s name.').waitFor();
    await dialog.getByLabel('Name').fill(GROUP);
    await dialog.getByLabel('Members').click();
    await page.getByRole('option', { name: /Sam Support/ }).click();
    await dialog.getByRole('heading', { name: 'New group' }).click();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'detached' });
    const card = page.getByTestId('group').filter({ hasText: GROUP });
    await card.getByText('Sam Support').waitFor();
    await screenshot(page, 'back-office-groups.png');

    await page.getByRole('tab', { name: 'Active users' }).click();
    await page.getByRole('table', { name: 'Active users' }).getByText(staffAdmin).waitFor();
    await screenshot(page, 'back-office-active.png');
    await page.getByRole('tab', { name: 'Shifts' }).click();
    await page.getByRole('table', { name: 'Shifts' }).getByText('On shift').first().waitFor();
    await screenshot(page, 'back-office-shifts.png');
    await page.getByRole('tab', { name: 'Support contacts' }).click();
    await page.getByRole('table', { name: 'Support contacts' }).getByRole('cell', { name: 'Acme Solar' }).waitFor();
    await screenshot(page, 'back-office-contacts.png');
    await signOut(page);
  });

  it('a visitor writes through Contact us (a field left empty is named, a script stays text); staff read it under From the website', async () => {
    const who = `Robin ${Date.now().toString(36)}`;
    const message = 'Do you stamp ground mounts in Ohio? <img src=x onerror="window.__xss=1">';
    await page.goto(`${baseUrl}/contact-us`);
    const form = page.getByRole('form', { name: 'Write to us' });
    await form.getByRole('button', { name: 'Send message' }).click();
    await form.getByText('Write your name.').waitFor();
    await form.getByLabel('Your name').fill(who);
    await form.getByLabel('Company').fill('Vale Roofing');
    await form.getByLabel('Email').fill('robin@vale.test');
    await form.getByLabel('Message').fill(message);
    await screenshot(page, 'contact-us-form.png');
    await form.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Thank you! Your message is with our team; we answer on business days.').waitFor();

    await signInAs(page, ADMIN, `/back-office?tab=inbound`);
    const table = page.getByRole('table', { name: 'Contact messages' });
    const row = table.getByRole('row').filter({ hasText: who });
    await row.getByText(message).waitFor();
    await expect(row.getByRole('link', { name: 'robin@vale.test' }).getAttribute('href')).resolves.toBe('mailto:robin@vale.test');
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await screenshot(page, 'back-office-inbound.png');
    await signOut(page);
  });

  it('a visitor asks for a demo from the home page (the fields left empty are marked); staff read it under From the website', async () => {
    const who = `Dana ${Date.now().toString(36)}`;
    await page.goto(baseUrl);
    await page.getByRole('link', { name: 'Request a demo' }).first().click();
    await page.getByRole('heading', { name: 'Request a demo', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Request a demo' }).click();
    // Name, email and company are required; nothing is sent until they are there.
    await page.getByText('This field is required.').first().waitFor();
    expect(await page.getByText('This field is required.').count()).toBe(2);
    await page.getByText('Enter a valid email address.').waitFor();
    await page.getByLabel('Your name').fill(who);
    await page.getByLabel('Work email').fill('dana@sunny-roofs.test');
    await page.getByLabel('Company').fill('Sunny Roofs');
    await page.getByLabel('Anything we should know?').fill('Twelve roofs a week in Arizona.');
    await page.getByRole('button', { name: 'Request a demo' }).click();
    await page.getByRole('heading', { name: 'Request received', level: 1 }).waitFor();
    await page.getByText('Thank you! We will be in touch shortly.').waitFor();
    await screenshot(page, 'request-demo-received.png');

    await signInAs(page, ADMIN, `/back-office?tab=inbound`);
    const row = page.getByRole('table', { name: 'Demo requests' }).getByRole('row').filter({ hasText: who });
    await row.getByText('Twelve roofs a week in Arizona.').waitFor();
    await row.getByText('Sunny Roofs').waitFor();
    await signOut(page);
  });

  it('a client user has no back office', async () => {
    await signInAs(page, INSTALLER);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Back office' }).count()).toBe(0);
    expect(await page.getByRole('menuitem', { name: 'Blog and help' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.goto(`${baseUrl}/back-office`);
    // The section guard sends them to their jobs, and says why.
    await page.waitForURL((u) => u.pathname === '/jobs');
    await page.getByText('Your account does not have access to /back-office. You were taken to your jobs.').waitFor();
    await signOut(page);
  });
});
