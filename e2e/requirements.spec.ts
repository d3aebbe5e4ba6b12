import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHIP_GROUPS } from '@sunstamp/domain/requirements/chip-groups.data';
import { REQUIREMENT_DEFINITIONS } from '@sunstamp/domain/requirements/requirement-definitions.data';
import { ownCompany, type OwnCompany } from './company-support.ts';
import { ADMIN, baseUrl, launchBrowser, pathOf, screenshot, signInAs, signOut, type Browser, navTo } from './support.ts';

let browser: Browser;
/** The spec's own client company: its admin changes its requirements (the demo's Acme Solar is read by other specs). */
let company: OwnCompany;

beforeAll(async () => {
  company = await ownCompany('E2E Requirements Co');
  // The CSV import with a bad line answers 400 and the mislabelled upload 415 on purpose; Chromium logs them as console errors.
  browser = await launchBrowser({ ignore: (m) => /status of 4(00|15)|Upload failed/.test(m.text()) });
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

const chip = (key: string) => browser.page.getByTestId(`chip-${key}`);

// The tests below build on each other (one user story): they keep their order when the run shuffles.
describe('requirements, one story', { shuffle: false }, () => {
  describe('requirements form (company admin)', () => {
    it('opens the own company’s requirements', async () => {
      await signInAs(browser.page, company.owner);
      const { page } = browser;
      await page.goto(`${baseUrl}/requirements`);
      await page.getByRole('heading', { name: 'Requirements', level: 1 }).waitFor();
      await chip('general').waitFor();
      expect(pathOf(page)).toBe('/requirements');
      await screenshot(page, 'requirements-general.png');
    });

    it('renders every definition’s label under its chip', async () => {
      const { page } = browser;
      const missing: string[] = [];
      for (const c of CHIP_GROUPS) {
        await chip(c.key).click();
        await page.getByRole('heading', { name: c.heading, level: 2 }).waitFor();
        for (const d of REQUIREMENT_DEFINITIONS.filter((x) => x.chipGroup === c.key)) {
          const field = page.getByTestId(`req-${d.key}`);
          const label = field.getByText(d.label, { exact: true }).first();
          if (!(await label.isVisible())) missing.push(`${c.key}/${d.key} "${d.label}"`);
        }
        if (['engineering', 'titleBlock', 'pv1', 'extraCutSheets', 'wireSize'].includes(c.key)) await screenshot(page, `requirements-${c.key}.png`);
      }
      expect(missing).toEqual([]);
    });

    it('refuses a sticker title over 20 characters, then saves a fixed one that survives a reload', async () => {
      const { page } = browser;
      await chip('customSticker').click();
      const sticker = page.getByTestId('req-sticker_1');
      await sticker.getByLabel('Sticker 1 on').check();
      const title = page.locator('#req-sticker_1-title');
      await title.fill('A'.repeat(21));
      await sticker.getByText('At most 20 characters.').waitFor();
      await expect(chip('customSticker').getAttribute('class')).resolves.toContain('colorError');
      await screenshot(page, 'requirements-sticker-error.png');

      await title.fill('SOLAR DISCONNECT');
      await expect(sticker.getByText('At most 20 characters.').count()).resolves.toBe(0);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Requirements saved.').waitFor();
      await page.getByText('All changes saved').waitFor();

      await page.reload();
      await chip('customSticker').click();
      await expect(page.locator('#req-sticker_1-title').inputValue()).resolves.toBe('SOLAR DISCONNECT');
      await expect(page.getByTestId('req-sticker_1').getByText('Set on this company').isVisible()).resolves.toBe(true);
      await screenshot(page, 'requirements-sticker-saved.png');
    });

    it('uploads a contractor stamp with its content checked, keeps it across a reload, then removes it', async () => {
      const { page } = browser;
      await chip('titleBlock').click();
      const field = page.getByTestId('req-contractor_stamp');
      const input = page.getByTestId('req-contractor_stamp-input');
      // A PNG by name whose bytes are a PDF: the server checks content, not the name.
      await input.setInputFiles({ name: 'stamp.png', mimeType: 'image/png', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
      await page.getByText(/does not match|not allowed|PNG or JPEG/i).first().waitFor();
      await expect(field.getByRole('button', { name: /^Download/ }).count()).resolves.toBe(0);

      // A real 1×1 PNG.
      const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
      await input.setInputFiles({ name: 'acme-stamp.png', mimeType: 'image/png', buffer: png });
      await page.getByText('Uploaded acme-stamp.png.').waitFor();
      await field.getByRole('button', { name: 'Download acme-stamp.png' }).waitFor();
      await screenshot(page, 'requirements-file-uploaded.png');

      await page.reload();
      await chip('titleBlock').click();
      await field.getByRole('button', { name: 'Download acme-stamp.png' }).waitFor();
      await expect(field.getByText('Set on this company').isVisible()).resolves.toBe(true);

      await field.getByRole('button', { name: 'Remove acme-stamp.png' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Remove', exact: true }).click();
      await page.getByText('Removed acme-stamp.png.').waitFor();
      await expect(field.getByRole('button', { name: /^Download/ }).count()).resolves.toBe(0);
    });

    it('shows an unknown drawing variable by name, and resets a field to its inherited value', async () => {
      const { page } = browser;
      await chip('pv1').click();
      const notes = page.locator('#req-pv1_title_block_notes');
      await notes.fill('System {system_size_dc_kw} kW; {not_a_variable}');
      await page.getByTestId('req-pv1_title_block_notes').getByText('Unknown drawing variable {not_a_variable}.').waitFor();
      await page.getByRole('button', { name: 'Reset to inherited: PV-1 Title Block Notes' }).click();
      await expect(notes.inputValue()).resolves.toBe('');
      await page.getByText('All changes saved').waitFor();
    });

    it('previews the resolved requirements with their sources', async () => {
      const { page } = browser;
      await page.getByRole('tab', { name: 'Preview as a job' }).click();
      const table = page.getByRole('table', { name: 'Resolved requirements' });
      await table.waitFor();
      const row = table.getByRole('row').filter({ hasText: 'Sticker 1' });
      await expect(row.innerText()).resolves.toMatch(/SOLAR DISCONNECT[\s\S]*Company/);
      await screenshot(page, 'requirements-preview.png');
      await signOut(page);
    });
  });

  describe('read-only for a user', () => {
    it('shows the values without editing', async () => {
      await signInAs(browser.page, company.user);
      const { page } = browser;
      await page.goto(`${baseUrl}/requirements`);
      await chip('customSticker').click();
      await page.getByText('you can view them').waitFor();
      await expect(page.getByRole('button', { name: 'Save', exact: true }).count()).resolves.toBe(0);
      await expect(page.locator('#req-sticker_1-title').getAttribute('readonly')).resolves.not.toBeNull();
      await screenshot(page, 'requirements-read-only.png');
      await signOut(page);
    });
  });

  describe('catalogue screens (staff)', () => {
    it('creates an AHJ and refuses a CSV with a bad line, listing it by number', async () => {
      await signInAs(browser.page, ADMIN);
      const { page } = browser;
      await navTo(page, 'AHJs');
      await page.getByRole('heading', { name: 'AHJs', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'New AHJ' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Name').fill('City of Springfield');
      await dialog.getByLabel('State').fill('IL');
      await page.getByRole('option', { name: /^IL/ }).click();
      await screenshot(page, 'catalogue-ahj-dialog.png');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await page.getByText('AHJ created.').waitFor();
      await page.getByRole('gridcell', { name: 'City of Springfield', exact: true }).waitFor();

      await page.getByRole('button', { name: 'Import CSV' }).click();
      const csv = 'name,state,jurisdiction_type,wind_speed_mph\nCity of Shelbyville,IL,City,110\nNowhere,ZZ,City,fast\n';
      await page.getByTestId('csv-file-input').setInputFiles({ name: 'ahjs.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByRole('dialog').getByRole('button', { name: 'Import' }).click();
      const errors = page.getByTestId('import-errors');
      await errors.waitFor();
      await expect(errors.innerText()).resolves.toMatch(/Line 3:/);
      await screenshot(page, 'catalogue-ahjs-import-errors.png');
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await screenshot(page, 'catalogue-ahjs.png');
    });

    it('opens the AHJ’s requirements as staff', async () => {
      const { page } = browser;
      await page.goto(`${baseUrl}/requirements?scope=ahj`);
      await page.getByRole('combobox', { name: 'AHJ' }).click();
      await page.getByRole('option', { name: /City of Springfield/ }).click();
      await chip('engineering').click();
      await page.getByTestId('req-structural_pages_to_stamp').waitFor();
      await page.locator('#req-structural_pages_to_stamp').fill('PV-3, sheet four');
      await page.getByTestId('req-structural_pages_to_stamp').getByText(/is not a page name/).waitFor();
      await screenshot(page, 'requirements-ahj-staff.png');
      await page.locator('#req-structural_pages_to_stamp').fill('PV-3, PV-4');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Requirements saved.').waitFor();
    });

    it('lists utilities and equipment', async () => {
      const { page } = browser;
      await navTo(page, 'Utilities');
      await page.getByRole('heading', { name: 'Utilities', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'New utility' }).click();
      await page.getByRole('dialog').getByLabel('Name').fill('Springfield Power');
      await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
      await page.getByText('Utility created.').waitFor();
      await screenshot(page, 'catalogue-utilities.png');

      await navTo(page, 'Equipment');
      await page.getByRole('heading', { name: 'Equipment', level: 1 }).waitFor();
      await page.getByRole('tab', { name: 'Inverters' }).click();
      await page.getByRole('gridcell', { name: 'Enphase' }).first().waitFor();
      await page.getByLabel('Search equipment').fill('IQ8');
      await page.getByRole('gridcell', { name: /IQ8/ }).first().waitFor();
      await screenshot(page, 'catalogue-equipment.png');
    });

    it('saw no CSP violation or page error', () => {
      expect(browser.problems).toEqual([]);
    });
  });
});
