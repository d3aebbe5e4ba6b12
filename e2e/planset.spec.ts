import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDatasheet, solidPng } from '@sunstamp/planset/fixtures/golden.fixtures';
import { ADMIN, INSTALLER, PASSWORD, baseUrl, launchBrowser, screenshot, signInAs, signOut, type Browser } from './support.ts';

/**
 * The team generates a job's plan set from the job page: Generate → the live progress bar with
 * the spec's labels → the sheets as thumbnails, a full-screen preview → downloads (the PDF saves;
 * a cut sheet that is gone shows the spec's error). The job is made through the API: an AHJ with
 * its design criteria, a utility, catalogue models with their datasheets, the client's job.
 */
const stamp = Date.now().toString(36);

let browser: Browser;
let page: Page;
let jobId = '';

async function tokenOf(email: string) {
  const csrf = async (access?: string) =>
    ((await (await fetch(`${baseUrl}/api/auth/csrf/`, { headers: access ? { authorization: `Bearer ${access}` } : {} })).json()) as { csrfToken: string }).csrfToken;
  const login = await fetch(`${baseUrl}/api/auth/login/`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-csrftoken': await csrf() }, body: JSON.stringify({ email, password: PASSWORD }),
  });
  const { access } = (await login.json()) as { access: string };
  return { access, csrf: await csrf(access) };
}

async function api(email: string, method: string, path: string, body?: unknown, raw?: { bytes: Uint8Array; type: string }) {
  const t = await tokenOf(email);
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { ...(raw || body !== undefined ? { 'content-type': raw?.type ?? 'application/json' } : {}), authorization: `Bearer ${t.access}`, 'x-csrftoken': t.csrf },
    body: raw ? Buffer.from(raw.bytes) : body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status < 300, `${method} ${path}: ${res.status} ${text}`).toBe(true);
  return text ? JSON.parse(text) : null;
}

beforeAll(async () => {
  // The firm's and the contractor's title-block details.
  const companies = (await api(ADMIN, 'GET', '/companies')) as { id: string; name: string; is_internal: boolean }[];
  for (const c of companies.filter((x) => x.is_internal || x.name === 'Acme Solar')) {
    await api(ADMIN, 'PUT', `/companies/${c.id}`, c.is_internal
      ? { address: '100 Main St, Denver, CO 80202', phone_number: '(303) 555-0100' }
      : { address: '22 Elm St, Austin, TX 78701', phone_number: '(512) 555-0142' });
  }
  const ahj = await api(ADMIN, 'POST', '/ahjs', {
    name: `E2E Plan Set City ${stamp}`, state: 'TX', jurisdiction_type: 'City', ibc: '2021', irc: '2021', iebc: '2021', asce: '7-16', electrical: 'NEC 2020', fire: '2021',
    wind_speed_mph: 115, ground_snow_load_psf: 5, exposure_category: 'C', min_design_temp_c: -6,
  });
  const utility = await api(ADMIN, 'POST', '/utilities', { name: `E2E Plan Set Energy ${stamp}`, states: ['TX'] });
  const pick = async (kind: string, match: (e: any) => boolean) => ((await api(ADMIN, 'GET', `/equipment?kind=${kind}&page_size=200`)).results as any[]).find(match);
  // Built-in models (source 'seed'): what other specs create or import must not change which.
  const module = await pick('module', (e) => e.source === 'seed' && typeof e.data?.lengthMm === 'number');
  const inverter = await pick('inverter', (e) => e.source === 'seed' && e.type === 'String Inverter');
  const racking = await pick('racking', (e) => e.source === 'seed');
  // Module-level rapid shutdown (NEC 690.12): without it the design fails its checks and is not drawn.
  const mci = await pick('mci', (e) => e.source === 'seed');
  for (const e of [module, inverter, racking]) {
    await api(ADMIN, 'PUT', `/equipment/${e.id}/datasheet?name=${encodeURIComponent(`${e.model}.pdf`)}`, undefined, {
      bytes: await makeDatasheet(`${e.manufacturer} DATASHEET`, e.model, [`${e.kind} specifications`]), type: 'application/pdf',
    });
  }
  const states = (await api(ADMIN, 'GET', '/states')) as { id: number; abbreviation: string }[];
  const job = await api(INSTALLER, 'PUT', '/jobs', {
    name: `E2E Plan Set ${stamp}`, client_name: 'Avery Jordan', client_street_address: '1420 Maple Street', city: 'Austin',
    state: states.find((s) => s.abbreviation === 'TX')!.id, client_zip_code: '78704', services_requested: ['cad_packet'], ahj_id: ahj.id,
    arrays: [{ panel_quantity: 12, roof_pitch: 22, frame_shape: '2x6', beam_spacing: 24, beam_span: [150], num_panels_on_rafter: 2, orientation: 'Portrait' }],
    // A 225 A busbar behind a 200 A main: the PV breaker in the MSP fits the 120 % rule (NEC 705.12),
    // which the check panel test opens. (With a 200 A busbar the breaker does not fit, and the
    // engine rightly picks a supply-side connection, NEC 705.11, instead.)
    cad_intake: { utility: utility.id, msp_rating: 225, breaker_rating: 200, contractor_license_num: 'TECL-40211', interconnection: 'PV Breaker in MSP' },
  });
  jobId = job.id;
  await api(INSTALLER, 'PUT', `/jobs/${jobId}/equipment`, { lines: [
    { kind: 'module', equipment_id: module.id, quantity: 12 }, { kind: 'inverter', equipment_id: inverter.id, quantity: 1 }, { kind: 'racking', equipment_id: racking.id, quantity: null },
    { kind: 'mci', equipment_id: mci.id, quantity: 4 },
  ] });
  // A plan set waits for a fact its requirements ask for; the company's "Number of Stories on CAD"
  // may be on (a demo setting, not this spec's to rely on either way), so the job has it.
  await api(ADMIN, 'PUT', `/jobs/${jobId}/cad-fields`, { values: { num_stories: 1 } });
  browser = await launchBrowser({ ignore: (m) => /tile\.openstreetmap\.org|\/api\/parcel\b/.test(m.location().url) || /status of 404/.test(m.text()) });
  ({ page } = browser);
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

describe('the plan set panel', { shuffle: false }, () => {
  it('staff generate the set and watch its progress, then see the sheets', async () => {
    await signInAs(page, ADMIN, `/jobs/${jobId}`);
    const panel = page.locator('#plan-set');
    await panel.getByRole('heading', { name: 'Plan set' }).waitFor();
    await panel.getByText('No plan set generated yet.', { exact: false }).waitFor();
    await panel.getByRole('button', { name: 'Generate' }).click();
    // The bar shows a label of the spec (or the run has already finished on a quick machine).
    const progress = panel.getByTestId('plan-set-progress');
    const result = panel.getByTestId('plan-set-result');
    await Promise.race([progress.waitFor({ timeout: 60_000 }), result.waitFor({ timeout: 60_000 })]);
    // The bar goes away when the run ends, which may be at any moment: its label is read at once
    // (the screenshot after it), and a bar already gone is the finished run the result shows below.
    const label = await progress.locator('p').first().textContent({ timeout: 1_000 }).catch(() => null);
    if (label !== null) {
      expect(['Queued', 'Starting', 'Running Calculations', 'Calculations Complete', 'Creating PV1 - PV5', 'Creating Cut Sheets and Modelspace', 'Cleaning Up', 'Files Combined', 'Complete']).toContain(label);
      await screenshot(page, 'planset-progress.png');
    }
    await result.waitFor({ timeout: 120_000 });
    await panel.getByText('Complete', { exact: true }).waitFor();
    const thumbs = panel.getByRole('button', { name: /^Open sheet/ });
    await expect.poll(() => thumbs.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(8);
    await expect.poll(() => panel.locator('img[alt^="PV-1"]').count(), { timeout: 30_000 }).toBe(1);
    // PV-5, and PV-5B when the labels outgrow PV-5 at the 8 pt minimum.
    await panel.locator('img[alt^="PV-5 "]').waitFor();
    await page.locator('#plan-set').scrollIntoViewIfNeeded();
    await screenshot(page, 'planset-panel.png');
  }, 240_000);

  it('opens a sheet full screen and moves between sheets', async () => {
    const panel = page.locator('#plan-set');
    await panel.getByRole('button', { name: 'Open sheet PV-2' }).click();
    const dialog = page.getByRole('dialog');
    // The dialog's title names the sheet; the sheet's own drawing (inline SVG) also holds
    // texts such as "PV-3 NOTES", so the title is what is checked, not any text of the dialog.
    const title = page.locator('#sheet-preview-title');
    await expect.poll(() => title.textContent()).toMatch(/PV-2 ROOF PLAN/);
    await dialog.getByRole('img', { name: /^PV-2/ }).waitFor();
    await screenshot(page, 'planset-preview.png');
    await dialog.getByRole('button', { name: 'Next sheet' }).click();
    await expect.poll(() => title.textContent()).toMatch(/^PV-3 /);
    await dialog.getByRole('img', { name: /^PV-3/ }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => title.textContent()).toMatch(/^PV-2 /);
    await dialog.getByRole('button', { name: 'Close preview' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('links each calculated number of a sheet to its engineering check: formula, inputs, code section', async () => {
    const panel = page.locator('#plan-set');
    await panel.getByRole('button', { name: 'Open sheet PV-4' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('img', { name: /^PV-4/ }).waitFor();
    await dialog.getByText(/numbers on this sheet are linked/).waitFor();
    // The interconnection calculation: a click opens the 120 % rule with its NEC section.
    await dialog.getByRole('button', { name: /^= .*: OK: open the check/ }).click();
    const check = dialog.getByTestId('check-panel');
    await check.getByText('Code section').waitFor();
    const checkText = await check.textContent();
    expect(checkText).toMatch(/NEC 2020 705\.12/);
    expect(checkText).toMatch(/load-side-breaker \(120 % rule\)/);
    await check.getByText('Formula').waitFor();
    await check.getByRole('table', { name: 'Inputs' }).waitFor();
    await screenshot(page, 'planset-check.png');
    // From the keyboard: Tab to a conductor size, Enter opens its ampacity check.
    const conductor = dialog.getByRole('button', { name: /AWG: open the check/ }).first();
    await conductor.focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => check.textContent()).toMatch(/ampacity/i);
    await check.getByRole('button', { name: 'Close the check' }).click();
    await check.waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Close preview' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('downloads the PDF; a cut sheet that is gone shows the spec\'s error', async () => {
    const panel = page.locator('#plan-set');
    const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'PDF', exact: true }).click()]);
    expect(download.suggestedFilename()).toMatch(/plan-set\.pdf$/);
    const runs = (await api(ADMIN, 'GET', `/jobs/${jobId}/cad-runs`)).results as any[];
    const cut = runs[0].files.find((f: any) => f.part === 'cut_sheet');
    await api(ADMIN, 'DELETE', `/files/${cut.file_id}`);
    await panel.getByRole('button', { name: cut.title }).click();
    await page.getByText('There was an error downloading the cut-sheet!').waitFor();
    const dxf = runs[0].files.find((f: any) => f.part === 'dxf');
    await api(ADMIN, 'DELETE', `/files/${dxf.file_id}`);
    await panel.getByRole('button', { name: 'DXF', exact: true }).click();
    await page.getByText(`There was an error downloading ${dxf.name}. Try downloading it manually.`).waitFor();
    await screenshot(page, 'planset-download-errors.png');
  }, 60_000);

  it('staff generate letters: a refusal names what is missing, then the letters arrive as drafts for their engineer to seal', async () => {
    // An engineer licensed in Texas with a seal image (the seal is uploaded as the Engineers page does).
    const engineer = await api(ADMIN, 'POST', '/engineers', {
      name: `E2E Engineer ${stamp}`, disciplines: ['structural', 'electrical'], licences: [{ state: 'TX', number: `PE-${stamp}`, expires_on: '2099-12-31' }],
    });
    const t = await tokenOf(ADMIN);
    const form = new FormData();
    form.append('files', new Blob([Buffer.from(solidPng(200, 200, [30, 70, 160]))], { type: 'image/png' }), 'seal.png');
    const up = await fetch(`${baseUrl}/api/engineers/${engineer.id}/seal`, { method: 'POST', headers: { authorization: `Bearer ${t.access}`, 'x-csrftoken': t.csrf }, body: form });
    expect(up.status, await up.text()).toBe(200);

    await page.goto(`${baseUrl}/jobs/${jobId}`);
    const panel = page.locator('#letters');
    await panel.getByRole('heading', { name: 'Letters' }).waitFor();
    await panel.getByText('No letters generated yet.', { exact: false }).waitFor();
    await panel.getByRole('button', { name: 'Generate letters' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate letters' });
    await dialog.getByRole('button', { name: 'Generate' }).click();
    await dialog.getByText('Choose at least one letter.').waitFor();
    await dialog.getByLabel('Structural roof letter').check();
    await dialog.getByLabel('Design affidavit').check();
    await screenshot(page, 'letters-dialog.png');
    await dialog.getByRole('button', { name: 'Generate' }).click();
    await dialog.waitFor({ state: 'detached' });
    const table = panel.getByRole('table', { name: 'Letters' });
    await table.getByRole('row').filter({ hasText: 'Structural roof letter' }).getByText('Seal only').waitFor({ timeout: 60_000 });
    await table.getByRole('row').filter({ hasText: 'Design affidavit' }).waitFor();
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, 'letters-panel.png');
    const [download] = await Promise.all([page.waitForEvent('download'), table.getByRole('button', { name: /^PDF of Structural Roof Letter.*, download$/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^Structural Roof Letter - .* - Rev 0\.pdf$/);
    // Each letter is a draft deliverable of the revision, waiting for its engineer's seal.
    const deliverables = (await api(ADMIN, 'GET', `/jobs/${jobId}/deliverables`)).deliverables as { kind: string; state: string; seals_needed: string[] }[];
    expect(deliverables.filter((d) => d.kind === 'structural_roof_letter' || d.kind === 'design_affidavit').map((d) => [d.state, d.seals_needed])).toEqual([['draft', ['structural']], ['draft', ['structural']]]);
  }, 120_000);

  it('a client does not see the panels', async () => {
    await signOut(page);
    await signInAs(page, INSTALLER, `/jobs/${jobId}`);
    await page.getByRole('heading', { name: 'Files' }).waitFor();
    expect(await page.locator('#plan-set').count()).toBe(0);
    expect(await page.locator('#letters').count()).toBe(0);
  });
});
