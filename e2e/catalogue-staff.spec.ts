import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import os from 'node:os';
import { apiAs } from './deliverables-support.ts';
import { ADMIN, artifacts, baseUrl, launchBrowser, OWNER, pathOf, screenshot, signInAs, signOut, SUPPORT, type Browser, navTo } from './support.ts';

/*
 * Staff catalogue screens: option lists, codes and equipment editing. An admin edits
 * an option-list value and an equipment item and sees both after a reload; support sees codes and
 * option lists read-only.
 */

const CEC_MODULES_SAMPLE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/domain/src/catalogue/fixtures/cec-modules-sample.csv');

/*
 * The spec edits only what it creates: a roof material and a module of its own (the demo's Slate
 * and Q.PEAK are read by plan-set specs running beside this one), and an import file whose rows
 * are named for this run (one of them the module created here, which the import updates).
 */
const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const ROOF = { value: `e2e_slate_${stamp}`, label: `Test Slate ${stamp}` };
const MAKER = `Testwerk ${stamp}`;
const MODULE = `TW-400 ${stamp}`;
const NEW_MODULE = `TW-TRON 425 ${stamp}`;
let importFile: string;

let browser: Browser;

beforeAll(async () => {
  const admin = await apiAs(ADMIN);
  await admin('POST', '/option-lists/roof_materials/items', {
    ...ROOF, data: { family: 'tile', gauge: null, thicknessIn: 0.25, deadLoadPsf: 10 },
  });
  await admin('POST', '/equipment', {
    kind: 'module', manufacturer: MAKER, model: MODULE, type: 'mono_perc',
    data: { pmaxW: 400, vocV: 45.3, iscA: 11.14, vmpV: 37.13, impA: 10.77, tempCoeffVocPctPerC: -0.27, weightKg: 21.1 },
  });
  // The sample's three rows, renamed: two makers new to the catalogue, and the module made above.
  const lines = fs.readFileSync(CEC_MODULES_SAMPLE, 'utf8').split(/\r?\n/);
  const renamed = lines.map((line, i) => {
    if (i < 3 || !line) return line;
    if (line.startsWith('Hanwha')) return line.replace(/^Hanwha Q CELLS Q\.TRON BLK M-G2\+ 425,Hanwha Q CELLS,/, `${MAKER} ${NEW_MODULE},${MAKER},`);
    if (line.startsWith('Canadian')) return line.replaceAll('Canadian Solar Inc.', `Canadian Test ${stamp}`);
    return line.replace(/^"Qcells, Q\.PEAK DUO BLK ML-G10\+ 400",Qcells,/, `"${MAKER}, ${MODULE}",${MAKER},`);
  });
  importFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cec-')), 'cec-modules.csv');
  fs.writeFileSync(importFile, renamed.join('\n'));
  browser = await launchBrowser({ ignore: (m) => /status of (400|409)/.test(m.text()) });
});

afterAll(async () => {
  await browser?.close();
});

const dialog = () => browser.page.getByRole('dialog');
const row = (text: string) => browser.page.getByRole('row').filter({ hasText: text });

// The tests below build on each other (one user story): they keep their order when the run shuffles.
describe('the catalogue staff screens, one story', { shuffle: false }, () => {
  describe('option lists (admin)', () => {
    it('edits a value’s label and dead load, refusing an empty dead load beside the field; the change survives a reload', async () => {
      await signInAs(browser.page, ADMIN);
      const { page } = browser;
      await navTo(page, 'Reference');
      await page.getByRole('heading', { name: 'Option lists', level: 1 }).waitFor();
      expect(pathOf(page)).toBe('/reference/option-lists');
      await page.getByRole('navigation', { name: 'Option lists' }).getByRole('button', { name: /Roof Materials/ }).click();
      await page.getByRole('heading', { name: 'Roof Materials', level: 2 }).waitFor();
      expect(new URL(page.url()).searchParams.get('list')).toBe('roof_materials');
      await row(ROOF.label).getByRole('gridcell', { name: '10 psf' }).waitFor();
      await screenshot(page, 'catalogue-option-lists.png');

      await page.getByRole('button', { name: `Edit ${ROOF.label}`, exact: true }).click();
      await dialog().getByLabel('Label').fill(`Natural ${ROOF.label}`);
      await expect(dialog().getByLabel('Stored value').isDisabled()).resolves.toBe(true);
      const dead = dialog().getByLabel('Dead load');
      await dead.fill('');
      await dialog().getByRole('button', { name: 'Save' }).click();
      await dialog().getByText('This field is required.').waitFor();
      await screenshot(page, 'catalogue-option-item-dialog-error.png');
      await dead.fill('9.5');
      await dialog().getByRole('button', { name: 'Save' }).click();
      await page.getByText(`Natural ${ROOF.label} saved.`).waitFor();
      await dialog().waitFor({ state: 'detached' });

      await page.reload();
      await page.getByRole('heading', { name: 'Roof Materials', level: 2 }).waitFor();
      await row(`Natural ${ROOF.label}`).getByRole('gridcell', { name: '9.5 psf' }).waitFor();
      // Renamed, its stored value kept: still one row.
      await expect(row(ROOF.value).count()).resolves.toBe(1);
    });

    it('adds a value with its engineering data, moves it up and deactivates it', async () => {
      const { page } = browser;
      await page.getByRole('navigation', { name: 'Option lists' }).getByRole('button', { name: /Truss Types/ }).click();
      await page.getByRole('heading', { name: 'Truss Types', level: 2 }).waitFor();
      await page.getByRole('button', { name: 'Add value' }).click();
      await dialog().getByLabel('Label').fill('Scissor');
      // Truss types store their label: the suggested value follows it.
      await expect(dialog().getByLabel('Stored value').inputValue()).resolves.toBe('Scissor');
      await dialog().getByLabel('Members').fill('2.5');
      await dialog().getByRole('button', { name: 'Add' }).click();
      await dialog().getByText('Must be a whole number.').waitFor();
      await dialog().getByLabel('Members').fill('7');
      await dialog().getByLabel('Triangulated truss').check();
      await screenshot(page, 'catalogue-option-item-dialog.png');
      await dialog().getByRole('button', { name: 'Add' }).click();
      await page.getByText('Scissor added to Truss Types.').waitFor();
      const last = page.getByRole('row').last();
      await expect(last.innerText()).resolves.toMatch(/Scissor/);

      await page.getByRole('button', { name: 'Move Scissor up' }).click();
      await page.getByText('Scissor moved up.').waitFor();
      await page.reload();
      await page.getByRole('heading', { name: 'Truss Types', level: 2 }).waitFor();
      // The heading shows before the list's rows arrive: read the order once they are there.
      await row('Scissor').waitFor();
      const labels = await page.locator('[role="row"] [data-field="label"]').allInnerTexts();
      expect(labels.slice(-2)).toEqual(['Scissor', 'Purlin']);

      await page.getByRole('button', { name: 'Edit Scissor', exact: true }).click();
      await dialog().getByText('Active: offered on new jobs').click();
      await dialog().getByText('Inactive: hidden from pickers; jobs keep it').waitFor();
      await dialog().getByRole('button', { name: 'Save' }).click();
      await dialog().waitFor({ state: 'detached' });
      await expect(row('Scissor').count()).resolves.toBe(0);
      await page.getByLabel(/Show inactive/).check();
      await row('Scissor').getByText('Inactive').waitFor();
    });
  });

  describe('equipment (admin)', () => {
    it('edits a module’s electrical data with messages beside the fields; the change survives a reload', async () => {
      const { page } = browser;
      await navTo(page, 'Equipment');
      await page.getByRole('heading', { name: 'Equipment', level: 1 }).waitFor();
      await page.getByLabel('Search equipment').fill(MODULE);
      await row(MODULE).getByRole('gridcell', { name: /^400 W/ }).waitFor();
      await page.getByRole('button', { name: `Edit ${MAKER} ${MODULE}` }).click();
      await dialog().getByLabel('Pmax', { exact: true }).fill('405');
      await dialog().getByLabel('Temp. coefficient of Voc').fill('0.27');
      await dialog().getByLabel('Weight').fill('-1');
      await dialog().getByRole('button', { name: 'Save' }).click();
      await dialog().getByText('Must be zero or negative.').waitFor();
      await dialog().getByText('Must be more than 0.').waitFor();
      await screenshot(page, 'catalogue-equipment-dialog-errors.png');
      await dialog().getByLabel('Temp. coefficient of Voc').fill('-0.27');
      await dialog().getByLabel('Weight').fill('21.1');
      await dialog().getByRole('button', { name: 'Save' }).click();
      await page.getByText(`${MAKER} ${MODULE} saved.`).waitFor();
      await dialog().waitFor({ state: 'detached' });

      await page.reload();
      await page.getByRole('heading', { name: 'Equipment', level: 1 }).waitFor();
      await page.getByLabel('Search equipment').fill(MODULE);
      await row(MODULE).getByRole('gridcell', { name: /^405 W/ }).waitFor();
      await row(MODULE).getByRole('gridcell', { name: 'Staff' }).waitFor();
      await page.getByRole('button', { name: `Edit ${MAKER} ${MODULE}` }).click();
      await expect(dialog().getByLabel('Temp. coefficient of Voc').inputValue()).resolves.toBe('-0.27');
      await expect(dialog().getByLabel('Weight').inputValue()).resolves.toBe('21.1');
      await dialog().getByRole('button', { name: 'Cancel' }).click();
    });

    it('creates an inverter of a type from its list', async () => {
      const { page } = browser;
      await page.getByLabel('Search equipment').fill('');
      await page.getByRole('tab', { name: 'Inverters' }).click();
      await page.getByRole('button', { name: 'New inverter' }).click();
      await dialog().getByLabel('Manufacturer').fill('Hoymiles');
      await dialog().getByLabel('Model', { exact: true }).fill('HMS-2000-4T-NA');
      await dialog().getByLabel('Type').click();
      await page.getByRole('option', { name: 'Microinverter', exact: true }).click();
      await dialog().getByLabel('AC power').fill('1920');
      await dialog().getByLabel('Max continuous output current').fill('8');
      await dialog().getByLabel('Nominal AC voltage').fill('240');
      await dialog().getByLabel('Max DC voltage').fill('60');
      await dialog().getByLabel('MPPT window, low').fill('16');
      await dialog().getByLabel('MPPT window, high').fill('60');
      await screenshot(page, 'catalogue-equipment-dialog.png');
      await dialog().getByRole('button', { name: 'Create' }).click();
      await page.getByText('Hoymiles HMS-2000-4T-NA added.').waitFor();
      await page.getByLabel('Search equipment').fill('Hoymiles');
      await row('HMS-2000-4T-NA').getByRole('gridcell', { name: 'Microinverter' }).waitFor();
      await row('HMS-2000-4T-NA').getByRole('gridcell', { name: /1,920 W AC/ }).waitFor();
    });

    it('imports a CEC module list from the UI', async () => {
      const { page } = browser;
      await page.getByRole('button', { name: 'Import CEC list' }).click();
      await dialog().getByLabel('PV modules').check();
      await page.getByTestId('csv-file-input').setInputFiles(importFile);
      await dialog().getByRole('button', { name: 'Import' }).click();
      // The third row is the module made and edited above: it is updated, not added twice.
      await dialog().getByText('3 rows read: 2 new, 1 updated.').waitFor();
      await screenshot(page, 'catalogue-equipment-import.png');
      await dialog().getByRole('button', { name: 'Done' }).click();
      await page.getByRole('tab', { name: 'Modules' }).click();
      await page.getByLabel('Search equipment').fill(NEW_MODULE);
      await row(NEW_MODULE).getByRole('gridcell', { name: 'CEC list' }).waitFor();
      await page.getByLabel('Search equipment').fill('');
      await screenshot(page, 'catalogue-equipment.png');
    });
  });

  describe('codes', () => {
    it('an admin adds an IBC edition and makes it the default; other codes are read-only', async () => {
      const { page } = browser;
      await navTo(page, 'Reference');
      await page.getByRole('tab', { name: 'Codes' }).click();
      await page.getByRole('heading', { name: 'Codes', level: 1 }).waitFor();
      expect(pathOf(page)).toBe('/reference/codes');
      await expect(page.getByTestId('code-asce').getByRole('button', { name: /Edit/ }).count()).resolves.toBe(0);
      await page.getByRole('button', { name: 'Edit IBC editions' }).click();
      await dialog().getByRole('button', { name: 'Add edition' }).click();
      await expect(dialog().getByLabel('Value').last().inputValue()).resolves.toBe('2027');
      await dialog().getByLabel('Default: 2027').check();
      await screenshot(page, 'catalogue-code-dialog.png');
      await dialog().getByRole('button', { name: 'Save' }).click();
      await page.getByText('IBC editions saved.').waitFor();
      await page.reload();
      await page.getByTestId('code-ibc').getByText('Default for a new AHJ:').waitFor();
      await expect(page.getByTestId('code-ibc').innerText()).resolves.toMatch(/Default for a new AHJ: IBC 2027/);
      await screenshot(page, 'catalogue-codes.png');
      // The top bar with every staff entry, on a narrower laptop screen.
      await page.setViewportSize({ width: 1100, height: 800 });
      await page.screenshot({ path: `${artifacts}/catalogue-nav-1100.png` });
      await page.setViewportSize({ width: 1280, height: 800 });
      await signOut(page);
    });
  });

  describe('support sees codes and option lists read-only', () => {
    it('has no edit controls there, but edits equipment', async () => {
      await signInAs(browser.page, SUPPORT);
      const { page } = browser;
      await navTo(page, 'Reference');
      await page.getByRole('tab', { name: 'Codes' }).click();
      await page.getByRole('heading', { name: 'Codes', level: 1 }).waitFor();
      await page.getByText('only an admin can change them').waitFor();
      await expect(page.getByRole('button', { name: /^Edit / }).count()).resolves.toBe(0);
      await screenshot(page, 'catalogue-codes-support.png');
      await page.getByRole('tab', { name: 'Option lists' }).click();
      await page.getByRole('heading', { name: 'Connection Types', level: 2 }).waitFor();
      await expect(page.getByRole('button', { name: 'Add value' }).count()).resolves.toBe(0);
      await expect(page.getByRole('button', { name: /^Edit / }).count()).resolves.toBe(0);
      await screenshot(page, 'catalogue-option-lists-support.png');
      await navTo(page, 'Equipment');
      await page.getByRole('button', { name: 'New module' }).waitFor();
      await signOut(page);
    });

    it('a client is sent away from the staff screens', async () => {
      await signInAs(browser.page, OWNER);
      const { page } = browser;
      await page.goto(`${baseUrl}/reference/option-lists`);
      await page.waitForURL((u) => u.pathname === '/jobs');
      expect(pathOf(page)).toBe('/jobs');
      // Not a silent jump: a toast names the page they could not open.
      await page.getByText('Your account does not have access to /reference/option-lists. You were taken to your jobs.').waitFor();
      await expect(page.getByRole('link', { name: 'Reference' }).count()).resolves.toBe(0);
    });

    it('saw no CSP violation or page error', () => {
      expect(browser.problems).toEqual([]);
    });
  });

  // Keep the fixture path honest: the import test relies on it.
  it('has the CEC module sample', () => {
    expect(fs.existsSync(CEC_MODULES_SAMPLE)).toBe(true);
  });
});
