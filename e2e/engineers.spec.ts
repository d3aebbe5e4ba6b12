import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from '@sunstamp/planset/fixtures/golden.fixtures';
import { ADMIN, INSTALLER, SUPPORT, baseUrl, launchBrowser, screenshot, signInAs, signOut, type Browser } from './support.ts';

let browser: Browser;
let page: Page;
let problems: string[];
const NAME = `Dana Whitfield ${Date.now().toString(36)}`;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page, problems } = browser);
});
afterAll(async () => {
  await browser?.close();
});

describe('engineers', { shuffle: false }, () => {
  it('an admin adds an engineer with PE licences and uploads the seal', async () => {
    await signInAs(page, ADMIN);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Engineers' }).click();
    await page.getByRole('heading', { name: 'Engineers', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add engineer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add engineer' });
    // An empty name and licence are refused beside the fields.
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByText('Write the engineer\'s name.').waitFor();
    await dialog.getByLabel('Name').fill(NAME);
    await dialog.getByLabel('Email').fill('dana@sunstamp.test');
    await dialog.getByLabel('Disciplines').click();
    await page.getByRole('option', { name: 'Electrical' }).click();
    await dialog.getByRole('heading', { name: 'Add engineer' }).click();
    await dialog.getByLabel('State').first().fill('tx');
    await dialog.getByLabel('Licence number').first().fill('PE-123456');
    await dialog.getByLabel('Expires').first().fill('2030-12-31');
    await dialog.getByRole('button', { name: 'Add licence' }).click();
    await dialog.getByLabel('State').nth(1).fill('FL');
    await dialog.getByLabel('Licence number').nth(1).fill('PE-77');
    await dialog.getByLabel('Expires').nth(1).fill('2024-01-31');
    await screenshot(page, 'engineer-dialog.png');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const card = page.getByTestId('engineer').filter({ hasText: NAME });
    await card.getByText('TX PE-123456, expires 2030-12-31').waitFor();
    await card.getByText('FL PE-77, expired 2024-01-31').waitFor();
    await card.getByText('Upload the seal image before this engineer can seal.').waitFor();
    await card.getByLabel(`Seal image of ${NAME}`).setInputFiles({ name: 'seal.png', mimeType: 'image/png', buffer: Buffer.from(solidPng(200, 200, [30, 70, 160])) });
    await card.getByRole('img', { name: `${NAME}'s seal` }).waitFor();
    await card.getByText('Seals structural and electrical documents in TX.').waitFor();
    // An SVG seal is taken too (sanitised and kept as a PNG).
    await card.getByLabel(`Seal image of ${NAME}`).setInputFiles({ name: 'seal.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><circle cx="100" cy="100" r="90" fill="none" stroke="navy" stroke-width="8"/></svg>') });
    await page.getByText('Seal uploaded.').first().waitFor();
    // No account is linked: an admin may seal in this engineer's name only on a recorded written authorisation.
    await card.getByTestId('seal-authorisation').getByText('Not authorised, and no account is linked', { exact: false }).waitFor();
    await card.getByRole('button', { name: 'Record authorisation' }).click();
    const auth = page.getByRole('dialog', { name: `Authorise admins to seal in ${NAME}'s name` });
    await auth.getByLabel('Written authorisation').fill('Signed letter of authority, 2026-03-02, office file');
    await auth.getByRole('button', { name: 'Record' }).click();
    await card.getByText('Signed letter of authority, 2026-03-02, office file', { exact: false }).waitFor();
    await card.getByTestId('certificates').getByText('None registered', { exact: false }).waitFor();
    // The demo engineer's seal is marked as what it is.
    await page.getByTestId('engineer').filter({ hasText: 'Dana Whitfield (demo)' }).getByText('Demo – not a valid seal').waitFor();
    await screenshot(page, 'engineers-page.png');
    await signOut(page);
  });

  it('support reads the list without editing; a client has no Engineers page', async () => {
    await signInAs(page, SUPPORT, `/engineers`);
    await page.getByTestId('engineer').filter({ hasText: NAME }).waitFor();
    expect(await page.getByRole('button', { name: 'Add engineer' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Upload seal' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Replace seal' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Register a certificate' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Record authorisation' }).count()).toBe(0);
    await signOut(page);
    await signInAs(page, INSTALLER);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Engineers' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await signOut(page);
    expect(problems).toEqual([]);
  });
});
