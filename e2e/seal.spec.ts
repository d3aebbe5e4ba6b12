import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDatasheet } from '@sunstamp/planset/fixtures/golden.fixtures';
import { extractPdfText } from '@sunstamp/planset/check/pdf-text';
import { ADMIN, INSTALLER, SUPPORT, artifacts, baseUrl, downloadedBytes, launchBrowser, screenshot, signInAs, signOut, type Browser } from './support.ts';
import { apiAs, demoEngineer, type Call } from './deliverables-support.ts';

/**
 * The engineer seals a plan set: a CAD Stamp (Structural) job's set is generated as a draft with
 * the seal's place marked; support, who prepares, finds no engineer to seal as; the demo engineer
 * (whose account is the demo admin's) chooses themself in the Seal dialog and seals; the sheets
 * PV-1 to PV-3 then show the seal, licence and code (rendered to PNG for a look); staff release;
 * a stranger verifies the code without learning the street address; the client downloads the set.
 */
const stamp = Date.now().toString(36);
let browser: Browser;
let page: Page;
let problems: string[];
let jobId = '';
let admin: Call;
let planId = '';

async function waitForRun(runId: string) {
  for (const until = Date.now() + 120_000; Date.now() < until;) {
    const run = await admin('GET', `/cad-runs/${runId}`);
    if (run.status === 'passed' || run.status === 'failed') return run;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the plan-set run did not finish');
}

beforeAll(async () => {
  admin = await apiAs(ADMIN);
  const client = await apiAs(INSTALLER);
  const companies = (await admin('GET', '/companies')) as { id: string; name: string; is_internal: boolean }[];
  for (const c of companies.filter((x) => x.is_internal || x.name === 'Acme Solar')) {
    await admin('PUT', `/companies/${c.id}`, c.is_internal ? { address: '100 Main St, Denver, CO 80202', phone_number: '(303) 555-0100' } : { address: '22 Elm St, Austin, TX 78701', phone_number: '(512) 555-0142' });
  }
  const ahj = await admin('POST', '/ahjs', {
    name: `E2E Seal City ${stamp}`, state: 'TX', jurisdiction_type: 'City', ibc: '2021', irc: '2021', iebc: '2021', asce: '7-16', electrical: 'NEC 2020', fire: '2021',
    wind_speed_mph: 115, ground_snow_load_psf: 5, exposure_category: 'C', min_design_temp_c: -6,
  });
  const utility = await admin('POST', '/utilities', { name: `E2E Seal Energy ${stamp}`, states: ['TX'] });
  const pick = async (kind: string, match: (e: any) => boolean) => ((await admin('GET', `/equipment?kind=${kind}&page_size=200`)).results as any[]).find(match);
  // Built-in models (source 'seed'): what other specs create or import must not change which.
  const module = await pick('module', (e) => e.source === 'seed' && typeof e.data?.lengthMm === 'number');
  const inverter = await pick('inverter', (e) => e.source === 'seed' && e.type === 'String Inverter');
  const racking = await pick('racking', (e) => e.source === 'seed');
  const mci = await pick('mci', (e) => e.source === 'seed');
  for (const e of [module, inverter, racking]) {
    const bytes = await makeDatasheet(`${e.manufacturer} DATASHEET`, e.model, [`${e.kind} specifications`]);
    await putRaw(`/equipment/${e.id}/datasheet?name=${encodeURIComponent(`${e.model}.pdf`)}`, bytes);
  }
  const states = (await admin('GET', '/states')) as { id: number; abbreviation: string }[];
  const job = await client('PUT', '/jobs', {
    name: `E2E Seal ${stamp}`, client_name: 'Sol Sealer', client_street_address: '1420 Maple Street', city: 'Austin',
    state: states.find((s) => s.abbreviation === 'TX')!.id, client_zip_code: '78704', services_requested: ['cad_packet', 'cad_stamp_structural'], ahj_id: ahj.id,
    arrays: [{ panel_quantity: 12, roof_pitch: 22, frame_shape: '2x6', beam_spacing: 24, beam_span: [150], num_panels_on_rafter: 2, orientation: 'Portrait' }],
    cad_intake: { utility: utility.id, msp_rating: 225, breaker_rating: 200, contractor_license_num: 'TECL-40211', interconnection: 'PV Breaker in MSP' },
  });
  jobId = job.id;
  await client('PUT', `/jobs/${jobId}/equipment`, { lines: [
    { kind: 'module', equipment_id: module.id, quantity: 12 }, { kind: 'inverter', equipment_id: inverter.id, quantity: 1 }, { kind: 'racking', equipment_id: racking.id, quantity: null },
    { kind: 'mci', equipment_id: mci.id, quantity: 4 },
  ] });
  await admin('PUT', `/jobs/${jobId}/cad-fields`, { values: { num_stories: 1 } });
  await client('POST', `/jobs/${jobId}/submit`, {});
  for (const status of ['Pending Design', 'Pending QC']) await admin('POST', `/jobs/${jobId}/status`, { status });
  const run = await waitForRun((await admin('POST', `/jobs/${jobId}/generate-cad`)).id);
  expect(run.status, JSON.stringify(run.error)).toBe('passed');
  planId = run.files.find((f: { part: string }) => f.part === 'pdf').file_id;
  browser = await launchBrowser({ ignore: (m) => /tile\.openstreetmap\.org|\/api\/parcel\b/.test(m.location().url) || /status of 404/.test(m.text()) });
  ({ page, problems } = browser);
}, 240_000);

afterAll(async () => {
  await browser?.close();
});

/** PUT raw bytes as the admin (a datasheet upload). */
async function putRaw(p: string, bytes: Uint8Array) {
  const csrfOf = async (access?: string) => ((await (await fetch(`${baseUrl}/api/auth/csrf/`, { headers: access ? { authorization: `Bearer ${access}` } : {} })).json()) as { csrfToken: string }).csrfToken;
  const login = await fetch(`${baseUrl}/api/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrftoken': await csrfOf() }, body: JSON.stringify({ email: ADMIN, password: 'sunstamp-demo' }) });
  const { access } = (await login.json()) as { access: string };
  const r = await fetch(`${baseUrl}/api${p}`, { method: 'PUT', headers: { authorization: `Bearer ${access}`, 'x-csrftoken': await csrfOf(access), 'content-type': 'application/pdf' }, body: Buffer.from(bytes) });
  expect(r.status, await r.text()).toBe(200);
}

async function download(fileId: string): Promise<Uint8Array> {
  const csrfOf = async () => ((await (await fetch(`${baseUrl}/api/auth/csrf/`)).json()) as { csrfToken: string }).csrfToken;
  const login = await fetch(`${baseUrl}/api/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrftoken': await csrfOf() }, body: JSON.stringify({ email: ADMIN, password: 'sunstamp-demo' }) });
  const { access } = (await login.json()) as { access: string };
  return new Uint8Array(await (await fetch(`${baseUrl}/api/files/${fileId}/download`, { headers: { authorization: `Bearer ${access}` } })).arrayBuffer());
}

describe('the engineer seals a plan set', { shuffle: false }, () => {
  it('the generated set is a draft needing the structural seal; support prepares and is not offered Seal', async () => {
    await signInAs(page, SUPPORT, `/jobs/${jobId}`);
    const area = page.getByTestId('deliverables');
    await area.getByText('needs the structural seal', { exact: false }).waitFor();
    // Support has no engineer profile: no Seal button leading to a dialog where every engineer is disabled.
    expect(await area.getByRole('button', { name: 'Seal', exact: true }).count()).toBe(0);
    await screenshot(page, 'seal-deliverables-support.png');
    await signOut(page);
  });

  it('the demo engineer, from their own account, chooses themself and seals: PV-1 to PV-3 show the seal', async () => {
    await signInAs(page, ADMIN, `/jobs/${jobId}`);
    const area = page.getByTestId('deliverables');
    await area.getByRole('button', { name: 'Seal', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Seal plan set' });
    await dialog.getByRole('combobox', { name: 'Engineer' }).click();
    await page.getByRole('option', { name: 'Dana Whitfield (demo)', exact: true }).click();
    await dialog.getByText('Seals: structural (TX PE-DEMO-1001)', { exact: false }).waitFor();
    // The set states the demo catalogue's assumed rail class on PV-3: the engineer of record accepts it, or Seal stays off.
    await dialog.getByTestId('assumed-values').getByText('marked ASSUMED on PV-3 (page 3)', { exact: false }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Seal', exact: true }).isDisabled()).toBe(true);
    await dialog.getByRole('checkbox', { name: /As the engineer of record, Dana Whitfield \(demo\) accepts these assumed values/ }).check();
    await screenshot(page, 'seal-dialog-engineer.png');
    await dialog.getByRole('button', { name: 'Seal', exact: true }).click();
    await page.getByText('Sealed.', { exact: true }).first().waitFor();
    await area.getByText('Sealed', { exact: true }).waitFor();
    await area.getByText('Structural seal: Dana Whitfield (demo), TX PE-DEMO-1001', { exact: false }).waitFor();
    await screenshot(page, 'seal-deliverables-sealed.png');

    const pdf = await download(planId);
    const pages = await extractPdfText(pdf);
    for (const n of [1, 2, 3]) expect(pages[n - 1]!.text.replace(/\s+/g, ''), `page ${n}`).toContain('PE-DEMO-1001');
    expect(pages[3]!.text).not.toContain('PE-DEMO-1001');
    // The sheets as a reviewer sees them.
    const file = path.join(artifacts, 'sealed-plan-set.pdf');
    fs.writeFileSync(file, pdf);
    execFileSync('pdftoppm', ['-r', '60', '-f', '1', '-l', '3', '-png', file, path.join(artifacts, 'sealed-sheet')]);
    execFileSync('pdftoppm', ['-r', '300', '-f', '1', '-l', '1', '-x', '4200', '-y', '2150', '-W', '900', '-H', '750', '-png', file, path.join(artifacts, 'sealed-stamp-box')]);
  });

  it('a stranger verifies the code: sealed, not yet released, Austin, TX, no street address; released, the client downloads the set', async () => {
    const d = (await admin('GET', `/jobs/${jobId}/deliverables`)).deliverables.find((x: { id: string }) => x.id === planId);
    const engineer = await demoEngineer();
    expect(engineer.name).toBe('Dana Whitfield (demo)');
    await signOut(page);
    await page.goto(`${baseUrl}/verify/${d.verification_code}`);
    const card = page.getByTestId('verification');
    await card.getByText('Plan set sealed by Dana Whitfield (demo)').waitFor();
    await card.getByText('Sealed, not yet released to the client', { exact: false }).waitFor();
    await card.getByText('Austin, TX').waitFor();
    expect(await card.innerText()).not.toContain('1420 Maple Street');
    await screenshot(page, 'seal-verify-unreleased.png');
    for (const status of ['Design Completed', 'Finalized']) await admin('POST', `/jobs/${jobId}/status`, { status });
    await admin('POST', `/jobs/${jobId}/release`, {});
    await signInAs(page, INSTALLER, `/jobs/${jobId}`);
    const area = page.getByTestId('deliverables');
    await area.getByText('Plan set', { exact: true }).waitFor();
    const [dl] = await Promise.all([page.waitForEvent('download'), area.getByRole('button', { name: /^Download .*plan-set\.pdf$/ }).click()]);
    const got = await downloadedBytes(dl);
    expect((await extractPdfText(new Uint8Array(got)))[0]!.text.replace(/\s+/g, '')).toContain('PE-DEMO-1001');
    // The page gives the day printed beside the seal, whatever the reviewer's time zone: one where
    // the local day is not the UTC day right now (UTC+14 from 10:00 UTC, UTC-12 before noon).
    const printed = /(?:Structural|Electrical)(?: seal)?\s*·\s*(\d{4}-\d{2}-\d{2})/.exec((await extractPdfText(new Uint8Array(got)))[0]!.text)?.[1];
    expect(printed).toBeTruthy();
    const far = await page.context().browser()!.newContext({ timezoneId: new Date().getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Etc/GMT+12' });
    try {
      const reviewer = await far.newPage();
      await reviewer.goto(`${baseUrl}/verify/${d.verification_code}`);
      const sealedOn = reviewer.getByTestId('verification').getByText('Sealed on', { exact: true }).locator('..');
      await sealedOn.waitFor();
      expect(await sealedOn.innerText()).toContain(printed!);
    } finally {
      await far.close();
    }
    // Signed in as the job's company, the verification also shows the job.
    await page.goto(`${baseUrl}/verify/${d.verification_code}`);
    await page.getByTestId('verification').getByText('1420 Maple Street', { exact: false }).waitFor();
    await screenshot(page, 'seal-verify-client.png');
    expect(problems).toEqual([]);
  });
});
